/**
 * The specification lists of a listing's cards, in memory beside the listing index (issue 19).
 * The cards' statement aggregated both lists over the page: 0.26 ms of PostgreSQL's CPU of its
 * 0.44 per page. Here they are read from memory, kept exact by the catalogue's change feed like
 * the listing and search indexes: 0032_specification_changes.sql puts a product whose
 * specifications changed in the feed, and a sub-category's specifications count as the taxonomy.
 *
 * Compact: each distinct (name, value, show_in_quick_view) is one Specification object, shared
 * by every product that has it (at 1,000,000 products: 5,000,000 rows, about 26,000 distinct);
 * a product's list is a run of their numbers in `entries`, from `start[id]` to `start[id + 1]`,
 * in display order (position, then id). A product reloaded since the full load has its own list
 * in `changed`.
 */
import type { Specification } from '@shop/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { intArray } from '../../services/productCards';
import { type CatalogueSubscriber, onePerFeed } from './catalogueFeed';
import { inFullLoadSnapshot, int32s } from './catalogueLoader';

type Executor = Pick<Database, 'execute'>;

/** Products per statement of a load (about five specifications each). */
const PRODUCTS_PER_STATEMENT = 25_000;

/** A distinct specification and, in triples of ints, each row of it: product, position, id. */
interface SpecificationRow {
  name: string;
  value: string;
  quick: number;
  entries: unknown;
}

/**
 * The specifications of the products `where` selects (on product_specifications s), grouped by
 * (name, value, show_in_quick_view): as many rows as distinct specifications, not one per
 * product. The display order (position, then id) is put together here, not by the database: a
 * window over the rows cost PostgreSQL as much as the grouping.
 */
async function readSpecifications(db: Executor, where: SQL): Promise<SpecificationRow[]> {
  return rowsOf<SpecificationRow>(
    await db.execute(sql`SELECT s.name, s.value, s.show_in_quick_view AS quick,
        string_agg(int4send(s.product_id) || int4send(s.position) || int4send(s.id), ''::bytea) AS entries
      FROM product_specifications s WHERE ${where} GROUP BY s.name, s.value, s.show_in_quick_view`),
  );
}

/**
 * Sorts the runs `start[k]`..`start[k + 1]` of `numbers` by (position, id), moving the three
 * arrays together: a product has a handful of specifications, so an insertion sort per run.
 */
function sortRuns(
  start: Int32Array,
  runs: number,
  numbers: Int32Array,
  positions: Int32Array,
  ids: Int32Array,
): void {
  for (let run = 0; run < runs; run += 1) {
    const from = start[run] ?? 0;
    const to = start[run + 1] ?? 0;
    for (let at = from + 1; at < to; at += 1) {
      const number = numbers[at] ?? 0;
      const position = positions[at] ?? 0;
      const id = ids[at] ?? 0;
      let into = at;
      while (into > from) {
        const before = into - 1;
        const p = positions[before] ?? 0;
        if (p < position || (p === position && (ids[before] ?? 0) < id)) break;
        numbers[into] = numbers[before] ?? 0;
        positions[into] = p;
        ids[into] = ids[before] ?? 0;
        into = before;
      }
      numbers[into] = number;
      positions[into] = position;
      ids[into] = id;
    }
  }
}

async function readSubCategorySpecifications(db: Executor): Promise<Map<number, Specification[]>> {
  const rows = rowsOf<{ sub_category_id: number; name: string; value: string; quick: number }>(
    await db.execute(sql`SELECT sub_category_id, name, value, show_in_quick_view AS quick
      FROM sub_category_specifications ORDER BY sub_category_id, position, id`),
  );
  const lists = new Map<number, Specification[]>();
  for (const row of rows) {
    const id = Number(row.sub_category_id);
    const list = lists.get(id) ?? [];
    list.push({ name: row.name, value: row.value, show_in_quick_view: row.quick === 1 ? 1 : 0 });
    lists.set(id, list);
  }
  return lists;
}

const NONE: Specification[] = [];

/** The distinct specifications by number, and the numbers by key. */
class SpecificationDictionary {
  readonly specifications: Specification[] = [];
  /** name → value → the numbers without and with the quick view (-1: none yet). */
  private readonly numbers = new Map<string, Map<string, [number, number]>>();

