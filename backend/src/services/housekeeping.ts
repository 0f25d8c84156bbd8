/**
 * The scheduled clean-up of rows that only grow: idempotency keys past their day, expired sign-in
 * tokens (buyers' and admins'), expired password-reset links, ended abuse counters, old remote
 * load counts, expired remote overrides, the catalogue's change feed past its retention, the
 * picture renditions of items that are gone, and the mail queue's sent and failed rows past
 * theirs. Every API instance runs the schedule; a transaction-scoped advisory lock lets one of
 * them work at a time and the others skip that round.
 * Deletes go in batches, each well inside the statement timeout.
 * A failed round (the database away) is logged and the next one tries again.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { CATALOGUE_CHANGES_EXPIRED } from '../modules/products/catalogueFeed';
import { IDEMPOTENCY_TTL_HOURS } from './idempotency';
import { RENDITIONS_OF_GONE_ITEMS } from './imageRenditions';
import { MAIL_QUEUE_EXPIRED } from './mailQueue';
import { pruneExpiredCounters } from './rateLimitCounters';

/** Any fixed number; the same for every instance on one database (the migrator uses another). */
const HOUSEKEEPING_LOCK_KEY = 7_341_015;
/** Browsers' loads and failures per remote version are kept this long (status shows the last hour). */
export const REMOTE_STATS_KEPT_DAYS = 30;
/** Rows deleted per statement. */
export const HOUSEKEEPING_BATCH = 5000;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** The first round, soon after start-up rather than an hour later. */
export const HOUSEKEEPING_FIRST_DELAY_MS = 30 * 1000;

export interface HousekeepingTask {
  name: string;
  /** Deletes what has expired; answers how many rows went. */
  run(db: Database): Promise<number>;
}

/** Deletes `table`'s rows matching `expired`, HOUSEKEEPING_BATCH at a time, until none is left. */
async function deleteInBatches(
  db: Database,
  table: string,
  expired: ReturnType<typeof sql>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`WITH gone AS (
        DELETE FROM ${sql.identifier(table)} WHERE ctid = ANY(ARRAY(
          SELECT ctid FROM ${sql.identifier(table)} WHERE ${expired} LIMIT ${HOUSEKEEPING_BATCH}
        )) RETURNING 1
      ) SELECT count(*)::int AS n FROM gone`);
    const n = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    total += n;
    if (n < HOUSEKEEPING_BATCH) return total;
  }
}

export const HOUSEKEEPING_TASKS: readonly HousekeepingTask[] = [
  {
    name: 'idempotency keys',
    run: (db) =>
      deleteInBatches(
        db,
        'idempotency_keys',
        sql`created_at < now() - ${sql.raw(`interval '${IDEMPOTENCY_TTL_HOURS} hours'`)}`,
      ),
  },
  { name: 'sign-in tokens', run: (db) => deleteInBatches(db, 'auth_tokens', sql`expires_at < now()`) },
  { name: 'admin tokens', run: (db) => deleteInBatches(db, 'admin_tokens', sql`expires_at < now()`) },
  {
    name: 'password reset links',
    run: (db) => deleteInBatches(db, 'password_resets', sql`expires_at < now()`),
  },
  { name: 'abuse counters', run: pruneExpiredCounters },
  {
    name: 'remote load counts',
    run: (db) =>
      deleteInBatches(
        db,
        'remote_version_stats',
        sql`minute < now() - ${sql.raw(`interval '${REMOTE_STATS_KEPT_DAYS} days'`)}`,
      ),
  },
  {
    name: 'remote overrides',
    run: (db) => deleteInBatches(db, 'remote_overrides', sql`expires_at < now()`),
  },
  {
    name: 'catalogue changes',
    run: (db) => deleteInBatches(db, 'catalogue_changes', CATALOGUE_CHANGES_EXPIRED),
  },
  {
    name: 'picture renditions of gone items',
    run: (db) => deleteInBatches(db, 'image_renditions', RENDITIONS_OF_GONE_ITEMS),
  },
  { name: 'old mails', run: (db) => deleteInBatches(db, 'mail_queue', MAIL_QUEUE_EXPIRED) },
];

/**
 * One round: every task, under the lock. Answers rows deleted per task, or null when another
 * instance holds the lock.
 */
export async function runHousekeeping(
  db: Database,
  tasks: readonly HousekeepingTask[] = HOUSEKEEPING_TASKS,
): Promise<Record<string, number> | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_KEY}) AS locked`),
    );
    if (!lock?.locked) return null;
    const deleted: Record<string, number> = {};
    for (const task of tasks) deleted[task.name] = await task.run(tx);
    return deleted;
  });
}

export interface HousekeepingLog {
  info(message: string): void;
  warn(details: object, message: string): void;
}

/** Runs a round soon after start-up and then every interval; answers a function that stops it. */
export function scheduleHousekeeping(
  db: Database,
  log: HousekeepingLog,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
  firstDelayMs = HOUSEKEEPING_FIRST_DELAY_MS,
): () => void {
  let timer: NodeJS.Timeout;
  const round = async () => {
    try {
      const deleted = await runHousekeeping(db);
      const total = deleted ? Object.values(deleted).reduce((sum, n) => sum + n, 0) : 0;
      if (deleted && total > 0) {
        const parts = Object.entries(deleted).map(([name, n]) => `${name} ${n}`);
        log.info(`housekeeping: deleted ${parts.join(', ')}`);
      }
    } catch (error) {
      log.warn({ err: error }, 'housekeeping round failed; the next one tries again');
    }
    timer = setTimeout(round, intervalMs);
    timer.unref();
  };
  timer = setTimeout(round, firstDelayMs);
  timer.unref();
  return () => clearTimeout(timer);
}
