/**
 * The listing's index (issue 19): the products' filter and facet keys kept in memory by every API
 * instance and brought up to date by the change feed (catalogueFeed.ts) before each listing. It is
 * not a result cache: nothing a request computed is kept; every listing reads the index as it is.
 *
 * Per slot (one product): id, type / category / sub-category (stable ints of the taxonomy
 * dictionaries), supplier, flag bits (live, hot, new, free delivery, customizable, in stock),
 * price, creation time (µs) and the attribute pairs (name, value) as ints. Besides the columns:
 * - bitmaps (listingBitmaps.ts), one per flag and one per attribute pair, one bit per slot;
 * - the base: slots [0, baseEnd) are grouped by taxonomy cell (type, category, sub-category), each
 *   cell a contiguous slot range sorted by (price, id), so a taxonomy filter or facet is a range
 *   and price bounds a sub-range of it, not a test per product;
 * - the tail: products added, moved to another cell or repriced since the base was laid out, read
 *   slot by slot; past a share of the catalogue the base is laid out again (cluster());
 * - three sorted permutations (newest, price up, price down) for the pages; oldest is newest
 *   walked backwards, the exact reverse of (created_at DESC, id DESC).
 *
 * A listing's total and disjunctive facets: a product failing none of the selected groups (type,
 * category, sub-category, one group per attribute name) counts for every facet; one failing
 * exactly one group counts only for that group's facet (the facet of a group ignores its own
 * selection); one failing two or more counts nowhere. In the base that is, word by word, the AND
 * of the flag and group bitmaps, counted per cell (taxonomy facets) and ANDed with each pair's
 * bitmap (attribute facets): 32 products per step. The tail, a search's candidates, and a
 * catalogue whose pair bitmaps would pass pairBitmapsMaxBytes, go product by product
 * (onePass). The matches are a bitmap the page walks in the permutation (or the search's ranking).
 */
import type { FacetValue, ProductListing } from '@shop/contract';
import type { ProductSort } from '@shop/contract/schemas/catalogue';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import type { AttributeFilters } from './attributeFilters';
import type { CatalogueSubscriber } from './catalogueFeed';
import {
  inFullLoadSnapshot,
  type LoadedPair,
  type LoadedProducts,
  PRODUCT_FLAG_BITS,
  readAllProducts,
  readProductsById,
} from './catalogueLoader';
import {
  clearBit,
  copyRange,
  countAnd,
  countRange,
  grownBitmap,
  rangeMask,
  setBit,
  wordsFor,
} from './listingBitmaps';
import { SortedSlots } from './sortedSlots';

const INITIAL_SLOTS = 1024;
/** The base is laid out again when the tail and the base's holes pass this share of the products… */
const TAIL_SHARE = 1 / 16;

/** How the index lays itself out; the defaults are for serving, the tests push each path. */
export interface CatalogueIndexOptions {
  /** The base is laid out again past TAIL_SHARE of the products and at least this many tail slots and holes. */
  tailMin: number;
  /** Changed products past this many leave and join the permutations in one merge (replaceMany). */
  bulkChanges: number;
  /** The pair bitmaps' memory at most; past it (very many distinct pairs) listings go slot by slot. */
  pairBitmapsMaxBytes: number;
}

export const DEFAULT_CATALOGUE_INDEX_OPTIONS: CatalogueIndexOptions = {
  tailMin: 4096,
  bulkChanges: 2048,
  pairBitmapsMaxBytes: 256 * 1024 * 1024,
};

const LIVE = 1;
export const LISTING_FLAGS = PRODUCT_FLAG_BITS;
export type ListingFlag = keyof typeof LISTING_FLAGS;
/** The flag bits with a bitmap each (bit 1 << i: LIVE, then the quick filters). */
const FLAG_BITMAPS = 6;

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

/** Taxonomy rows of the three levels (kind 0 type, 1 category, 2 sub-category), in facet order. */
type TaxonomyRows = (TaxonomyEntry & { kind: number })[];

async function readTaxonomy(db: Pick<Database, 'execute'>): Promise<TaxonomyRows> {
  const rows = rowsOf<TaxonomyEntry & { kind: number }>(
    await db.execute(sql`SELECT kind, id, slug, name FROM (
        SELECT 0 AS kind, id, slug, name, position FROM product_types
        UNION ALL SELECT 1, id, slug, name, position FROM categories
        UNION ALL SELECT 2, id, slug, name, position FROM sub_categories
      ) taxonomy ORDER BY kind, position, name, id`),
  );
  return rows.map((row) => ({ kind: Number(row.kind), id: Number(row.id), slug: row.slug, name: row.name }));
}

/**
 * One taxonomy level. A slot stores the entry's index here, which never changes for an id, so a
 * rename, a new position or a new entry only updates this dictionary (reloadTaxonomy), not the
 * products; `order` is the facets' order (position, name, id).
 */
class TaxonomyLevel {
  readonly ids: number[] = [];
  readonly slugs: string[] = [];
  readonly names: string[] = [];
  readonly byId = new Map<number, number>();
  bySlug = new Map<string, number>();
  order: number[] = [];

  /** The entry of a taxonomy id (one not listed yet gets an index, shown once it is listed). */
  indexOf(id: number): number {
    let index = this.byId.get(id);
    if (index === undefined) {
      index = this.ids.length;
      this.ids.push(id);
      this.slugs.push('');
      this.names.push('');
      this.byId.set(id, index);
    }
    return index;
  }

  /** The level as the database lists it now, in facet order. */
  update(entries: readonly TaxonomyEntry[]): void {
    const bySlug = new Map<string, number>();
    const order: number[] = [];
    for (const entry of entries) {
      const index = this.indexOf(entry.id);
      this.slugs[index] = entry.slug;
      this.names[index] = entry.name;
      bySlug.set(entry.slug, index);
      order.push(index);
    }
    this.bySlug = bySlug;
    this.order = order;
  }

  get size(): number {
    return this.ids.length;
  }
}

/** Product id → slot: a dense array while ids are serial-like, a Map for ids far beyond. */
class SlotsById {
  private static readonly DENSE_MAX = 1 << 24;
  private dense = new Int32Array(0);
  private readonly sparse = new Map<number, number>();

  get(id: number): number {
    if (id >= 0 && id < this.dense.length) return (this.dense[id] ?? 0) - 1;
    return this.sparse.get(id) ?? -1;
  }

  set(id: number, slot: number): void {
    if (id >= 0 && id < SlotsById.DENSE_MAX) {
      if (id >= this.dense.length) {
        const grown = new Int32Array(Math.min(SlotsById.DENSE_MAX, Math.max(1024, (id + 1) * 2)));
        grown.set(this.dense);
        this.dense = grown;
      }
      this.dense[id] = slot + 1;
    } else {
      this.sparse.set(id, slot);
    }
  }

  delete(id: number): void {
    if (id >= 0 && id < this.dense.length) this.dense[id] = 0;
    else this.sparse.delete(id);
  }
}

const pairKey = (name: string, value: string) => `${name}\u0000${value}`;

/** One product's keys as the index writes them (taxonomy as level indices, pairs as pair ints). */
interface SlotValues {
  id: number;
  type: number;
  category: number;
  subCategory: number;
  supplier: number;
  flags: number;
  price: number;
  created: number;
  pairs: Int32Array;
}

/** Quick-filter combinations: the flag bits hot, new, free delivery, customizable, in stock. */
const COMBINATIONS = 32;
const combinationOf = (flags: number) => (flags >>> 1) & (COMBINATIONS - 1);
/** Counters CellCounts may hold at most (4 bytes each); past it, listings count with the bitmaps. */
const CELL_COUNTS_MAX_ENTRIES = 16 * 1024 * 1024;

/**
 * Live products counted per taxonomy cell (type, category, sub-category) and quick-filter
 * combination, in all and per attribute pair, kept exact by every write: a listing filtered by
 * taxonomy and quick filters only (the catalogue's pages, each sort, deep pages) reads its total
 * and every facet here, cells × 32 combinations × pairs additions whatever the catalogue's size.
 */
