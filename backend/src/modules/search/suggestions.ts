/**
 * The search box: suggestions while typing, and the top-searched list built from what shoppers
 * really searched (search_log) and opened (product_views).
 */
import type { SuggestionProduct, Suggestions, TopSearched } from '@shop/contract';
import { KEYWORD_MIN } from '@shop/contract/validation';
import { desc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { products } from '../../db/schema';
import { imageUrl } from '../../services/images';
import type { CatalogueFeed } from '../products/catalogueFeed';
import { logSearch, normalizeQuery, resolveSearch } from './engine';
import type { SearchIndex } from './searchIndex';

export const SUGGESTIONS_PER_GROUP = 4;
export const TOP_SEARCHED_MAX = 8;
const TOP_SEARCHED_DAYS = 30;

const EMPTY: Suggestions = { products: [], types: [], categories: [], sub_categories: [] };

/** The search index and the feed that brings it up to date before a search reads it. */
export interface SearchCatalogue {
  feed: CatalogueFeed;
  index: SearchIndex;
}

/** Taxonomy names: contains the text, or close to it (a typo). */
const nameMatch = (column: string, text: string) =>
  sql`(${sql.raw(column)} ILIKE ${`%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} OR word_similarity(${text}, ${sql.raw(column)}) >= 0.5)`;
const nameRank = (column: string, text: string) => sql`word_similarity(${text}, ${sql.raw(column)}) DESC`;

/** Suggestions for what a shopper is typing, computed afresh (no cache); every call is logged. */
export async function suggest(
  db: Database,
  rawText: string | undefined,
  catalogue: SearchCatalogue,
): Promise<Suggestions> {
  const text = normalizeQuery(rawText ?? '');
  if (!reachesDatabase(text)) return EMPTY;
  await catalogue.feed.refresh();
  const suggestions = await findSuggestions(db, text, catalogue.index);
  await logSearch(db, text);
  return suggestions;
}

// The spec asks for more than 2 characters; shorter input never reaches the database.
const reachesDatabase = (normalizedText: string) => normalizedText.length >= KEYWORD_MIN;

/** Whether `suggest` would search and log this text (the rate limit counts only those calls). */
export const isLoggedSuggestion = (rawText: string | undefined) =>
  reachesDatabase(normalizeQuery(rawText ?? ''));

async function findSuggestions(db: Database, text: string, index: SearchIndex): Promise<Suggestions> {
  const limit = SUGGESTIONS_PER_GROUP;
  const search = await resolveSearch(db, text, index);
  const [foundRows, types, categoryRows, subCategoryRows] = await Promise.all([
    db
      .select({ id: products.id, slug: products.slug, title: products.title })
      .from(products)
      .where(
        search.rankedIds.length > 0 ? inArray(products.id, search.rankedIds.slice(0, limit)) : sql`FALSE`,
      ),
    db.execute(sql`SELECT t.name, t.slug FROM product_types t WHERE ${nameMatch('t.name', text)}
      ORDER BY ${nameRank('t.name', text)}, t.position LIMIT ${limit}`),
    db.execute(sql`SELECT c.name, c.slug, t.name AS type_name, t.slug AS type_slug
      FROM categories c JOIN product_types t ON t.id = c.type_id WHERE ${nameMatch('c.name', text)}
      ORDER BY ${nameRank('c.name', text)}, t.position, c.position LIMIT ${limit}`),
    db.execute(sql`SELECT s.name, s.slug, c.name AS category_name, c.slug AS category_slug, t.name AS type_name, t.slug AS type_slug
      FROM sub_categories s JOIN categories c ON c.id = s.category_id JOIN product_types t ON t.id = c.type_id
      WHERE ${nameMatch('s.name', text)}
      ORDER BY ${nameRank('s.name', text)}, t.position, c.position, s.position LIMIT ${limit}`),
  ]);
  const byId = new Map(foundRows.map((row) => [row.id, row]));
  const productRows = search.rankedIds.slice(0, limit).flatMap((id) => byId.get(id) ?? []);
  type Named = { name: string; slug: string };
  type WithType = Named & { type_name: string; type_slug: string };
  return {
    products: productRows.map((row) => ({ ...row, image: imageUrl('products', row.id) })),
    types: rowsOf<Named>(types).map(({ name, slug }) => ({ name, slug })),
    categories: rowsOf<WithType>(categoryRows).map((row) => ({
      name: row.name,
      slug: row.slug,
      type: { name: row.type_name, slug: row.type_slug },
    })),
    sub_categories: rowsOf<WithType & { category_name: string; category_slug: string }>(subCategoryRows).map(
      (row) => ({
        name: row.name,
        slug: row.slug,
        type: { name: row.type_name, slug: row.type_slug },
        category: { name: row.category_name, slug: row.category_slug },
      }),
    ),
  };
}

/**
 * Products most opened over the last 30 days; when fewer than 8 were opened, the best match of
 * each of the most searched queries fills the list.
 */
export async function topSearched(db: Database, catalogue: SearchCatalogue): Promise<TopSearched> {
  const opened = rowsOf<{ product_id: number }>(
    await db.execute(sql`SELECT product_id FROM product_views
      WHERE viewed_at > now() - make_interval(days => ${TOP_SEARCHED_DAYS})
      GROUP BY product_id ORDER BY count(*) DESC, max(viewed_at) DESC, product_id LIMIT ${TOP_SEARCHED_MAX}`),
  ).map((row) => Number(row.product_id));
  const ids = [...opened];
  if (ids.length < TOP_SEARCHED_MAX) {
    const searched = rowsOf<{ query: string }>(
      await db.execute(sql`SELECT query FROM search_log
        WHERE searched_at > now() - make_interval(days => ${TOP_SEARCHED_DAYS}) AND length(query) >= ${KEYWORD_MIN}
        GROUP BY query ORDER BY count(*) DESC, max(searched_at) DESC LIMIT ${TOP_SEARCHED_MAX * 2}`),
    );
    if (searched.length > 0) await catalogue.feed.refresh();
    for (const { query } of searched) {
      if (ids.length >= TOP_SEARCHED_MAX) break;
      const search = await resolveSearch(db, query, catalogue.index);
      // The query's best match not listed yet.
      const best = search.rankedIds.find((id) => !ids.includes(id));
      if (best !== undefined) ids.push(best);
    }
  }
  if (ids.length === 0) return { items: [] };
  const rows = await db
    .select({ id: products.id, slug: products.slug, title: products.title })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(desc(products.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: SuggestionProduct[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) items.push({ ...row, image: imageUrl('products', row.id) });
  }
  return { items };
}
