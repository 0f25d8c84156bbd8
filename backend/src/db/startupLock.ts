/**
 * A server's first-run work on PostgreSQL (migrations, the first seed and its pictures) runs under
 * a session-level advisory lock held by a connection of its own (`holder`, with TCP keepalive): of
 * N instances starting at once on an empty database one migrates and seeds while the others wait
 * for the lock, then find the work done and skip it.
 *
 * The work runs on other connections (without the API's statement timeout), so the lock covers it
 * only while `holder` lives. If `holder` is lost (the server restarted, a network fault) the lock is
 * free while the work may still run: withStartupLock then aborts the work's signal and rejects at
 * once, and the server exits (its supervisor starts it again; the seed's transaction dies with the
 * process). For the moment in between, the seed checks the catalogue is still empty inside its own
 * transaction under a transaction-level lock (seedDatabase's `onlyIfEmpty`) and migrations take
 * their own lock (db/migrate.ts): a second instance never seeds or migrates twice.
 * PGlite needs none of this: one process holds its folder (serverLock.ts).
 */
import { Client } from 'pg';

/** Any fixed number; the same for every instance (the migrator and housekeeping use others). */
export const STARTUP_LOCK_KEY = 7_341_020;

export interface StartupLockLog {
  info(message: string): void;
}

/**
 * Runs `work` while holding the start-up lock of the database at `databaseUrl`. Rejects as soon as
 * the lock's connection is lost, after aborting the signal `work` gets.
 */
export async function withStartupLock<T>(
  databaseUrl: string,
  connectMs: number,
  log: StartupLockLog,
  work: (lost: AbortSignal) => Promise<T>,
): Promise<T> {
  const holder = new Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: connectMs,
    keepAlive: true,
  });
  const lost = new AbortController();
  let ending = false;
  const onLost = (reason: string) => {
    if (ending || lost.signal.aborted) return;
    log.info(`start-up lock lost: ${reason}`);
    lost.abort(new Error(`start-up lock lost (${reason}): another instance may start the first-run work`));
  };
  // Without an 'error' listener Node would end the process on a lost connection instead.
  holder.on('error', (error) => onLost(error.message));
  holder.on('end', () => onLost('connection closed'));
  await holder.connect();
  try {
    const { rows } = await holder.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      STARTUP_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) {
      log.info('another instance is migrating or seeding this database: waiting for it');
      await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
    const whenLost = new Promise<never>((_resolve, reject) => {
      if (lost.signal.aborted) reject(lost.signal.reason);
      lost.signal.addEventListener('abort', () => reject(lost.signal.reason), { once: true });
    });
    const running = work(lost.signal);
    // Whichever loses the race must not end as an unhandled rejection.
    whenLost.catch(() => undefined);
    running.catch(() => undefined);
    return await Promise.race([running, whenLost]);
  } finally {
    // Released by ending the session, whatever happened in between.
    ending = true;
    await holder.end().catch(() => undefined);
  }
}