class CellCounts {
  private readonly cellOfKey = new Map<number, number>();
  readonly cellType: number[] = [];
  readonly cellCategory: number[] = [];
  readonly cellSubCategory: number[] = [];
  /** [cell * 32 + combination]: products. */
  products = new Int32Array(0);
  /** [(cell * 32 + combination) * stride + pair]: products with the pair. */
  pairs = new Int32Array(0);
  stride = 0;
  enabled = true;

  add(
    type: number,
    category: number,
    subCategory: number,
    flags: number,
    pairs: Int32Array,
    delta: number,
  ): void {
    if (!this.enabled) return;
    const cell = this.cellOf(type, category, subCategory);
    if (cell < 0) return;
    const row = cell * COMBINATIONS + combinationOf(flags);
    this.products[row] = (this.products[row] ?? 0) + delta;
    for (const pair of pairs) {
      if (pair >= this.stride && !this.widen(pair + 1)) return;
      const at = row * this.stride + pair;
      this.pairs[at] = (this.pairs[at] ?? 0) + delta;
    }
  }

  get cells(): number {
    return this.cellType.length;
  }

  private cellOf(type: number, category: number, subCategory: number): number {
    const key = (type * 65_536 + category) * 65_536 + subCategory;
    const known = this.cellOfKey.get(key);
    if (known !== undefined) return known;
    const cell = this.cellType.length;
    if (!this.fits(cell + 1, this.stride)) return -1;
    this.cellOfKey.set(key, cell);
    this.cellType.push(type);
    this.cellCategory.push(category);
    this.cellSubCategory.push(subCategory);
    const rows = (cell + 1) * COMBINATIONS;
    if (this.products.length < rows) {
      const capacity = Math.max(rows, this.products.length * 2);
      const products = new Int32Array(capacity);
      products.set(this.products);
      this.products = products;
      const pairs = new Int32Array(capacity * this.stride);
      pairs.set(this.pairs);
      this.pairs = pairs;
    }
    return cell;
  }

  /** Room for `pairs` pairs per row; false (and counting off) past CELL_COUNTS_MAX_ENTRIES. */
  private widen(pairs: number): boolean {
    const stride = Math.max(pairs, this.stride * 2, 8);
    if (!this.fits(this.products.length / COMBINATIONS, stride)) return false;
    const grown = new Int32Array(this.products.length * stride);
    for (let row = 0; row < this.products.length; row += 1) {
      grown.set(this.pairs.subarray(row * this.stride, (row + 1) * this.stride), row * stride);
    }
    this.pairs = grown;
    this.stride = stride;
    return true;
  }

  private fits(cells: number, stride: number): boolean {
    if (cells * COMBINATIONS * (stride + 1) <= CELL_COUNTS_MAX_ENTRIES) return true;
    this.enabled = false;
    this.products = new Int32Array(0);
    this.pairs = new Int32Array(0);
    return false;
  }
}

/** The columns, bitmaps, cells and dictionaries; a full load builds new ones and swaps them in. */
class ListingColumns {
  size = 0;
  /** Slots below are grouped by cell (cellStart/cellEnd); from here on, the tail. */
  baseEnd = 0;
  /** Dead slots in the base (never reused: they sit inside a cell's range). */
  baseHoles = 0;
  capacity = INITIAL_SLOTS;
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
  /** Bit per slot: flag bit 1 << i is flagBits[i]. */
  flagBits: Uint32Array[] = Array.from(
    { length: FLAG_BITMAPS },
    () => new Uint32Array(wordsFor(INITIAL_SLOTS)),
  );
  /** Bit per slot per pair; null: none yet (no live product has it, or over the memory bound). */
  pairBits: (Uint32Array | null)[] = [];
  /** A live pair has no bitmap (pairBitmapsMaxBytes): listings go slot by slot until the next layout. */
  pairBitsIncomplete = false;
  /** A listing's scratch bitmaps (list() is synchronous: one listing at a time uses them). */
  matched: Uint32Array = new Uint32Array(wordsFor(INITIAL_SLOTS));
  work: Uint32Array = new Uint32Array(wordsFor(INITIAL_SLOTS));
  /** The words' required flags (and supplier): bitmapPass's scratch. */
  baseBits: Uint32Array = new Uint32Array(wordsFor(INITIAL_SLOTS));
  groupWork: Uint32Array[] = [];
  groupMatched: Uint32Array[] = [];
  readonly slotOfId = new SlotsById();
  /** Live products per cell and quick-filter combination (rebuilt with each layout). */
  counts = new CellCounts();
  /** Free tail slots (a base slot is never reused). */
  freeTail: number[] = [];
  live = 0;

  /** The base's cells: level indices and slot range, ordered by (type, category, sub-category). */
  cellType: number[] = [];
  cellCategory: number[] = [];
  cellSubCategory: number[] = [];
  cellStart: number[] = [];
  cellEnd: number[] = [];

  /** Attribute pairs: name and value, how many live products have each, and the name's int. */
  readonly pairNames: string[] = [];
  readonly pairValues: string[] = [];
  readonly pairNameIds: number[] = [];
  readonly pairUses: number[] = [];
  readonly pairOfKey = new Map<string, number>();
  readonly nameIds = new Map<string, number>();
  /** Per name int: how many live products have at least one value of it. */
  readonly nameProducts: number[] = [];
  /** Pairs in the facets' order (name, value as the database sorts them). */
  pairOrder: number[] = [];

  readonly newest: SortedSlots;
  readonly priceUp: SortedSlots;
  readonly priceDown: SortedSlots;

