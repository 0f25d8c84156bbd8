import { whenIdle } from './whenIdle';

/**
 * Registers the shop's service worker (production only, once the loaded page is idle, so it never
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
  whenIdle(() => void register());
}
