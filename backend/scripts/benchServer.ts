/**
 * What the API benchmarks share: a throw-away database (a PostgreSQL database created on the
 * DATABASE_URL server and dropped afterwards, or a PGlite folder), the measured server in a child
 * process of its own (its own event loop; it reports its CPU time), and exact percentiles.
 * Run as a child with BENCH_SERVER_ROLE=server, this file is that server.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Database, DatabaseKind } from '../src/db/client';
import {
  ATTRIBUTE_FILTER_MAX_LENGTH,
  ATTRIBUTE_FILTER_MAX_VALUES,
} from '../src/modules/products/attributeFilters';

const ROLE_ENV = 'BENCH_SERVER_ROLE';

type ServerMessage =
  | { type: 'listening'; address: string; kind: DatabaseKind }
  | { type: 'cpu'; userMs: number; systemMs: number };

/** Child process: the measured server, alone on its event loop. */
async function serve() {
  const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([
    import('../src/app'),
    import('../src/config'),
    import('../src/db/client'),
  ]);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    database,
    uploadsDir: process.env.UPLOADS_DIR ?? mkdtempSync(path.join(tmpdir(), 'shop-bench-uploads-')),
    auth: { mail: { outboxDir: mkdtempSync(path.join(tmpdir(), 'shop-bench-outbox-')) } },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const send = (message: ServerMessage) => process.send?.(message);
  process.on('message', async (message: string) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', userMs: user / 1000, systemMs: system / 1000 });
    } else if (message === 'stop') {
      await app.close();
      await database.close();
      process.disconnect();
    }
  });
  send({ type: 'listening', address, kind: database.kind });
}

export interface BenchDatabase {
  /** Environment for the server child: where the prepared database is. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated, seeded database, prepared by `prepare` and closed before the server opens it
 * (PGlite allows one process per folder): throw-away on PostgreSQL when DATABASE_URL is set (the
 * role needs CREATEDB), else a PGlite folder in the temp directory.
 */
export async function throwAwayDatabase<T>(
  label: string,
  products: number,
  prepare: (db: Database) => Promise<T>,
): Promise<BenchDatabase & { prepared: T }> {
  const [{ openDatabase }, { migrate }, { seedDatabase }] = await Promise.all([
    import('../src/db/client'),
    import('../src/db/migrate'),
    import('../src/seed/seedDatabase'),
  ]);
  const serverUrl = process.env.DATABASE_URL;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  if (serverUrl) {
    const name = `shop_bench_${label}_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    // Seeding a large catalogue runs longer than the API's statement timeout (as at the server's start).
    handle = await openDatabase({ databaseUrl: url.toString(), timeouts: { statementMs: 0 } });
    drop = async () => {
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), `shop-bench-${label}-`));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    handle = await openDatabase({ dataDir });
    drop = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  let prepared: T;
  try {
    await migrate(handle.db);
    await seedDatabase(handle.db, { products });
    prepared = await prepare(handle.db);
  } catch (error) {
    await handle.close();
    await drop();
    throw error;
  }
  await handle.close();
  return { env, drop, prepared };
}

export interface BenchServer {
  child: ChildProcess;
  address: string;
  kind: DatabaseKind;
}

/** Starts the server child and resolves with its address once it listens. */
export function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const child = fork(__filename, [], { env: { ...process.env, ...env, [ROLE_ENV]: 'server' } });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited ${code} before listening`)));
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'listening') resolve({ child, address: message.address, kind: message.kind });
    });
  });
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** The server process's CPU time so far (user + system, ms). */
export function serverCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: ServerMessage) => {
      if (message.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve(message.userMs + message.systemMs);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/** Nearest-rank percentile of sorted samples. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

if (process.env[ROLE_ENV] === 'server') {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * The largest `f` the bounds allow from a start: filler values no product has (`<tag>~<n>`) added
 * to each name in turn, while a name has room and the JSON fits. Returns the JSON.
 */
export function fillToFilterLimits(filter: Record<string, string[]>, tag: string): string {
  let filler = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const values of Object.values(filter)) {
      if (values.length >= ATTRIBUTE_FILTER_MAX_VALUES) continue;
      values.push(`${tag}~${(filler++).toString(36)}`);
      if (JSON.stringify(filter).length > ATTRIBUTE_FILTER_MAX_LENGTH) {
        values.pop();
        continue;
      }
      grew = true;
    }
  }
  return JSON.stringify(filter);
}

/** Picks `count` items spread over the list (deterministic). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]).filter(
    (item): item is T => item !== undefined,
  );
}

/** A typo: one inner letter of a word of 7+ letters left out ('handmade' -> 'handade'). */
export const typo = (word: string, i: number) => {
  const at = 2 + (i % (word.length - 4));
  return word.slice(0, at) + word.slice(at + 1);
};

/** The catalogue benches' word sample ($1: every n-th product): distinct title words of 3+ letters. */
export const TITLE_WORDS_SQL = `SELECT DISTINCT lower(w) AS word FROM products p, regexp_split_to_table(p.title, '[^A-Za-z]+') w
  WHERE p.id % $1 = 0 AND length(w) >= 3 ORDER BY 1`;
