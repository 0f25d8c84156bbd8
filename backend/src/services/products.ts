/**
 * The catalogue as shoppers see it: listing with filters, facets and paging, product detail, and
 * the product cards other areas (cart, wishlist) embed.
 */

import type {
  FacetValue,
  ProductCard,
  ProductDetail,
  ProductListing,
  Specification,
} from '@shop/shared/api-types';
import { asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import {
  categories,
  currencies,
  productSpecifications,
  products,
  productTypes,
  productViews,
  searchLog,
  subCategories,
  subCategorySpecifications,
  suppliers,
} from '../db/schema';
import { AppError } from '../errors';
import type { ProductSort } from '../schemas/catalogue';
import { sanitizeRichText } from './html';
import { imageUrl } from './images';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
export const DEFAULT_SORT: ProductSort = 'newest-to-oldest';
export const LAST_PIECE_MESSAGE = 'Only 1 left in stock';

export interface ProductListingQuery {
  type?: string;
  category?: string;
  subCategory?: string;
  q?: string;
  supplier_id?: number;
  sort?: ProductSort;
  'per-page'?: number;
  page?: number;
  hot?: string;
  newItem?: string;
  free_delivery?: string;
  stock?: string;
  customizable?: string;
  'price-min-usd'?: number;
  'price-max-usd'?: number;
  'price-min'?: number;
  'price-max'?: number;
  currency?: string;
  f?: string;
}

const isOn = (flag: string | undefined) => flag === '1' || flag === 'true';

const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  price: products.price,
  oldPrice: products.oldPrice,
  stockQuantity: products.stockQuantity,
  isCustomizable: products.isCustomizable,
  hasPackaging: products.hasPackaging,
  hot: products.hot,
  newItem: products.newItem,
  freeDelivery: products.freeDelivery,
  supplierId: products.supplierId,
  line: products.line,
  subCategoryId: products.subCategoryId,
  rating: products.rating,
  reviewCount: products.reviewCount,
  createdAt: products.createdAt,
  typeName: productTypes.name,
  typeSlug: productTypes.slug,
  categoryName: categories.name,
  categorySlug: categories.slug,
  subCategoryName: subCategories.name,
  subCategorySlug: subCategories.slug,
};

type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['notNull'] extends true
    ? (typeof cardColumns)[K]['_']['data']
    : (typeof cardColumns)[K]['_']['data'] | null;
};

function toCard(
  row: CardRow,
  productSpecs: Map<number, Specification[]>,
  subCategorySpecs: Map<number, Specification[]>,
): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    image: imageUrl('products', row.id),
    price: row.price,
    old_price: row.oldPrice,
    in_stock: row.stockQuantity > 0,
    stock_quantity: row.stockQuantity,
    is_customizable: row.isCustomizable,
    has_packaging: row.hasPackaging,
    last_piece_message: row.stockQuantity === 1 ? LAST_PIECE_MESSAGE : null,
    hot: row.hot,
    new_item: row.newItem,
    free_delivery: row.freeDelivery,
    supplier_id: row.supplierId,
    line: row.line,
    type: { name: row.typeName, slug: row.typeSlug },
    category: { name: row.categoryName, slug: row.categorySlug },
    subCategory: { name: row.subCategoryName, slug: row.subCategorySlug },
    reviews: { rating: row.rating, count: row.reviewCount },
    specifications: {
      product: productSpecs.get(row.id) ?? [],
      sub_category: subCategorySpecs.get(row.subCategoryId) ?? [],
    },
    created_at: row.createdAt.toISOString(),
  };
}

/** Both specification lists for a page of products, two queries whatever the page size. */
async function specificationsFor(db: Database, rows: readonly CardRow[]) {
  const productSpecs = new Map<number, Specification[]>();
  const subCategorySpecs = new Map<number, Specification[]>();
  if (rows.length === 0) return { productSpecs, subCategorySpecs };
  // One after the other: `db` may be a transaction (cart), whose single client takes one query at a time.
  const productRows = await db
    .select({
      ownerId: productSpecifications.productId,
      name: productSpecifications.name,
      value: productSpecifications.value,
      show_in_quick_view: productSpecifications.showInQuickView,
    })
    .from(productSpecifications)
    .where(
      inArray(
        productSpecifications.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productSpecifications.position), asc(productSpecifications.id));
  const subCategoryRows = await db
    .select({
      ownerId: subCategorySpecifications.subCategoryId,
      name: subCategorySpecifications.name,
      value: subCategorySpecifications.value,
      show_in_quick_view: subCategorySpecifications.showInQuickView,
    })
    .from(subCategorySpecifications)
    .where(
      inArray(subCategorySpecifications.subCategoryId, [...new Set(rows.map((row) => row.subCategoryId))]),
    )
    .orderBy(asc(subCategorySpecifications.position), asc(subCategorySpecifications.id));
  for (const [target, specRows] of [
    [productSpecs, productRows],
    [subCategorySpecs, subCategoryRows],
  ] as const) {
    for (const { ownerId, ...spec } of specRows) {
      const list = target.get(ownerId) ?? [];
      list.push(spec);
      target.set(ownerId, list);
    }
  }
  return { productSpecs, subCategorySpecs };
}

