/**
 * The API answers the server rendered a page's first screen from (backend/src/delivery/
 * firstScreen.ts), inlined into the page as `window.__SHOP_ANSWERS__`: put in the data cache
 * before the first render, so the page's remote renders the content the server painted at once
 * (no skeleton in between, nothing moves) and asks nothing the server already answered.
 */
import { dataCache, dataKey } from './dataCache';

declare global {
  interface Window {
    /** API path with its query (`products?per-page=20&sort=…`) → the answer's data. */
    __SHOP_ANSWERS__?: Record<string, unknown>;
  }
}

/**
 * The cache key of an inlined answer's address: the server writes the address as the client
 * requests it, the key is rebuilt here the way every read builds it (names sorted), so the order
 * the server wrote the query in does not matter.
 */
export function keyOfAddress(address: string): string {
  const [path = '', search = ''] = address.split('?', 2);
  return dataKey(path, search ? Object.fromEntries(new URLSearchParams(search)) : undefined);
}

/** Seeds the cache with the inlined answers, once (a later call finds none); how many it put. */
export function seedInlinedAnswers(cache = dataCache): number {
  if (typeof window === 'undefined') return 0;
  const answers = window.__SHOP_ANSWERS__;
  delete window.__SHOP_ANSWERS__;
  if (typeof answers !== 'object' || answers === null) return 0;
  let seeded = 0;
  for (const [address, data] of Object.entries(answers)) {
    if (data === undefined || data === null) continue;
    cache.set(keyOfAddress(address), data);
    seeded += 1;
  }
  return seeded;
}
