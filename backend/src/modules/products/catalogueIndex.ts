/**
 * The listing's index (issue 19): the products' filter and facet keys laid out as typed-array
 * columns, one slot per product, kept in memory by every API instance and brought up to date by
 * the change feed (catalogueFeed.ts) before each listing. It is not a result cache: nothing a
 * request computed is kept, every listing is one pass over the columns.
 *
 * Per slot: id, type / category / sub-category (as positions in their facet order), supplier,
 * flag bits (hot, new, free delivery, customizable, in stock, live), price, creation time (µs)
 * and the attribute pairs (name, value) as ints. Dictionaries turn slugs and attribute pairs
 * into ints and keep the facets' order as the database's ORDER BY gives it (its collation).
 * Three sorted permutations (newest, price up, price down) give the pages; oldest is newest
 * walked backwards, the exact reverse of (created_at DESC, id DESC).
 *
 * One pass per listing counts the total and every disjunctive facet: a product failing none of
 * the selected groups (type, category, sub-category, one group per attribute name) counts for
 * every facet; one failing exactly one group counts only for that group's facet (the facet of a
 * group ignores its own selection); one failing two or more counts nowhere. Matching slots are
 * stamped, and the page walks the permutation (or the search's ranking) to offset + limit.
 */
import type { FacetValue, ProductListing } from '@shop/contract';
import type { ProductSort } from '@shop/contract/schemas/catalogue';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { intArray } from '../../services/productCards';
import type { AttributeFilters } from './attributeFilters';
import type { CatalogueSubscriber } from './catalogueFeed';
import { SortedSlots } from './sortedSlots';

/**
 * Ids read per statement of a full load: the rows of one chunk are in memory at once, and each
 * statement stays well inside the statement timeout.
 */
const FULL_LOAD_ID_RANGE = 10_000;
const INITIAL_SLOTS = 1024;

const LIVE = 1;
export const LISTING_FLAGS = {
  hot: 2,
  newItem: 4,
  freeDelivery: 8,
  customizable: 16,
  inStock: 32,
} as const;
export type ListingFlag = keyof typeof LISTING_FLAGS;

/** A listing's filters, as the index takes them (slugs and names as the shopper sent them). */
export interface ListingSelection {
  /** A search's matches, most relevant first: the only candidates. Absent: every product. */
  rankedIds?: readonly number[];
  supplierId?: number;
  flags: readonly ListingFlag[];
  priceMin?: number;
  priceMax?: number;
  type?: string;
  category?: string;
  subCategory?: string;
  /** Attribute name → values (OR within a name, AND across names). */
  attributes: AttributeFilters;
}

export interface ListingWindow {
  order: ProductSort | 'relevance';
  offset: number;
  limit: number;
}

export interface ListingAnswer {
  totalCount: number;
  filters: ProductListing['filters'];
  /** The page's product ids, in page order. */
  pageIds: number[];
}

/** The facets of a selection no product can meet (a selected attribute with no known value). */
const nothing = (): ListingAnswer => ({
  totalCount: 0,
  filters: { productTypes: [], productCategories: [], productSubCategories: [], attributes: [] },
  pageIds: [],
});

interface TaxonomyEntry {
  id: number;
  slug: string;
  name: string;
}

/** One taxonomy level in facet order (position, name, id): a slot stores the position here. */
class TaxonomyLevel {
  readonly byId = new Map<number, number>();
  readonly bySlug = new Map<string, number>();
  constructor(readonly entries: readonly TaxonomyEntry[]) {
    entries.forEach((entry, index) => {
      this.byId.set(entry.id, index);
      this.bySlug.set(entry.slug, index);
    });
  }
}

/** A product row as the loader reads it. */
interface ProductRow {
  id: number;
  type_id: number;
  category_id: number;
  sub_category_id: number;
  supplier_id: number | null;
  flags: number;
  price: number;
  created_us: number;
  /** Its attribute pairs, as ints of the index's dictionary. */
  pairs: readonly number[];
}

/** A changed product as read by id: its attribute pairs by name and value (some may be new). */
type ChangedRow = Omit<ProductRow, 'pairs'> & { attributes: [string, string][] };

const pairKey = (name: string, value: string) => `${name}\u0000${value}`;

type Executor = Pick<Database, 'execute'>;

