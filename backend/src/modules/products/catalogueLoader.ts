/**
 * Reads the catalogue index's columns from PostgreSQL in bulk (catalogueIndex.ts). One row per
 * product as objects would cost more than the index itself (a million rows of nine fields parsed
 * and allocated); here each column of a chunk of products is one bytea aggregated by the
 * database (int4send / float8send: big-endian, exact), decoded with a DataView, and the attribute
 * pairs come as one row per (name, value) with the ids of its products: the index's pair bitmaps
 * as the database already groups them (a hash aggregate over product_attributes).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { intArray } from '../../services/productCards';

type Executor = Pick<Database, 'execute'>;

/** A full load's statements may take this long (the session's statement timeout is for requests). */
const FULL_LOAD_STATEMENT_TIMEOUT_MS = 120_000;

/**
 * A full load's reads in one snapshot (a read-only, repeatable-read transaction), each statement
 * allowed FULL_LOAD_STATEMENT_TIMEOUT_MS and planned with its own parameters (an id range's
 * bounds: a generic plan loaded the 1,000,000 products' specifications in 7.6 s, custom plans
 * in 5.6 s). The listing index and the cards' specifications load through it.
 */
export function inFullLoadSnapshot<T>(db: Database, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${FULL_LOAD_STATEMENT_TIMEOUT_MS}`));
      await tx.execute(sql`SET LOCAL plan_cache_mode = force_custom_plan`);
      return read(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Products per statement of a load: each statement stays well inside the client's query timeout
 * (DB_STATEMENT_TIMEOUT_MS plus a grace, which closes the connection), even on a busy machine.
 */
const PRODUCTS_PER_STATEMENT = 25_000;

/** The flag bits the database folds the product's booleans into (catalogueIndex.ts LISTING_FLAGS). */
export const PRODUCT_FLAG_BITS = {
  hot: 2,
  newItem: 4,
  freeDelivery: 8,
  customizable: 16,
  inStock: 32,
} as const;

/** Products as read: column i of every array is one product. */
export interface LoadedProducts {
  count: number;
  ids: Int32Array;
  typeIds: Int32Array;
  categoryIds: Int32Array;
  subCategoryIds: Int32Array;
  /** -1: no supplier. */
  supplierIds: Int32Array;
  flags: Uint8Array;
  prices: Float64Array;
  /** created_at in µs since the epoch (exact in a float64). */
  created: Float64Array;
}

/** An attribute pair and the ids of the products that have it. */
export interface LoadedPair {
  name: string;
  value: string;
  productIds: Int32Array;
}

const bytesOf = (value: unknown): Uint8Array => {
  if (value instanceof Uint8Array) return value;
  if (value === null || value === undefined) return new Uint8Array(0);
  throw new Error('the catalogue loader expected a bytea column');
};

/** A bytea of int4send values (big-endian) as ints. */
export const int32s = (value: unknown): Int32Array => {
  const bytes = bytesOf(value);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int32Array(bytes.byteLength >>> 2);
  for (let at = 0; at < out.length; at += 1) out[at] = view.getInt32(at << 2);
  return out;
};

const float64s = (value: unknown): Float64Array => {
  const bytes = bytesOf(value);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(bytes.byteLength >>> 3);
  for (let at = 0; at < out.length; at += 1) out[at] = view.getFloat64(at << 3);
  return out;
};

interface ColumnsRow {
  ids: unknown;
  types: unknown;
  categories: unknown;
  sub_categories: unknown;
  suppliers: unknown;
  flags: unknown;
  prices: unknown;
  created: unknown;
}

/** One statement: the columns of the products `where` selects, each as one bytea. */
async function readColumns(db: Executor, where: SQL): Promise<LoadedProducts> {
  const bits = PRODUCT_FLAG_BITS;
  const [row] = rowsOf<ColumnsRow>(
    await db.execute(sql`SELECT string_agg(int4send(p.id), ''::bytea) AS ids,
        string_agg(int4send(p.type_id), ''::bytea) AS types,
        string_agg(int4send(p.category_id), ''::bytea) AS categories,
        string_agg(int4send(p.sub_category_id), ''::bytea) AS sub_categories,
        string_agg(int4send(coalesce(p.supplier_id, -1)), ''::bytea) AS suppliers,
        string_agg(int4send((CASE WHEN p.hot THEN ${bits.hot} ELSE 0 END
          + CASE WHEN p.new_item THEN ${bits.newItem} ELSE 0 END
          + CASE WHEN p.free_delivery THEN ${bits.freeDelivery} ELSE 0 END
          + CASE WHEN p.is_customizable THEN ${bits.customizable} ELSE 0 END
          + CASE WHEN p.stock_quantity > 0 THEN ${bits.inStock} ELSE 0 END)::int), ''::bytea) AS flags,
        string_agg(float8send(p.price::float8), ''::bytea) AS prices,
        string_agg(float8send((extract(epoch FROM p.created_at) * 1000000)::float8), ''::bytea) AS created
      FROM products p WHERE ${where} AND p.archived_at IS NULL`),
  );
  const ids = int32s(row?.ids);
  return {
    count: ids.length,
    ids,
    typeIds: int32s(row?.types),
    categoryIds: int32s(row?.categories),
    subCategoryIds: int32s(row?.sub_categories),
    supplierIds: int32s(row?.suppliers),
    flags: Uint8Array.from(int32s(row?.flags)),
    prices: float64s(row?.prices),
    created: float64s(row?.created),
  };
}

/**
 * The pairs of the products `where` selects (on product_attributes a), in the database's order;
 * an archived product's pairs are left out with it (an anti-join on the few archived ids).
 */
async function readPairs(db: Executor, where: SQL): Promise<LoadedPair[]> {
  const rows = rowsOf<{ name: string; value: string; ids: unknown }>(
    await db.execute(sql`SELECT a.name, a.value, string_agg(int4send(a.product_id), ''::bytea) AS ids
      FROM product_attributes a WHERE ${where}
        AND NOT EXISTS (SELECT 1 FROM products x WHERE x.id = a.product_id AND x.archived_at IS NOT NULL)
      GROUP BY a.name, a.value ORDER BY a.name, a.value`),
  );
  return rows.map((row) => ({ name: row.name, value: row.value, productIds: int32s(row.ids) }));
}

function concatProducts(parts: readonly LoadedProducts[]): LoadedProducts {
  const count = parts.reduce((sum, part) => sum + part.count, 0);
  const joined: LoadedProducts = {
    count,
    ids: new Int32Array(count),
    typeIds: new Int32Array(count),
    categoryIds: new Int32Array(count),
    subCategoryIds: new Int32Array(count),
    supplierIds: new Int32Array(count),
    flags: new Uint8Array(count),
    prices: new Float64Array(count),
    created: new Float64Array(count),
  };
  let at = 0;
  for (const part of parts) {
    joined.ids.set(part.ids, at);
    joined.typeIds.set(part.typeIds, at);
    joined.categoryIds.set(part.categoryIds, at);
    joined.subCategoryIds.set(part.subCategoryIds, at);
    joined.supplierIds.set(part.supplierIds, at);
    joined.flags.set(part.flags, at);
    joined.prices.set(part.prices, at);
    joined.created.set(part.created, at);
    at += part.count;
  }
  return joined;
}

function mergePairs(parts: readonly LoadedPair[][]): LoadedPair[] {
  if (parts.length === 1) return parts[0] ?? [];
  const byKey = new Map<string, { name: string; value: string; lists: Int32Array[] }>();
  for (const part of parts) {
    for (const pair of part) {
      const key = `${pair.name}\u0000${pair.value}`;
      const entry = byKey.get(key) ?? { name: pair.name, value: pair.value, lists: [] };
      entry.lists.push(pair.productIds);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].map(({ name, value, lists }) => {
    const productIds = new Int32Array(lists.reduce((sum, list) => sum + list.length, 0));
    let at = 0;
    for (const list of lists) {
      productIds.set(list, at);
      at += list.length;
    }
    return { name, value, productIds };
  });
}

/**
 * Every product and every pair, in the caller's snapshot (a repeatable-read transaction): the
 * products and their pairs by id ranges, then the pairs put in the database's ORDER BY name,
 * value (the facets' order) by a walk of the (name, value) index: one lookup per distinct pair.
 */
export async function readAllProducts(
  db: Executor,
): Promise<{ products: LoadedProducts; pairs: LoadedPair[] }> {
  const [bounds] = rowsOf<{ low: number | null; high: number | null }>(
    await db.execute(sql`SELECT min(id) AS low, max(id) AS high FROM products`),
  );
  const parts: LoadedProducts[] = [];
  const pairParts: LoadedPair[][] = [];
  const high = Number(bounds?.high ?? 0);
  for (let from = Number(bounds?.low ?? 1); from <= high; from += PRODUCTS_PER_STATEMENT) {
    const to = from + PRODUCTS_PER_STATEMENT;
    parts.push(await readColumns(db, sql`p.id >= ${from} AND p.id < ${to}`));
    pairParts.push(await readPairs(db, sql`a.product_id >= ${from} AND a.product_id < ${to}`));
  }
  const order = rowsOf<{ name: string; value: string }>(
    await db.execute(sql`WITH RECURSIVE pairs AS (
        (SELECT name, value FROM product_attributes ORDER BY name, value LIMIT 1)
        UNION ALL SELECT next.name, next.value FROM pairs, LATERAL (
          SELECT a.name, a.value FROM product_attributes a WHERE (a.name, a.value) > (pairs.name, pairs.value)
          ORDER BY a.name, a.value LIMIT 1) next
      ) SELECT name, value FROM pairs`),
  );
  const byKey = new Map(mergePairs(pairParts).map((pair) => [`${pair.name}\u0000${pair.value}`, pair]));
  const pairs = order.flatMap(({ name, value }) => byKey.get(`${name}\u0000${value}`) ?? []);
  return { products: concatProducts(parts), pairs };
}

/** The products of `ids` that exist and are not archived (others are simply absent) and their pairs. */
export async function readProductsById(
  db: Executor,
  ids: readonly number[],
): Promise<{ products: LoadedProducts; pairs: LoadedPair[] }> {
  const products: LoadedProducts[] = [];
  const pairs: LoadedPair[][] = [];
  for (let at = 0; at < ids.length; at += PRODUCTS_PER_STATEMENT) {
    const chunk = intArray(ids.slice(at, at + PRODUCTS_PER_STATEMENT));
    products.push(await readColumns(db, sql`p.id = ANY(${chunk})`));
    pairs.push(await readPairs(db, sql`a.product_id = ANY(${chunk})`));
  }
  return { products: concatProducts(products), pairs: mergePairs(pairs) };
}