const baseSelect = (db: Database) =>
  db
    .select(cardColumns)
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId));

/** Product cards by id, in the order asked for; unknown ids are skipped. */
export async function loadProductCards(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, ProductCard>> {
  const cards = new Map<number, ProductCard>();
  if (ids.length === 0) return cards;
  const rows = await baseSelect(db).where(inArray(products.id, [...new Set(ids)]));
  const { productSpecs, subCategorySpecs } = await specificationsFor(db, rows);
  for (const row of rows) cards.set(row.id, toCard(row, productSpecs, subCategorySpecs));
  return cards;
}

const ORDER_BY: Record<ProductSort, SQL[]> = {
  'newest-to-oldest': [desc(products.createdAt), desc(products.id)],
  'oldest-to-newest': [asc(products.createdAt), asc(products.id)],
  'high-to-low': [desc(products.price), asc(products.id)],
  'low-to-high': [asc(products.price), asc(products.id)],
};

/** Trimmed, lower case, single spaces: how searches are matched, logged and cached. */
export const normalizeQuery = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
/** Typo matching (trigrams) only for words long enough not to match half the catalogue. */
const TRIGRAM_MIN_LENGTH = 5;
/**
 * A search ranks at most this many products (the most relevant); `_meta.totalCount` is exact up
 * to this many matches and stops there.
 */
export const SEARCH_CANDIDATES_MAX = 10_000;

/** A search text's matches, most relevant first (at most SEARCH_CANDIDATES_MAX ids). */
export interface TextSearch {
  /** WHERE condition: the product is one of `rankedIds`. */
  match: SQL;
  rankedIds: number[];
}

/**
 * q: full-text match (title 'A' over descriptions 'B', GIN index) ranked by ts_rank. Only when
 * the full text finds nothing (a typo) and the text has 5+ characters, the title trigram GIN
 * index answers `q <% title` instead, ranked by word similarity. Scoring runs once per text: the
 * ranked ids are kept in `cache` (its TTL; 0 = every time), and listings filter and page them.
 */
export async function resolveSearch(
  db: Database,
  text: string,
  cache: TtlCache<number[]> = new TtlCache(0),
): Promise<TextSearch> {
  const rankedIds = await cache.getOrCompute(text, async () => {
    const query = sql`websearch_to_tsquery('english', ${text})`;
    const fts = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM products WHERE search_vector @@ ${query}
        ORDER BY ts_rank(search_vector, ${query}) DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`),
    );
    if (fts.length > 0 || text.length < TRIGRAM_MIN_LENGTH) return fts.map((row) => Number(row.id));
    return rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM products WHERE ${text} <% title
        ORDER BY word_similarity(${text}, title) DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`),
    ).map((row) => Number(row.id));
  });
  // One array parameter, not one parameter per id.
  const match =
    rankedIds.length === 0 ? sql`FALSE` : sql`${products.id} = ANY(${`{${rankedIds.join(',')}}`}::int[])`;
  return { match, rankedIds };
}

/** The ids of `search` that pass `filter`, most relevant first. */
export async function rankedMatches(db: Database, search: TextSearch, filter: SQL): Promise<number[]> {
  if (search.rankedIds.length === 0) return [];
  const passing = new Set(
    (await db.select({ id: products.id }).from(products).where(filter)).map((row) => row.id),
  );
  return search.rankedIds.filter((id) => passing.has(id));
}

export type AttributeFilters = Record<string, string[]>;

