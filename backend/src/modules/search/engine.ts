/**
 * The search engine a listing and the search box share: what a text means as ranked product ids
 * (ranking.ts over the search index, searchIndex.ts) and the search log. Nothing is cached: every request ranks its text on an index brought up to date
 * first by the catalogue feed.
 */
import { SEARCH_TEXT_MAX } from '@shop/contract/validation';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
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

/**
 * A condition that turns synchronous_commit off for the statement's own transaction: the search
 * log's row is committed without waiting for its WAL flush (0.4 ms instead of 5-15 ms on this
 * disk, most of a search's time). A crash may lose the last few hundred milliseconds of log rows,
 * never anything else (the setting is the transaction's, and the log is written outside any other
 * transaction). Statistics only: top-searched-products reads them.
 */
export const ASYNCHRONOUS_COMMIT = sql`set_config('synchronous_commit', 'off', true) = 'off'`;

/**
 * One row per search (normalized), the raw material of top-searched-products: a data-modifying
 * CTE, so the listing writes it in the statement that reads its cards (one round trip, not two).
 */
export function searchLogged(text: string): SQL {
  const query = normalizeQuery(text).slice(0, SEARCH_TEXT_MAX);
  return sql`search_logged AS (INSERT INTO search_log (query) SELECT ${query} WHERE ${ASYNCHRONOUS_COMMIT})`;
}
