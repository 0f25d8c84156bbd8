/** How long work put off until the page is idle waits at most once the page has loaded (ms). */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the page has loaded and the main thread is idle (or IDLE_TIMEOUT_MS after the
 * load at the latest): for work no shopper waits for (analytics, the offline cache, a promo), so
 * it never lengthens the tasks that put the first page on screen. Returns a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const run = () => {
    if (!cancelled) task();
  };
  const afterLoad = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 0);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    cancelIdle();
  };
}
