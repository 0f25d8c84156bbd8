/**
 * Issue 20, "migrations and the first seed run under a PostgreSQL advisory lock, so N instances
 * starting at once on an empty database all come up healthy, and the seed runs once": three real
 * servers (src/server.ts, each in its own process) started together on one empty database.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { becomesHealthy, type ServerProcess, spawnServer, stopServer } from '../scripts/serverProcess';
import { openDatabase } from '../src/db/client';
import { migrate, rowsOf } from '../src/db/migrate';
import { STARTUP_LOCK_KEY, withStartupLock } from '../src/db/startupLock';
import { seedDatabase } from '../src/seed/seedDatabase';

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

/** Polls `condition` until it holds, at most about 10 s. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    if (await condition()) return;
    await sleep(10);
  }
  throw new Error(`gave up waiting: ${what}`);
}

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('the start-up lock', () => {
  // A database of its own: holders of other tests on a shared one would skew what is waited for.
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `shop_test_lock_${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const url = databaseUrl.toString();
  const admin = new Client({ connectionString: adminUrl });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('lets one holder work at a time; the others say they wait, then work in turn', async () => {
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
          if (order.length === 0) await until(() => waiting.length >= 2, 'the two others to wait');
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

  it("aborts the work and fails at once when the lock's connection is lost", async () => {
    const logged: string[] = [];
    let signal: AbortSignal | null = null;
    const releases: Array<() => void> = [];
    const held = new Promise<void>((resolve) => releases.push(resolve));
    const running = withStartupLock(url, 5000, { info: (message) => logged.push(message) }, async (lost) => {
      signal = lost;
      await held;
      return 'done';
    });
    const outcome = running.then(
      () => 'resolved',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await until(() => signal !== null, 'the work to start');
    // The holder's session ends (a network fault, a restarted server): its lock is free.
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
        WHERE locktype = 'advisory' AND objid = $1 AND granted AND database =
              (SELECT oid FROM pg_database WHERE datname = $2)`,
      [STARTUP_LOCK_KEY, name],
    );
    expect(rows.map((row) => row.ended)).toEqual([true]);
    expect(await outcome).toMatch(/^start-up lock lost/);
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(logged.some((line) => line.startsWith('start-up lock lost'))).toBe(true);
    for (const release of releases) release();
    // The lock is free for the next instance.
    expect(await withStartupLock(url, 5000, { info: () => undefined }, async () => 'next')).toBe('next');
  });

  it('seeds a first run once even without it: the seed checks the catalogue inside its transaction', async () => {
    const first = await openDatabase({ databaseUrl: url, timeouts: { statementMs: 0, poolSize: 1 } });
    const second = await openDatabase({ databaseUrl: url, timeouts: { statementMs: 0, poolSize: 1 } });
    try {
      await migrate(first.db);
      const seeded = await Promise.all(
        [first, second].map((database) =>
          seedDatabase(database.db, { products: SEED_PRODUCTS, onlyIfEmpty: true }),
        ),
      );
      expect(seeded.sort()).toEqual([false, true]);
      expect(await seedDatabase(first.db, { products: SEED_PRODUCTS, onlyIfEmpty: true })).toBe(false);
      const [row] = rowsOf<{ n: number }>(
        await first.db.execute(sql`SELECT count(*)::int AS n FROM products`),
      );
      expect(row?.n).toBe(SEED_PRODUCTS);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
