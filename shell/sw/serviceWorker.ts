/**
 * The shop's service worker (Workbox): the shell, the startup content and the catalogue pages a
 * shopper has visited stay usable offline. Cart, checkout, member, wishlist and account answers
 * are never cached (offlineRules.ts), and the files that name the running remote versions
 * (remotes.json, remoteEntry.js, mf-manifest.json) are always asked of the network first, so a
 * remote released later loads as soon as the shopper is online. Remotes served from origins of
 * their own (behind a CDN) are kept the same way.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { type OfflineRule, offlineRuleFor } from './offlineRules';

declare const self: ServiceWorkerGlobalScope;

const PAGES = 'shop-pages-v1';
const NETWORK_TIMEOUT_S = 4;
const DAY_S = 24 * 60 * 60;

self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

const okOnly = new CacheableResponsePlugin({ statuses: [200] });

/**
 * A remote on an origin of its own is loaded by <script> and <link> elements without
 * `crossorigin`: fetched as they are, its files would come back opaque (status 0: not checkable,
 * so okOnly keeps them out, and each would cost megabytes of storage quota). The worker asks with
 * CORS instead (the remotes' origins allow every origin), and gets an answer it can check and keep.
 */
const readableFromRemoteOrigins: WorkboxPlugin = {
  requestWillFetch: async ({ request }) =>
    request.mode === 'no-cors' && new URL(request.url).origin !== self.location.origin
      ? new Request(request.url, { mode: 'cors', credentials: 'omit' })
      : request,
};
const strategies: Record<
  Exclude<OfflineRule, 'network-only'>,
  NetworkFirst | CacheFirst | StaleWhileRevalidate
> = {
  page: new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: NETWORK_TIMEOUT_S, plugins: [okOnly] }),
  'release-pointer': new NetworkFirst({
    cacheName: 'shop-releases-v1',
    plugins: [readableFromRemoteOrigins, okOnly],
  }),
  'hashed-file': new CacheFirst({
    cacheName: 'shop-files-v1',
    plugins: [
      readableFromRemoteOrigins,
      okOnly,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S }),
    ],
  }),
  'catalogue-api': new NetworkFirst({
    cacheName: 'shop-catalogue-v1',
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * DAY_S })],
  }),
  image: new StaleWhileRevalidate({
    cacheName: 'shop-images-v1',
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S })],
  }),
};

const ruleOf = (request: Request, url: URL): OfflineRule =>
  offlineRuleFor(request.method, url, url.origin === self.location.origin, request.mode === 'navigate');

for (const [rule, strategy] of Object.entries(strategies)) {
  registerRoute(({ request, url }) => ruleOf(request, url) === rule, strategy);
}

// A page never visited, offline: any cached page of the shop is the same shell, and its router
// shows the page asked for (from the cached catalogue answers, or the shop's own error panel).
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const pages = await caches.open(PAGES);
  const [anyPage] = await pages.keys();
  return (anyPage && (await pages.match(anyPage))) || Response.error();
});

/**
 * The page sends the addresses it loaded before this worker took control (its first visit):
 * they are cached under the same rules, so that first visit already works offline.
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown; page?: unknown } | null;
  if (data?.type !== 'cache-loaded' || !Array.isArray(data.urls)) return;
  const work: Promise<unknown>[] = data.urls
    .filter((url): url is string => typeof url === 'string')
    .map(async (address) => {
      const url = new URL(address, self.location.origin);
      const rule = ruleOf(new Request(url), url);
      if (rule === 'network-only' || rule === 'page') return;
      const [response] = strategies[rule].handleAll({ request: new Request(url), event });
      await response.catch(() => undefined);
    });
  if (typeof data.page === 'string') {
    const page = new URL(data.page, self.location.origin);
    if (offlineRuleFor('GET', page, page.origin === self.location.origin, true) === 'page') {
      work.push(
        caches
          .open(PAGES)
          .then((cache) => cache.add(page.href))
          .catch(() => undefined),
      );
    }
  }
  event.waitUntil(Promise.all(work));
});
