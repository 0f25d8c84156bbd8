/**
 * A PostgreSQL cluster of a test's own, on a free port in a temp folder, that the test may stop,
 * start, freeze (SIGSTOP) and thaw without touching the machine's shared server. Uses Debian's
 * postgresql binaries (`PG_BIN`, else the newest /usr/lib/postgresql/<n>/bin); PostgreSQL refuses
 * to run as root, so as root the commands run as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/serverProcess';

export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export class PgCluster {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  /** A new cluster, initialised and started; trust authentication for `postgres` on 127.0.0.1. */
  static async create(): Promise<PgCluster> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('PostgreSQL binaries not found: install Debian\'s "postgresql" or set PG_BIN');
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-fault-pg-'));
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
      chmodSync(dir, 0o700);
    }
    const cluster = new PgCluster(bin, dir, await freePort());
    cluster.run('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private run(program: string, args: string[]): string {
    const file = path.join(this.bin, program);
    const output = asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' })
      : execFileSync(file, args, { stdio: 'pipe' });
    return output.toString();
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c max_connections=40',
      '-c shared_buffers=16MB',
    ].join(' ');
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

  /** Stops the server: 'fast' ends every session cleanly, 'immediate' is a crash. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['stop', '-w', '-D', this.dataDir, '-m', mode]);
  }

  /** The postmaster and every process it started. */
  private pids(): number[] {
    const postmaster = Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
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