/**
 * A product's listing columns. Flags are folded into LISTING_FLAGS bits by the database;
 * created_at in microseconds, exact in a float64 (the listing sorts by it).
 */
const PRODUCT_COLUMNS = sql`p.id, p.type_id, p.category_id, p.sub_category_id, p.supplier_id,
  (CASE WHEN p.hot THEN ${LISTING_FLAGS.hot} ELSE 0 END
    + CASE WHEN p.new_item THEN ${LISTING_FLAGS.newItem} ELSE 0 END
    + CASE WHEN p.free_delivery THEN ${LISTING_FLAGS.freeDelivery} ELSE 0 END
    + CASE WHEN p.is_customizable THEN ${LISTING_FLAGS.customizable} ELSE 0 END
    + CASE WHEN p.stock_quantity > 0 THEN ${LISTING_FLAGS.inStock} ELSE 0 END)::int AS flags,
  p.price::float8 AS price, (extract(epoch FROM p.created_at) * 1000000)::float8 AS created_us`;

/** Numbers as numbers (a driver may answer some as text). */
const numbersOf = (row: Omit<ProductRow, 'pairs'>): Omit<ProductRow, 'pairs'> => ({
  id: Number(row.id),
  type_id: Number(row.type_id),
  category_id: Number(row.category_id),
  sub_category_id: Number(row.sub_category_id),
  supplier_id: row.supplier_id === null ? null : Number(row.supplier_id),
  flags: Number(row.flags),
  price: Number(row.price),
  created_us: Number(row.created_us),
});

/**
 * A full load's chunk: the products with ids in [from, to), each with its pairs already as the
 * dictionary's ints (the database joins the attribute rows to the dictionary and aggregates them:
 * one row per product crosses the wire, not one per attribute).
 */
async function loadRange(db: Executor, from: number, to: number, dictionary: string): Promise<ProductRow[]> {
  const rows = rowsOf<Omit<ProductRow, 'pairs'> & { pairs: number[] | null }>(
    await db.execute(sql`SELECT ${PRODUCT_COLUMNS}, pa.pairs FROM products p LEFT JOIN (
        SELECT a.product_id, array_agg(d.i) AS pairs FROM product_attributes a
          JOIN jsonb_to_recordset(${dictionary}::jsonb) AS d(n text, v text, i int) ON d.n = a.name AND d.v = a.value
        WHERE a.product_id >= ${from} AND a.product_id < ${to} GROUP BY a.product_id
      ) pa ON pa.product_id = p.id
      WHERE p.id >= ${from} AND p.id < ${to}`),
  );
  return rows.map((row) => ({ ...numbersOf(row), pairs: row.pairs ?? [] }));
}

/** Changed products by id, with their attribute pairs by name and value. */
async function loadChanged(db: Executor, ids: readonly number[]): Promise<ChangedRow[]> {
  const rows = rowsOf<Omit<ProductRow, 'pairs'>>(
    await db.execute(sql`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = ANY(${intArray(ids)})`),
  );
  const pairs = rowsOf<{ product_id: number; name: string; value: string }>(
    await db.execute(
      sql`SELECT a.product_id, a.name, a.value FROM product_attributes a WHERE a.product_id = ANY(${intArray(ids)})`,
    ),
  );
  const attributesOf = new Map<number, [string, string][]>();
  for (const pair of pairs) {
    const id = Number(pair.product_id);
    attributesOf.set(id, [...(attributesOf.get(id) ?? []), [pair.name, pair.value]]);
  }
  return rows.map((row) => ({ ...numbersOf(row), attributes: attributesOf.get(Number(row.id)) ?? [] }));
}

