/**
 * PGlite is one process's database: a second server started on a folder a running server holds
 * refuses to start (instead of opening the files under the first one's feet); a folder left by a
 * server that died is taken over.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './fault/pgCluster';

jest.setTimeout(180_000);

const backend = path.join(__dirname, '..');

function startServer(dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: backend,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_SITE: '0',
      SEED_PRODUCTS: '5',
      LOG_LEVEL: 'error',
      OUTBOX_DIR: path.join(dataDir, '..', 'outbox'),
      UPLOADS_DIR: path.join(dataDir, '..', 'uploads'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

async function healthy(port: number, child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 900 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/backend/api/health`)).status === 200) return true;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return false;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

describe('a server on a PGlite folder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-start-'));
  const dataDir = path.join(root, 'pglite');
  const started: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses to start while another server holds the folder, and takes over a dead one', async () => {
    const firstPort = await freePort();
    const first = startServer(dataDir, firstPort);
    started.push(first.child);
    expect(await healthy(firstPort, first.child)).toBe(true);

    const second = startServer(dataDir, await freePort());
    started.push(second.child);
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toContain(`${dataDir} is in use by a running server (pid ${first.child.pid})`);
    // The first server was not disturbed.
    expect((await fetch(`http://127.0.0.1:${firstPort}/backend/api/health`)).status).toBe(200);

    // Killed without cleaning up: its mark names a dead process, and the next server takes over.
    first.child.kill('SIGKILL');
    await exited(first.child);
    const thirdPort = await freePort();
    const third = startServer(dataDir, thirdPort);
    started.push(third.child);
    expect(await healthy(thirdPort, third.child)).toBe(true);
    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);
  });
});
