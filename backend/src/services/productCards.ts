/**
 * Product cards: the card query (columns, taxonomy, both specification lists) and the cards by id
 * that the listing, the home lists, the cart and the wishlist embed.
 */
import type { ProductCard, Specification } from '@shop/contract';
import { uploadedImageUrl } from '@shop/contract/media';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { imageUrl } from './images';

export const LAST_PIECE_MESSAGE = 'Only 1 left in stock';

/**
 * A product's picture: its first uploaded one (products.image_id, kept by the back office's
 * save), else the generated drawing.
 */
export const productImageUrl = (id: number, imageId: number | null): string =>
  imageId === null ? imageUrl('products', id) : uploadedImageUrl(imageId);

/** One card as the card query answers it (the SQL does the number and date conversions). */
export interface CardRow {
  id: number;
  slug: string;
  title: string;
  price: number;
  old_price: number | null;
  stock_quantity: number;
  is_customizable: boolean;
  has_packaging: boolean;
  hot: boolean;
  new_item: boolean;
  free_delivery: boolean;
  supplier_id: number | null;
  line: 'exclusive' | 'handmade' | null;
  image_id: number | null;
  rating: number;
  review_count: number;
  created_at: string;
  type_name: string;
  type_slug: string;
  category_name: string;
  category_slug: string;
  sub_category_name: string;
  sub_category_slug: string;
  product_specs: Specification[];
  sub_category_specs: Specification[];
}

export function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    image: productImageUrl(row.id, row.image_id),
    price: row.price,
    old_price: row.old_price,
    in_stock: row.stock_quantity > 0,
    stock_quantity: row.stock_quantity,
    is_customizable: row.is_customizable,
    has_packaging: row.has_packaging,
    last_piece_message: row.stock_quantity === 1 ? LAST_PIECE_MESSAGE : null,
    hot: row.hot,
    new_item: row.new_item,
    free_delivery: row.free_delivery,
    supplier_id: row.supplier_id,
    line: row.line,
    type: { name: row.type_name, slug: row.type_slug },
    category: { name: row.category_name, slug: row.category_slug },
    subCategory: { name: row.sub_category_name, slug: row.sub_category_slug },
    reviews: { rating: row.rating, count: row.review_count },
    specifications: { product: row.product_specs, sub_category: row.sub_category_specs },
    created_at: row.created_at,
  };
}

/** A specification list as JSON, in display order. */
const specsOf = (table: string, ownerColumn: string, ownerId: SQL) =>
  sql`(SELECT coalesce(json_agg(json_build_object('name', x.name, 'value', x.value, 'show_in_quick_view', x.show_in_quick_view) ORDER BY x.position, x.id), '[]'::json)
    FROM ${sql.raw(table)} x WHERE x.${sql.raw(ownerColumn)} = ${ownerId})`;

/** Card columns of `products` and its taxonomy (t, c, s); numbers as float8, the date as ISO 8601 UTC. */
const CARD_COLUMNS = sql`products.id, products.slug, products.title, products.price::float8 AS price,
  products.old_price::float8 AS old_price, products.stock_quantity, products.is_customizable,
  products.has_packaging, products.hot, products.new_item, products.free_delivery, products.supplier_id,
  products.line, products.image_id, products.sub_category_id, products.rating::float8 AS rating, products.review_count,
  products.created_at AS created_ts,
  to_char(products.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  t.name AS type_name, t.slug AS type_slug, c.name AS category_name, c.slug AS category_slug,
  s.name AS sub_category_name, s.slug AS sub_category_slug`;
const TAXONOMY_JOINS = sql`JOIN product_types t ON t.id = products.type_id
  JOIN categories c ON c.id = products.category_id
  JOIN sub_categories s ON s.id = products.sub_category_id`;

/**
 * Product cards with both specification lists, in one statement: `from` (products, or products
 * joined to a ranking `r`), filtered by `where`; with `page`, sorted and cut to one page first,
 * so the specifications are only gathered for the cards returned.
 */
export async function selectCards(
  db: Database,
  input: {
    from?: SQL;
    where: SQL;
    page?: { order: CardOrder; limit: number; offset: number; rank?: boolean };
  },
): Promise<CardRow[]> {
  const from = input.from ?? sql`products`;
  const specs = sql`${specsOf('product_specifications', 'product_id', sql`page.id`)} AS product_specs,
    ${specsOf('sub_category_specifications', 'sub_category_id', sql`page.sub_category_id`)} AS sub_category_specs`;
  const { page } = input;
  const query = page
    ? sql`SELECT page.*, ${specs} FROM (
        SELECT ${CARD_COLUMNS}${page.rank ? sql`, r.ord AS rank` : sql``} FROM ${from} ${TAXONOMY_JOINS}
        WHERE ${input.where} ORDER BY ${page.order.inner} LIMIT ${literalInt(page.limit)} OFFSET ${literalInt(page.offset)}
      ) page ORDER BY ${page.order.outer}`
    : sql`SELECT page.*, ${specs} FROM (SELECT ${CARD_COLUMNS} FROM ${from} ${TAXONOMY_JOINS} WHERE ${input.where}) page`;
  return rowsOf<CardRow>(await db.execute(query));
}

/**
 * LIMIT / OFFSET written into the text, not bound: with parameters there PostgreSQL cannot cost a
 * generic plan (it assumes an unknown offset skips 10% of the rows), so a prepared statement
 * would be planned again on every execution. Only ever a validated integer.
 */
function literalInt(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

/** An int[] parameter: one parameter whatever the number of ids (one prepared statement). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Product cards by id, in the order asked for; unknown ids are skipped. */
export async function loadProductCards(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, ProductCard>> {
  const cards = new Map<number, ProductCard>();
  if (ids.length === 0) return cards;
  const rows = await selectCards(db, { where: sql`products.id = ANY(${intArray([...new Set(ids)])})` });
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !cards.has(id)) cards.set(id, toCard(row));
  }
  return cards;
}

/** A sort as the inner (page) query and the outer (page with specifications) query write it. */
export interface CardOrder {
  inner: SQL;
  outer: SQL;
}