/** The columns and dictionaries; a full load builds a new one and swaps it in whole. */
class ListingColumns {
  size = 0;
  ids = new Int32Array(INITIAL_SLOTS);
  types = new Int32Array(INITIAL_SLOTS);
  categories = new Int32Array(INITIAL_SLOTS);
  subCategories = new Int32Array(INITIAL_SLOTS);
  /** -1: no supplier. */
  suppliers = new Int32Array(INITIAL_SLOTS);
  flags = new Uint8Array(INITIAL_SLOTS);
  prices = new Float64Array(INITIAL_SLOTS);
  created = new Float64Array(INITIAL_SLOTS);
  /** A slot's attribute pairs: pairPool[pairStart[slot] .. + pairCount[slot]]. */
  pairStart = new Int32Array(INITIAL_SLOTS);
  pairCount = new Int32Array(INITIAL_SLOTS);
  pairPool = new Int32Array(INITIAL_SLOTS * 4);
  poolSize = 0;
  poolGarbage = 0;
  /** Stamp of the listing that last matched the slot (see CatalogueIndex.list). */
  matched = new Uint32Array(INITIAL_SLOTS);
  readonly slotOfId = new Map<number, number>();
  readonly freeSlots: number[] = [];

  /** Attribute pairs: name and value, how many live products have each, and the name's int. */
  readonly pairNames: string[] = [];
  readonly pairValues: string[] = [];
  readonly pairNameIds: number[] = [];
  readonly pairUses: number[] = [];
  readonly pairOfKey = new Map<string, number>();
  readonly nameIds = new Map<string, number>();
  /** Pairs in the facets' order (name, value as the database sorts them). */
  pairOrder: number[] = [];

  readonly newest: SortedSlots;
  readonly priceUp: SortedSlots;
  readonly priceDown: SortedSlots;

  constructor(
    readonly typeLevel: TaxonomyLevel,
    readonly categoryLevel: TaxonomyLevel,
    readonly subCategoryLevel: TaxonomyLevel,
  ) {
    this.newest = new SortedSlots(
      (a, b) => (this.created[b] ?? 0) - (this.created[a] ?? 0) || (this.ids[b] ?? 0) - (this.ids[a] ?? 0),
    );
    this.priceUp = new SortedSlots(
      (a, b) => (this.prices[a] ?? 0) - (this.prices[b] ?? 0) || (this.ids[a] ?? 0) - (this.ids[b] ?? 0),
    );
    this.priceDown = new SortedSlots(
      (a, b) => (this.prices[b] ?? 0) - (this.prices[a] ?? 0) || (this.ids[a] ?? 0) - (this.ids[b] ?? 0),
    );
  }

  /** Whether the row's taxonomy is known here (a new category is only known after a full load). */
  knows(row: Omit<ProductRow, 'pairs'>): boolean {
    return (
      this.typeLevel.byId.has(row.type_id) &&
      this.categoryLevel.byId.has(row.category_id) &&
      this.subCategoryLevel.byId.has(row.sub_category_id)
    );
  }

  /** The pairs not yet in the dictionary among `rows`. */
  unknownPairs(rows: readonly ChangedRow[]): [string, string][] {
    const fresh = new Map<string, [string, string]>();
    for (const row of rows) {
      for (const [name, value] of row.attributes) {
        const key = pairKey(name, value);
        if (!this.pairOfKey.has(key)) fresh.set(key, [name, value]);
      }
    }
    return [...fresh.values()];
  }

  addPairs(pairs: readonly [string, string][]): void {
    for (const [name, value] of pairs) {
      let nameId = this.nameIds.get(name);
      if (nameId === undefined) {
        nameId = this.nameIds.size;
        this.nameIds.set(name, nameId);
      }
      this.pairOfKey.set(pairKey(name, value), this.pairNames.length);
      this.pairNames.push(name);
      this.pairValues.push(value);
      this.pairNameIds.push(nameId);
      this.pairUses.push(0);
    }
  }

  /** The slot's product is gone: out of the orders, its pairs unused, the slot free. */
  remove(slot: number): void {
    this.unlink(slot);
    const id = this.ids[slot] ?? 0;
    this.slotOfId.delete(id);
    this.flags[slot] = 0;
    this.poolGarbage += this.pairCount[slot] ?? 0;
    this.pairCount[slot] = 0;
    this.freeSlots.push(slot);
  }

