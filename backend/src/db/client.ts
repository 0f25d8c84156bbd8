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
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, QUERY_TIMEOUT_GRACE_MS } from './timeouts';

export { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './timeouts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball, which `snapshot` opens again (tests copy a seeded database so). */
  dump?(): Promise<Blob>;
}

export interface OpenDatabaseOptions {
  /** postgres://… ; when set, PGlite is not used. */
  databaseUrl?: string | null;
  /** PGlite data directory; `null` opens an in-memory database (tests). */
  dataDir?: string | null;
  /** PostgreSQL only: how long waiting for the server may take (defaults: DEFAULT_DATABASE_TIMEOUTS). */
  timeouts?: Partial<DatabaseTimeouts>;
  /** In-memory PGlite only: start from this `dump()` instead of an empty cluster (no initdb). */
  snapshot?: Blob;
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

/** Statement names by text, so a statement's text is hashed once per process, not per execution. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    // Texts are few (the code's statements); the bound only guards against generated ones.
    if (statementNames.size >= PREPARED_STATEMENTS_PER_CONNECTION * 4) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

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
    // A connection that breaks while a request holds it (the server stopped, a network fault)
    // emits 'error' on the client; with nobody listening Node ends the process. The query under
    // way fails on its own and the pool drops the broken client when it comes back.
    this.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
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
        const name = statementName(statement.text);
        if (prepared.has(name) || prepared.size < PREPARED_STATEMENTS_PER_CONNECTION) {
          prepared.add(name);
          return this.dropWhenTimedOut(send({ ...statement, name }, values, callback));
        }
      }
      return this.dropWhenTimedOut(send(config, values, callback));
    };
    this.query = query as Client['query'];
  }

  /**
   * pg's `query_timeout` rejects the query but leaves it running on the connection, so every later
   * query of this client (a transaction's ROLLBACK, the next request's) would queue behind it. The
   * socket is closed instead: the client becomes unusable, its queries fail at once, and the pool
   * discards it when it is released.
   */
  private dropWhenTimedOut(result: unknown): unknown {
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) this.connection.stream.destroy();
      });
    }
    return result;
  }
}

/** The message of pg's own `query_timeout` error. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
    const settings = [`pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`];
    // A transaction a bug left open must not hold its locks for ever.
    if (timeouts.statementMs > 0) {
      settings.push(`statement_timeout=${timeouts.statementMs}`);
      settings.push(`idle_in_transaction_session_timeout=${Math.max(10_000, timeouts.statementMs * 3)}`);
    }
    const pool = new Pool({
      connectionString: options.databaseUrl,
      Client: StatementCachingClient,
      max: timeouts.poolSize,
      connectionTimeoutMillis: timeouts.connectMs,
      ...(timeouts.statementMs > 0 ? { query_timeout: timeouts.statementMs + QUERY_TIMEOUT_GRACE_MS } : {}),
      // Sent in the startup packet, so every connection has them before its first query.
      options: settings.map((setting) => `-c ${setting}`).join(' '),
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
  const client = dataDir
    ? new PGlite(dataDir, { extensions })
    : new PGlite({ extensions, ...(options.snapshot ? { loadDataDir: options.snapshot } : {}) });
  await client.waitReady;
  await client.exec(SESSION_SETUP);
  const db = drizzlePglite(client, { schema });
  // Closing PGlite flushes its files; a process killed without close() may lose recent writes.
  return { db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}
