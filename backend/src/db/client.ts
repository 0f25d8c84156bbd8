/**
 * Opens the database: embedded PGlite in a data directory by default, a real PostgreSQL server
 * when a connection string is given. Both speak to the rest of the code as one `Database`.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import { DEFAULT_DATA_DIR } from '../config';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… ; when set, PGlite is not used. */
  databaseUrl?: string | null;
  /** PGlite data directory; `null` opens an in-memory database (tests). */
  dataDir?: string | null;
}

/** pool.end() resolves before the sockets are closed; wait for every connection to be gone. */
async function endPool(pool: Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      closed += 1;
      if (closed >= open) resolve();
    });
  });
  await pool.end();
  await allClosed;
}

/**
 * Typo tolerance of the product search (`q <% title`): 'wodden' is 0.4 similar to 'Wooden'.
 * Set per session, so the trigram index answers the `<%` operator with this threshold.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.38;
const SESSION_SETUP = `SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Sent in the startup packet, so every connection has it before its first query.
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    // No pool.on('connect') setup query: it ran while the pool handed the same client its first
    // query (pg's "client.query() when the client is already executing a query"); the startup
    // packet's `options` already sets the threshold.
    const db = drizzleNodePg(pool, { schema });
    return { db, kind: 'postgres', close: () => endPool(pool) };
  }
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const extensions = { pg_trgm };
  const client = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  await client.exec(SESSION_SETUP);
  const db = drizzlePglite(client, { schema });
  // Closing PGlite flushes its files; a process killed without close() may lose recent writes.
  return { db, kind: 'pglite', close: () => client.close() };
}
