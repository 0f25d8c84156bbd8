/**
 * The search engine a listing and the search box share: what a text means as ranked product ids
 * (ranking.ts), kept per text in a cache, the ranking as a FROM clause, and the search log.
 */
import { SEARCH_TEXT_MAX } from '@shop/contract/validation';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { products, searchLog } from '../../db/schema';
import { intArray } from '../../services/productCards';
import { TtlCache } from '../../services/ttlCache';
import { rankSearch, SEARCH_CANDIDATES_MAX } from './ranking';

/** Trimmed, lower case, single spaces: how searches are matched, logged and cached. */
export const normalizeQuery = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
/** A search text's matches, most relevant first (at most SEARCH_CANDIDATES_MAX ids). */
export interface TextSearch {
  /** WHERE condition: the product is one of `rankedIds`. */
  match: SQL;
  rankedIds: number[];
}

/**
 * q: what the text means (ranking.ts: the products' own text, their taxonomy and line, a
 * typo fallback). Scoring runs once per text: the ranked ids are kept in `cache` (its TTL; 0 =
 * every time), and listings filter and page them.
 */
export async function resolveSearch(
  db: Database,
  text: string,
  cache: TtlCache<number[]> = new TtlCache(0),
): Promise<TextSearch> {
  const rankedIds = await cache.getOrCompute(text, () => rankSearch(db, text));
  const match = rankedIds.length === 0 ? sql`FALSE` : sql`${products.id} = ANY(${intArray(rankedIds)})`;
  return { match, rankedIds };
}

/** FROM clause: the search's ranking r(id, ord), most relevant first, joined to its products. */
export const rankedProducts = (rankedIds: readonly number[]) =>
  sql`unnest(${intArray(rankedIds)}) WITH ORDINALITY AS r(id, ord) JOIN products ON products.id = r.id`;

/** The first `limit` ids of `search` that pass `filter`, most relevant first. */
export async function rankedMatches(
  db: Database,
  search: TextSearch,
  filter: SQL,
  limit = SEARCH_CANDIDATES_MAX,
): Promise<number[]> {
  if (search.rankedIds.length === 0) return [];
  return rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT products.id FROM ${rankedProducts(search.rankedIds)} WHERE ${filter} ORDER BY r.ord LIMIT ${limit}`,
    ),
  ).map((row) => Number(row.id));
}

/** One row per search (normalized), the raw material of top-searched-products. */
export async function logSearch(db: Database, text: string): Promise<void> {
  await db.insert(searchLog).values({ query: normalizeQuery(text).slice(0, SEARCH_TEXT_MAX) });
}
