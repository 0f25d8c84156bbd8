/**
 * PGlite is one process's database: a second server started on a folder a running server holds
 * refuses to start (instead of opening the files under the first one's feet); a folder left by a
 * server that died is taken over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { becomesHealthy, type ServerProcess, spawnServer, stopServer } from '../scripts/serverProcess';

jest.setTimeout(180_000);

describe('a server on a PGlite folder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-start-'));
  const dataDir = path.join(root, 'pglite');
  const started: ServerProcess[] = [];
  const start = async () => {
    const server = await spawnServer({ env: { DATABASE_URL: '', DATA_DIR: dataDir, SEED_PRODUCTS: '5' } });
    started.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses to start while another server holds the folder, and takes over a dead one', async () => {
    const first = await start();
    expect(await becomesHealthy(first)).toBe(true);

    const second = await start();
    expect(await second.exited()).toBe(1);
    expect(second.output()).toContain(`${dataDir} is in use by a running server (pid ${first.child.pid})`);
    // The first server was not disturbed.
    expect((await fetch(`${first.api}/health`)).status).toBe(200);

    // Killed without cleaning up: its mark names a dead process, and the next server takes over.
    first.child.kill('SIGKILL');
    await first.exited();
    const third = await start();
    expect(await becomesHealthy(third)).toBe(true);
    expect(await stopServer(third)).toBe(0);
  });
});
