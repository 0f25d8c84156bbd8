import { expect, type Page } from '@playwright/test';

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

/**
 * The catalog has taken over: the server's markup is gone and the remote's root is there. A test
 * that measures or holds an element of the first screen waits for this first: the server's nodes
 * are replaced by the remote's, so a box measured before is of a node no longer in the page.
 */
export async function takenOver(page: Page): Promise<void> {
  await expect(page.locator('main [data-boundary="catalog"]')).toBeVisible();
  await expect(page.locator('[data-first-screen], #first-screen')).toHaveCount(0);
}
