/**
 * The catalogue as shoppers see it: listing with filters, facets and paging, and product detail.
 * Totals, facets and the page's order come from the catalogue index (catalogueIndex.ts); the
 * cards themselves are services/productCards.ts; the search text, modules/search/engine.ts.
 */

import type { ProductDetail, ProductListing } from '@shop/contract';
import type { ProductSort } from '@shop/contract/schemas/catalogue';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { currencies, products, productViews, suppliers } from '../../db/schema';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../services/html';
import { loadProductCards } from '../../services/productCards';
import { normalizeQuery, resolveSearch, searchLogged } from '../search/engine';
import type { SearchIndex } from '../search/searchIndex';
import { parseAttributeFilters } from './attributeFilters';
import type { CardSpecifications } from './cardSpecifications';
import type { CatalogueFeed } from './catalogueFeed';
import type { CatalogueIndex, ListingFlag } from './catalogueIndex';
import { currentTaxonomySlugs } from './taxonomyRedirects';

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

/** The quick filters: query flag → the index's flag bit. */
const QUICK_FILTERS = [
  ['hot', 'hot'],
  ['newItem', 'newItem'],
  ['free_delivery', 'freeDelivery'],
  ['stock', 'inStock'],
  ['customizable', 'customizable'],
] as const satisfies readonly (readonly [keyof ProductListingQuery, ListingFlag])[];

/** What a listing reads: the change feed it brings up to date first, and the indexes it then asks. */
export interface CatalogueListing {
  feed: CatalogueFeed;
  index: CatalogueIndex;
  /** The search index (modules/search), following the same feed. */
  search: SearchIndex;
  /** The cards' specification lists, following the same feed. */
  specifications: CardSpecifications;
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

/**
 * A listing: the total and the facets from the catalogue index (one pass over its columns, after
 * the change feed brought it up to date), the page's cards from the database by id with their
 * specification lists from memory (cardSpecifications.ts, following the same feed).
 */
export async function listProducts(
  db: Database,
  query: ProductListingQuery,
  catalogue: CatalogueListing,
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

  await catalogue.feed.refresh();
  // An old slug of a renamed type, category or sub-category (a link kept from before) answers
  // for the entry, and the echo names its current slug.
  const current: ProductListingQuery = {
    ...query,
    ...(await currentTaxonomySlugs(db, catalogue.index, query)),
  };
  const search = text ? await resolveSearch(db, text, catalogue.search) : null;
  const answer = catalogue.index.list(
    {
      rankedIds: search?.rankedIds,
      supplierId: query.supplier_id,
      flags: QUICK_FILTERS.filter(([key]) => isOn(query[key])).map(([, flag]) => flag),
      priceMin,
      priceMax,
      type: current.type,
      category: current.category,
      subCategory: current.subCategory,
      attributes: requestedAttributes,
    },
    { order: byRelevance ? 'relevance' : sort, offset: (page - 1) * perPage, limit: perPage },
  );
  const cards = await loadProductCards(
    db,
    answer.pageIds,
    text ? searchLogged(text) : undefined,
    catalogue.specifications,
  );

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
    const value = current[key];
    if (value !== undefined) echo[key] = String(value);
  }
  if (Object.keys(requestedAttributes).length > 0) echo.f = JSON.stringify(requestedAttributes);
  if (text) echo.q = text;
  if (!byRelevance) echo.sort = sort;
  echo['per-page'] = String(perPage);
  echo.page = String(page);

  const { totalCount } = answer;
  return {
    // A product deleted since the index's pass has no card: the page is one shorter.
    items: [...cards.values()],
    filters: answer.filters,
    query: echo,
    _meta: { totalCount, currentPage: page, pageCount: Math.ceil(totalCount / perPage), perPage },
  };
}

export const sanitizeDetails = sanitizeRichText;

/**
 * A live product by its slug, or by one it had before (product_slug_redirects): the answer then
 * carries the current slug, and the product page moves its address to it. Archived: 404.
 */
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
    .where(and(eq(products.id, productIdOfSlug(slug)), isNull(products.archivedAt)));
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

/** The product a slug names now, else the one that had it (two index lookups, one statement). */
const productIdOfSlug = (slug: string) =>
  sql`coalesce((SELECT id FROM products WHERE slug = ${slug}),
    (SELECT product_id FROM product_slug_redirects WHERE slug = ${slug}))`;