/** `f` = JSON object of attribute name → values, e.g. {"Colour":["Red","Blue"]}. */
export function parseAttributeFilters(raw: string | undefined): AttributeFilters {
  if (raw === undefined || raw.trim() === '') return {};
  const problem = 'must be a JSON object of attribute name → list of values, e.g. {"Colour":["Red","Blue"]}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw AppError.badRequest(`f is not valid JSON: it ${problem}`, { f: `is not valid JSON; ${problem}` });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw AppError.badRequest(`f ${problem}`, { f: problem });
  }
  const filters: AttributeFilters = {};
  for (const [name, values] of Object.entries(parsed)) {
    if (!Array.isArray(values) || !values.every((value): value is string => typeof value === 'string')) {
      throw AppError.badRequest(`f.${name} must be a list of strings`, { f: problem });
    }
    if (values.length > 0) filters[name] = [...new Set(values)].sort();
  }
  return filters;
}

const attributeExists = (name: string, values: readonly string[]) =>
  sql`EXISTS (SELECT 1 FROM product_attributes pa WHERE pa.product_id = ${products.id} AND pa.name = ${name} AND pa.value IN (${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}))`;

const sqlAnd = (parts: readonly SQL[]): SQL =>
  parts.length === 0 ? sql`TRUE` : sql`(${sql.join([...parts], sql` AND `)})`;

interface FacetResult {
  totalCount: number;
  filters: ProductListing['filters'];
}

/**
 * Values kept `ttlMs` per key (0: not kept). While a key is being computed, every other caller
 * asking for it waits for that one computation instead of starting its own (single flight).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  private readonly pending = new Map<string, Promise<V>>();
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }
  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { at: Date.now(), value });
  }
  getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return compute();
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = this.pending.get(key);
    if (running) return running;
    const promise = compute()
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }
}

/** Facet counts of one filter set, kept a short while: paging and sorting do not change them. */
export class FacetCache extends TtlCache<FacetResult> {}

async function taxonomyIds(db: Database, query: ProductListingQuery) {
  if (!query.type && !query.category && !query.subCategory)
    return { type: null, category: null, subCategory: null };
  const [row] = rowsOf<{ type: number | null; category: number | null; sub_category: number | null }>(
    await db.execute(sql`SELECT
      (SELECT id FROM product_types WHERE slug = ${query.type ?? ''}) AS type,
      (SELECT id FROM categories WHERE slug = ${query.category ?? ''}) AS category,
      (SELECT id FROM sub_categories WHERE slug = ${query.subCategory ?? ''}) AS sub_category`),
  );
  // An unknown slug matches nothing (id 0), it is not ignored.
  return {
    type: query.type ? (row?.type ?? 0) : null,
    category: query.category ? (row?.category ?? 0) : null,
    subCategory: query.subCategory ? (row?.sub_category ?? 0) : null,
  };
}

async function usdRate(db: Database, code: string): Promise<number> {
  const [row] = await db
    .select({ rate: currencies.exchangeRate })
    .from(currencies)
    .where(eq(currencies.code, code.toUpperCase()));
  if (!row)
    throw AppError.badRequest(`currency: unknown currency code ${code}`, {
      currency: 'is not a known currency code',
    });
  return row.rate;
}

