/**
 * The catalogue as shoppers see it: listing with filters, facets and paging, and product detail.
 * The cards themselves are services/productCards.ts; the search text, modules/search/engine.ts.
 */

import type { FacetValue, ProductDetail, ProductListing } from '@shop/contract';
import type { ProductSort } from '@shop/contract/schemas/catalogue';
import { eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { currencies, products, productViews, suppliers } from '../../db/schema';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../services/html';
import {
  type CardOrder,
  type CardRow,
  loadProductCards,
  selectCards,
  toCard,
} from '../../services/productCards';
import { TtlCache } from '../../services/ttlCache';
import { UNGATED, type WorkGate } from '../../services/workGate';
import { logSearch, normalizeQuery, rankedProducts, resolveSearch } from '../search/engine';
import {
  type AttributeFilters,
  attributeHits,
  parseAttributeFilters,
  productHasAttributes,
  resolveAttributeFilters,
} from './attributeFilters';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
export const DEFAULT_SORT: ProductSort = 'newest-to-oldest';

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

const ORDER_BY: Record<ProductSort, CardOrder> = {
  'newest-to-oldest': {
    inner: sql`products.created_at DESC, products.id DESC`,
    outer: sql`page.created_ts DESC, page.id DESC`,
  },
  'oldest-to-newest': {
    inner: sql`products.created_at, products.id`,
    outer: sql`page.created_ts, page.id`,
  },
  'high-to-low': { inner: sql`products.price DESC, products.id`, outer: sql`page.price DESC, page.id` },
  'low-to-high': { inner: sql`products.price, products.id`, outer: sql`page.price, page.id` },
};
const BY_RANK: CardOrder = { inner: sql`r.ord`, outer: sql`page.rank` };

const sqlAnd = (parts: readonly SQL[]): SQL =>
  parts.length === 0 ? sql`TRUE` : sql`(${sql.join([...parts], sql` AND `)})`;

interface FacetResult {
  totalCount: number;
  filters: ProductListing['filters'];
}

/** Taxonomy filters by slug, resolved inside the statements that use them (no round trip of their own). */
interface TaxonomyIds {
  type: SQL | null;
  category: SQL | null;
  subCategory: SQL | null;
}

/** An unknown slug matches nothing (its id is NULL), it is not ignored. */
function taxonomyIds(query: ProductListingQuery): TaxonomyIds {
  const idOf = (table: string, slug: string | undefined) =>
    slug ? sql`(SELECT id FROM ${sql.raw(table)} WHERE slug = ${slug})` : null;
  return {
    type: idOf('product_types', query.type),
    category: idOf('categories', query.category),
    subCategory: idOf('sub_categories', query.subCategory),
  };
}

const taxonomyConditions = (ids: TaxonomyIds): SQL[] => [
  ...(ids.type ? [sql`${products.typeId} = ${ids.type}`] : []),
  ...(ids.category ? [sql`${products.categoryId} = ${ids.category}`] : []),
  ...(ids.subCategory ? [sql`${products.subCategoryId} = ${ids.subCategory}`] : []),
];

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
  searchCache: TtlCache<number[]> = new TtlCache(0),
  attributeGate: WorkGate = UNGATED,
): Promise<ProductListing> {
  const perPage = Math.min(Math.max(query['per-page'] ?? DEFAULT_PER_PAGE, 1), MAX_PER_PAGE);
  const page = query.page ?? 1;
  const text = normalizeQuery(query.q ?? '');
  const byRelevance = text !== '' && query.sort === undefined;
  const sort = query.sort ?? DEFAULT_SORT;
  const requestedAttributes = parseAttributeFilters(query.f);

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

  // Filters other than the search, the taxonomy and the attributes; every facet is counted under these.
  const search = text ? await resolveSearch(db, text, searchCache) : null;
  const flags: SQL[] = [];
  if (query.supplier_id !== undefined) flags.push(eq(products.supplierId, query.supplier_id));
  if (isOn(query.hot)) flags.push(eq(products.hot, true));
  if (isOn(query.newItem)) flags.push(eq(products.newItem, true));
  if (isOn(query.free_delivery)) flags.push(eq(products.freeDelivery, true));
  if (isOn(query.stock)) flags.push(sql`${products.stockQuantity} > 0`);
  if (isOn(query.customizable)) flags.push(eq(products.isCustomizable, true));
  if (priceMin !== undefined) flags.push(gte(products.price, priceMin));
  if (priceMax !== undefined) flags.push(lte(products.price, priceMax));
  const base = search ? [search.match, ...flags] : flags;

  const ids = taxonomyIds(query);
  // null: a selected name has none of its values on any product, so nothing can match.
  const attributeFilters = await resolveAttributeFilters(db, requestedAttributes);
  const attributeConditions = attributeFilters ? productHasAttributes(attributeFilters) : [sql`FALSE`];
  // A search's page is read through its ranking (r), which already holds only its matches.
  const pageConditions = [...flags, ...taxonomyConditions(ids), ...attributeConditions];
  const pageFilter = sqlAnd(pageConditions);

  const facetsOf = () =>
    attributeFilters ? countFacets(db, { base, ids, attributeFilters }) : Promise.resolve(NO_FACETS);

  const offset = (page - 1) * perPage;
  const pageRows = async (): Promise<CardRow[]> => {
    if (!search) {
      return selectCards(db, {
        where: pageFilter,
        page: { order: ORDER_BY[sort], limit: perPage, offset },
      });
    }
    if (search.rankedIds.length === 0) return [];
    if (byRelevance && pageConditions.length === 0) {
      // Nothing to filter: the page is a slice of the ranking, and only its ids go to the database.
      const pageIds = search.rankedIds.slice(offset, offset + perPage);
      if (pageIds.length === 0) return [];
      return selectCards(db, {
        from: rankedProducts(pageIds),
        where: sql`TRUE`,
        page: { order: BY_RANK, limit: perPage, offset: 0, rank: true },
      });
    }
    return selectCards(db, {
      from: rankedProducts(search.rankedIds),
      where: pageFilter,
      page: byRelevance
        ? { order: BY_RANK, limit: perPage, offset, rank: true }
        : { order: ORDER_BY[sort], limit: perPage, offset },
    });
  };
  // A listing filtered by attributes can cost many times an ordinary one (every selected value
  // of every name checked per product): those go through the gate, one or a few at a time.
  const filtered = attributeFilters !== null && Object.keys(attributeFilters).length > 0;
  const [[facets, rows]] = await Promise.all([
    filtered
      ? attributeGate.run(() => Promise.all([facetsOf(), pageRows()]))
      : Promise.all([facetsOf(), pageRows()]),
    text ? logSearch(db, text) : undefined,
  ]);

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
  if (Object.keys(requestedAttributes).length > 0) echo.f = JSON.stringify(requestedAttributes);
  if (text) echo.q = text;
  if (!byRelevance) echo.sort = sort;
  echo['per-page'] = String(perPage);
  echo.page = String(page);

  const totalCount = facets.totalCount;
  return {
    items: rows.map(toCard),
    filters: facets.filters,
    query: echo,
    _meta: { totalCount, currentPage: page, pageCount: Math.ceil(totalCount / perPage), perPage },
  };
}