  /**
   * Writes a product (new or changed). `sorted`: keep the permutations in step (false during a
   * full load, which sorts once at the end).
   */
  put(row: ProductRow, sorted: boolean): void {
    let slot = this.slotOfId.get(row.id);
    const existing = slot !== undefined;
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.newSlot();
      this.slotOfId.set(row.id, slot);
    }
    const created = row.created_us;
    const price = row.price;
    const reorderDate = !existing || this.created[slot] !== created;
    const reorderPrice = !existing || this.prices[slot] !== price;
    if (existing && sorted) {
      if (reorderDate) this.newest.remove(slot);
      if (reorderPrice) {
        this.priceUp.remove(slot);
        this.priceDown.remove(slot);
      }
    }
    if (existing) {
      for (const pair of this.pairsOf(slot)) this.pairUses[pair] = (this.pairUses[pair] ?? 0) - 1;
    }
    this.ids[slot] = row.id;
    this.types[slot] = this.typeLevel.byId.get(row.type_id) ?? -1;
    this.categories[slot] = this.categoryLevel.byId.get(row.category_id) ?? -1;
    this.subCategories[slot] = this.subCategoryLevel.byId.get(row.sub_category_id) ?? -1;
    this.suppliers[slot] = row.supplier_id ?? -1;
    this.flags[slot] = row.flags | LIVE;
    this.prices[slot] = price;
    this.created[slot] = created;
    this.writePairs(slot, row.pairs);
    if (sorted) {
      if (reorderDate) this.newest.insert(slot);
      if (reorderPrice) {
        this.priceUp.insert(slot);
        this.priceDown.insert(slot);
      }
    }
  }

  pairsOf(slot: number): Int32Array {
    const start = this.pairStart[slot] ?? 0;
    return this.pairPool.subarray(start, start + (this.pairCount[slot] ?? 0));
  }

  /** The live slots, for the initial sorts. */
  *liveSlots(): Generator<number> {
    for (let slot = 0; slot < this.size; slot += 1) if ((this.flags[slot] ?? 0) & LIVE) yield slot;
  }

  /** The slot leaves the three orders (before its columns change or it goes). */
  private unlink(slot: number): void {
    this.newest.remove(slot);
    this.priceUp.remove(slot);
    this.priceDown.remove(slot);
    for (const pair of this.pairsOf(slot)) this.pairUses[pair] = (this.pairUses[pair] ?? 0) - 1;
  }

  private writePairs(slot: number, pairs: readonly number[]): void {
    for (const pair of pairs) this.pairUses[pair] = (this.pairUses[pair] ?? 0) + 1;
    const room = this.pairCount[slot] ?? 0;
    if (pairs.length <= room) {
      this.pairPool.set(pairs, this.pairStart[slot] ?? 0);
      this.poolGarbage += room - pairs.length;
    } else {
      this.poolGarbage += room;
      if (this.poolSize + pairs.length > this.pairPool.length) this.compactPool(pairs.length);
      this.pairStart[slot] = this.poolSize;
      this.pairPool.set(pairs, this.poolSize);
      this.poolSize += pairs.length;
    }
    this.pairCount[slot] = pairs.length;
  }

  /** Drops the space of rewritten slots' old pairs, growing the pool if it is still short of room. */
  private compactPool(needed: number): void {
    const live = this.poolSize - this.poolGarbage;
    const pool = new Int32Array(Math.max(this.pairPool.length, (live + needed) * 2));
    let size = 0;
    for (let slot = 0; slot < this.size; slot += 1) {
      const pairs = this.pairsOf(slot);
      pool.set(pairs, size);
      this.pairStart[slot] = size;
      size += pairs.length;
    }
    this.pairPool = pool;
    this.poolSize = size;
    this.poolGarbage = 0;
  }

  private newSlot(): number {
    if (this.size === this.ids.length) {
      const capacity = this.size * 2;
      const grow = <T extends Int32Array | Uint8Array | Uint32Array | Float64Array>(
        array: T,
        make: (length: number) => T,
      ): T => {
        const grown = make(capacity);
        grown.set(array);
        return grown;
      };
      this.ids = grow(this.ids, (n) => new Int32Array(n));
      this.types = grow(this.types, (n) => new Int32Array(n));
      this.categories = grow(this.categories, (n) => new Int32Array(n));
      this.subCategories = grow(this.subCategories, (n) => new Int32Array(n));
      this.suppliers = grow(this.suppliers, (n) => new Int32Array(n));
      this.flags = grow(this.flags, (n) => new Uint8Array(n));
      this.prices = grow(this.prices, (n) => new Float64Array(n));
      this.created = grow(this.created, (n) => new Float64Array(n));
      this.pairStart = grow(this.pairStart, (n) => new Int32Array(n));
      this.pairCount = grow(this.pairCount, (n) => new Int32Array(n));
      this.matched = grow(this.matched, (n) => new Uint32Array(n));
    }
    const slot = this.size;
    this.size += 1;
    return slot;
  }
}

