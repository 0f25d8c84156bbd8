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
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Database } from '../db/client';
import {
  categories,
  productSpecifications,
  products,
  productTypes,
  subCategories,
  subCategorySpecifications,
  suppliers,
} from '../db/schema';
import { AppError } from '../errors';
import type { ProductSort } from '../schemas/catalogue';
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
}

const isOn = (flag: string | undefined) => flag === '1' || flag === 'true';
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

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
  const [productRows, subCategoryRows] = await Promise.all([
    db
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
      .orderBy(asc(productSpecifications.position), asc(productSpecifications.id)),
    db
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
      .orderBy(asc(subCategorySpecifications.position), asc(subCategorySpecifications.id)),
  ]);
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

export async function listProducts(db: Database, query: ProductListingQuery): Promise<ProductListing> {
  const sort = query.sort ?? DEFAULT_SORT;
  const perPage = Math.min(Math.max(query['per-page'] ?? DEFAULT_PER_PAGE, 1), MAX_PER_PAGE);
  const page = query.page ?? 1;
  const text = query.q?.trim() ?? '';

  // Filters other than the taxonomy; facets are counted under these.
  const base: SQL[] = [];
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    const match = or(
      ilike(products.title, pattern),
      ilike(products.shortDescription, pattern),
      ilike(products.description, pattern),
    );
    if (match) base.push(match);
  }
  if (query.supplier_id !== undefined) base.push(eq(products.supplierId, query.supplier_id));
  if (isOn(query.hot)) base.push(eq(products.hot, true));
  if (isOn(query.newItem)) base.push(eq(products.newItem, true));
  if (isOn(query.free_delivery)) base.push(eq(products.freeDelivery, true));
  if (isOn(query.stock)) base.push(sql`${products.stockQuantity} > 0`);
  if (isOn(query.customizable)) base.push(eq(products.isCustomizable, true));
  if (query['price-min-usd'] !== undefined) base.push(gte(products.price, query['price-min-usd']));
  if (query['price-max-usd'] !== undefined) base.push(lte(products.price, query['price-max-usd']));

  const typeFilter = query.type ? [eq(productTypes.slug, query.type)] : [];
  const categoryFilter = query.category ? [eq(categories.slug, query.category)] : [];
  const subCategoryFilter = query.subCategory ? [eq(subCategories.slug, query.subCategory)] : [];
  const all = and(...base, ...typeFilter, ...categoryFilter, ...subCategoryFilter);

  const facet = (
    table: typeof productTypes | typeof categories | typeof subCategories,
    where: SQL | undefined,
  ): Promise<FacetValue[]> =>
    db
      .select({ slug: table.slug, name: table.name, products_count: count() })
      .from(products)
      .innerJoin(productTypes, eq(productTypes.id, products.typeId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
      .where(where)
      .groupBy(table.id, table.slug, table.name, table.position)
      .orderBy(asc(table.position), asc(table.name));

  const [totalRows, rows, productTypeFacets, categoryFacets, subCategoryFacets] = await Promise.all([
    db
      .select({ n: count() })
      .from(products)
      .innerJoin(productTypes, eq(productTypes.id, products.typeId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
      .where(all),
    baseSelect(db)
      .where(all)
      .orderBy(...ORDER_BY[sort])
      .limit(perPage)
      .offset((page - 1) * perPage),
    facet(productTypes, and(...base)),
    facet(categories, and(...base, ...typeFilter)),
    facet(subCategories, and(...base, ...typeFilter, ...categoryFilter)),
  ]);
  const totalCount = totalRows[0]?.n ?? 0;
  const { productSpecs, subCategorySpecs } = await specificationsFor(db, rows);

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
    'price-min-usd',
    'price-max-usd',
  ] as const) {
    const value = query[key];
    if (value !== undefined) echo[key] = String(value);
  }
  if (text) echo.q = text;
  echo.sort = sort;
  echo['per-page'] = String(perPage);
  echo.page = String(page);

  return {
    items: rows.map((row) => toCard(row, productSpecs, subCategorySpecs)),
    filters: {
      productTypes: productTypeFacets,
      productCategories: categoryFacets,
      productSubCategories: subCategoryFacets,
      attributes: [],
    },
    query: echo,
    _meta: { totalCount, currentPage: page, pageCount: Math.ceil(totalCount / perPage), perPage },
  };
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Product details are shop-authored HTML; it is cleaned on the way out so a bad edit cannot inject script. */
export const sanitizeDetails = (html: string) => sanitizeHtml(html, SANITIZE_OPTIONS);

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
  const card = (await loadProductCards(db, [row.id])).get(row.id);
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
