/**
 * Registers the shop's service worker (production only, after the page has loaded, so it never
 * competes with the first paint) and hands it the addresses this first visit already loaded.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
      const ready = await navigator.serviceWorker.ready;
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
      ready.active?.postMessage({ type: 'cache-loaded', urls, page: location.href });
    } catch (error) {
      console.warn('[shop] offline support unavailable', error);
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