/** The (name, value) pairs in the order the database's ORDER BY name, value gives (its collation). */
async function databaseOrder(db: Database, columns: ListingColumns): Promise<number[]> {
  const pairs = columns.pairNames.map((name, pair) => ({ n: name, v: columns.pairValues[pair] ?? '' }));
  if (pairs.length === 0) return [];
  const rows = rowsOf<{ n: string; v: string }>(
    await db.execute(sql`SELECT n, v FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS t(n text, v text)
      ORDER BY n, v`),
  );
  return rows.map((row) => columns.pairOfKey.get(pairKey(row.n, row.v)) ?? -1);
}

export class CatalogueIndex implements CatalogueSubscriber {
  private columns: ListingColumns | null = null;
  private stamp = 0;

  async reloadAll(db: Database): Promise<void> {
    // One snapshot for the taxonomy and every chunk of products.
    const columns = await db.transaction(
      async (tx) => {
        const taxonomy = rowsOf<TaxonomyEntry & { kind: number }>(
          await tx.execute(sql`SELECT kind, id, slug, name FROM (
              SELECT 0 AS kind, id, slug, name, position FROM product_types
              UNION ALL SELECT 1, id, slug, name, position FROM categories
              UNION ALL SELECT 2, id, slug, name, position FROM sub_categories
            ) taxonomy ORDER BY kind, position, name, id`),
        );
        const level = (kind: number) =>
          new TaxonomyLevel(
            taxonomy
              .filter((entry) => Number(entry.kind) === kind)
              .map((entry) => ({ id: Number(entry.id), slug: entry.slug, name: entry.name })),
          );
        const loaded = new ListingColumns(level(0), level(1), level(2));
        // The attribute pairs in the database's order (its collation): their ints are that order.
        const pairs = rowsOf<{ name: string; value: string }>(
          await tx.execute(
            sql`SELECT name, value FROM product_attributes GROUP BY name, value ORDER BY name, value`,
          ),
        );
        loaded.addPairs(pairs.map(({ name, value }) => [name, value]));
        loaded.pairOrder = pairs.map((_, pair) => pair);
        const dictionary = JSON.stringify(
          pairs.map(({ name, value }, pair) => ({ n: name, v: value, i: pair })),
        );
        // Every chunk planned for its own range: after five runs a prepared statement may switch to a
        // generic plan, which cannot cost the range and reads the whole table.
        await tx.execute(sql`SET LOCAL plan_cache_mode = force_custom_plan`);
        const [bounds] = rowsOf<{ low: number | null; high: number | null }>(
          await tx.execute(sql`SELECT min(id) AS low, max(id) AS high FROM products`),
        );
        const high = Number(bounds?.high ?? 0);
        for (let from = Number(bounds?.low ?? 1); from <= high; from += FULL_LOAD_ID_RANGE) {
          for (const row of await loadRange(tx, from, from + FULL_LOAD_ID_RANGE, dictionary)) {
            loaded.put(row, false);
          }
        }
        return loaded;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Sorted once each here; later changes insert and remove.
    const live = [...columns.liveSlots()];
    columns.newest.reset(live);
    columns.priceUp.reset(live);
    columns.priceDown.reset(live);
    this.columns = columns;
  }

  async reloadProducts(db: Database, ids: readonly number[]): Promise<void> {
    const columns = this.columns;
    if (!columns) return this.reloadAll(db);
    const rows: ChangedRow[] = [];
    for (let at = 0; at < ids.length; at += FULL_LOAD_ID_RANGE) {
      rows.push(...(await loadChanged(db, ids.slice(at, at + FULL_LOAD_ID_RANGE))));
    }
    // A product under a type, category or sub-category made after the last full load.
    if (!rows.every((row) => columns.knows(row))) return this.reloadAll(db);
    const fresh = columns.unknownPairs(rows);
    let order: number[] | null = null;
    if (fresh.length > 0) columns.addPairs(fresh);
    // Also when an earlier reload added pairs and then failed before ordering them.
    if (columns.pairOrder.length < columns.pairNames.length) order = await databaseOrder(db, columns);
    // From here on no await: a listing sees the products all before or all after.
    if (order) columns.pairOrder = order;
    const present = new Set(rows.map((row) => row.id));
    for (const id of ids) {
      const slot = columns.slotOfId.get(id);
      if (slot !== undefined && !present.has(id)) columns.remove(slot);
    }
    for (const row of rows) {
      const pairs = row.attributes.map(([name, value]) => columns.pairOfKey.get(pairKey(name, value)) ?? -1);
      columns.put({ ...row, pairs }, true);
    }
  }

  /** Whether the first full load has happened. */
  get loaded(): boolean {
    return this.columns !== null;
  }

  /** Products in the index and the bytes of its arrays (for the operations notes and the benchmark). */
  footprint(): { products: number; bytes: number } {
    const columns = this.columns;
    if (!columns) return { products: 0, bytes: 0 };
    const arrays = [
      columns.ids,
      columns.types,
      columns.categories,
      columns.subCategories,
      columns.suppliers,
      columns.flags,
      columns.prices,
      columns.created,
      columns.pairStart,
      columns.pairCount,
      columns.pairPool,
      columns.matched,
    ];
    const bytes = arrays.reduce((sum, array) => sum + array.byteLength, 0);
    return { products: columns.newest.length, bytes: bytes + columns.newest.length * 4 * 3 };
  }

  /**
   * One listing: the total, the disjunctive facets and the page's ids, in one pass over the
   * candidates and a walk of the order. Synchronous, so no change lands half-way through.
   */
  list(selection: ListingSelection, window: ListingWindow): ListingAnswer {
    const columns = this.columns;
    if (!columns) throw new Error('the catalogue index is used before its first load');

    // Each selected attribute name is a group (a bit); its values are the pairs some live product has.
    const groupNames = Object.keys(selection.attributes);
    const groupOfPair = new Int8Array(columns.pairNames.length).fill(-1);
    const groupOfName = new Int8Array(columns.nameIds.size).fill(-1);
    for (const [group, name] of groupNames.entries()) {
      let known = false;
      for (const value of selection.attributes[name] ?? []) {
        const pair = columns.pairOfKey.get(pairKey(name, value));
        if (pair !== undefined && (columns.pairUses[pair] ?? 0) > 0) {
          groupOfPair[pair] = group;
          known = true;
        }
      }
      // A name none of whose values any product has: nothing can match (AND across names).
      if (!known) return nothing();
      const nameId = columns.nameIds.get(name);
      if (nameId !== undefined) groupOfName[nameId] = group;
    }
    const allGroups = (1 << groupNames.length) - 1;

    // A taxonomy level unselected (ANY), or the position selected (an unknown slug matches nothing).
    const selectedIn = (level: TaxonomyLevel, slug: string | undefined) =>
      slug === undefined ? ANY_TAXONOMY : (level.bySlug.get(slug) ?? -1);
    const typeWanted = selectedIn(columns.typeLevel, selection.type);
    const categoryWanted = selectedIn(columns.categoryLevel, selection.category);
    const subCategoryWanted = selectedIn(columns.subCategoryLevel, selection.subCategory);

    let required = LIVE;
    for (const flag of selection.flags) required |= LISTING_FLAGS[flag];
    const priceMin = selection.priceMin ?? Number.NEGATIVE_INFINITY;
    const priceMax = selection.priceMax ?? Number.POSITIVE_INFINITY;

    const typeCounts = new Int32Array(columns.typeLevel.entries.length);
    const categoryCounts = new Int32Array(columns.categoryLevel.entries.length);
    const subCategoryCounts = new Int32Array(columns.subCategoryLevel.entries.length);
    const pairCounts = new Int32Array(columns.pairNames.length);
    this.stamp = this.stamp === 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) columns.matched.fill(0);
    const stamp = this.stamp;

    // The candidates: every slot, or a search's ranked products (each once).
    const ranked = selection.rankedIds;
    let candidates: Int32Array | null = null;
    if (ranked) {
      const seen = new Set<number>();
      for (const id of ranked) {
        const slot = columns.slotOfId.get(id);
        if (slot !== undefined) seen.add(slot);
      }
      candidates = Int32Array.from(seen);
    }
    const candidateCount = candidates ? candidates.length : columns.size;

    // For each pair, the group of its name (-1: its name is not selected).
    const groupOfPairName = new Int8Array(columns.pairNames.length);
    for (let pair = 0; pair < groupOfPairName.length; pair += 1) {
      groupOfPairName[pair] = groupOfName[columns.pairNameIds[pair] ?? 0] ?? -1;
    }
    const totalCount = onePass({
      columns,
      candidates,
      candidateCount,
      stamp,
      required,
      supplier: selection.supplierId ?? -1,
      bySupplier: selection.supplierId !== undefined,
      priceMin,
      priceMax,
      typeWanted,
      categoryWanted,
      subCategoryWanted,
      groupOfPair,
      groupOfPairName,
      allGroups,
      typeCounts,
      categoryCounts,
      subCategoryCounts,
      pairCounts,
    });

    return {
      totalCount,
      filters: {
        productTypes: facetValues(columns.typeLevel, typeCounts),
        productCategories: facetValues(columns.categoryLevel, categoryCounts),
        productSubCategories: facetValues(columns.subCategoryLevel, subCategoryCounts),
        attributes: attributeFacets(columns, pairCounts),
      },
      pageIds: this.page(columns, stamp, window, ranked),
    };
  }

  /** The matched products from offset to offset + limit in the window's order. */
  private page(
    columns: ListingColumns,
    stamp: number,
    window: ListingWindow,
    ranked: readonly number[] | undefined,
  ): number[] {
    const { matched, ids: idOf } = columns;
    const ids: number[] = [];
    let skip = window.offset;
    if (window.order === 'relevance') {
      const seen = new Set<number>();
      for (const id of ranked ?? []) {
        const slot = columns.slotOfId.get(id);
        if (slot === undefined || matched[slot] !== stamp || seen.has(slot)) continue;
        seen.add(slot);
        if (skip > 0) skip -= 1;
        else if (ids.push(id) >= window.limit) break;
      }
      return ids;
    }
    const order =
      window.order === 'low-to-high'
        ? columns.priceUp.view()
        : window.order === 'high-to-low'
          ? columns.priceDown.view()
          : columns.newest.view();
    // Oldest first is newest walked backwards: the exact reverse of (created_at DESC, id DESC).
    const backwards = window.order === 'oldest-to-newest';
    const last = order.length - 1;
    for (let at = 0; at <= last; at += 1) {
      const slot = order[backwards ? last - at : at] ?? 0;
      if (matched[slot] !== stamp) continue;
      if (skip > 0) skip -= 1;
      else if (ids.push(idOf[slot] ?? 0) >= window.limit) break;
    }
    return ids;
  }
}

/** What one listing's pass reads and writes (ANY_TAXONOMY: that level is not selected). */
interface PassInput {
  columns: ListingColumns;
  /** The slots to visit (a search's), or null: every slot below candidateCount. */
  candidates: Int32Array | null;
  candidateCount: number;
  stamp: number;
  required: number;
  supplier: number;
  bySupplier: boolean;
  priceMin: number;
  priceMax: number;
  typeWanted: number;
  categoryWanted: number;
  subCategoryWanted: number;
  /** Per pair: the selected group it satisfies, or -1. */
  groupOfPair: Int8Array;
  /** Per pair: the group of its name, or -1. */
  groupOfPairName: Int8Array;
  allGroups: number;
  typeCounts: Int32Array;
  categoryCounts: Int32Array;
  subCategoryCounts: Int32Array;
  pairCounts: Int32Array;
}

const ANY_TAXONOMY = -2;
const FAILED_TYPE = 1;
const FAILED_CATEGORY = 2;
const FAILED_SUB_CATEGORY = 3;

/**
 * The pass: counts the facets and stamps the matches; answers the total. A function of its own,
 * kept small and called with one shape, so V8 keeps it optimized (inside `list` it was
 * deoptimized after every loop, on the code that follows it).
 */
function onePass(input: PassInput): number {
  const { candidates, candidateCount, stamp, required, supplier, bySupplier, priceMin, priceMax } = input;
  const { typeWanted, categoryWanted, subCategoryWanted, groupOfPair, groupOfPairName, allGroups } = input;
  const { typeCounts, categoryCounts, subCategoryCounts, pairCounts } = input;
  const {
    types,
    categories,
    subCategories,
    suppliers,
    flags,
    prices,
    pairStart,
    pairCount,
    pairPool,
    matched,
  } = input.columns;
  const anyType = typeWanted === ANY_TAXONOMY;
  const anyCategory = categoryWanted === ANY_TAXONOMY;
  const anySubCategory = subCategoryWanted === ANY_TAXONOMY;
  let totalCount = 0;
  for (let k = 0; k < candidateCount; k += 1) {
    const slot = candidates === null ? k : (candidates[k] ?? 0);
    if (((flags[slot] ?? 0) & required) !== required) continue;
    if (bySupplier && suppliers[slot] !== supplier) continue;
    const price = prices[slot] ?? 0;
    if (price < priceMin || price > priceMax) continue;
    const type = types[slot] ?? 0;
    const category = categories[slot] ?? 0;
    const subCategory = subCategories[slot] ?? 0;
    let fails = 0;
    let failed = 0;
    if (!anyType && type !== typeWanted) {
      fails = 1;
      failed = FAILED_TYPE;
    }
    if (!anyCategory && category !== categoryWanted) {
      fails += 1;
      failed = FAILED_CATEGORY;
    }
    if (!anySubCategory && subCategory !== subCategoryWanted) {
      fails += 1;
      failed = FAILED_SUB_CATEGORY;
    }
    if (fails > 1) continue;
    const start = pairStart[slot] ?? 0;
    const end = start + (pairCount[slot] ?? 0);
    let missing = 0;
    if (allGroups !== 0) {
      let hits = 0;
      for (let at = start; at < end; at += 1) {
        const group = groupOfPair[pairPool[at] ?? 0] ?? -1;
        if (group >= 0) hits |= 1 << group;
      }
      missing = allGroups & ~hits;
      // Two groups failed (two attribute names, or one and a taxonomy level): counted nowhere.
      if (missing !== 0 && (fails !== 0 || (missing & (missing - 1)) !== 0)) continue;
    }
    if (fails === 0 && missing === 0) {
      matched[slot] = stamp;
      totalCount += 1;
      typeCounts[type] = (typeCounts[type] ?? 0) + 1;
      categoryCounts[category] = (categoryCounts[category] ?? 0) + 1;
      subCategoryCounts[subCategory] = (subCategoryCounts[subCategory] ?? 0) + 1;
      for (let at = start; at < end; at += 1) {
        const pair = pairPool[at] ?? 0;
        pairCounts[pair] = (pairCounts[pair] ?? 0) + 1;
      }
    } else if (missing !== 0) {
      // Fails only the attribute group `missing`: counts for that name's values only.
      const group = 31 - Math.clz32(missing);
      for (let at = start; at < end; at += 1) {
        const pair = pairPool[at] ?? 0;
        if (groupOfPairName[pair] === group) pairCounts[pair] = (pairCounts[pair] ?? 0) + 1;
      }
    } else if (failed === FAILED_TYPE) {
      typeCounts[type] = (typeCounts[type] ?? 0) + 1;
    } else if (failed === FAILED_CATEGORY) {
      categoryCounts[category] = (categoryCounts[category] ?? 0) + 1;
    } else {
      subCategoryCounts[subCategory] = (subCategoryCounts[subCategory] ?? 0) + 1;
    }
  }
  return totalCount;
}

const facetValues = (level: TaxonomyLevel, counts: Int32Array): FacetValue[] =>
  level.entries.flatMap((entry, index) =>
    (counts[index] ?? 0) > 0
      ? [{ slug: entry.slug, name: entry.name, products_count: counts[index] ?? 0 }]
      : [],
  );

function attributeFacets(
  columns: ListingColumns,
  counts: Int32Array,
): ProductListing['filters']['attributes'] {
  const attributes: ProductListing['filters']['attributes'] = [];
  for (const pair of columns.pairOrder) {
    const count = counts[pair] ?? 0;
    if (count === 0) continue;
    const name = columns.pairNames[pair] ?? '';
    let group = attributes.at(-1);
    if (group?.name !== name) {
      group = { name, values: [] };
      attributes.push(group);
    }
    group.values.push({ value: columns.pairValues[pair] ?? '', products_count: count });
  }
  return attributes;
}
