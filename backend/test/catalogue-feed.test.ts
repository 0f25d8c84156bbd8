/**
 * Issue 19: the catalogue's change feed. Every read first asks the feed what changed since the
 * last one; the subscribers (listing index, search index) reload exactly those products (also
 * after a statement over 10,000 rows), the taxonomy's dictionaries when it changed (everything for
 * a subscriber that cannot), and everything only after a TRUNCATE or the seed.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/migrate';
import { catalogueChanges, categories, productAttributes, products } from '../src/db/schema';
import { CatalogueFeed, type CatalogueSubscriber } from '../src/modules/products/catalogueFeed';
import { runHousekeeping } from '../src/services/housekeeping';
import { createTestDatabase, targets } from './db';

/** What a subscriber was asked, in order: 'all', or the sorted ids. */
class RecordingSubscriber implements CatalogueSubscriber {
  readonly calls: (string | number[])[] = [];
  async reloadAll(_db: Database) {
    this.calls.push('all');
  }
  async reloadProducts(_db: Database, ids: readonly number[]) {
    this.calls.push([...ids].sort((a, b) => a - b));
  }
  take() {
    return this.calls.splice(0);
  }
}

/** A subscriber that reloads the taxonomy's dictionaries on their own: 'taxonomy' and the ids. */
class TaxonomySubscriber extends RecordingSubscriber {
  async reloadTaxonomy(_db: Database, ids: readonly number[]) {
    this.calls.push(
      'taxonomy',
      [...ids].sort((a, b) => a - b),
    );
  }
}

