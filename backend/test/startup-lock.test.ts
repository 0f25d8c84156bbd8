/**
 * Issue 20, "migrations and the first seed run under a PostgreSQL advisory lock, so N instances
 * starting at once on an empty database all come up healthy, and the seed runs once": three real
 * servers (src/server.ts, each in its own process) started together on one empty database.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { becomesHealthy, type ServerProcess, spawnServer, stopServer } from '../scripts/serverProcess';
import { withStartupLock } from '../src/db/startupLock';

jest.setTimeout(240_000);

const INSTANCES = 3;
const SEED_PRODUCTS = 20;

(process.env.TEST_DATABASE_URL ? describe : describe.skip)(
  'servers starting together on an empty PostgreSQL',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `shop_test_start_${randomBytes(4).toString('hex')}`;
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;
    const servers: ServerProcess[] = [];
    const admin = new Client({ connectionString: adminUrl });

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('all come up healthy, and one of them migrates and seeds while the others wait', async () => {
      for (let n = 0; n < INSTANCES; n++)
        servers.push(
          await spawnServer({
            env: {
              DATABASE_URL: databaseUrl.toString(),
              SEED_PRODUCTS: String(SEED_PRODUCTS),
              LOG_LEVEL: 'info',
            },
          }),
        );
      const healthy = await Promise.all(servers.map((server) => becomesHealthy(server)));
      expect({
        healthy,
        outputs: healthy.every(Boolean) ? [] : servers.map((server) => server.output()),
      }).toEqual({
        healthy: servers.map(() => true),
        outputs: [],
      });

      const outputs = servers.map((server) => server.output());
      expect(outputs.filter((output) => output.includes('empty catalogue: seeding'))).toHaveLength(1);
      expect(outputs.filter((output) => output.includes('applied migrations:'))).toHaveLength(1);
      const reader = new Client({ connectionString: databaseUrl.toString() });
      await reader.connect();
      try {
        const { rows } = await reader.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
        expect(rows[0]?.n).toBe(SEED_PRODUCTS);
      } finally {
        await reader.end();
      }
      for (const server of servers) expect(await stopServer(server)).toBe(0);
    });
  },
);

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('the start-up lock', () => {
  it('lets one holder work at a time; the others say they wait, then work in turn', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const waiting: string[] = [];
    let working = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        withStartupLock(url, 5000, { info: (message) => waiting.push(message) }, async () => {
          working += 1;
          most = Math.max(most, working);
          // The first holder keeps the lock until the other two have found it taken.
          while (order.length === 0 && waiting.length < 2) await sleep(10);
          await sleep(50);
          order.push(n);
          working -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort()).toEqual([1, 2, 3]);
    expect(waiting).toEqual([
      'another instance is migrating or seeding this database: waiting for it',
      'another instance is migrating or seeding this database: waiting for it',
    ]);
  });
});