export async function listProducts(
  db: Database,
  query: ProductListingQuery,
  cache: FacetCache = new FacetCache(0),
  searchCache: TtlCache<number[]> = new TtlCache(0),
): Promise<ProductListing> {
  const perPage = Math.min(Math.max(query['per-page'] ?? DEFAULT_PER_PAGE, 1), MAX_PER_PAGE);
  const page = query.page ?? 1;
  const text = normalizeQuery(query.q ?? '');
  const byRelevance = text !== '' && query.sort === undefined;
  const sort = query.sort ?? DEFAULT_SORT;
  const attributeFilters = parseAttributeFilters(query.f);

  // Price bounds: the selected currency's are converted to USD (1 USD = exchange_rate units).
  let priceMin = query['price-min-usd'];
  let priceMax = query['price-max-usd'];
  if (query['price-min'] !== undefined || query['price-max'] !== undefined) {
    const rate = await usdRate(db, query.currency ?? 'USD');
    if (query['price-min'] !== undefined) priceMin = Math.max(priceMin ?? 0, query['price-min'] / rate);
    if (query['price-max'] !== undefined) {
      const max = query['price-max'] / rate;
      priceMax = priceMax === undefined ? max : Math.min(priceMax, max);
    }
  }

  // Filters other than the taxonomy and the attributes; every facet is counted under these.
  const search = text ? await resolveSearch(db, text, searchCache) : null;
  const base: SQL[] = [];
  if (search) base.push(search.match);
  if (query.supplier_id !== undefined) base.push(eq(products.supplierId, query.supplier_id));
  if (isOn(query.hot)) base.push(eq(products.hot, true));
  if (isOn(query.newItem)) base.push(eq(products.newItem, true));
  if (isOn(query.free_delivery)) base.push(eq(products.freeDelivery, true));
  if (isOn(query.stock)) base.push(sql`${products.stockQuantity} > 0`);
  if (isOn(query.customizable)) base.push(eq(products.isCustomizable, true));
  if (priceMin !== undefined) base.push(gte(products.price, priceMin));
  if (priceMax !== undefined) base.push(lte(products.price, priceMax));

  const ids = await taxonomyIds(db, query);
  const taxonomy: SQL[] = [];
  if (ids.type !== null) taxonomy.push(eq(products.typeId, ids.type));
  if (ids.category !== null) taxonomy.push(eq(products.categoryId, ids.category));
  if (ids.subCategory !== null) taxonomy.push(eq(products.subCategoryId, ids.subCategory));
  const attributeNames = Object.keys(attributeFilters).sort();
  const attributeConditions = attributeNames.map((name) =>
    attributeExists(name, attributeFilters[name] ?? []),
  );
  const all = sqlAnd([...base, ...taxonomy, ...attributeConditions]);

  const facetKey = JSON.stringify([
    text,
    query.supplier_id,
    [query.hot, query.newItem, query.free_delivery, query.stock, query.customizable].map(isOn),
    priceMin,
    priceMax,
    ids,
    attributeFilters,
  ]);
  const facetsPromise = cache.getOrCompute(facetKey, () =>
    countFacets(db, { base, ids, attributeFilters, attributeNames }),
  );

  const pageRows = async (): Promise<CardRow[]> => {
    if (!(byRelevance && search)) {
      return baseSelect(db)
        .where(all)
        .orderBy(...ORDER_BY[sort])
        .limit(perPage)
        .offset((page - 1) * perPage);
    }
    const pageIds = (await rankedMatches(db, search, all)).slice((page - 1) * perPage, page * perPage);
    if (pageIds.length === 0) return [];
    const byId = new Map(
      (await baseSelect(db).where(inArray(products.id, pageIds))).map((row) => [row.id, row]),
    );
    return pageIds.flatMap((id) => byId.get(id) ?? []);
  };
  const [facets, rows] = await Promise.all([facetsPromise, pageRows()]);
  const { productSpecs, subCategorySpecs } = await specificationsFor(db, rows);
  if (text) await logSearch(db, text);

  const echo: Record<string, string> = {};
  for (const key of [
    'type',
    'category',
    'subCategory',
    'supplier_id',
    'hot',
    'newItem',
    'free_delivery',
    'stock',
    'customizable',
    'currency',
    'price-min',
    'price-max',
    'price-min-usd',
    'price-max-usd',
  ] as const) {
    const value = query[key];
    if (value !== undefined) echo[key] = String(value);
  }
  if (attributeNames.length > 0) echo.f = JSON.stringify(attributeFilters);
  if (text) echo.q = text;
  if (!byRelevance) echo.sort = sort;
  echo['per-page'] = String(perPage);
  echo.page = String(page);

  const totalCount = facets.totalCount;
  return {
    items: rows.map((row) => toCard(row, productSpecs, subCategorySpecs)),
    filters: facets.filters,
    query: echo,
    _meta: { totalCount, currentPage: page, pageCount: Math.ceil(totalCount / perPage), perPage },
  };
}

/**
 * Disjunctive facets in two scans. The first groups the products matching the base filters by
 * (type, category, sub-category, attributes ok), then each taxonomy facet sums the groups under
 * every selection but its own; the second counts attribute values, each name ignoring its own f entry.
 */