describe.each(targets)('the catalogue change feed (%s)', (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind, 6);
    db = database.db;
  });
  afterAll(() => database.close());

  it('loads everything first, then only the products changed since', async () => {
    const feed = new CatalogueFeed(db);
    const subscriber = new RecordingSubscriber();
    feed.subscribe(subscriber);
    await feed.refresh();
    expect(subscriber.take()).toEqual(['all']);

    await feed.refresh();
    expect(subscriber.take()).toEqual([]);

    await db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, 2));
    await db.delete(productAttributes).where(eq(productAttributes.productId, 4));
    await feed.refresh();
    expect(subscriber.take()).toEqual([[2, 4]]);

    await db.delete(products).where(eq(products.id, 5));
    await feed.refresh();
    expect(subscriber.take()).toEqual([[5]]);

    await db.update(categories).set({ name: 'Renamed' }).where(eq(categories.id, 1));
    await feed.refresh();
    expect(subscriber.take()).toEqual(['all']);
  });

  it('asks for the taxonomy alone, with the products changed beside it, of a subscriber that can', async () => {
    const feed = new CatalogueFeed(db);
    const subscriber = new TaxonomySubscriber();
    feed.subscribe(subscriber);
    await feed.refresh();
    expect(subscriber.take()).toEqual(['all']);
    await db.update(categories).set({ position: 7 }).where(eq(categories.id, 2));
    await db.update(products).set({ price: 3 }).where(eq(products.id, 3));
    await feed.refresh();
    expect(subscriber.take()).toEqual(['taxonomy', [3]]);
    await db.update(products).set({ price: 4 }).where(eq(products.id, 3));
    await feed.refresh();
    expect(subscriber.take()).toEqual([[3]]);
    // A bare row (what a TRUNCATE or the seed writes) is still everything.
    await db.execute(sql`INSERT INTO catalogue_changes (product_id) VALUES (NULL)`);
    await feed.refresh();
    expect(subscriber.take()).toEqual(['all']);
  });

  it('names every product of a statement over 10,000 rows instead of reloading everything', async () => {
    const feed = new CatalogueFeed(db);
    const subscriber = new TaxonomySubscriber();
    feed.subscribe(subscriber);
    await feed.refresh();
    subscriber.take();
    // Ten thousand rows may take longer than a request's statement timeout on a busy machine.
    const bulk = (statement: SQL) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL statement_timeout = 0`);
        return tx.execute(statement);
      });
    const inserted = rowsOf<{ id: number }>(
      await bulk(sql`INSERT INTO products (slug, title, short_description, description, details, price,
          stock_quantity, type_id, category_id, sub_category_id)
        SELECT 'bulk-' || n, 'Bulk ' || n, '', '', '', 5, 1, type_id, category_id, sub_category_id
        FROM generate_series(1, 10001) AS n, (SELECT type_id, category_id, sub_category_id FROM products LIMIT 1) t
        RETURNING id`),
    ).map((row) => Number(row.id));
    await feed.refresh();
    expect(subscriber.take()).toEqual([inserted.sort((a, b) => a - b)]);
    await bulk(sql`UPDATE products SET price = 6 WHERE slug LIKE 'bulk-%'`);
    await bulk(sql`DELETE FROM products WHERE slug LIKE 'bulk-%'`);
    await feed.refresh();
    expect(subscriber.take()).toEqual([inserted]);
    const [bulkRows] = rowsOf<{ bare: number; bulk: number }>(
      await db.execute(sql`SELECT count(*) FILTER (WHERE product_id IS NULL AND product_ids IS NULL AND NOT taxonomy) AS bare,
          count(*) FILTER (WHERE product_ids IS NOT NULL) AS bulk FROM catalogue_changes`),
    );
    expect(Number(bulkRows?.bulk)).toBe(3);
  });

  it('gives a subscriber that joins later its own full load', async () => {
    const feed = new CatalogueFeed(db);
    const first = new RecordingSubscriber();
    feed.subscribe(first);
    await feed.refresh();
    const late = new RecordingSubscriber();
    feed.subscribe(late);
    await db.update(products).set({ hot: true }).where(eq(products.id, 3));
    await feed.refresh();
    expect(first.take()).toEqual(['all', [3]]);
    expect(late.take()).toEqual(['all']);
  });

  it('sees a change committed while another transaction that started earlier is still open', async () => {
    if (kind === 'pglite') return; // one connection: no concurrent transactions
    const feed = new CatalogueFeed(db);
    const subscriber = new RecordingSubscriber();
    feed.subscribe(subscriber);
    await feed.refresh();
    subscriber.take();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    // A slow transaction changes product 6 and stays open across two refreshes.
    const slow = db.transaction(async (tx) => {
      await tx.update(products).set({ price: 77 }).where(eq(products.id, 6));
      wrote();
      await held;
    });
    await written;
    try {
      await db.update(products).set({ price: 11 }).where(eq(products.id, 1));
      await feed.refresh();
      expect(subscriber.take()).toEqual([[1]]);
    } finally {
      release();
      await slow;
    }
    await feed.refresh();
    expect(subscriber.take()).toEqual([[6]]);
    await feed.refresh();
    expect(subscriber.take()).toEqual([]);
  });

  it('lets callers arriving during a refresh share the next one, never the one under way', async () => {
    const feed = new CatalogueFeed(db);
    let loads = 0;
    feed.subscribe({
      reloadAll: async () => {
        loads += 1;
      },
      reloadProducts: async () => undefined,
    });
    await feed.refresh();
    const spy = jest.spyOn(db, 'execute');
    try {
      const first = feed.refresh();
      const second = feed.refresh();
      const third = feed.refresh();
      expect(second).toBe(third);
      await Promise.all([first, second, third]);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
    expect(loads).toBe(1);
  });

  it('is pruned by housekeeping after its retention', async () => {
    await db.insert(catalogueChanges).values({ productId: 1, changedAt: sql`now() - interval '25 hours'` });
    const before = await db.select().from(catalogueChanges);
    const deleted = await runHousekeeping(db);
    expect(deleted?.['catalogue changes']).toBeGreaterThanOrEqual(1);
    const after = await db.select().from(catalogueChanges);
    expect(after.length).toBe(before.length - (deleted?.['catalogue changes'] ?? 0));
    expect(after.every((row) => row.changedAt.getTime() > Date.now() - 24 * 3600 * 1000)).toBe(true);
  });
});
