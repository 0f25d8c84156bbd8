/**
 * Issue 19: the listing's in-memory index. Its permutations stay sorted through inserts and
 * removals; its one pass gives the same totals, disjunctive facets and pages as a plain reading
 * of the rules over the database's rows, before and after changes brought in by the change feed.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/migrate';
import { categories, productAttributes, products, productTypes } from '../src/db/schema';
import type { AttributeFilters } from '../src/modules/products/attributeFilters';
import { CatalogueFeed } from '../src/modules/products/catalogueFeed';
import {
  CatalogueIndex,
  type ListingFlag,
  type ListingSelection,
  type ListingWindow,
} from '../src/modules/products/catalogueIndex';
import { SortedSlots } from '../src/modules/products/sortedSlots';
import { createTestDatabase, targets } from './db';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[below(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return { next, below, pick };
}

/** Whether a selected name gets every one of its values (randomSelection). */
const everyValueDraws = randomSource(23);
const searchDraws = randomSource(29);

describe('SortedSlots', () => {
  it('stays sorted through random inserts and removals, ties broken by the slot', () => {
    const random = randomSource(7);
    const keys = new Float64Array(500);
    const order = (a: number, b: number) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b;
    const initial = [0, 1, 2, 3, 4];
    for (const slot of initial) keys[slot] = random.below(10);
    const slots = new SortedSlots(order, initial);
    const present = new Set(initial);
    for (let step = 0; step < 2000; step += 1) {
      const slot = random.below(keys.length);
      if (present.has(slot)) {
        slots.remove(slot);
        present.delete(slot);
        if (random.next() < 0.5) {
          // A changed key: out under the old one, in under the new one.
          keys[slot] = random.below(10);
          slots.insert(slot);
          present.add(slot);
        }
      } else {
        keys[slot] = random.below(10);
        slots.insert(slot);
        present.add(slot);
      }
      if (step % 100 === 0) expect([...slots.view()]).toEqual([...present].sort(order));
    }
    expect([...slots.view()]).toEqual([...present].sort(order));
    expect(slots.length).toBe(present.size);
  });

  it('refuses to remove a slot that is not where its keys place it', () => {
    const keys = [1, 2, 3];
    const slots = new SortedSlots((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b, [0, 1]);
    expect(() => slots.remove(2)).toThrow('slot 2');
  });
});

/** A product as the reference reads it straight from the database. */
interface ReferenceRow {
  id: number;
  type: string;
  category: string;
  sub_category: string;
  supplier_id: number | null;
  hot: boolean;
  new_item: boolean;
  free_delivery: boolean;
  is_customizable: boolean;
  stock_quantity: number;
  price: number;
  attributes: [string, string][];
}

const FLAG_COLUMNS: Record<ListingFlag, (row: ReferenceRow) => boolean> = {
  hot: (row) => row.hot,
  newItem: (row) => row.new_item,
  freeDelivery: (row) => row.free_delivery,
  customizable: (row) => row.is_customizable,
  inStock: (row) => row.stock_quantity > 0,
};

async function referenceRows(db: Database): Promise<ReferenceRow[]> {
  return rowsOf<ReferenceRow>(
    await db.execute(sql`SELECT p.id, t.slug AS type, c.slug AS category, s.slug AS sub_category, p.supplier_id,
      p.hot, p.new_item, p.free_delivery, p.is_customizable, p.stock_quantity, p.price::float8 AS price,
      coalesce((SELECT json_agg(json_build_array(a.name, a.value)) FROM product_attributes a WHERE a.product_id = p.id), '[]'::json) AS attributes
      FROM products p JOIN product_types t ON t.id = p.type_id JOIN categories c ON c.id = p.category_id
      JOIN sub_categories s ON s.id = p.sub_category_id`),
  ).map((row) => ({ ...row, id: Number(row.id), price: Number(row.price) }));
}

/**
 * The listing's rules read plainly over every row: what the index must answer. Orders (taxonomy,
 * attribute pairs, pages) are asked of the database.
 */
async function reference(db: Database, selection: ListingSelection, window: ListingWindow) {
  const rows = await referenceRows(db);
  // Selected values no product has are dropped; a name left with none matches nothing.
  const attributes: AttributeFilters = {};
  for (const [name, values] of Object.entries(selection.attributes)) {
    const known = values.filter((value) =>
      rows.some((row) => row.attributes.some(([n, v]) => n === name && v === value)),
    );
    if (known.length === 0) {
      return {
        totalCount: 0,
        filters: { productTypes: [], productCategories: [], productSubCategories: [], attributes: [] },
        pageIds: [],
      };
    }
    attributes[name] = known;
  }
  const ranked = selection.rankedIds ? new Set(selection.rankedIds) : null;
  const base = (row: ReferenceRow) =>
    (ranked === null || ranked.has(row.id)) &&
    (selection.supplierId === undefined || row.supplier_id === selection.supplierId) &&
    selection.flags.every((flag) => FLAG_COLUMNS[flag](row)) &&
    (selection.priceMin === undefined || row.price >= selection.priceMin) &&
    (selection.priceMax === undefined || row.price <= selection.priceMax);
  const groups: Record<string, (row: ReferenceRow) => boolean> = {
    ' type': (row) => selection.type === undefined || row.type === selection.type,
    ' category': (row) => selection.category === undefined || row.category === selection.category,
    ' subCategory': (row) =>
      selection.subCategory === undefined || row.sub_category === selection.subCategory,
  };
  for (const [name, values] of Object.entries(attributes)) {
    groups[name] = (row) => row.attributes.some(([n, v]) => n === name && values.includes(v));
  }
  const passes = (row: ReferenceRow, ignored: string | null) =>
    base(row) && Object.entries(groups).every(([group, ok]) => group === ignored || ok(row));
  const matched = rows.filter((row) => passes(row, null));

  const taxonomyFacet = async (table: string, group: string, key: (row: ReferenceRow) => string) => {
    const counts = new Map<string, number>();
    for (const row of rows) if (passes(row, group)) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
    const order = rowsOf<{ slug: string; name: string }>(
      await db.execute(sql`SELECT slug, name FROM ${sql.identifier(table)} ORDER BY position, name, id`),
    );
    return order.flatMap(({ slug, name }) => {
      const count = counts.get(slug) ?? 0;
      return count > 0 ? [{ slug, name, products_count: count }] : [];
    });
  };
  const pairCounts = new Map<string, number>();
  for (const row of rows) {
    for (const [name, value] of row.attributes) {
      if (passes(row, name in attributes ? name : null)) {
        const key = JSON.stringify([name, value]);
        pairCounts.set(key, (pairCounts.get(key) ?? 0) + 1);
      }
    }
  }
  const pairOrder = rowsOf<{ name: string; value: string }>(
    await db.execute(
      sql`SELECT name, value FROM product_attributes GROUP BY name, value ORDER BY name, value`,
    ),
  );
  const attributeFacets: { name: string; values: { value: string; products_count: number }[] }[] = [];
  for (const { name, value } of pairOrder) {
    const count = pairCounts.get(JSON.stringify([name, value])) ?? 0;
    if (count === 0) continue;
    if (attributeFacets.at(-1)?.name !== name) attributeFacets.push({ name, values: [] });
    attributeFacets.at(-1)?.values.push({ value, products_count: count });
  }

  const matchedIds = matched.map((row) => row.id);
  let pageIds: number[];
  if (window.order === 'relevance') {
    const set = new Set(matchedIds);
    pageIds = (selection.rankedIds ?? [])
      .filter((id) => set.has(id))
      .slice(window.offset, window.offset + window.limit);
  } else {
    const orderBy = {
      'newest-to-oldest': sql`created_at DESC, id DESC`,
      'oldest-to-newest': sql`created_at, id`,
      'low-to-high': sql`price, id`,
      'high-to-low': sql`price DESC, id`,
    }[window.order];
    pageIds = rowsOf<{ id: number }>(
      await db.execute(
        sql`SELECT id FROM products WHERE id = ANY(${`{${matchedIds.join(',')}}`}::int[]) ORDER BY ${orderBy}
          LIMIT ${window.limit} OFFSET ${window.offset}`,
      ),
    ).map((row) => Number(row.id));
  }
  return {
    totalCount: matched.length,
    filters: {
      productTypes: await taxonomyFacet('product_types', ' type', (row) => row.type),
      productCategories: await taxonomyFacet('categories', ' category', (row) => row.category),
      productSubCategories: await taxonomyFacet('sub_categories', ' subCategory', (row) => row.sub_category),
      attributes: attributeFacets,
    },
    pageIds,
  };
}

const ORDERS: ListingWindow['order'][] = [
  'newest-to-oldest',
  'oldest-to-newest',
  'low-to-high',
  'high-to-low',
];
const FLAGS: ListingFlag[] = ['hot', 'newItem', 'freeDelivery', 'customizable', 'inStock'];

/** A random selection over what the catalogue holds, now and then with unknown slugs or values. */
async function randomSelection(
  db: Database,
  random: ReturnType<typeof randomSource>,
): Promise<{ selection: ListingSelection; window: ListingWindow }> {
  const rows = await referenceRows(db);
  const sample = () => random.pick(rows);
  const maybe = <T>(chance: number, value: () => T): T | undefined =>
    random.next() < chance ? value() : undefined;
  const attributes: AttributeFilters = {};
  const names = [...new Set(rows.flatMap((row) => row.attributes.map(([name]) => name)))].sort();
  const nameCount = random.below(4);
  for (let index = 0; index < nameCount && names.length > 0; index += 1) {
    const name = random.pick(names);
    const values = [
      ...new Set(rows.flatMap((row) => row.attributes.filter(([n]) => n === name).map(([, v]) => v))),
    ];
    const chosen = new Set<string>();
    for (let count = 1 + random.below(3); count > 0; count -= 1) chosen.add(random.pick(values));
    // Now and then every value (where every product has the name, no filter at all); drawn from
    // a source of its own so the changes drawn from `random` stay those of before.
    if (everyValueDraws.next() < 0.25) for (const value of values) chosen.add(value);
    if (random.next() < 0.1) chosen.add('No such value');
    attributes[random.next() < 0.05 ? 'No such name' : name] = [...chosen];
  }
  const prices = rows.map((row) => row.price).sort((a, b) => a - b);
  const search = random.next() < 0.3;
  const rankedIds = search
    ? [...rows.map((row) => row.id), 999_999]
        .filter(() => random.next() < 0.6)
        .sort(() => random.next() - 0.5)
    : undefined;
  const selection: ListingSelection = {
    rankedIds,
    supplierId: maybe(0.15, () => sample().supplier_id ?? 1),
    flags: FLAGS.filter(() => random.next() < 0.2),
    priceMin: maybe(0.2, () => random.pick(prices)),
    priceMax: maybe(0.2, () => random.pick(prices) + 0.004),
    type: maybe(0.3, () => (random.next() < 0.1 ? 'no-such-type' : sample().type)),
    category: maybe(0.3, () => sample().category),
    subCategory: maybe(0.2, () => sample().sub_category),
    attributes,
  };
  const order = search && random.next() < 0.5 ? 'relevance' : random.pick(ORDERS);
  return {
    selection,
    window: { order, offset: random.pick([0, 0, 3, 20]), limit: random.pick([5, 20, 500]) },
  };
}

/** Random changes of every kind the feed reports: rows, attributes, taxonomy, moves, new and gone products. */
async function randomChanges(
  db: Database,
  random: ReturnType<typeof randomSource>,
  taxonomy: boolean,
): Promise<void> {
  const ids = (await db.select({ id: products.id }).from(products)).map((row) => row.id);
  const someId = () => random.pick(ids);
  for (let step = 0; step < 24; step += 1) {
    const id = someId();
    switch (random.below(taxonomy ? 11 : 10)) {
      case 0:
        await db
          .update(products)
          .set({ price: random.pick([0.5, 9.99, 12.5, 40, 9999]) })
          .where(eq(products.id, id));
        break;
      case 1:
        await db
          .update(products)
          .set({ stockQuantity: random.below(3) })
          .where(eq(products.id, id));
        break;
      case 2:
        await db
          .update(products)
          .set({ hot: random.next() < 0.5, freeDelivery: random.next() < 0.5 })
          .where(eq(products.id, id));
        break;
      case 3:
        await db
          .insert(productAttributes)
          .values({
            productId: id,
            name: random.pick(['Colour', 'Finish']),
            value: random.pick(['Red', 'Zinc', 'Amber']),
          })
          .onConflictDoNothing();
        break;
      case 4:
        await db.delete(productAttributes).where(eq(productAttributes.productId, id));
        break;
      case 5:
        // A new product, made the same instant as another one (the sort's tie-break is the id).
        await db.execute(sql`INSERT INTO products (slug, title, short_description, description, details, price,
            stock_quantity, hot, type_id, category_id, sub_category_id, supplier_id, created_at)
          SELECT slug || '-copy-' || ${random.below(1e9)}, title, '', '', '', price, 1, hot, type_id, category_id,
            sub_category_id, supplier_id, created_at FROM products WHERE id = ${id}`);
        break;
      case 6:
        await db.delete(products).where(eq(products.id, id));
        ids.splice(ids.indexOf(id), 1);
        break;
      case 7:
        await db.execute(
          sql`UPDATE products SET created_at = (SELECT created_at FROM products WHERE id = ${someId()}) WHERE id = ${id}`,
        );
        break;
      case 8:
        await db
          .update(products)
          .set({ createdAt: new Date(Date.now() - random.below(1e9)) })
          .where(eq(products.id, id));
        break;
      case 9:
        // Moved to another product's type, category and sub-category (another cell of the base).
        await db.execute(sql`UPDATE products SET type_id = o.type_id, category_id = o.category_id,
            sub_category_id = o.sub_category_id FROM products o WHERE o.id = ${someId()} AND products.id = ${id}`);
        break;
      default:
        await db
          .update(categories)
          .set({ position: random.below(5), name: `Category ${random.below(100)}` })
          .where(eq(categories.id, 1 + random.below(3)));
    }
  }
}

describe.each(targets)('the catalogue index (%s)', (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind, 120);
    db = database.db;
  });
  afterAll(() => database.close());

  it('answers totals, disjunctive facets and pages as the rules read over the rows, through changes', async () => {
    const feed = new CatalogueFeed(db);
    // As served (bitmaps over a base laid out once), laid out again after every few changes and
    // merging every change into the orders in bulk, and slot by slot (no pair bitmaps).
    const layouts = {
      served: new CatalogueIndex(),
      relaidAndBulk: new CatalogueIndex({ tailMin: 0, bulkChanges: 0 }),
      slotBySlot: new CatalogueIndex({ pairBitmapsMaxBytes: 0 }),
    };
    for (const index of Object.values(layouts)) feed.subscribe(index);
    const random = randomSource(kind === 'pglite' ? 19 : 91);
    const reloadAll = jest.spyOn(layouts.served, 'reloadAll');
    const reloadTaxonomy = jest.spyOn(layouts.served, 'reloadTaxonomy');
    for (let round = 0; round < 8; round += 1) {
      await feed.refresh();
      for (let check = 0; check < 12; check += 1) {
        const { selection, window } = await randomSelection(db, random);
        const expected = await reference(db, selection, window);
        for (const [layout, index] of Object.entries(layouts)) {
          expect({ layout, selection, window, answer: index.list(selection, window) }).toEqual({
            layout,
            selection,
            window,
            answer: expected,
          });
        }
      }
      // A search with no other filter (every candidate matches: the pass reads no column), in a
      // relevance order of its own, an unknown id among them; drawn from a source of its own.
      const ids = (await db.select({ id: products.id }).from(products)).map((row) => row.id);
      const rankedIds = [...ids, 999_999]
        .filter(() => searchDraws.next() < 0.7)
        .sort(() => searchDraws.next() - 0.5);
      for (const order of ['relevance', 'low-to-high'] as const) {
        const selection: ListingSelection = { rankedIds, flags: [], attributes: {} };
        const window: ListingWindow = { order, offset: 0, limit: 20 };
        const expected = await reference(db, selection, window);
        for (const [layout, index] of Object.entries(layouts)) {
          expect({ layout, window, answer: index.list(selection, window) }).toEqual({
            layout,
            window,
            answer: expected,
          });
        }
      }
      // The taxonomy changes once (its dictionaries only); every other round goes product by product.
      await randomChanges(db, random, round === 4);
    }
    expect(reloadAll).toHaveBeenCalledTimes(1);
    expect(reloadTaxonomy).toHaveBeenCalledTimes(1);
  });

  it('counts a product failing one group for that group only, and one failing two nowhere', async () => {
    const feed = new CatalogueFeed(db);
    const index = new CatalogueIndex();
    feed.subscribe(index);
    await feed.refresh();
    const [type] = await db.select().from(productTypes).limit(1);
    if (!type) throw new Error('no product type');
    const [colour] = rowsOf<{ value: string }>(
      await db.execute(sql`SELECT value FROM product_attributes WHERE name = 'Colour' LIMIT 1`),
    );
    if (!colour) throw new Error('no colour');
    const both = index.list(
      { flags: [], type: type.slug, attributes: { Colour: [colour.value] } },
      { order: 'newest-to-oldest', offset: 0, limit: 100 },
    );
    const typeOnly = index.list(
      { flags: [], type: type.slug, attributes: {} },
      { order: 'newest-to-oldest', offset: 0, limit: 100 },
    );
    const colourOnly = index.list(
      { flags: [], attributes: { Colour: [colour.value] } },
      { order: 'newest-to-oldest', offset: 0, limit: 100 },
    );
    // The type facet ignores the type (counts as if only the colour were selected), and the
    // colour facet ignores the colour.
    expect(both.filters.productTypes).toEqual(colourOnly.filters.productTypes);
    expect(both.filters.attributes.find((group) => group.name === 'Colour')).toEqual(
      typeOnly.filters.attributes.find((group) => group.name === 'Colour'),
    );
    expect(both.totalCount).toBe(
      both.filters.productTypes.find((facet) => facet.slug === type.slug)?.products_count ?? 0,
    );
  });
});
