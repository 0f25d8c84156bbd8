/**
 * The catalogue's change feed: what keeps every in-memory view of the catalogue (the listing's
 * CatalogueIndex, the search index) exact on every API instance without a result cache.
 *
 * Triggers (0018_catalogue_changes.sql, 0020_catalogue_bulk_changes.sql) write one
 * catalogue_changes row per changed product with the writing transaction's id, one row with every
 * id for a statement over 10,000 rows, a taxonomy row when the taxonomy changed, and a bare row
 * (reload everything) for a TRUNCATE or the seed. Before each read a
 * route calls `refresh()`: one statement answers its snapshot and the products of the rows whose
 * transactions the previous refresh's snapshot did not see (at or above its xmax, or in progress
 * then: its xip list); the subscribers reload those products, and this snapshot becomes the next reference.
 * A transaction still running at one refresh is not visible in its snapshot, so the first refresh
 * after its commit reads its rows: a change is seen by the first read that starts after it
 * committed, on every instance. Rows already seen are not read again, so a long transaction
 * elsewhere in the cluster (which holds every snapshot's xmin back) costs nothing.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';

/** How long catalogue_changes keeps a row (housekeeping prunes older ones). */
export const CATALOGUE_CHANGES_KEPT_HOURS = 24;
/** An instance whose last refresh is older than this reloads everything: its rows may be pruned. */
const CATALOGUE_FEED_MAX_LAG_MS = (CATALOGUE_CHANGES_KEPT_HOURS - 1) * 60 * 60 * 1000;

export interface CatalogueSubscriber {
  /** Everything from the database (first use, a TRUNCATE or the seed, or too far behind). */
  reloadAll(db: Database): Promise<void>;
  /** These products changed (inserted, updated or deleted: a deleted id is simply gone). */
  reloadProducts(db: Database, ids: readonly number[]): Promise<void>;
  /**
   * The taxonomy changed (names, slugs, positions, entries), and these products: the taxonomy's
   * dictionaries and the products only. A subscriber without it reloads everything instead.
   */
  reloadTaxonomy?(db: Database, ids: readonly number[]): Promise<void>;
}

interface FeedRow {
  snapshot: string;
  now_ms: number;
  ids: number[];
  taxonomy: boolean;
  everything: boolean;
}

export class CatalogueFeed {
  private readonly subscribers: CatalogueSubscriber[] = [];
  /** Subscribers that have not had their first reloadAll yet. */
  private readonly unloaded = new Set<CatalogueSubscriber>();
  /** The last refresh's snapshot (pg_snapshot as text); null before the first. */
  private lastSnapshot: string | null = null;
  /** The database's clock at the last refresh. */
  private lastRefreshMs = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  subscribe(subscriber: CatalogueSubscriber): void {
    this.subscribers.push(subscriber);
    this.unloaded.add(subscriber);
  }

  /**
   * Brings every subscriber up to date with what was committed before this call. A refresh
   * already under way may have taken its snapshot before the caller's own change committed, so
   * the caller does not join it: it waits for the next one, which every caller arriving in the
   * meantime shares (at most one refresh runs and one waits).
   */
  refresh(): Promise<void> {
    // A queued refresh may not have started yet though the one before it has ended: join it.
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    if (!this.queued) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.start();
        });
    }
    return this.queued;
  }

  private start(): Promise<void> {
    const run = this.catchUp().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async catchUp(): Promise<void> {
    const since = this.lastSnapshot;
    // Not seen by `since` (not visible in it): begun after it (at or above its xmax) or running
    // then (in its xip list). Both are index lookups, so a long transaction elsewhere in the cluster
    // (which holds every snapshot's xmin back) does not make each refresh scan the rows since.
    // now() is the statement's start, as good as the snapshot's time for the lag check.
    const unseen = sql`(xid >= pg_snapshot_xmax(${since}::pg_snapshot)
      OR xid = ANY(ARRAY(SELECT pg_snapshot_xip(${since}::pg_snapshot))))`;
    const [row] = rowsOf<FeedRow>(
      await this.db.execute(sql`SELECT pg_current_snapshot()::text AS snapshot,
        (extract(epoch FROM now()) * 1000)::float8 AS now_ms,
        ARRAY(SELECT DISTINCT u.id FROM catalogue_changes,
          unnest(coalesce(product_ids, ARRAY[product_id])) AS u(id) WHERE ${unseen} AND u.id IS NOT NULL) AS ids,
        EXISTS (SELECT 1 FROM catalogue_changes WHERE ${unseen} AND taxonomy) AS taxonomy,
        EXISTS (SELECT 1 FROM catalogue_changes WHERE ${unseen}
          AND product_id IS NULL AND product_ids IS NULL AND NOT taxonomy) AS everything`),
    );
    if (!row) throw new Error('the catalogue feed answered no row');
    const nowMs = Number(row.now_ms);
    const everything =
      since === null || row.everything || nowMs - this.lastRefreshMs > CATALOGUE_FEED_MAX_LAG_MS;
    const ids = row.ids.map(Number);
    // Every reload ends before this refresh does (allSettled): a failed one must not let the next
    // refresh start a second reload of a subscriber still busy, which could end last with older rows.
    const reloads = await Promise.allSettled(
      this.subscribers.map(async (subscriber) => {
        if (everything || this.unloaded.has(subscriber) || (row.taxonomy && !subscriber.reloadTaxonomy)) {
          await subscriber.reloadAll(this.db);
          this.unloaded.delete(subscriber);
        } else if (row.taxonomy) {
          await subscriber.reloadTaxonomy?.(this.db, ids);
        } else if (ids.length > 0) {
          await subscriber.reloadProducts(this.db, ids);
        }
      }),
    );
    const failed = reloads.find((reload) => reload.status === 'rejected');
    if (failed) throw failed.reason;
    // Only once every subscriber has what the snapshot saw: a failed reload is read again next time.
    this.lastSnapshot = row.snapshot;
    this.lastRefreshMs = nowMs;
  }
}

/**
 * A subscriber kept once per feed (so once per app), made and subscribed on first use: the
 * getter for it. Its readers call `await feed.refresh()` before they read it.
 */
export function onePerFeed<T extends CatalogueSubscriber>(make: () => T): (feed: CatalogueFeed) => T {
  const made = new WeakMap<CatalogueFeed, T>();
  return (feed) => {
    const known = made.get(feed);
    if (known) return known;
    const subscriber = make();
    feed.subscribe(subscriber);
    made.set(feed, subscriber);
    return subscriber;
  };
}

/** Housekeeping: feed rows older than every instance can still need (see CATALOGUE_FEED_MAX_LAG_MS). */
export const CATALOGUE_CHANGES_EXPIRED = sql`changed_at < now() - ${sql.raw(
  `interval '${CATALOGUE_CHANGES_KEPT_HOURS} hours'`,
)}`;
