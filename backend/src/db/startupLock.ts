/**
 * A server's first-run work on PostgreSQL (migrations, the first seed and its pictures) runs under
 * a session-level advisory lock held on a connection of its own: of N instances starting at once
 * on an empty database one migrates and seeds while the others wait for the lock, then find the
 * work done and skip it. The lock goes with its connection, so a server that dies half-way frees
 * it (the seed is one transaction, rolled back with it) and the next one in line does the work.
 * PGlite needs none of this: one process holds its folder (serverLock.ts).
 */
import { Client } from 'pg';

/** Any fixed number; the same for every instance (the migrator and housekeeping use others). */
export const STARTUP_LOCK_KEY = 7_341_020;

export interface StartupLockLog {
  info(message: string): void;
}

/** Runs `work` while holding the start-up lock of the database at `databaseUrl`. */
export async function withStartupLock<T>(
  databaseUrl: string,
  connectMs: number,
  log: StartupLockLog,
  work: () => Promise<T>,
): Promise<T> {
  const holder = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectMs });
  // A connection lost while the lock is held fails the work's own queries too; without a listener
  // Node would end the process on the client's 'error' event instead.
  holder.on('error', (error) => log.info(`start-up lock connection lost: ${error.message}`));
  await holder.connect();
  try {
    const { rows } = await holder.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      STARTUP_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) {
      log.info('another instance is migrating or seeding this database: waiting for it');
      await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
    // Released by ending the session below, whatever happened in between.
    return await work();
  } finally {
    await holder.end();
  }
}
