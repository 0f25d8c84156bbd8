// The cluster's PostgreSQL, in this order: DATABASE_URL when set; else the machine's server on
// 127.0.0.1:5432 when it answers (database CLUSTER_DATABASE, default shop_cluster, created if
// missing); else a server of the cluster's own (Debian's initdb + pg_ctl) in CLUSTER_PG_DIR
// (default .data/cluster-pg), kept between runs, on a free port, stopped with the cluster when
// this run started it (one found running there is used and left running).
// CLUSTER_POSTGRES=own takes the last one whatever else is there.
// PostgreSQL refuses to run as root: as root its commands run as the `postgres` user.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes.mjs';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

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

function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** A PostgreSQL server of the cluster's own in `dir` (initialised on first use). */
class OwnPostgres {
  constructor(bin, dir, port) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
  }

  get dataDir() {
    return path.join(this.dir, 'data');
  }

  run(program, args) {
    const file = path.join(this.bin, program);
    return execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
      stdio: 'pipe',
    }).toString();
  }

  init() {
    mkdirSync(this.dir, { recursive: true });
    if (asRoot) {
      const id = (flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
      chownSync(this.dir, id('-u'), id('-g'));
    }
    chmodSync(this.dir, 0o700);
    if (!existsSync(path.join(this.dataDir, 'PG_VERSION')))
      this.run('initdb', ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust']);
  }

  /** The port of a server already running on this folder (a cluster that was not stopped), or null. */
  runningPort() {
    try {
      this.run('pg_ctl', ['status', '-D', this.dataDir]);
      return Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    } catch {
      return null;
    }
  }

  start() {
    const options = [`-p ${this.port}`, `-k ${this.dir}`, "-c listen_addresses='127.0.0.1'"].join(' ');
    this.run('pg_ctl', [
      'start',
      '-w',
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-o',
      options,
    ]);
  }

  stop() {
    try {
      this.run('pg_ctl', ['stop', '-w', '-D', this.dataDir, '-m', 'fast']);
    } catch {
      // already stopped (Ctrl-C reaches the postmaster too)
    }
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
    if (!running) own.stop();
    throw error;
  }
  const where = `${dir.startsWith(root) ? path.relative(root, dir) : dir} (127.0.0.1:${own.port})`;
  return {
    url: `${server}/${name}`,
    description: running
      ? `its own PostgreSQL in ${where}, found running (left running when the cluster stops)`
      : `its own PostgreSQL in ${where}`,
    stop: running ? () => {} : () => own.stop(),
  };
}