/** The facets of a selection no product can meet. */
const NO_FACETS: FacetResult = {
  totalCount: 0,
  filters: { productTypes: [], productCategories: [], productSubCategories: [], attributes: [] },
};

/**
 * Disjunctive facets in two scans. The first groups the products matching the base filters by
 * (type, category, sub-category, attributes ok), then each taxonomy facet sums the groups under
 * every selection but its own; the second counts attribute values, each name ignoring its own f
 * entry. The attribute selection is resolved once per scan (attributeHits), never per product.
 */
async function countFacets(
  db: Database,
  input: { base: SQL[]; ids: TaxonomyIds; attributeFilters: AttributeFilters },
): Promise<FacetResult> {
  const { base, ids, attributeFilters } = input;
  const hits = Object.keys(attributeFilters).length > 0 ? attributeHits(attributeFilters) : null;
  const withHits = hits ? sql`${hits.cte},` : sql``;
  const attributesOk = hits ? hits.productOk : sql`TRUE`;
  const typeOk = ids.type === null ? sql`TRUE` : sql`g.type_id = ${ids.type}`;
  const categoryOk = ids.category === null ? sql`TRUE` : sql`g.category_id = ${ids.category}`;
  const subCategoryOk = ids.subCategory === null ? sql`TRUE` : sql`g.sub_category_id = ${ids.subCategory}`;
  const taxonomy = taxonomyConditions(ids);
  // Both scans at once on two pooled connections (PGlite runs them one after the other).
  const [taxonomyResult, attributeResult] = await Promise.all([
    db.execute(sql`
      WITH ${withHits} g AS (
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
    // A value row counts when its product meets every other attribute's selection.
    db.execute(
      hits
        ? sql`
      WITH ${hits.cte}
      SELECT a.name, a.value, count(*)::int AS n
      FROM product_attributes a JOIN products ON products.id = a.product_id
        LEFT JOIN attribute_hits h ON h.product_id = a.product_id
      WHERE ${sqlAnd([...base, ...taxonomy, hits.valueRowOk])}
      GROUP BY a.name, a.value ORDER BY a.name, a.value`
        : sql`
      SELECT a.name, a.value, count(*)::int AS n
      FROM product_attributes a JOIN products ON products.id = a.product_id
      WHERE ${sqlAnd([...base, ...taxonomy])}
      GROUP BY a.name, a.value ORDER BY a.name, a.value`,
    ),
  ]);
  const taxonomyRows = rowsOf<{ kind: string; slug: string; name: string; n: number }>(taxonomyResult);
  const attributeRows = rowsOf<{ name: string; value: string; n: number }>(attributeResult);

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
