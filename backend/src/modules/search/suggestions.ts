/**
 * The search box: suggestions while typing, and the top-searched list built from what shoppers
 * really searched (search_log) and opened (product_views).
 */
import type { SuggestionProduct, Suggestions, TopSearched } from '@shop/contract';
import { KEYWORD_MIN, SEARCH_TEXT_MAX } from '@shop/contract/validation';
import { and, desc, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { products } from '../../db/schema';
import { productImageUrl } from '../../services/productCards';
import type { CatalogueFeed } from '../products/catalogueFeed';
import { ASYNCHRONOUS_COMMIT, normalizeQuery, resolveSearch } from './engine';
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
const nameRank = (column: string, text: string) => sql`word_similarity(${text}, ${sql.raw(column)})`;

/** Suggestions for what a shopper is typing, computed afresh (no cache); every call is logged. */
export async function suggest(
  db: Database,
  rawText: string | undefined,
  catalogue: SearchCatalogue,
): Promise<Suggestions> {
  const text = normalizeQuery(rawText ?? '');
  if (!reachesDatabase(text)) return EMPTY;
  await catalogue.feed.refresh();
  return findSuggestions(db, text, catalogue.index);
}

// The spec asks for more than 2 characters; shorter input never reaches the database.
const reachesDatabase = (normalizedText: string) => normalizedText.length >= KEYWORD_MIN;

/** Whether `suggest` would search and log this text (the rate limit counts only those calls). */
export const isLoggedSuggestion = (rawText: string | undefined) =>
  reachesDatabase(normalizeQuery(rawText ?? ''));

type Named = { name: string; slug: string };
type WithType = Named & { type: Named };

/**
 * The products' cards, the three taxonomy groups and the search log's row in one statement (one
 * round trip after the text is ranked in memory); each group as a JSON array in its order.
 */
async function findSuggestions(db: Database, text: string, index: SearchIndex): Promise<Suggestions> {
  const limit = SUGGESTIONS_PER_GROUP;
  const search = await resolveSearch(db, text, index);
  const ids = search.rankedIds.slice(0, limit);
  const [row] = rowsOf<{
    products: { id: number; slug: string; title: string; image_id: number | null }[];
    types: Named[];
    categories: WithType[];
    sub_categories: (WithType & { category: Named })[];
  }>(
    await db.execute(sql`WITH logged AS (INSERT INTO search_log (query) SELECT ${text.slice(0, SEARCH_TEXT_MAX)} WHERE ${ASYNCHRONOUS_COMMIT} RETURNING 1)
      SELECT
        (SELECT coalesce(json_agg(json_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'image_id', p.image_id)), '[]')
          FROM products p WHERE p.id = ANY(${`{${ids.join(',')}}`}::int[])) AS products,
        (SELECT coalesce(json_agg(json_build_object('name', t.name, 'slug', t.slug) ORDER BY t.rank DESC, t.position), '[]')
          FROM (SELECT t.name, t.slug, t.position, ${nameRank('t.name', text)} AS rank FROM product_types t
            WHERE ${nameMatch('t.name', text)} ORDER BY rank DESC, t.position LIMIT ${limit}) t) AS types,
        (SELECT coalesce(json_agg(json_build_object('name', c.name, 'slug', c.slug,
            'type', json_build_object('name', c.type_name, 'slug', c.type_slug)) ORDER BY c.rank DESC, c.type_position, c.position), '[]')
          FROM (SELECT c.name, c.slug, c.position, t.name AS type_name, t.slug AS type_slug, t.position AS type_position,
              ${nameRank('c.name', text)} AS rank
            FROM categories c JOIN product_types t ON t.id = c.type_id WHERE ${nameMatch('c.name', text)}
            ORDER BY rank DESC, t.position, c.position LIMIT ${limit}) c) AS categories,
        (SELECT coalesce(json_agg(json_build_object('name', s.name, 'slug', s.slug,
            'type', json_build_object('name', s.type_name, 'slug', s.type_slug),
            'category', json_build_object('name', s.category_name, 'slug', s.category_slug))
            ORDER BY s.rank DESC, s.type_position, s.category_position, s.position), '[]')
          FROM (SELECT s.name, s.slug, s.position, c.name AS category_name, c.slug AS category_slug, c.position AS category_position,
              t.name AS type_name, t.slug AS type_slug, t.position AS type_position, ${nameRank('s.name', text)} AS rank
            FROM sub_categories s JOIN categories c ON c.id = s.category_id JOIN product_types t ON t.id = c.type_id
            WHERE ${nameMatch('s.name', text)}
            ORDER BY rank DESC, t.position, c.position, s.position LIMIT ${limit}) s) AS sub_categories,
        (SELECT count(*) FROM logged) AS logged`),
  );
  const byId = new Map((row?.products ?? []).map((product) => [Number(product.id), product]));
  const productRows = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    products: productRows.map((product) => ({
      id: Number(product.id),
      slug: product.slug,
      title: product.title,
      image: productImageUrl(Number(product.id), product.image_id),
    })),
    types: row?.types ?? [],
    categories: row?.categories ?? [],
    sub_categories: row?.sub_categories ?? [],
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
    .select({ id: products.id, slug: products.slug, title: products.title, imageId: products.imageId })
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.archivedAt)))
    .orderBy(desc(products.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: SuggestionProduct[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row)
      items.push({
        id: row.id,
        slug: row.slug,
        title: row.title,
        image: productImageUrl(row.id, row.imageId),
      });
  }
  return { items };
}