  numberOf(row: SpecificationRow): number {
    const quick = row.quick === 1 ? 1 : 0;
    // Two lookups of the texts as read: no key string is built per row.
    let values = this.numbers.get(row.name);
    if (!values) {
      values = new Map();
      this.numbers.set(row.name, values);
    }
    let numbers = values.get(row.value);
    if (!numbers) {
      numbers = [-1, -1];
      values.set(row.value, numbers);
    }
    if (numbers[quick] === -1) {
      numbers[quick] = this.specifications.length;
      this.specifications.push({ name: row.name, value: row.value, show_in_quick_view: quick });
    }
    return numbers[quick];
  }
}

/** The full load: every product's run of specification numbers. */
interface Loaded {
  dictionary: SpecificationDictionary;
  start: Int32Array;
  entries: Int32Array;
}

/**
 * Every product's specifications in the caller's snapshot, by id ranges. Each range is counted
 * per product, laid out in `entries` from its products' starts, then each product's run sorted.
 */
async function readAllSpecifications(db: Executor): Promise<Loaded> {
  const dictionary = new SpecificationDictionary();
  const [bounds] = rowsOf<{ high: number | null }>(
    await db.execute(sql`SELECT max(product_id) AS high FROM product_specifications`),
  );
  const high = Number(bounds?.high ?? 0);
  const start = new Int32Array(high + 2);
  let entries = new Int32Array(Math.max(16, (high + 1) * 5));
  let used = 0;
  const readRange = (from: number) => {
    const read = readSpecifications(
      db,
      sql`s.product_id >= ${from} AND s.product_id < ${from + PRODUCTS_PER_STATEMENT}`,
    );
    // Awaited below; a failure while the range before is laid out is not unhandled meanwhile.
    read.catch(() => undefined);
    return read;
  };
  let reading = readRange(0);
  for (let from = 0; from <= high; from += PRODUCTS_PER_STATEMENT) {
    const to = Math.min(from + PRODUCTS_PER_STATEMENT, high + 1);
    const rows = await reading;
    // The next range is asked for at once: the database groups it while this one is laid out.
    if (to <= high) reading = readRange(to);
    const decoded = rows.map((row) => ({ number: dictionary.numberOf(row), triples: int32s(row.entries) }));
    const runs = to - from;
    // The range's own runs, from 0: counts, then starts, then each row put at its product's next.
    const runStart = new Int32Array(runs + 1);
    for (const { triples } of decoded) {
      for (let at = 0; at < triples.length; at += 3) {
        const run = (triples[at] ?? 0) - from + 1;
        runStart[run] = (runStart[run] ?? 0) + 1;
      }
    }
    for (let run = 0; run < runs; run += 1)
      runStart[run + 1] = (runStart[run + 1] ?? 0) + (runStart[run] ?? 0);
    const total = runStart[runs] ?? 0;
    const numbers = new Int32Array(total);
    const positions = new Int32Array(total);
    const ids = new Int32Array(total);
    const next = runStart.slice(0, runs);
    for (const { number, triples } of decoded) {
      for (let at = 0; at < triples.length; at += 3) {
        const run = (triples[at] ?? 0) - from;
        const slot = next[run] ?? 0;
        next[run] = slot + 1;
        numbers[slot] = number;
        positions[slot] = triples[at + 1] ?? 0;
        ids[slot] = triples[at + 2] ?? 0;
      }
    }
    sortRuns(runStart, runs, numbers, positions, ids);
    for (let run = 0; run <= runs; run += 1) start[from + run] = used + (runStart[run] ?? 0);
    if (used + total > entries.length) {
      const grown = new Int32Array(Math.max(used + total, entries.length * 2));
      grown.set(entries.subarray(0, used));
      entries = grown;
    }
    entries.set(numbers, used);
    used += total;
  }
  return { dictionary, start, entries: entries.slice(0, used) };
}

export class CardSpecifications implements CatalogueSubscriber {
  private loaded: Loaded = {
    dictionary: new SpecificationDictionary(),
    start: new Int32Array(1),
    entries: new Int32Array(0),
  };
  /** Products reloaded since the full load (an empty list: none, or the product is gone). */
  private changed = new Map<number, Specification[]>();
  private subCategories = new Map<number, Specification[]>();

