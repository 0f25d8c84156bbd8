/**
 * What the service worker keeps for offline use, and what it never touches. Pure functions of a
 * URL, so the rules are unit-tested without a worker.
 */

/** Catalogue reads: the same for every shopper, worth showing offline. */
const CATALOGUE_API =
  /^\/backend\/api\/(startup-content|products(\/(by-slug|gallery|grouped-products|bought-together)\/[^/]+)?|product-reviews|product-questions|hero-slides|deals-of-the-day|banners|category-blocks|exclusive-products|handmade-products|top-selling-products|spotlight|product-type-spotlight\/[^/]+|page-content\/[^/]+|top-searched-products|countries|delivery-countries|gender)$/;

/**
 * Never cached, whatever the method: a shopper's own data and anything that changes it. Listed
 * so a future GET under these paths stays network-only by default.
 */
const NEVER =
  /^\/backend\/api\/(cart|wishlist|buyers|buyers-|checkout|orders|member|notifications|page-views|admin|suggestions)/;

/** Files that say which remote version runs: always asked of the network first. */
const RELEASE_POINTERS = /(^\/remotes\.json$|\/remoteEntry\.js$|\/mf-manifest\.json$)/;

/** Content-hashed files: never change, cache first. */
const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css)$/;

/** A remote's file, `/mfe/<remote>/<version>/<file>`, on this origin or on the remote's own. */
const REMOTE_FILE = /^\/mfe\/[^/]+\/[^/]+\/./;

export type OfflineRule =
  | 'page'
  | 'release-pointer'
  | 'hashed-file'
  | 'catalogue-api'
  | 'image'
  | 'network-only';

export function offlineRuleFor(
  method: string,
  url: URL,
  sameOrigin: boolean,
  isNavigation: boolean,
): OfflineRule {
  if (method !== 'GET') return 'network-only';
  const path = url.pathname;
  if (!sameOrigin) return isNavigation ? 'network-only' : remoteFileRule(path);
  if (NEVER.test(path)) return 'network-only';
  if (isNavigation) return isShopperPage(path) ? 'page' : 'network-only';
  if (RELEASE_POINTERS.test(path)) return 'release-pointer';
  if (HASHED_FILE.test(path)) return 'hashed-file';
  if (path.startsWith('/backend/api/images/')) return 'image';
  if (CATALOGUE_API.test(path)) return 'catalogue-api';
  return 'network-only';
}

/**
 * Another origin: only a remote's own (the shop distributed, as behind a CDN), under the same
 * rules as on this one. The worker may fetch only from the registry's origins (its
 * Content-Security-Policy), so no other site's files end up in the shop's caches.
 */
function remoteFileRule(path: string): OfflineRule {
  if (!REMOTE_FILE.test(path)) return 'network-only';
  if (RELEASE_POINTERS.test(path)) return 'release-pointer';
  if (HASHED_FILE.test(path)) return 'hashed-file';
  return 'network-only';
}

/** Pages kept offline: the catalogue's, not the cart, checkout, member area, sign-in pages or back office. */
function isShopperPage(path: string): boolean {
  return !/^\/(cart|checkout|confirmorder|wishlist|member|login|forgotpassword|reset-password|packaging|admin)(\/|$)/.test(
    path,
  );
}
