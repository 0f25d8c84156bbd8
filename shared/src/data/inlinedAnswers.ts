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
    /** The page address (path and query) the answers were read for, and when (epoch ms). */
    __SHOP_ANSWERED__?: { address: string; at: number };
  }
}

/**
 * Inlined answers older than this are not used: a page can come from the service worker's cache
 * (a slow or absent network), and its answers would be shown as just read. The page's own reads
 * ask then. Generous, so a browser clock a little off does not lose them.
 */
export const INLINED_ANSWERS_MAX_AGE_MS = 5 * 60 * 1000;

/** Whether the page's inlined answers are its own (same address) and recent; they are taken once. */
export function inlinedAnswersFit(address: string, now = Date.now()): boolean {
  const answered = window.__SHOP_ANSWERED__;
  return (
    typeof answered === 'object' &&
    answered !== null &&
    answered.address === address &&
    now - answered.at <= INLINED_ANSWERS_MAX_AGE_MS
  );
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

/**
 * Seeds the cache with the inlined answers, once (a later call finds none); how many it put.
 * Only answers read for this very address, recently (`inlinedAnswersFit`): a page the service
 * worker kept, or kept for another address, seeds nothing.
 */
export function seedInlinedAnswers(cache = dataCache, now = Date.now()): number {
  if (typeof window === 'undefined') return 0;
  const answers = window.__SHOP_ANSWERS__;
  const fit = inlinedAnswersFit(window.location.pathname + window.location.search, now);
  delete window.__SHOP_ANSWERS__;
  delete window.__SHOP_ANSWERED__;
  if (!fit || typeof answers !== 'object' || answers === null) return 0;
  let seeded = 0;
  for (const [address, data] of Object.entries(answers)) {
    if (data === undefined || data === null) continue;
    cache.set(keyOfAddress(address), data);
    seeded += 1;
  }
  return seeded;
}