  constructor(
    readonly options: CatalogueIndexOptions,
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

  applyTaxonomy(rows: TaxonomyRows): void {
    const levels = [this.typeLevel, this.categoryLevel, this.subCategoryLevel];
    levels.forEach((level, kind) => {
      level.update(rows.filter((row) => row.kind === kind));
    });
  }

  addPairs(pairs: readonly { name: string; value: string }[]): void {
    for (const { name, value } of pairs) {
      let nameId = this.nameIds.get(name);
      if (nameId === undefined) {
        nameId = this.nameIds.size;
        this.nameIds.set(name, nameId);
        this.nameProducts.push(0);
      }
      this.pairOfKey.set(pairKey(name, value), this.pairNames.length);
      this.pairNames.push(name);
      this.pairValues.push(value);
      this.pairNameIds.push(nameId);
      this.pairUses.push(0);
      this.pairBits.push(null);
    }
  }

  /** The level indices of a loaded product's taxonomy. */
  valuesOf(loaded: LoadedProducts, at: number, pairs: Int32Array): SlotValues {
    return {
      id: loaded.ids[at] ?? 0,
      type: this.typeLevel.indexOf(loaded.typeIds[at] ?? 0),
      category: this.categoryLevel.indexOf(loaded.categoryIds[at] ?? 0),
      subCategory: this.subCategoryLevel.indexOf(loaded.subCategoryIds[at] ?? 0),
      supplier: loaded.supplierIds[at] ?? -1,
      flags: loaded.flags[at] ?? 0,
      price: loaded.prices[at] ?? 0,
      created: loaded.created[at] ?? 0,
      pairs,
    };
  }

  /**
   * Whether the product may stay in its slot: its taxonomy is still `values`' and, in the base
   * (each cell's range sorted by price), so is its price.
   */
  staysInPlace(slot: number, values: SlotValues): boolean {
    return (
      this.types[slot] === values.type &&
      this.categories[slot] === values.category &&
      this.subCategories[slot] === values.subCategory &&
      (slot >= this.baseEnd || this.prices[slot] === values.price)
    );
  }

  /** A free slot in the tail. */
  tailSlot(): number {
    const reused = this.freeTail.pop();
    if (reused !== undefined) return reused;
    if (this.size === this.capacity) this.grow(this.capacity * 2);
    const slot = this.size;
    this.size += 1;
    return slot;
  }

  /** Writes a product's columns and bits (the permutations are the caller's). */
  write(slot: number, values: SlotValues): void {
    const wasLive = ((this.flags[slot] ?? 0) & LIVE) !== 0;
    if (wasLive) {
      this.uncount(slot);
      this.unsetPairs(slot);
    } else {
      this.live += 1;
      this.slotOfId.set(values.id, slot);
    }
    this.ids[slot] = values.id;
    this.types[slot] = values.type;
    this.categories[slot] = values.category;
    this.subCategories[slot] = values.subCategory;
    this.suppliers[slot] = values.supplier;
    const flags = values.flags | LIVE;
    this.flags[slot] = flags;
    for (let bit = 0; bit < FLAG_BITMAPS; bit += 1) {
      const bits = this.flagBits[bit];
      if (!bits) continue;
      if (flags & (1 << bit)) setBit(bits, slot);
      else clearBit(bits, slot);
    }
    this.prices[slot] = values.price;
    this.created[slot] = values.created;
    this.writePairs(slot, values.pairs);
    this.counts.add(values.type, values.category, values.subCategory, flags, values.pairs, 1);
  }

  private uncount(slot: number): void {
    this.counts.add(
      this.types[slot] ?? 0,
      this.categories[slot] ?? 0,
      this.subCategories[slot] ?? 0,
      this.flags[slot] ?? 0,
      this.pairsOf(slot),
      -1,
    );
  }

  /** The slot's product is gone: its bits and pairs cleared, the slot dead (the permutations are the caller's). */
  kill(slot: number): void {
    this.uncount(slot);
    this.unsetPairs(slot);
    this.slotOfId.delete(this.ids[slot] ?? 0);
    this.flags[slot] = 0;
    for (const bits of this.flagBits) clearBit(bits, slot);
    this.poolGarbage += this.pairCount[slot] ?? 0;
    this.pairCount[slot] = 0;
    this.live -= 1;
    if (slot < this.baseEnd) this.baseHoles += 1;
    else this.freeTail.push(slot);
  }

  pairsOf(slot: number): Int32Array {
    const start = this.pairStart[slot] ?? 0;
    return this.pairPool.subarray(start, start + (this.pairCount[slot] ?? 0));
  }

  /** Whether the tail and the holes have grown past their share (cluster() then). */
  get scattered(): boolean {
    return this.size - this.baseEnd + this.baseHoles > Math.max(this.options.tailMin, this.live * TAIL_SHARE);
  }

  /**
   * Lays the base out again: every live product moves to a slot in its cell's range, cells in
   * (type, category, sub-category) order; the permutations keep their order, renumbered. The
   * pool is compacted and the bitmaps rebuilt.
   */
  cluster(): void {
    const cellKey = (slot: number) =>
      ((this.types[slot] ?? 0) * 65_536 + (this.categories[slot] ?? 0)) * 65_536 +
      (this.subCategories[slot] ?? 0);
    const cellOf = new Map<number, number>();
    const cellSlots: number[] = [];
    // In price order (priceUp holds exactly the live slots): each cell's range is then sorted by
    // (price, id), so a price bound is a sub-range of the cell found by a binary search.
    const liveSlots = this.priceUp.view().slice();
    for (const slot of liveSlots) {
      const key = cellKey(slot);
      const cell = cellOf.get(key);
      if (cell === undefined) {
        cellOf.set(key, cellSlots.length);
        cellSlots.push(1);
      } else cellSlots[cell] = (cellSlots[cell] ?? 0) + 1;
    }
    const keys = [...cellOf.keys()].sort((a, b) => a - b);
    const startOfKey = new Map<number, number>();
    this.cellType = [];
    this.cellCategory = [];
    this.cellSubCategory = [];
    this.cellStart = [];
    this.cellEnd = [];
    let cursor = 0;
    for (const key of keys) {
      const count = cellSlots[cellOf.get(key) ?? 0] ?? 0;
      startOfKey.set(key, cursor);
      this.cellType.push(Math.floor(key / 65_536 / 65_536));
      this.cellCategory.push(Math.floor(key / 65_536) % 65_536);
      this.cellSubCategory.push(key % 65_536);
      this.cellStart.push(cursor);
      this.cellEnd.push(cursor + count);
      cursor += count;
    }
    const slotOf = new Int32Array(Math.max(1, this.size)).fill(-1);
    for (const slot of liveSlots) {
      const key = cellKey(slot);
      const next = startOfKey.get(key) ?? 0;
      slotOf[slot] = next;
      startOfKey.set(key, next + 1);
    }

    const count = liveSlots.length;
    // The live slot each new slot takes its product from (new slots in order: the pool too).
    const oldOf = new Int32Array(count);
    for (const slot of liveSlots) oldOf[slotOf[slot] ?? 0] = slot;
    const capacity = Math.max(INITIAL_SLOTS, Math.ceil(count * 1.25));
    const moveInt = (from: Int32Array) => {
      const to = new Int32Array(capacity);
      for (let slot = 0; slot < count; slot += 1) to[slot] = from[oldOf[slot] ?? 0] ?? 0;
      return to;
    };
    const moveFloat = (from: Float64Array) => {
      const to = new Float64Array(capacity);
      for (let slot = 0; slot < count; slot += 1) to[slot] = from[oldOf[slot] ?? 0] ?? 0;
      return to;
    };
    let pairsLive = 0;
    for (const slot of liveSlots) pairsLive += this.pairCount[slot] ?? 0;
    const pool = new Int32Array(Math.max(INITIAL_SLOTS * 4, Math.ceil(pairsLive * 1.25)));
    const pairStart = new Int32Array(capacity);
    const pairCount = new Int32Array(capacity);
    let poolSize = 0;
    for (let to = 0; to < count; to += 1) {
      const pairs = this.pairsOf(oldOf[to] ?? 0);
      pool.set(pairs, poolSize);
      pairStart[to] = poolSize;
      pairCount[to] = pairs.length;
      poolSize += pairs.length;
    }
    const flags = new Uint8Array(capacity);
    for (let slot = 0; slot < count; slot += 1) flags[slot] = this.flags[oldOf[slot] ?? 0] ?? 0;
    this.ids = moveInt(this.ids);
    this.types = moveInt(this.types);
    this.categories = moveInt(this.categories);
    this.subCategories = moveInt(this.subCategories);
    this.suppliers = moveInt(this.suppliers);
    this.prices = moveFloat(this.prices);
    this.created = moveFloat(this.created);
    this.flags = flags;
    this.pairStart = pairStart;
    this.pairCount = pairCount;
    this.pairPool = pool;
    this.poolSize = poolSize;
    this.poolGarbage = 0;
    this.capacity = capacity;
    this.size = count;
    this.baseEnd = count;
    this.baseHoles = 0;
    this.freeTail = [];
    for (let slot = 0; slot < count; slot += 1) this.slotOfId.set(this.ids[slot] ?? 0, slot);
    this.newest.remap(slotOf);
    this.priceUp.remap(slotOf);
    this.priceDown.remap(slotOf);
    this.rebuildBitmaps();
    // Counted afresh: a CellCounts that went past its bound counts again if the catalogue now fits.
    this.counts = new CellCounts();
    for (let slot = 0; slot < count; slot += 1) {
      this.counts.add(
        this.types[slot] ?? 0,
        this.categories[slot] ?? 0,
        this.subCategories[slot] ?? 0,
        this.flags[slot] ?? 0,
        this.pairsOf(slot),
        1,
      );
    }
  }

  /** Flag and pair bitmaps from the columns (a pair's only while they fit pairBitmapsMaxBytes). */
  private rebuildBitmaps(): void {
    const words = wordsFor(this.capacity);
    this.flagBits = Array.from({ length: FLAG_BITMAPS }, () => new Uint32Array(words));
    for (let slot = 0; slot < this.size; slot += 1) {
      const flags = this.flags[slot] ?? 0;
      for (let bit = 0; bit < FLAG_BITMAPS; bit += 1) {
        const bits = this.flagBits[bit];
        if (bits && flags & (1 << bit)) setBit(bits, slot);
      }
    }
    const used = this.pairUses.filter((uses) => uses > 0).length;
    this.pairBitsIncomplete = used * words * 4 > this.options.pairBitmapsMaxBytes;
    this.pairBits = this.pairUses.map((uses) =>
      uses > 0 && !this.pairBitsIncomplete ? new Uint32Array(words) : null,
    );
    this.matched = new Uint32Array(words);
    this.work = new Uint32Array(words);
    this.baseBits = new Uint32Array(words);
    this.groupWork = [];
    this.groupMatched = [];
    if (this.pairBitsIncomplete) return;
    for (let slot = 0; slot < this.size; slot += 1) {
      for (const pair of this.pairsOf(slot)) {
        const bits = this.pairBits[pair];
        if (bits) setBit(bits, slot);
      }
    }
  }

  /** The scratch bitmap of selected attribute group `group` (`matched` per group: one failing only it). */
  groupBitmaps(group: number): { work: Uint32Array; matched: Uint32Array } {
    const words = this.matched.length;
    while (this.groupWork.length <= group) {
      this.groupWork.push(new Uint32Array(words));
      this.groupMatched.push(new Uint32Array(words));
    }
    return { work: this.groupWork[group] ?? this.work, matched: this.groupMatched[group] ?? this.matched };
  }

  /** How many values of name int `name` some live product has. */
  liveValues(name: number): number {
    let values = 0;
    for (let pair = 0; pair < this.pairNameIds.length; pair += 1) {
      if (this.pairNameIds[pair] === name && (this.pairUses[pair] ?? 0) > 0) values += 1;
    }
    return values;
  }

  /** Adds `delta` to the product count of each name among `pairs` (once per name). */
  private countNames(pairs: Int32Array, delta: number): void {
    for (let at = 0; at < pairs.length; at += 1) {
      const name = this.pairNameIds[pairs[at] ?? 0] ?? 0;
      let seen = false;
      for (let before = 0; before < at && !seen; before += 1)
        seen = this.pairNameIds[pairs[before] ?? 0] === name;
      if (!seen) this.nameProducts[name] = (this.nameProducts[name] ?? 0) + delta;
    }
  }

  private unsetPairs(slot: number): void {
    this.countNames(this.pairsOf(slot), -1);
    for (const pair of this.pairsOf(slot)) {
      this.pairUses[pair] = (this.pairUses[pair] ?? 0) - 1;
      const bits = this.pairBits[pair];
      if (bits) clearBit(bits, slot);
    }
  }

  private writePairs(slot: number, pairs: Int32Array): void {
    this.countNames(pairs, 1);
    for (const pair of pairs) {
      this.pairUses[pair] = (this.pairUses[pair] ?? 0) + 1;
      let bits = this.pairBits[pair];
      if (!bits && !this.pairBitsIncomplete) {
        const used = this.pairBits.filter((entry) => entry !== null).length + 1;
        if (used * this.matched.length * 4 > this.options.pairBitmapsMaxBytes) this.pairBitsIncomplete = true;
        else {
          bits = new Uint32Array(this.matched.length);
          this.pairBits[pair] = bits;
        }
      }
      if (bits) setBit(bits, slot);
    }
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

  /** Room for `capacity` slots in every column and bitmap. */
  grow(capacity: number): void {
    const grow = <T extends Int32Array | Uint8Array | Float64Array>(
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
    this.flagBits = this.flagBits.map((bits) => grownBitmap(bits, capacity));
    this.pairBits = this.pairBits.map((bits) => (bits ? grownBitmap(bits, capacity) : null));
    this.matched = grownBitmap(this.matched, capacity);
    this.work = grownBitmap(this.work, capacity);
    this.baseBits = grownBitmap(this.baseBits, capacity);
    this.groupWork = [];
    this.groupMatched = [];
    this.capacity = capacity;
  }
}

/** The pairs of each loaded product, as pair ints: CSR arrays by the product's place in `loaded`. */
function pairsByProduct(
  columns: ListingColumns,
  loaded: LoadedProducts,
  pairs: readonly LoadedPair[],
): (at: number) => Int32Array {
  const place = new SlotsById();
  for (let at = 0; at < loaded.count; at += 1) place.set(loaded.ids[at] ?? 0, at);
  const counts = new Int32Array(loaded.count + 1);
  for (const pair of pairs) {
    for (const id of pair.productIds) {
      const at = place.get(id);
      if (at >= 0) counts[at + 1] = (counts[at + 1] ?? 0) + 1;
    }
  }
  for (let at = 1; at <= loaded.count; at += 1) counts[at] = (counts[at] ?? 0) + (counts[at - 1] ?? 0);
  const pool = new Int32Array(counts[loaded.count] ?? 0);
  const fill = counts.slice(0, loaded.count);
  for (const pair of pairs) {
    const int = columns.pairOfKey.get(pairKey(pair.name, pair.value)) ?? -1;
    for (const id of pair.productIds) {
      const at = place.get(id);
      if (at < 0) continue;
      pool[fill[at] ?? 0] = int;
      fill[at] = (fill[at] ?? 0) + 1;
    }
  }
  return (at) => pool.subarray(counts[at] ?? 0, counts[at + 1] ?? 0);
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
  private readonly options: CatalogueIndexOptions;

  constructor(options: Partial<CatalogueIndexOptions> = {}) {
    this.options = { ...DEFAULT_CATALOGUE_INDEX_OPTIONS, ...options };
  }

  async reloadAll(db: Database): Promise<void> {
    // One snapshot for the taxonomy, the products and the pairs.
    const { taxonomy, loaded } = await inFullLoadSnapshot(db, async (tx) => ({
      taxonomy: await readTaxonomy(tx),
      loaded: await readAllProducts(tx),
    }));
    const { products, pairs } = loaded;
    const columns = new ListingColumns(
      this.options,
      new TaxonomyLevel(),
      new TaxonomyLevel(),
      new TaxonomyLevel(),
    );
    columns.applyTaxonomy(taxonomy);
    // The pairs come in the database's order (its collation): their ints are that order.
    columns.addPairs(pairs);
    columns.pairOrder = pairs.map((_, pair) => pair);
    columns.grow(Math.max(INITIAL_SLOTS, products.count));
    const pairsOf = pairsByProduct(columns, products, pairs);
    for (let at = 0; at < products.count; at += 1) {
      columns.write(columns.tailSlot(), columns.valuesOf(products, at, pairsOf(at)));
    }
    const all = Int32Array.from({ length: columns.size }, (_, slot) => slot);
    columns.newest.reset(all);
    columns.priceUp.reset(all);
    columns.priceDown.reset(all);
    columns.cluster();
    this.columns = columns;
  }

  /**
   * The taxonomy changed (names, slugs, positions, new entries), and these products: the
   * dictionaries and the products only (a slot keeps its entries' ints across a rename or a move).
   */
  reloadTaxonomy(db: Database, ids: readonly number[]): Promise<void> {
    return this.reloadChanges(db, ids, true);
  }

  reloadProducts(db: Database, ids: readonly number[]): Promise<void> {
    return this.reloadChanges(db, ids, false);
  }

  private async reloadChanges(db: Database, ids: readonly number[], taxonomyChanged: boolean): Promise<void> {
    const columns = this.columns;
    if (!columns) return this.reloadAll(db);
    const { products, pairs } = await readProductsById(db, ids);
    // Also when a product is under a taxonomy entry this index has not listed yet.
    const levels = [
      [columns.typeLevel, products.typeIds],
      [columns.categoryLevel, products.categoryIds],
      [columns.subCategoryLevel, products.subCategoryIds],
    ] as const;
    const unlisted = levels.some(([level, taxonomyIds]) => taxonomyIds.some((id) => !level.byId.has(id)));
    const taxonomy = taxonomyChanged || unlisted ? await readTaxonomy(db) : null;
    const fresh = pairs.filter((pair) => !columns.pairOfKey.has(pairKey(pair.name, pair.value)));
    if (fresh.length > 0) columns.addPairs(fresh);
    let order: number[] | null = null;
    // Also when an earlier reload added pairs and then failed before ordering them.
    if (columns.pairOrder.length < columns.pairNames.length) order = await databaseOrder(db, columns);
    // From here on no await: a listing sees the products all before or all after.
    if (taxonomy) columns.applyTaxonomy(taxonomy);
    if (order) columns.pairOrder = order;
    applyChanges(columns, ids, products, pairsByProduct(columns, products, pairs));
  }

  /** Whether a type, category or sub-category has this slug now (a listing's link is current). */
  hasSlug(level: 'type' | 'category' | 'subCategory', slug: string): boolean {
    const columns = this.columns;
    if (!columns) return false;
    const levels = {
      type: columns.typeLevel,
      category: columns.categoryLevel,
      subCategory: columns.subCategoryLevel,
    };
    return levels[level].bySlug.has(slug);
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
      columns.work,
      columns.baseBits,
      ...columns.flagBits,
      ...columns.groupWork,
      ...columns.groupMatched,
      ...columns.pairBits.flatMap((bits) => (bits ? [bits] : [])),
    ];
    const bytes = arrays.reduce((sum, array) => sum + array.byteLength, 0);
    return { products: columns.live, bytes: bytes + columns.newest.length * 4 * 3 };
  }

  /**
   * One listing: the total, the disjunctive facets and the page's ids. Synchronous, so no change
   * lands half-way through.
   */
  list(selection: ListingSelection, window: ListingWindow): ListingAnswer {
    const columns = this.columns;
    if (!columns) throw new Error('the catalogue index is used before its first load');

    // Each selected attribute name is a group (a bit); its values are the pairs some live product has.
    const groupOfPair = new Int8Array(columns.pairNames.length).fill(-1);
    const groupOfName = new Int8Array(columns.nameIds.size).fill(-1);
    const groupPairs: number[][] = [];
    for (const name of Object.keys(selection.attributes)) {
      const group = groupPairs.length;
      const selected: number[] = [];
      for (const value of selection.attributes[name] ?? []) {
        const pair = columns.pairOfKey.get(pairKey(name, value));
        if (pair !== undefined && (columns.pairUses[pair] ?? 0) > 0 && groupOfPair[pair] !== group) {
          groupOfPair[pair] = group;
          selected.push(pair);
        }
      }
      // A name none of whose values any product has: nothing can match (AND across names).
      if (selected.length === 0) return nothing();
      const nameId = columns.nameIds.get(name) ?? -1;
      // Every value of a name every live product has filters nothing: the answer is the one
      // without it (its values' facets then count the matches, which are those of the others).
      if (columns.nameProducts[nameId] === columns.live && selected.length === columns.liveValues(nameId)) {
        for (const pair of selected) groupOfPair[pair] = -1;
        continue;
      }
      groupPairs.push(selected);
      groupOfName[nameId] = group;
    }

    // A taxonomy level unselected (ANY), or the entry selected (an unknown slug matches nothing).
    const selectedIn = (level: TaxonomyLevel, slug: string | undefined) =>
      slug === undefined ? ANY_TAXONOMY : (level.bySlug.get(slug) ?? -1);

    let required = LIVE;
    for (const flag of selection.flags) required |= LISTING_FLAGS[flag];
    // For each pair, the group of its name (-1: its name is not selected).
    const groupOfPairName = new Int8Array(columns.pairNames.length);
    for (let pair = 0; pair < groupOfPairName.length; pair += 1) {
      groupOfPairName[pair] = groupOfName[columns.pairNameIds[pair] ?? 0] ?? -1;
    }
    const input: PassInput = {
      columns,
      candidates: null,
      from: 0,
      to: columns.size,
      required,
      supplier: selection.supplierId ?? -1,
      bySupplier: selection.supplierId !== undefined,
      priceMin: selection.priceMin ?? Number.NEGATIVE_INFINITY,
      priceMax: selection.priceMax ?? Number.POSITIVE_INFINITY,
      typeWanted: selectedIn(columns.typeLevel, selection.type),
      categoryWanted: selectedIn(columns.categoryLevel, selection.category),
      subCategoryWanted: selectedIn(columns.subCategoryLevel, selection.subCategory),
      groupOfPair,
      groupOfPairName,
      allGroups: (1 << groupPairs.length) - 1,
      typeCounts: new Int32Array(columns.typeLevel.size),
      categoryCounts: new Int32Array(columns.categoryLevel.size),
      subCategoryCounts: new Int32Array(columns.subCategoryLevel.size),
      pairCounts: new Int32Array(columns.pairNames.length),
    };
    const matched = columns.matched;
    matched.fill(0, 0, wordsFor(columns.size));

    // The candidates: a search's ranked products (each once), or the base by bitmaps and the tail.
    const ranked = selection.rankedIds;
    let totalCount = 0;
    const counted =
      !ranked &&
      groupPairs.length === 0 &&
      selection.priceMin === undefined &&
      selection.priceMax === undefined &&
      selection.supplierId === undefined &&
      columns.counts.enabled;
    if (counted) {
      totalCount = countedPass(input);
      return {
        totalCount,
        filters: {
          productTypes: facetValues(columns.typeLevel, input.typeCounts),
          productCategories: facetValues(columns.categoryLevel, input.categoryCounts),
          productSubCategories: facetValues(columns.subCategoryLevel, input.subCategoryCounts),
          attributes: attributeFacets(columns, input.pairCounts),
        },
        pageIds: page(columns, totalCount, window, undefined, slotMatcher(input)),
      };
    }
    if (ranked) {
      const candidates = slotsInOrder(columns, ranked);
      const pass = filtersNothing(input) ? unfilteredPass : onePass;
      totalCount = pass({ ...input, candidates, from: 0, to: candidates.length });
    } else if (!columns.pairBitsIncomplete) {
      totalCount = bitmapPass(input, groupPairs, selection);
      totalCount += onePass({ ...input, from: columns.baseEnd, to: columns.size });
    } else {
      totalCount = onePass(input);
    }

    return {
      totalCount,
      filters: {
        productTypes: facetValues(columns.typeLevel, input.typeCounts),
        productCategories: facetValues(columns.categoryLevel, input.categoryCounts),
        productSubCategories: facetValues(columns.subCategoryLevel, input.subCategoryCounts),
        attributes: attributeFacets(columns, input.pairCounts),
      },
      pageIds: page(
        columns,
        totalCount,
        window,
        ranked,
        (slot) => ((matched[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0,
        input.priceMin,
        input.priceMax,
      ),
    };
  }
}

/**
 * Applies changed products (read by id; an id not read is gone). A product whose taxonomy (and,
 * in the base, price) did not change is rewritten in its slot; one that moved, one of the base
 * with a new price, or a new one, goes to the tail. Past
 * `bulkChanges` the permutations drop the changed slots and merge them back in one pass.
 */
function applyChanges(
  columns: ListingColumns,
  ids: readonly number[],
  products: LoadedProducts,
  pairsOf: (at: number) => Int32Array,
): void {
  const bulk = ids.length > columns.options.bulkChanges;
  const orders = [columns.newest, columns.priceUp, columns.priceDown];
  const gone = bulk ? new Uint8Array(columns.capacity) : null;
  const added: number[] = [];
  const present = new SlotsById();
  for (let at = 0; at < products.count; at += 1) present.set(products.ids[at] ?? 0, at);
  const unlink = (slot: number) => {
    if (gone) gone[slot] = 1;
    else for (const order of orders) order.remove(slot);
  };
  for (const id of ids) {
    const slot = columns.slotOfId.get(id);
    if (slot >= 0 && present.get(id) < 0) {
      unlink(slot);
      columns.kill(slot);
    }
  }
  for (let at = 0; at < products.count; at += 1) {
    const values = columns.valuesOf(products, at, pairsOf(at));
    let slot = columns.slotOfId.get(values.id);
    if (slot >= 0 && columns.staysInPlace(slot, values)) {
      const keysChange = columns.created[slot] !== values.created || columns.prices[slot] !== values.price;
      if (!keysChange) {
        columns.write(slot, values);
        continue;
      }
      unlink(slot);
    } else {
      if (slot >= 0) {
        unlink(slot);
        columns.kill(slot);
      }
      // A tail slot freed above may be taken again: marked gone, its old place leaves the orders.
      slot = columns.tailSlot();
    }
    columns.write(slot, values);
    if (gone) added.push(slot);
    else for (const order of orders) order.insert(slot);
  }
  if (gone) for (const order of orders) order.replaceMany(gone, Int32Array.from(added));
  if (columns.scattered) columns.cluster();
}

/**
 * A search's ranked products as slots, each once, in slot order: the pass then reads the columns
 * front to back instead of jumping about in relevance order (up to SEARCH_CANDIDATES_MAX
 * products). Marked in the `work` bitmap (free outside bitmapPass), then read back word by word.
 */
function slotsInOrder(columns: ListingColumns, ranked: readonly number[]): Int32Array {
  const { work, slotOfId } = columns;
  const words = wordsFor(columns.size);
  work.fill(0, 0, words);
  let count = 0;
  for (let index = 0; index < ranked.length; index += 1) {
    const slot = slotOfId.get(ranked[index] ?? 0);
    if (slot < 0) continue;
    const word = work[slot >>> 5] ?? 0;
    const bit = 1 << (slot & 31);
    if ((word & bit) !== 0) continue;
    work[slot >>> 5] = word | bit;
    count += 1;
  }
  const slots = new Int32Array(count);
  let next = 0;
  for (let at = 0; at < words && next < count; at += 1) {
    let word = work[at] ?? 0;
    while (word !== 0) {
      const low = word & -word;
      slots[next] = (at << 5) | (31 - Math.clz32(low));
      next += 1;
      word ^= low;
    }
  }
  return slots;
}

/**
 * The part of a price order (`descending`: priceDown) whose prices lie within [priceMin, priceMax]:
 * every match is in it, since a match meets the bounds.
 */
function withinPrices(
  prices: Float64Array,
  order: Int32Array,
  descending: boolean,
  priceMin: number,
  priceMax: number,
): Int32Array {
  /** The first position whose price is past `bound` in the order's direction (or at it, `inclusive`). */
  const firstPast = (bound: number, inclusive: boolean) => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const price = prices[order[middle] ?? 0] ?? 0;
      const before = descending ? price > bound : price < bound;
      if (before || (!inclusive && price === bound)) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return descending
    ? order.subarray(firstPast(priceMax, true), firstPast(priceMin, false))
    : order.subarray(firstPast(priceMin, true), firstPast(priceMax, false));
}

/** The matched products from offset to offset + limit in the window's order. */
function page(
  columns: ListingColumns,
  totalCount: number,
  window: ListingWindow,
  ranked: readonly number[] | undefined,
  matches: (slot: number) => boolean,
  priceMin = Number.NEGATIVE_INFINITY,
  priceMax = Number.POSITIVE_INFINITY,
): number[] {
  const idOf = columns.ids;
  const ids: number[] = [];
  if (window.order === 'relevance') {
    let skip = window.offset;
    const seen = new Set<number>();
    for (const id of ranked ?? []) {
      const slot = columns.slotOfId.get(id);
      if (slot < 0 || !matches(slot) || seen.has(slot)) continue;
      seen.add(slot);
      if (skip > 0) skip -= 1;
      else if (ids.push(id) >= window.limit) break;
    }
    return ids;
  }
  const end = Math.min(totalCount, window.offset + window.limit);
  if (window.offset >= end) return ids;
  let order =
    window.order === 'low-to-high'
      ? columns.priceUp.view()
      : window.order === 'high-to-low'
        ? columns.priceDown.view()
        : columns.newest.view();
  // By price within price bounds: only the part of the order between them (two binary searches).
  if (window.order === 'low-to-high' || window.order === 'high-to-low') {
    order = withinPrices(columns.prices, order, window.order === 'high-to-low', priceMin, priceMax);
  }
  // Oldest first is newest walked backwards: the exact reverse of (created_at DESC, id DESC).
  const reversed = window.order === 'oldest-to-newest';
  const last = order.length - 1;
  const slotAt = (at: number) => order[reversed ? last - at : at] ?? 0;
  // A deep page is walked from the far end: the walk is at most half the matches long.
  if (end <= totalCount - window.offset) {
    let skip = window.offset;
    for (let at = 0; at <= last; at += 1) {
      const slot = slotAt(at);
      if (!matches(slot)) continue;
      if (skip > 0) skip -= 1;
      else if (ids.push(idOf[slot] ?? 0) >= end - window.offset) break;
    }
    return ids;
  }
  let skip = totalCount - end;
  for (let at = last; at >= 0; at -= 1) {
    const slot = slotAt(at);
    if (!matches(slot)) continue;
    if (skip > 0) skip -= 1;
    else if (ids.push(idOf[slot] ?? 0) >= end - window.offset) break;
  }
  return ids.reverse();
}

/** What one listing's pass reads and writes (ANY_TAXONOMY: that level is not selected). */
interface PassInput {
  columns: ListingColumns;
  /** The slots to visit (a search's) from `from` to `to`, or null: the slots from `from` to `to`. */
  candidates: Int32Array | null;
  from: number;
  to: number;
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
 * The pass slot by slot: counts the facets and sets the matches' bits; answers the total. A
 * function of its own, kept small and called with one shape, so V8 keeps it optimized.
 */
function onePass(input: PassInput): number {
  const { candidates, from, to, required, supplier, bySupplier, priceMin, priceMax } = input;
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
  for (let k = from; k < to; k += 1) {
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
      matched[slot >>> 5] = (matched[slot >>> 5] ?? 0) | (1 << (slot & 31));
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

/**
 * Whether a pass's selection lets every candidate through (a search with no other filter): only
 * LIVE is required, which a candidate is (slotsInOrder keeps the live products' slots).
 */
function filtersNothing(input: PassInput): boolean {
  return (
    input.required === LIVE &&
    !input.bySupplier &&
    input.priceMin === Number.NEGATIVE_INFINITY &&
    input.priceMax === Number.POSITIVE_INFINITY &&
    input.typeWanted === ANY_TAXONOMY &&
    input.categoryWanted === ANY_TAXONOMY &&
    input.subCategoryWanted === ANY_TAXONOMY &&
    input.allGroups === 0
  );
}

/**
 * onePass when every candidate matches (filtersNothing) and the candidates ascend (slotsInOrder):
 * no column is checked, and a base candidate's taxonomy is its cell's, counted once per cell as
 * the candidates walk the cells in order; only tail candidates read their taxonomy. A search's
 * pass reads three columns per candidate instead of nine.
 */
function unfilteredPass(input: PassInput): number {
  const { candidates, from, to, typeCounts, categoryCounts, subCategoryCounts, pairCounts } = input;
  const { types, categories, subCategories, pairStart, pairCount, pairPool, matched, baseEnd } =
    input.columns;
  const { cellEnd } = input.columns;
  if (candidates === null) throw new Error('unfilteredPass walks candidates');
  let cell = 0;
  let inCell = 0;
  for (let k = from; k < to; k += 1) {
    const slot = candidates[k] ?? 0;
    matched[slot >>> 5] = (matched[slot >>> 5] ?? 0) | (1 << (slot & 31));
    if (slot < baseEnd) {
      if (slot >= (cellEnd[cell] ?? 0)) {
        addCell(input, cell, inCell);
        inCell = 0;
        while (slot >= (cellEnd[cell] ?? 0)) cell += 1;
      }
      inCell += 1;
    } else {
      const type = types[slot] ?? 0;
      const category = categories[slot] ?? 0;
      const subCategory = subCategories[slot] ?? 0;
      typeCounts[type] = (typeCounts[type] ?? 0) + 1;
      categoryCounts[category] = (categoryCounts[category] ?? 0) + 1;
      subCategoryCounts[subCategory] = (subCategoryCounts[subCategory] ?? 0) + 1;
    }
    const end = (pairStart[slot] ?? 0) + (pairCount[slot] ?? 0);
    for (let at = pairStart[slot] ?? 0; at < end; at += 1) {
      const pair = pairPool[at] ?? 0;
      pairCounts[pair] = (pairCounts[pair] ?? 0) + 1;
    }
  }
  addCell(input, cell, inCell);
  return to - from;
}

/** `products` matches of base cell `cell` into its taxonomy's facet counts. */
function addCell(input: PassInput, cell: number, products: number): void {
  if (products === 0) return;
  const { cellType, cellCategory, cellSubCategory } = input.columns;
  const type = cellType[cell] ?? 0;
  const category = cellCategory[cell] ?? 0;
  const subCategory = cellSubCategory[cell] ?? 0;
  input.typeCounts[type] = (input.typeCounts[type] ?? 0) + products;
  input.categoryCounts[category] = (input.categoryCounts[category] ?? 0) + products;
  input.subCategoryCounts[subCategory] = (input.subCategoryCounts[subCategory] ?? 0) + products;
}

/**
 * A listing filtered by taxonomy and quick filters only, from CellCounts: per cell passing at
 * least two of the three levels, the combinations holding every required flag; their products
 * go to the total and every facet (passing all three) or to the failing level's facet.
 */
function countedPass(input: PassInput): number {
  const { columns, typeWanted, categoryWanted, subCategoryWanted } = input;
  const { typeCounts, categoryCounts, subCategoryCounts, pairCounts } = input;
  const counts = columns.counts;
  const required = combinationOf(input.required);
  const pairCount = Math.min(pairCounts.length, counts.stride);
  let totalCount = 0;
  for (let cell = 0; cell < counts.cells; cell += 1) {
    const type = counts.cellType[cell] ?? 0;
    const category = counts.cellCategory[cell] ?? 0;
    const subCategory = counts.cellSubCategory[cell] ?? 0;
    const typeFails = typeWanted !== ANY_TAXONOMY && type !== typeWanted;
    const categoryFails = categoryWanted !== ANY_TAXONOMY && category !== categoryWanted;
    const subCategoryFails = subCategoryWanted !== ANY_TAXONOMY && subCategory !== subCategoryWanted;
    const fails = Number(typeFails) + Number(categoryFails) + Number(subCategoryFails);
    if (fails > 1) continue;
    for (let combination = 0; combination < COMBINATIONS; combination += 1) {
      if ((combination & required) !== required) continue;
      const row = cell * COMBINATIONS + combination;
      const products = counts.products[row] ?? 0;
      if (products === 0) continue;
      if (typeFails) typeCounts[type] = (typeCounts[type] ?? 0) + products;
      else if (categoryFails) categoryCounts[category] = (categoryCounts[category] ?? 0) + products;
      else if (subCategoryFails)
        subCategoryCounts[subCategory] = (subCategoryCounts[subCategory] ?? 0) + products;
      if (fails === 1) continue;
      totalCount += products;
      typeCounts[type] = (typeCounts[type] ?? 0) + products;
      categoryCounts[category] = (categoryCounts[category] ?? 0) + products;
      subCategoryCounts[subCategory] = (subCategoryCounts[subCategory] ?? 0) + products;
      const from = row * counts.stride;
      for (let pair = 0; pair < pairCount; pair += 1) {
        pairCounts[pair] = (pairCounts[pair] ?? 0) + (counts.pairs[from + pair] ?? 0);
      }
    }
  }
  return totalCount;
}

/** Whether a slot meets a taxonomy and quick-filter selection (the counted listing's page walk). */
function slotMatcher(input: PassInput): (slot: number) => boolean {
  const { columns, required, typeWanted, categoryWanted, subCategoryWanted } = input;
  const { flags, types, categories, subCategories } = columns;
  return (slot) =>
    ((flags[slot] ?? 0) & required) === required &&
    (typeWanted === ANY_TAXONOMY || types[slot] === typeWanted) &&
    (categoryWanted === ANY_TAXONOMY || categories[slot] === categoryWanted) &&
    (subCategoryWanted === ANY_TAXONOMY || subCategories[slot] === subCategoryWanted);
}

/** A bitmap's words as int32 (a Uint32Array's words past 2^31 are read as doubles, several times slower). */
const int32 = (bits: Uint32Array): Int32Array => new Int32Array(bits.buffer, bits.byteOffset, bits.length);

/** The first slot of [from, to) (sorted by price) whose price is above `bound` (`inclusive`) or not below it. */
function firstPriced(
  prices: Float64Array,
  from: number,
  to: number,
  bound: number,
  inclusive: boolean,
): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const price = prices[middle] ?? 0;
    if (price < bound || (inclusive && price === bound)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The bitmaps one bitmapPass reads and fills, as int32 words. */
interface PassBitmaps {
  /** The required flags' bitmaps (LIVE first). */
  flagMaps: Int32Array[];
  /** Per selected group, its pairs' bitmaps (OR within the group). */
  groups: Int32Array[][];
  /** Scratch: the words' required flags (and supplier). */
  base: Int32Array;
  /** Scratch: per group, the words' OR of its pairs. */
  any: Int32Array[];
  /** The words meeting every filter (base AND every group). */
  all: Int32Array;
  /** Per group, the products meeting every filter but maybe that group's (filled per passing cell). */
  others: Int32Array[];
  supplier: number;
  bySupplier: boolean;
  suppliers: Int32Array;
}

/**
 * base, any and all for the words [fromWord, toWord), a bitmap at a time (tight loops over typed
 * arrays, 32 products a step). A word's values do not depend on the cell: a word two cells share
 * is simply computed twice.
 */
function fillWords(maps: PassBitmaps, fromWord: number, toWord: number): void {
  const { flagMaps, groups, base, any, all } = maps;
  const first = flagMaps[0] as Int32Array;
  for (let word = fromWord; word < toWord; word += 1) base[word] = first[word] as number;
  for (let flag = 1; flag < flagMaps.length; flag += 1) {
    const bits = flagMaps[flag] as Int32Array;
    for (let word = fromWord; word < toWord; word += 1)
      base[word] = (base[word] as number) & (bits[word] as number);
  }
  if (maps.bySupplier) {
    const { suppliers, supplier } = maps;
    for (let word = fromWord; word < toWord; word += 1) {
      let bits = base[word] as number;
      for (let rest = bits; rest !== 0; rest &= rest - 1) {
        const bit = 31 - Math.clz32(rest & -rest);
        if (suppliers[(word << 5) + bit] !== supplier) bits &= ~(1 << bit);
      }
      base[word] = bits;
    }
  }
  for (let word = fromWord; word < toWord; word += 1) all[word] = base[word] as number;
  for (let group = 0; group < groups.length; group += 1) {
    const pairs = groups[group] as Int32Array[];
    const target = any[group] as Int32Array;
    const firstPair = pairs[0];
    if (firstPair)
      for (let word = fromWord; word < toWord; word += 1) target[word] = firstPair[word] as number;
    else target.fill(0, fromWord, toWord);
    for (let pair = 1; pair < pairs.length; pair += 1) {
      const bits = pairs[pair] as Int32Array;
      for (let word = fromWord; word < toWord; word += 1)
        target[word] = (target[word] as number) | (bits[word] as number);
    }
    for (let word = fromWord; word < toWord; word += 1)
      all[word] = (all[word] as number) & (target[word] as number);
  }
}

/**
 * Each group's "meets every filter but maybe this group" over the slots [from, to) of a passing
 * cell (fillWords done for its words): inner words assigned, the two edge words ORed in masked
 * (a neighbouring cell may own the rest of them).
 */
function fillOthers(maps: PassBitmaps, from: number, to: number): void {
  const { base, any, others } = maps;
  const firstWord = from >>> 5;
  const lastWord = (to - 1) >>> 5;
  for (let group = 0; group < others.length; group += 1) {
    const target = others[group] as Int32Array;
    for (let word = firstWord + 1; word < lastWord; word += 1) target[word] = base[word] as number;
    for (let other = 0; other < any.length; other += 1) {
      if (other === group) continue;
      const bits = any[other] as Int32Array;
      for (let word = firstWord + 1; word < lastWord; word += 1)
        target[word] = (target[word] as number) & (bits[word] as number);
    }
    for (const edge of firstWord === lastWord ? [firstWord] : [firstWord, lastWord]) {
      let value = base[edge] as number;
      for (let other = 0; other < any.length; other += 1)
        if (other !== group) value &= any[other]?.[edge] ?? 0;
      target[edge] = (target[edge] as number) | (value & rangeMask(edge, from, to));
    }
  }
}

/**
 * The base by bitmaps, cell by cell (a slot range; with price bounds the sub-range of the prices
 * within them, the range being sorted by price): per word the AND of the required flags (the
 * supplier bit by bit) and each selected group's OR of pairs; the cell's count added to the total
 * and every taxonomy facet when it passes the three levels, to the failing level's facet when it
 * fails one; then each pair's facet as the popcount of its bitmap AND the matches (or, for a
 * selected name, AND the products meeting every other filter).
 */
function bitmapPass(input: PassInput, groupPairs: readonly number[][], selection: ListingSelection): number {
  const { columns, required, typeWanted, categoryWanted, subCategoryWanted } = input;
  const { typeCounts, categoryCounts, subCategoryCounts, pairCounts } = input;
  const priced = selection.priceMin !== undefined || selection.priceMax !== undefined;
  const groupCount = groupPairs.length;
  const scratch = groupPairs.map((_, group) => columns.groupBitmaps(group));
  const words = wordsFor(columns.size);
  for (const { matched: others } of scratch) others.fill(0, 0, words);
  const maps: PassBitmaps = {
    flagMaps: columns.flagBits.filter((_, bit) => (required & (1 << bit)) !== 0).map(int32),
    groups: groupPairs.map((pairs) =>
      pairs.flatMap((pair) => {
        const bits = columns.pairBits[pair];
        return bits ? [int32(bits)] : [];
      }),
    ),
    base: int32(columns.baseBits),
    any: scratch.map(({ work }) => int32(work)),
    all: int32(columns.work),
    others: scratch.map(({ matched }) => int32(matched)),
    supplier: input.supplier,
    bySupplier: input.bySupplier,
    suppliers: columns.suppliers,
  };
  const { work, matched, prices } = columns;

  let totalCount = 0;
  // The words of the passing cells (price sub-ranges): [from, to) word ranges, in slot order,
  // ranges sharing a word merged (so no word is counted twice).
  const spans: number[] = [];
  const cells = columns.cellStart.length;
  for (let cell = 0; cell < cells; cell += 1) {
    let start = columns.cellStart[cell] ?? 0;
    let end = columns.cellEnd[cell] ?? 0;
    if (priced && end > start) {
      start = firstPriced(prices, start, end, input.priceMin, false);
      end = firstPriced(prices, start, end, input.priceMax, true);
    }
    if (end <= start) continue;
    const type = columns.cellType[cell] ?? 0;
    const category = columns.cellCategory[cell] ?? 0;
    const subCategory = columns.cellSubCategory[cell] ?? 0;
    const typeFails = typeWanted !== ANY_TAXONOMY && type !== typeWanted;
    const categoryFails = categoryWanted !== ANY_TAXONOMY && category !== categoryWanted;
    const subCategoryFails = subCategoryWanted !== ANY_TAXONOMY && subCategory !== subCategoryWanted;
    const fails = Number(typeFails) + Number(categoryFails) + Number(subCategoryFails);
    if (fails > 1) continue;
    fillWords(maps, start >>> 5, ((end - 1) >>> 5) + 1);
    const count = countRange(work, start, end);
    if (fails === 1) {
      if (typeFails) typeCounts[type] = (typeCounts[type] ?? 0) + count;
      else if (categoryFails) categoryCounts[category] = (categoryCounts[category] ?? 0) + count;
      else subCategoryCounts[subCategory] = (subCategoryCounts[subCategory] ?? 0) + count;
      continue;
    }
    if (groupCount > 0) fillOthers(maps, start, end);
    totalCount += count;
    typeCounts[type] = (typeCounts[type] ?? 0) + count;
    categoryCounts[category] = (categoryCounts[category] ?? 0) + count;
    subCategoryCounts[subCategory] = (subCategoryCounts[subCategory] ?? 0) + count;
    copyRange(matched, work, start, end);
    const fromWord = start >>> 5;
    const toWord = ((end - 1) >>> 5) + 1;
    if (spans.length > 0 && fromWord < (spans.at(-1) ?? 0)) spans[spans.length - 1] = toWord;
    else spans.push(fromWord, toWord);
  }
  if (spans.length === 0) return totalCount;
  let spanWords = 0;
  for (let at = 0; at < spans.length; at += 2) spanWords += (spans[at + 1] ?? 0) - (spans[at] ?? 0);
  // Each pair's facet: the popcount of its bitmap AND the set (the matches, or for a selected
  // name those meeting every other filter), or, when the set holds fewer products than that costs
  // words, a walk of the set's products adding their pairs.
  const groupOfPairName = input.groupOfPairName;
  const pairsPerProduct = (columns.poolSize - columns.poolGarbage) / Math.max(1, columns.live);
  const sets = [
    { group: -1, bits: matched },
    ...scratch.map(({ matched: bits }, group) => ({ group, bits })),
  ];
  for (const { group, bits: set } of sets) {
    let setPairs = 0;
    for (let pair = 0; pair < pairCounts.length; pair += 1) {
      if ((columns.pairUses[pair] ?? 0) > 0 && (groupOfPairName[pair] ?? -1) === group) setPairs += 1;
    }
    let members = totalCount;
    if (group >= 0) {
      members = 0;
      for (let at = 0; at < spans.length; at += 2)
        members += countRange(set, (spans[at] ?? 0) << 5, (spans[at + 1] ?? 0) << 5);
    }
    // A product's pairs cost about as much as 16 words' popcounts (measured).
    if (members * pairsPerProduct * 16 < setPairs * spanWords) {
      for (let at = 0; at < spans.length; at += 2) {
        addPairsOfSet(columns, set, spans[at] ?? 0, spans[at + 1] ?? 0, group, groupOfPairName, pairCounts);
      }
      continue;
    }
    for (let pair = 0; pair < pairCounts.length; pair += 1) {
      const bits = columns.pairBits[pair];
      if (!bits || (columns.pairUses[pair] ?? 0) === 0 || (groupOfPairName[pair] ?? -1) !== group) continue;
      let count = 0;
      for (let at = 0; at < spans.length; at += 2)
        count += countAnd(set, bits, spans[at] ?? 0, spans[at + 1] ?? 0);
      pairCounts[pair] = (pairCounts[pair] ?? 0) + count;
    }
  }
  return totalCount;
}

/** Adds the pairs of name group `group` (-1: the unselected names) of every product in `set`. */
function addPairsOfSet(
  columns: ListingColumns,
  set: Uint32Array,
  fromWord: number,
  toWord: number,
  group: number,
  groupOfPairName: Int8Array,
  pairCounts: Int32Array,
): void {
  const { pairStart, pairCount, pairPool } = columns;
  for (let word = fromWord; word < toWord; word += 1) {
    let bits = set[word] ?? 0;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const slot = (word << 5) + 31 - Math.clz32(low);
      const start = pairStart[slot] ?? 0;
      const end = start + (pairCount[slot] ?? 0);
      for (let at = start; at < end; at += 1) {
        const pair = pairPool[at] ?? 0;
        if (groupOfPairName[pair] === group) pairCounts[pair] = (pairCounts[pair] ?? 0) + 1;
      }
    }
  }
}

const facetValues = (level: TaxonomyLevel, counts: Int32Array): FacetValue[] =>
  level.order.flatMap((index) =>
    (counts[index] ?? 0) > 0
      ? [
          {
            slug: level.slugs[index] ?? '',
            name: level.names[index] ?? '',
            products_count: counts[index] ?? 0,
          },
        ]
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
