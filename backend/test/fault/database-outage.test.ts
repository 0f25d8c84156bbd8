/**
 * The API server (src/server.ts, in a process of its own) on a PostgreSQL cluster of this test's
 * own, while members place orders and guests fill carts:
 * - the cluster stops for 10 s: the server stays up, answers 503 DATABASE_UNAVAILABLE with
 *   Retry-After (never a 500, never a hang), and serves again within 1 s of the cluster's return;
 * - the cluster freezes (SIGSTOP): the connect and statement timeouts turn the hang into a quick 503;
 * - afterwards every member has exactly the one order each 200 answer named: none lost, none doubled
 *   (a shopper whose answer was lost sends the same Idempotency-Key again, as the checkout does).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { type PreparedCart, prepareCarts } from '../../scripts/preparedCarts';
import { becomesHealthy, type ServerProcess, spawnServer, stopServer } from '../../scripts/serverProcess';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seedDatabase } from '../../src/seed/seedDatabase';
import { PgCluster } from './pgCluster';

jest.setTimeout(180_000);

const WRITERS = 4;
const CARTS_PER_WRITER = 40;
const OUTAGE_MS = 10_000;
/** The server's settings under test: quick enough for a test, the shape of production's. */
const CONNECT_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 1500;
/** Longest a request may take while the database is away (connect or statement timeout, plus grace). */
const QUICK_ANSWER_MS = 4000;

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: { status?: boolean; data?: { order_id?: string }; error?: { code?: string } } | null;
}

async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let body: Answer['body'] = null;
    try {
      body = JSON.parse(text) as Answer['body'];
    } catch {
      body = null;
    }
    return {
      status: response.status,
      ms: performance.now() - started,
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } catch {
    return { status: 0, ms: performance.now() - started, retryAfter: null, body: null }; // no answer at all
  }
}

