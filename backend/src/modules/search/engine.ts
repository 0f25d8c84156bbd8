/**
 * The search engine a listing and the search box share: what a text means as ranked product ids
 * (ranking.ts over the search index, searchIndex.ts) and the search log. Nothing is cached: every request ranks its text on an index brought up to date
 * first by the catalogue feed.
 */
import { SEARCH_TEXT_MAX } from '@shop/contract/validation';
import type { Database } from '../../db/client';
import { searchLog } from '../../db/schema';
import { rankSearch } from './ranking';
import type { SearchIndex } from './searchIndex';

/** Trimmed, lower case, single spaces: how searches are matched and logged. */
export const normalizeQuery = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
/** A search text's matches, most relevant first (at most SEARCH_CANDIDATES_MAX ids). */
export interface TextSearch {
  rankedIds: number[];
}

/**
 * q: what the text means (ranking.ts: the products' own text, their taxonomy and line, a
 * typo fallback), ranked on `index`, which the caller has brought up to date
 * (`await catalogueFeed.refresh()`); listings filter and page the ranked ids.
 */
export async function resolveSearch(db: Database, text: string, index: SearchIndex): Promise<TextSearch> {
  return { rankedIds: await rankSearch(db, index, text) };
}

/** One row per search (normalized), the raw material of top-searched-products. */
export async function logSearch(db: Database, text: string): Promise<void> {
  await db.insert(searchLog).values({ query: normalizeQuery(text).slice(0, SEARCH_TEXT_MAX) });
}
