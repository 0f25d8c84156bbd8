// The cluster's PostgreSQL, in this order: DATABASE_URL when set; else the machine's server on
// 127.0.0.1:5432 when it answers (database CLUSTER_DATABASE, default shop_cluster, created if
// missing); else a server of the cluster's own (Debian's initdb + pg_ctl) in CLUSTER_PG_DIR
// (default .data/cluster-pg), kept between runs, on a free port, stopped with the cluster when
// this run started it (one found running there is used and left running).
// CLUSTER_POSTGRES=own takes the last one whatever else is there (ownPostgres.cjs).
import path from 'node:path';
import pg from 'pg';
import { freePort } from './freePort.cjs';
import { OwnPostgres, postgresBinDir } from './ownPostgres.cjs';

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensureDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Stops a server this run started; one already stopped is fine (Ctrl-C reaches the postmaster too). */
function stopQuietly(own) {
  try {
    own.stop('fast');
  } catch {
    // already stopped
  }
}

/**
 * @returns {Promise<{ url: string, description: string, stop: () => void }>}
 */
export async function clusterDatabase(root) {
  const ownOnly = process.env.CLUSTER_POSTGRES === 'own';
  if (process.env.DATABASE_URL && !ownOnly)
    return { url: process.env.DATABASE_URL, description: 'DATABASE_URL', stop: () => {} };
  const name = process.env.CLUSTER_DATABASE || 'shop_cluster';
  const machine = 'postgres://postgres@127.0.0.1:5432';
  if (!ownOnly && (await answers(`${machine}/postgres`))) {
    await ensureDatabase(`${machine}/postgres`, name);
    return {
      url: `${machine}/${name}`,
      description: `the machine's PostgreSQL (127.0.0.1:5432)`,
      stop: () => {},
    };
  }
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      'No PostgreSQL: set DATABASE_URL, start one on 127.0.0.1:5432, or install Debian\'s "postgresql" (initdb, pg_ctl) so the cluster starts its own',
    );
  const dir = path.resolve(process.env.CLUSTER_PG_DIR || path.join(root, '.data', 'cluster-pg'));
  const own = new OwnPostgres(bin, dir, 0);
  own.init();
  // A server already running on the folder (another cluster's, or one left by a run that was
  // killed) is used as it is and left running: only a server this run started is stopped.
  const running = own.runningPort();
  if (running) own.port = running;
  else {
    own.port = await freePort();
    own.start();
  }
  const server = `postgres://postgres@127.0.0.1:${own.port}`;
  try {
    await ensureDatabase(`${server}/postgres`, name);
  } catch (error) {
    if (!running) stopQuietly(own);
    throw error;
  }
  const where = `${dir.startsWith(root) ? path.relative(root, dir) : dir} (127.0.0.1:${own.port})`;
  return {
    url: `${server}/${name}`,
    description: running
      ? `its own PostgreSQL in ${where}, found running (left running when the cluster stops)`
      : `its own PostgreSQL in ${where}`,
    stop: running ? () => {} : () => stopQuietly(own),
  };
}
