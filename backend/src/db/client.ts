/**
 * Opens the database: embedded PGlite in a data directory by default, a real PostgreSQL server
 * when a connection string is given. Both speak to the rest of the code as one `Database`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Client, type ClientConfig, Pool } from 'pg';
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

/** Distinct statements one connection keeps prepared; statements beyond it run unprepared. */
export const PREPARED_STATEMENTS_PER_CONNECTION = 300;
const PREPARABLE = /^\s*(select|with)\b/i;

/**
 * Reads are sent as named prepared statements (the name is a hash of the text), so each
 * connection parses and plans a statement once and reuses the plan: at 100 000 products planning
 * a listing query took several times longer than running it. Writes and DDL, and statements
 * beyond the per-connection cap, go unnamed as before. Like postgres.js's default, or JDBC's
 * prepareThreshold.
 */
export class StatementCachingClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    const prepared = new Set<string>();
    // pg's query() is overloaded on every argument; this wrapper only looks at a config object's
    // text and name, and hands everything on unchanged otherwise.
    const send = super.query.bind(this) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
    const query = (config: unknown, values?: unknown, callback?: unknown): unknown => {
      const statement = config as { text?: unknown; name?: unknown; submit?: unknown } | null;
      if (
        statement !== null &&
        typeof statement === 'object' &&
        typeof statement.text === 'string' &&
        statement.name === undefined &&
        typeof statement.submit !== 'function' &&
        PREPARABLE.test(statement.text)
      ) {
        const name = `s_${createHash('sha1').update(statement.text).digest('base64url')}`;
        if (prepared.has(name) || prepared.size < PREPARED_STATEMENTS_PER_CONNECTION) {
          prepared.add(name);
          return send({ ...statement, name }, values, callback);
        }
      }
      return send(config, values, callback);
    };
    this.query = query as Client['query'];
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Sent in the startup packet, so every connection has it before its first query.
    const pool = new Pool({
      connectionString: options.databaseUrl,
      Client: StatementCachingClient,
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
