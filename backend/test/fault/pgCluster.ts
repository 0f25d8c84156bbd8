/**
 * A PostgreSQL cluster of a test's own, on a free port in a temp folder, that the test may stop,
 * start, freeze (SIGSTOP) and thaw without touching the machine's shared server. The server
 * itself is scripts/cluster/ownPostgres.cjs, the one `npm run cluster` starts too.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/cluster/freePort.cjs';
import { OwnPostgres, postgresBinDir } from '../../../scripts/cluster/ownPostgres.cjs';

/** Small enough for a test's server beside the machine's. */
const TEST_SERVER_SETTINGS = ['max_connections=40', 'shared_buffers=16MB'];

export class PgCluster {
  private constructor(private readonly server: OwnPostgres) {}

  /** A new cluster, initialised and started; trust authentication for `postgres` on 127.0.0.1. */
  static async create(): Promise<PgCluster> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('PostgreSQL binaries not found: install Debian\'s "postgresql" or set PG_BIN');
    const server = new OwnPostgres(bin, mkdtempSync(path.join(tmpdir(), 'shop-fault-pg-')), await freePort());
    server.init({ noSync: true });
    const cluster = new PgCluster(server);
    cluster.start();
    return cluster;
  }

  get dir(): string {
    return this.server.dir;
  }

  get port(): number {
    return this.server.port;
  }

  get url(): string {
    return this.urlOf('postgres');
  }

  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    this.server.start(TEST_SERVER_SETTINGS);
  }

  /** Stops the server: 'fast' ends every session cleanly, 'immediate' is a crash. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.server.stop(mode);
  }

  /** The postmaster and every process it started. */
  private pids(): number[] {
    const postmaster = this.server.postmasterPid();
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)], { stdio: 'pipe' })
        .toString()
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      // pgrep exits 1 when the postmaster has no children
    }
    return [postmaster, ...children];
  }

  /** Freezes every process of the server: connections stay open, nothing answers. */
  freeze(): void {
    for (const pid of this.pids()) process.kill(pid, 'SIGSTOP');
  }

  thaw(): void {
    for (const pid of this.pids()) process.kill(pid, 'SIGCONT');
  }

  /** Stops the server (thawing it first if frozen) and removes its folder. */
  destroy(): void {
    try {
      this.thaw();
    } catch {
      // not running: nothing to thaw
    }
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
