/**
 * Faults on the cluster (`npm run cluster`: two API instances behind nginx, on a PostgreSQL of this
 * test's own), while members place orders and guests read the catalogue through the gateway:
 * - one API instance is killed (SIGKILL): nginx routes around it, and every order is placed once,
 *   the one its 200 answer named (a shopper told 503 sends the same Idempotency-Key again);
 * - PostgreSQL is stopped and started again: no instance dies, clients get 503 while it is down,
 *   and everything serves again by itself.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { type PreparedCart, prepareCarts } from '../../scripts/preparedCarts';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seedDatabase } from '../../src/seed/seedDatabase';
import { PgCluster } from '../fault/pgCluster';
import { type Answer, type RunningCluster, send, startCluster, stopStartedClusters } from './clusterProcess';

jest.setTimeout(240_000);

const WRITERS = 4;
const CARTS_PER_WRITER = 25;
/** How long the killed instance stays down before the cluster starts it again. */
const RESTART_DELAY_MS = 4000;
const OUTAGE_MS = 6000;

describe('the cluster under faults', () => {
  let pg: PgCluster;
  let cluster: RunningCluster;
  let killCarts: PreparedCart[][];
  let outageCarts: PreparedCart[][];

  beforeAll(async () => {
    pg = await PgCluster.create();
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query('CREATE DATABASE shop');
    await admin.end();
    const setup = await openDatabase({ databaseUrl: pg.urlOf('shop'), timeouts: { statementMs: 0 } });
    try {
      await migrate(setup.db);
      await seedDatabase(setup.db, { products: 40 });
      const plan = {
        connections: WRITERS,
        perConnection: CARTS_PER_WRITER,
        linesPerCart: 1,
        ampleStock: 100_000,
      };
      killCarts = await prepareCarts(setup.db, { ...plan, label: 'kill' });
      outageCarts = await prepareCarts(setup.db, { ...plan, label: 'outage' });
    } finally {
      await setup.close();
    }
    cluster = await startCluster({
      databaseUrl: pg.urlOf('shop'),
      env: {
        CLUSTER_RESTART_DELAY_MS: String(RESTART_DELAY_MS),
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '1500',
      },
    });
  });

  afterAll(async () => {
    try {
      if (cluster) expect(await cluster.stop()).toBe(0);
    } finally {
      // One whose start timed out before it was ready too.
      await stopStartedClusters();
      pg?.destroy();
    }
  });

  /** Places each cart's order through the gateway, sending the same key again after a 503 or no answer. */
  async function placeAll(
    mine: readonly PreparedCart[],
    key: string,
    placed: Map<number, string>,
    answers: Answer[],
    deadline: number,
  ) {
    for (const cart of mine) {
      while (Date.now() < deadline) {
        const answer = await send(`${cluster.api}/cart/member-checkout`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${cart.token}`,
            'content-type': 'application/json',
            'idempotency-key': `${key}-${cart.buyerId}`,
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
        await sleep(200);
      }
    }
  }

  /** Guests reading the catalogue through the gateway until told to stop. */
  async function browse(until: () => boolean, answers: Answer[]) {
    let page = 1;
    while (!until()) {
      answers.push(await send(`${cluster.api}/products?per-page=4&page=${page}`));
      page = (page % 10) + 1;
      await sleep(10);
    }
  }

  async function ordersOf(buyerIds: Iterable<number>) {
    const check = new Client({ connectionString: pg.urlOf('shop') });
    await check.connect();
    try {
      const { rows } = await check.query<{ buyer_id: number; numbers: string[] }>(
        'SELECT buyer_id, array_agg(order_number) AS numbers FROM orders WHERE buyer_id = ANY($1) GROUP BY buyer_id',
        [[...buyerIds]],
      );
      return new Map(rows.map((row) => [row.buyer_id, row.numbers]));
    } finally {
      await check.end();
    }
  }

  const statusCounts = (answers: readonly Answer[]) => {
    const counts: Record<number, number> = {};
    for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    return counts;
  };

  it('routes around an API instance killed under load, and loses or doubles no accepted order', async () => {
    const placed = new Map<number, string>();
    const orderAnswers: Answer[] = [];
    const readAnswers: Answer[] = [];
    let reading = true;
    const deadline = Date.now() + 120_000;
    const work = Promise.all([
      ...killCarts.map((mine) => placeAll(mine, 'cluster-kill', placed, orderAnswers, deadline)),
      browse(() => !reading, readAnswers),
    ]);

    while (placed.size < 10 && Date.now() < deadline) await sleep(50);
    const before = cluster.state();
    const victim = before.instances[0];
    if (!victim?.pid) throw new Error('no pid for api-1');
    process.kill(victim.pid, 'SIGKILL');
    const killedAt = Date.now();
    // Until the cluster has started it again, only the other instance serves.
    let restartedAt = 0;
    while (!restartedAt && Date.now() < deadline) {
      const pid = cluster.state().instances[0]?.pid;
      if (pid && pid !== victim.pid) restartedAt = Date.now();
      else await sleep(50);
    }
    while (placed.size < WRITERS * CARTS_PER_WRITER && Date.now() < deadline) await sleep(100);
    reading = false;
    await work;

    // Served through the gateway while api-1 was gone: reads and orders.
    const whileDown = (answers: Answer[]) =>
      answers.filter((a) => a.at > killedAt + 200 && a.at < restartedAt && a.status === 200).length;
    expect(whileDown(readAnswers)).toBeGreaterThan(0);
    expect(whileDown(orderAnswers)).toBeGreaterThan(0);
    // Only the requests api-1 held when it died failed, as a 503 with Retry-After (the gateway's
    // envelope): never a 5xx of another kind, never a hang.
    const failed = [...orderAnswers, ...readAnswers].filter((a) => a.status !== 200);
    expect(statusCounts(failed)).toEqual(failed.length ? { 503: failed.length } : {});
    for (const answer of failed) {
      expect(answer.body?.error?.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.retryAfter).toBe('2');
    }
    expect(failed.length).toBeLessThan(10);

    // Every order the clients were told of is in the table once, and there is no other.
    expect(placed.size).toBe(WRITERS * CARTS_PER_WRITER);
    const orders = await ordersOf(killCarts.flat().map((cart) => cart.buyerId));
    for (const [buyerId, number] of placed)
      expect({ buyerId, orders: orders.get(buyerId) }).toEqual({ buyerId, orders: [number] });
    expect([...orders.values()].flat()).toHaveLength(placed.size);
    expect(cluster.child.exitCode).toBeNull();
  });

  it('keeps every instance up while PostgreSQL restarts under load: 503 while it is down, then serves by itself', async () => {
    // Both instances serve before the outage (api-1 is back from the test above).
    for (const api of cluster.instanceApis) {
      let healthy = false;
      for (let i = 0; i < 600 && !healthy; i++) {
        healthy = (await send(`${api}/health`)).status === 200;
        if (!healthy) await sleep(100);
      }
      expect(healthy).toBe(true);
    }
    const pidsBefore = cluster.state().instances.map((instance) => instance.pid);
    const outputBefore = cluster.output().length;
    const placed = new Map<number, string>();
    const orderAnswers: Answer[] = [];
    const readAnswers: Answer[] = [];
    let reading = true;
    const deadline = Date.now() + 150_000;
    const work = Promise.all([
      ...outageCarts.map((mine) => placeAll(mine, 'cluster-outage', placed, orderAnswers, deadline)),
      browse(() => !reading, readAnswers),
    ]);

    while (placed.size < 10 && Date.now() < deadline) await sleep(50);
    pg.stop('fast');
    const stoppedAt = Date.now();
    const healthWhileDown: Answer[] = [];
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      healthWhileDown.push(await send(`${cluster.api}/health`));
      await sleep(300);
    }
    pg.start();
    const startedAt = Date.now();
    // Nothing restarts the instances: the next requests find the database again.
    let healthyAgain = false;
    while (!healthyAgain && Date.now() < deadline) {
      healthyAgain = (await send(`${cluster.api}/health`)).status === 200;
      if (!healthyAgain) await sleep(100);
    }
    expect(healthyAgain).toBe(true);
    while (placed.size < WRITERS * CARTS_PER_WRITER && Date.now() < deadline) await sleep(100);
    reading = false;
    await work;

    // No instance died: the same processes, and each serves again on its own.
    expect(cluster.state().instances.map((instance) => instance.pid)).toEqual(pidsBefore);
    expect(cluster.output().slice(outputBefore)).not.toMatch(/api-\d ended/);
    for (const api of cluster.instanceApis) expect((await send(`${api}/health`)).status).toBe(200);
    // While it was down: 503 DATABASE_UNAVAILABLE with Retry-After, from the instances.
    expect(healthWhileDown.length).toBeGreaterThan(5);
    for (const answer of healthWhileDown) {
      expect(answer.status).toBe(503);
      expect(answer.body?.error?.code).toBe('DATABASE_UNAVAILABLE');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    const all = [...orderAnswers, ...readAnswers];
    const during = all.filter((a) => a.at > stoppedAt + 500 && a.at < startedAt);
    expect(during.length).toBeGreaterThan(0);
    const failed = all.filter((a) => a.status !== 200);
    expect(statusCounts(failed)).toEqual(failed.length ? { 503: failed.length } : {});
    for (const answer of failed) {
      expect(answer.body?.error?.code).toBe('DATABASE_UNAVAILABLE');
      expect(answer.retryAfter).not.toBeNull();
    }
    // And after it: every order placed once, the one its 200 named.
    expect(placed.size).toBe(WRITERS * CARTS_PER_WRITER);
    const orders = await ordersOf(outageCarts.flat().map((cart) => cart.buyerId));
    for (const [buyerId, number] of placed)
      expect({ buyerId, orders: orders.get(buyerId) }).toEqual({ buyerId, orders: [number] });
    expect([...orders.values()].flat()).toHaveLength(placed.size);
  });
});
