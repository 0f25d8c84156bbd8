/**
 * `npm run cluster` leaves nothing running behind it: a child that keeps dying is given up after a
 * few restarts (and the cluster stops), and the cluster stops with everything it started when its
 * standard input ends (a test runner that started it is gone) or its parent process dies without
 * a signal reaching it. No PostgreSQL is needed: the instances are pointed at a port nothing
 * listens on (they stay up answering 503, as without a database).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(100);
  }
}

interface Started {
  child: ChildProcess;
  dir: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** cluster.mjs (through `sh -c` when `viaShell`, so that its parent can be killed). */
function launch(env: Record<string, string>, viaShell = false): Started {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-cluster-life-'));
  const script = path.join(ROOT, 'scripts', 'cluster.mjs');
  const child = spawn(
    viaShell ? 'sh' : process.execPath,
    // `; true`: the shell stays the cluster's parent rather than exec-ing it.
    viaShell ? ['-c', `"${process.execPath}" "${script}"; true`] : [script],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        CLUSTER_PORT: '0',
        CLUSTER_BUILD: '0',
        CLUSTER_DATA_DIR: dir,
        RELEASES_DIR: path.join(dir, 'releases'),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, dir, output: () => output, exited };
}

/** The cluster's pid and its children's, once every API instance has been started. */
async function pidsOf(started: Started): Promise<{ cluster: number; children: number[] }> {
  const file = path.join(started.dir, 'cluster.json');
  let state: { pid: number; instances: { pid: number | null }[] } | null = null;
  await until(() => {
    if (!existsSync(file)) return false;
    try {
      state = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return false; // being written
    }
    return state?.instances.length === 2 && state.instances.every((instance) => instance.pid);
  }, `cluster.json with two instances\n${started.output()}`);
  const found = state as unknown as { pid: number; instances: { pid: number }[] };
  return { cluster: found.pid, children: found.instances.map((instance) => instance.pid) };
}

describe('the cluster leaves nothing running', () => {
  it('stops a PostgreSQL of its own that it started, never one it found running, even when setting it up fails', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-cluster-pg-'));
    const running = path.join(dir, 'data', 'postmaster.pid');
    // The first run drops template1, so that the next run's CREATE DATABASE fails: a set-up
    // failure after it started the server.
    const script = `import { existsSync } from 'node:fs';
      import pg from 'pg';
      import { clusterDatabase } from ${JSON.stringify(path.join(ROOT, 'scripts/cluster/postgres.mjs'))};
      const root = ${JSON.stringify(ROOT)};
      const up = () => existsSync(${JSON.stringify(running)});
      const seen = {};
      const first = await clusterDatabase(root);
      const client = new pg.Client({ connectionString: first.url.replace(/[^/]+$/, 'postgres') });
      await client.connect();
      await client.query("UPDATE pg_database SET datistemplate = false WHERE datname = 'template1'");
      await client.query('DROP DATABASE template1');
      await client.end();
      first.stop();
      seen.stoppedFirst = !up();
      process.env.CLUSTER_DATABASE = 'another';
      try { await clusterDatabase(root); seen.failed = false; } catch { seen.failed = true; }
      seen.stoppedAfterFailure = !up();
      process.env.CLUSTER_DATABASE = 'shop_cluster';
      const started = await clusterDatabase(root);
      const found = await clusterDatabase(root);
      seen.foundRunning = found.description.includes('found running');
      found.stop();
      seen.upAfterFoundStop = up();
      started.stop();
      seen.stoppedStarted = !up();
      console.log(JSON.stringify(seen));`;
    try {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: ROOT,
        env: { ...process.env, CLUSTER_POSTGRES: 'own', CLUSTER_PG_DIR: dir },
        timeout: 90_000,
      });
      expect({ status: run.status, stderr: `${run.stderr}` }).toMatchObject({ status: 0 });
      expect(JSON.parse(`${run.stdout}`.trim().split('\n').pop() ?? '{}')).toEqual({
        stoppedFirst: true,
        failed: true,
        stoppedAfterFailure: true,
        foundRunning: true,
        upAfterFoundStop: true,
        stoppedStarted: true,
      });
    } finally {
      spawnSync('sh', ['-c', `[ -f "${running}" ] && kill $(head -1 "${running}")`]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a child that keeps dying up after CLUSTER_MAX_RESTARTS within a minute', () => {
    const script = `import { Service } from ${JSON.stringify(path.join(ROOT, 'scripts/cluster/processes.mjs'))};
      const service = new Service('dies', {
        command: process.execPath, args: ['-e', 'process.exit(3)'], restartDelayMs: 10, maxRestarts: 3,
        onGiveUp: (s) => { console.log('gave up after ' + s.restarts + ' restarts'); process.exit(0); },
      });
      service.start();`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { timeout: 30_000 });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status).toBe(0);
    expect(output).toMatch(/ended 4 times within 60 s/);
    expect(output).toMatch(/gave up after 3 restarts/);
  });

  it('stops with everything it started when its standard input ends', async () => {
    const started = launch({ CLUSTER_STOP_ON_STDIN_END: '1', CLUSTER_MAX_RESTARTS: '100' });
    try {
      const pids = await pidsOf(started);
      started.child.stdin?.end();
      expect(await started.exited).toBe(1);
      expect(started.output()).toMatch(/standard input ended/);
      for (const pid of pids.children) await until(() => !alive(pid), `instance ${pid} gone`, 15_000);
    } finally {
      started.child.kill('SIGKILL');
      rmSync(started.dir, { recursive: true, force: true });
    }
  });

  it('stops with everything it started when its parent dies without a signal reaching it', async () => {
    const started = launch({ CLUSTER_MAX_RESTARTS: '100' }, true);
    let clusterPid = 0;
    try {
      const pids = await pidsOf(started);
      clusterPid = pids.cluster;
      started.child.kill('SIGKILL'); // the shell; the cluster gets another parent
      await until(() => !alive(pids.cluster), `cluster ${pids.cluster} gone`, 30_000);
      expect(started.output()).toMatch(/the process that started the cluster ended/);
      for (const pid of pids.children) await until(() => !alive(pid), `instance ${pid} gone`, 15_000);
    } finally {
      if (clusterPid && alive(clusterPid)) process.kill(clusterPid, 'SIGTERM');
      rmSync(started.dir, { recursive: true, force: true });
    }
  });
});
