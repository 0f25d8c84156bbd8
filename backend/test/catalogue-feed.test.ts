/**
 * Issue 19: the catalogue's change feed. Every read first asks the feed what changed since the
 * last one; the subscribers (listing index, search index) reload exactly those products, or
 * everything when the taxonomy changed.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../src/db/client';
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