async function countFacets(
  db: Database,
  input: {
    base: SQL[];
    ids: { type: number | null; category: number | null; subCategory: number | null };
    attributeFilters: AttributeFilters;
    attributeNames: string[];
  },
): Promise<FacetResult> {
  const { base, ids, attributeFilters, attributeNames } = input;
  const attributesOk = sqlAnd(
    attributeNames.map((name) => attributeExists(name, attributeFilters[name] ?? [])),
  );
  const typeOk = ids.type === null ? sql`TRUE` : sql`g.type_id = ${ids.type}`;
  const categoryOk = ids.category === null ? sql`TRUE` : sql`g.category_id = ${ids.category}`;
  const subCategoryOk = ids.subCategory === null ? sql`TRUE` : sql`g.sub_category_id = ${ids.subCategory}`;
  const taxonomyRows = rowsOf<{ kind: string; slug: string; name: string; n: number }>(
    await db.execute(sql`
      WITH g AS (
        SELECT type_id, category_id, sub_category_id, ${attributesOk} AS a_ok, count(*)::int AS n
        FROM products WHERE ${sqlAnd(base)} GROUP BY 1, 2, 3, 4
      )
      SELECT * FROM (
        SELECT 't' AS kind, t.slug, t.name, t.position, t.id, sum(g.n)::int AS n FROM g JOIN product_types t ON t.id = g.type_id
          WHERE g.a_ok AND ${categoryOk} AND ${subCategoryOk} GROUP BY t.id
        UNION ALL
        SELECT 'c', c.slug, c.name, c.position, c.id, sum(g.n)::int FROM g JOIN categories c ON c.id = g.category_id
          WHERE g.a_ok AND ${typeOk} AND ${subCategoryOk} GROUP BY c.id
        UNION ALL
        SELECT 's', s.slug, s.name, s.position, s.id, sum(g.n)::int FROM g JOIN sub_categories s ON s.id = g.sub_category_id
          WHERE g.a_ok AND ${typeOk} AND ${categoryOk} GROUP BY s.id
        UNION ALL
        SELECT 'all', '', '', 0, 0, coalesce(sum(g.n), 0)::int FROM g WHERE g.a_ok AND ${typeOk} AND ${categoryOk} AND ${subCategoryOk}
      ) facets ORDER BY kind, position, name, id`),
  );
  const taxonomy: SQL[] = [];
  if (ids.type !== null) taxonomy.push(eq(products.typeId, ids.type));
  if (ids.category !== null) taxonomy.push(eq(products.categoryId, ids.category));
  if (ids.subCategory !== null) taxonomy.push(eq(products.subCategoryId, ids.subCategory));
  // A value row counts when its product meets every other attribute's selection.
  const othersOk = attributeNames.map(
    (name) => sql`(a.name = ${name} OR ${attributeExists(name, attributeFilters[name] ?? [])})`,
  );
  const attributeRows = rowsOf<{ name: string; value: string; n: number }>(
    await db.execute(sql`
      SELECT a.name, a.value, count(*)::int AS n
      FROM product_attributes a JOIN products ON products.id = a.product_id
      WHERE ${sqlAnd([...base, ...taxonomy, ...othersOk])}
      GROUP BY a.name, a.value ORDER BY a.name, a.value`),
  );

  const facetsOf = (kind: string): FacetValue[] =>
    taxonomyRows
      .filter((row) => row.kind === kind)
      .map((row) => ({ slug: row.slug, name: row.name, products_count: Number(row.n) }));
  const attributes: ProductListing['filters']['attributes'] = [];
  for (const row of attributeRows) {
    let group = attributes.at(-1);
    if (group?.name !== row.name) {
      group = { name: row.name, values: [] };
      attributes.push(group);
    }
    group.values.push({ value: row.value, products_count: Number(row.n) });
  }
  return {
    totalCount: Number(taxonomyRows.find((row) => row.kind === 'all')?.n ?? 0),
    filters: {
      productTypes: facetsOf('t'),
      productCategories: facetsOf('c'),
      productSubCategories: facetsOf('s'),
      attributes,
    },
  };
}

/** One row per search (normalized), the raw material of top-searched-products. */
export async function logSearch(db: Database, text: string): Promise<void> {
  await db.insert(searchLog).values({ query: normalizeQuery(text).slice(0, 200) });
}

export const sanitizeDetails = sanitizeRichText;

export async function getProductBySlug(db: Database, slug: string): Promise<ProductDetail> {
  const [row] = await db
    .select({
      id: products.id,
      shortDescription: products.shortDescription,
      hint: products.hint,
      details: products.details,
      supplierId: suppliers.id,
      supplierName: suppliers.name,
    })
    .from(products)
    .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(eq(products.slug, slug));
  if (!row) throw AppError.notFound('Product not found.');
  const [cards] = await Promise.all([
    loadProductCards(db, [row.id]),
    db.insert(productViews).values({ productId: row.id }),
  ]);
  const card = cards.get(row.id);
  if (!card) throw AppError.notFound('Product not found.');
  return {
    ...card,
    short_description: row.shortDescription,
    hint: row.hint,
    details: sanitizeDetails(row.details),
    supplier:
      row.supplierId !== null && row.supplierName !== null
        ? { id: row.supplierId, name: row.supplierName }
        : null,
  };
}
