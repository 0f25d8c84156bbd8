import type { Page } from '@playwright/test';

/**
 * The page as the server sends it when it could not read its first screen's data (a database
 * away, backend/src/delivery/firstScreen.ts): the bare shell, whose page then asks the API
 * itself. For tests of what the page's own reads do (a failing read, an answer changed on its
 * way), which the inlined answers would otherwise skip.
 *
 * Done in the page, not by rewriting the document with route.fulfill: Chromium treats a document
 * Playwright answered as coming from outside this machine, and refuses its requests to the remotes
 * on 127.0.0.1 (local network access).
 */
export async function withoutFirstScreen(page: Page): Promise<void> {
  await page.addInitScript((id) => {
    // The inline script's answers are dropped as they are assigned: the data kit finds none.
    Object.defineProperty(window, '__SHOP_ANSWERS__', {
      configurable: true,
      get: () => undefined,
      set: () => {},
    });
    // The markup goes once the page is parsed, before the shell's (deferred) script runs.
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') document.getElementById(id)?.remove();
    });
  }, 'first-screen');
}