describe('the API server while its PostgreSQL goes away', () => {
  let cluster: PgCluster;
  let server: ServerProcess;
  let api: string;
  let carts: PreparedCart[][];
  const answers: Answer[] = [];

  beforeAll(async () => {
    cluster = await PgCluster.create();
    const admin = new Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE shop');
    await admin.end();
    const setup = await openDatabase({ databaseUrl: cluster.urlOf('shop'), timeouts: { statementMs: 0 } });
    try {
      await migrate(setup.db);
      await seedDatabase(setup.db, { products: 40 });
      carts = await prepareCarts(setup.db, {
        connections: WRITERS,
        perConnection: CARTS_PER_WRITER,
        linesPerCart: 1,
        ampleStock: 100_000,
        label: 'fault',
      });
    } finally {
      await setup.close();
    }

    server = await spawnServer({
      env: {
        DATABASE_URL: cluster.urlOf('shop'),
        LOG_LEVEL: 'warn',
        // The page side too: /remotes.json reads the remote registry from the database.
        SERVE_SITE: '1',
        DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
        DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      },
    });
    api = server.api;
    if (!(await becomesHealthy(server))) throw new Error(`the server did not start:\n${server.output()}`);
  });

  afterAll(async () => {
    if (server) await stopServer(server);
    cluster?.destroy();
  });

  /** Places each cart's order, sending the same key again after a 503 or a lost answer. */
  async function placeAll(mine: readonly PreparedCart[], placed: Map<number, string>, deadline: number) {
    for (const cart of mine) {
      while (Date.now() < deadline && server.child.exitCode === null) {
        const answer = await send(`${api}/cart/member-checkout`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${cart.token}`,
            'content-type': 'application/json',
            'idempotency-key': `fault-order-${cart.buyerId}`,
          },
          body: JSON.stringify({ member_checkout: true }),
        });
        answers.push(answer);
        const number = answer.body?.data?.order_id;
        if (answer.status === 200 && number) {
          placed.set(cart.buyerId, number);
          break;
        }
        if (answer.status !== 503 && answer.status !== 0) break; // counted against the run below
        await sleep(250);
      }
    }
  }

  /** Guests adding to new carts, over and over, until told to stop. */
  async function fillCarts(until: () => boolean) {
    let product = 1;
    while (!until() && server.child.exitCode === null) {
      answers.push(
        await send(`${api}/cart/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ product_id: product, quantity: 1 }),
        }),
      );
      product = (product % 40) + 1;
      await sleep(20);
    }
  }

  it('stays up through a 10 s stop, answers 503 with Retry-After meanwhile, recovers within 1 s, and loses or doubles no order', async () => {
    const placed = new Map<number, string>();
    const deadline = Date.now() + 120_000;
    let writing = true;
    const writers = Promise.all([
      ...carts.map((mine) => placeAll(mine, placed, deadline)),
      fillCarts(() => !writing),
    ]);

    // The database goes while orders are going through: once the first is placed (a fixed 1.5 s
    // placed none on a busy machine running two test files at once).
    while (placed.size === 0 && Date.now() < deadline) await sleep(50);
    const placedBeforeStop = placed.size;
    cluster.stop('fast');
    const outageEnds = Date.now() + OUTAGE_MS;
    const healthDuringOutage: Answer[] = [];
    while (Date.now() < outageEnds) {
      healthDuringOutage.push(await send(`${api}/health`));
      await sleep(500);
    }
    cluster.start();
    const back = performance.now();
    let recoveredMs = Number.POSITIVE_INFINITY;
    while (performance.now() - back < 5000) {
      if ((await send(`${api}/health`)).status === 200) {
        recoveredMs = performance.now() - back;
        break;
      }
      await sleep(25);
    }
    // Let the members finish, then stop the guests.
    while (
      placed.size < WRITERS * CARTS_PER_WRITER &&
      Date.now() < deadline &&
      server.child.exitCode === null
    )
      await sleep(200);
    writing = false;
    await writers;

    expect(server.child.exitCode).toBeNull();
    expect(placedBeforeStop).toBeGreaterThan(0);
    expect(placedBeforeStop).toBeLessThan(WRITERS * CARTS_PER_WRITER);
    // While the cluster was away: the health check said so, quickly, with Retry-After.
    expect(healthDuringOutage.length).toBeGreaterThan(5);
    for (const answer of healthDuringOutage) {
      expect(answer.status).toBe(503);
      expect(answer.body?.error?.code).toBe('DATABASE_UNAVAILABLE');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.ms).toBeLessThan(QUICK_ANSWER_MS);
    }
    // The writes met the outage and were told so; nothing else went wrong.
    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.body?.error?.code).toBe('DATABASE_UNAVAILABLE');
      expect(answer.retryAfter).not.toBeNull();
    }
    expect(recoveredMs).toBeLessThan(1000);

    // Every member's order placed once, and it is the one the 200 answer named.
    expect(placed.size).toBe(WRITERS * CARTS_PER_WRITER);
    const check = new Client({ connectionString: cluster.urlOf('shop') });
    await check.connect();
    try {
      const { rows } = await check.query<{ buyer_id: number; n: number; numbers: string[] }>(
        'SELECT buyer_id, count(*)::int AS n, array_agg(order_number) AS numbers FROM orders GROUP BY buyer_id',
      );
      const byBuyer = new Map(rows.map((row) => [row.buyer_id, row]));
      for (const [buyerId, number] of placed) {
        expect({ buyerId, orders: byBuyer.get(buyerId)?.numbers }).toEqual({ buyerId, orders: [number] });
      }
      expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(placed.size);
    } finally {
      await check.end();
    }
  });

  it('answers 503 quickly while the database is frozen (pages keep the last good remote registry), and serves again once it thaws', async () => {
    expect((await send(`${api}/products?per-page=4`)).status).toBe(200);
    // The remote registry read from the database; while it is frozen, pages get the last good one.
    const origin = api.replace(/\/backend\/api$/, '');
    const registryBefore = await send(`${origin}/remotes.json`);
    expect(registryBefore.status).toBe(200);
    expect(registryBefore.body).toHaveProperty('catalog.channel', 'built-in');
    cluster.freeze();
    let frozen: Answer[];
    let registryWhileFrozen: Answer;
    try {
      registryWhileFrozen = await send(`${origin}/remotes.json`);
      frozen = await Promise.all([
        send(`${api}/health`),
        send(`${api}/products?per-page=4&q=gift`),
        send(`${api}/cart/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ product_id: 3, quantity: 1 }),
        }),
      ]);
    } finally {
      cluster.thaw();
    }
    for (const answer of frozen) {
      expect(answer.status).toBe(503);
      expect(answer.body?.error?.code).toBe('DATABASE_UNAVAILABLE');
      expect(answer.ms).toBeLessThan(QUICK_ANSWER_MS + 1000);
    }
    expect(registryWhileFrozen.status).toBe(200);
    expect(registryWhileFrozen.ms).toBeLessThan(QUICK_ANSWER_MS + 1000);
    expect(registryWhileFrozen.body).toEqual(registryBefore.body);
    let healthy = false;
    for (let i = 0; i < 40 && !healthy; i++) {
      healthy = (await send(`${api}/products?per-page=4`)).status === 200;
      if (!healthy) await sleep(100);
    }
    expect(healthy).toBe(true);
    expect(server.child.exitCode).toBeNull();
  });
});