  /** How many products have a list apart from the full load's (their specifications changed). */
  get changedProducts(): number {
    return this.changed.size;
  }

  /** A product's specifications in display order. */
  productSpecifications(productId: number): Specification[] {
    if (this.changed.size > 0) {
      const list = this.changed.get(productId);
      if (list) return list;
    }
    const { start, entries, dictionary } = this.loaded;
    if (productId < 0 || productId + 1 >= start.length) return NONE;
    const from = start[productId] ?? 0;
    const to = start[productId + 1] ?? 0;
    const list = new Array<Specification>(to - from);
    for (let at = from; at < to; at += 1) {
      list[at - from] = dictionary.specifications[entries[at] ?? 0] as Specification;
    }
    return list;
  }

  /** A sub-category's specifications in display order. */
  subCategorySpecifications(subCategoryId: number): Specification[] {
    return this.subCategories.get(subCategoryId) ?? NONE;
  }

  async reloadAll(db: Database): Promise<void> {
    // One snapshot for the products and the sub-categories; swapped in with no await between.
    const { loaded, subCategories } = await inFullLoadSnapshot(db, async (tx) => {
      // The grouping's hash table in memory (a range's 125,000 rows): half the time of spilling
      // it to disk, or of sorting by the texts instead.
      await tx.execute(sql`SET LOCAL hash_mem_multiplier = 16`);
      return {
        loaded: await readAllSpecifications(tx),
        subCategories: await readSubCategorySpecifications(tx),
      };
    });
    this.loaded = loaded;
    this.changed = new Map();
    this.subCategories = subCategories;
  }

  reloadProducts(db: Database, ids: readonly number[]): Promise<void> {
    return this.reloadChanges(db, ids, false);
  }

  reloadTaxonomy(db: Database, ids: readonly number[]): Promise<void> {
    return this.reloadChanges(db, ids, true);
  }

  private async reloadChanges(db: Database, ids: readonly number[], taxonomyChanged: boolean): Promise<void> {
    const { dictionary } = this.loaded;
    const rows = new Map<number, { number: number; position: number; id: number }[]>();
    for (let at = 0; at < ids.length; at += PRODUCTS_PER_STATEMENT) {
      const chunk = intArray(ids.slice(at, at + PRODUCTS_PER_STATEMENT));
      for (const row of await readSpecifications(db, sql`s.product_id = ANY(${chunk})`)) {
        const number = dictionary.numberOf(row);
        const triples = int32s(row.entries);
        for (let k = 0; k < triples.length; k += 3) {
          const product = triples[k] ?? 0;
          const list = rows.get(product) ?? [];
          list.push({ number, position: triples[k + 1] ?? 0, id: triples[k + 2] ?? 0 });
          rows.set(product, list);
        }
      }
    }
    const subCategories = taxonomyChanged ? await readSubCategorySpecifications(db) : null;
    // No await from here: a listing sees every change or none.
    for (const id of ids) {
      const numbers = (rows.get(id) ?? [])
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((row) => row.number);
      // Most changes (a price, the stock) leave the list as loaded: nothing is kept for them, so
      // `changed` holds only products whose specifications did change.
      if (this.isAsLoaded(id, numbers)) this.changed.delete(id);
      else
        this.changed.set(
          id,
          numbers.map((number) => dictionary.specifications[number] as Specification),
        );
    }
    if (subCategories) this.subCategories = subCategories;
  }

  /** Whether the full load gave product `id` exactly these specification numbers. */
  private isAsLoaded(id: number, numbers: readonly number[]): boolean {
    const { start, entries } = this.loaded;
    const from = id >= 0 && id + 1 < start.length ? (start[id] ?? 0) : 0;
    const to = id >= 0 && id + 1 < start.length ? (start[id + 1] ?? 0) : 0;
    if (to - from !== numbers.length) return false;
    return numbers.every((number, at) => entries[from + at] === number);
  }
}

/**
 * The card specifications that follow `feed`: one per feed (so one per app), subscribed on first
 * use. Only a reader that called `await feed.refresh()` first may use them (the listing).
 */
export const cardSpecificationsOf = onePerFeed(() => new CardSpecifications());
