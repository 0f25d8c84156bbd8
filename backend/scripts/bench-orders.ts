/**
 * Order placement under load: `cart/member-checkout` at 8 connections, every request a fresh cart
 * prepared beforehand. Each connection has members of its own (one member, one cart, one order) and
 * its own products, so it measures placing an order, not the wait for another connection's product
 * row. Every answer is checked (status true, the order number's format, the cart's currency,
 * total = products + shipping), and afterwards the database: one order per checked answer, every
 * product's stock down by exactly the pieces ordered, the ordered carts empty. Only checked answers
 * make p50/p95/p99 and orders/s; failed checks are reported apart.
 *   DATABASE_URL=postgres://… npx tsx backend/scripts/bench-orders.ts   (PostgreSQL: a throw-away
 *     database on that server, dropped afterwards)
 *   npx tsx backend/scripts/bench-orders.ts                            (PGlite in a temp folder)
 * BENCH_CONNECTIONS (8), BENCH_ORDERS_PER_CONNECTION (250), BENCH_ORDERS_PRODUCTS (320, seeded).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { percentile, serverCpuMs, startBenchServer, stopBenchServer, throwAwayDatabase } from './benchServer';
import { type PreparedCart, prepareCarts } from './preparedCarts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PER_CONNECTION = Number(process.env.BENCH_ORDERS_PER_CONNECTION ?? 250);
const PRODUCTS = Number(process.env.BENCH_ORDERS_PRODUCTS ?? 320);
/** Untimed orders per connection first (connections opened, statements prepared, JIT warm). */
const WARM_UP = 5;
const AMPLE_STOCK = 1_000_000;
const LINES_PER_CART = 2;
const ORDER_NUMBER = /^GS-\d{4}-\d{6,}$/;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function placeOrder(api: URL, token: string): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify({ member_checkout: true });
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL('cart/member-checkout', api),
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

interface PlacedAnswer {
  status?: boolean;
  data?: {
    order_id?: string;
    order?: {
      order_id?: string;
      products_total_cost?: number;
      shipping_cost?: number;
      total_amount?: number;
      currency?: { code?: string };
    };
  };
}

/** Why an answer is not the placed order of this cart; null when it is. */
function problemOf(status: number, body: string, cart: PreparedCart): string | null {
  if (status !== 200) return `HTTP ${status}: ${body.slice(0, 120)}`;
  let answer: PlacedAnswer;
  try {
    answer = JSON.parse(body) as PlacedAnswer;
  } catch {
    return 'not JSON';
  }
  const order = answer.data?.order;
  if (answer.status !== true || !order) return `not a success: ${body.slice(0, 120)}`;
  if (!ORDER_NUMBER.test(answer.data?.order_id ?? '') || order.order_id !== answer.data?.order_id) {
    return `order number ${answer.data?.order_id}`;
  }
  if (order.currency?.code !== cart.currency)
    return `currency ${order.currency?.code}, expected ${cart.currency}`;
  const sum = Math.round(((order.products_total_cost ?? 0) + (order.shipping_cost ?? 0)) * 1000) / 1000;
  if (!((order.products_total_cost ?? 0) > 0) || Math.abs(sum - (order.total_amount ?? -1)) > 0.0005) {
    return `total ${order.total_amount} ≠ ${order.products_total_cost} + ${order.shipping_cost}`;
  }
  return null;
}

interface Tally {
  latencies: number[];
  failed: number;
  firstFailure: string | null;
  placed: PreparedCart[];
}

/** One connection: its carts one after another, each answer timed and checked. */
async function connection(api: URL, carts: readonly PreparedCart[], tally: Tally | null) {
  for (const cart of carts) {
    const started = performance.now();
    const { status, body } = await placeOrder(api, cart.token);
    const elapsed = performance.now() - started;
    if (!tally) continue;
    const problem = problemOf(status, body, cart);
    if (problem === null) {
      tally.latencies.push(elapsed);
      tally.placed.push(cart);
    } else {
      tally.failed += 1;
      tally.firstFailure ??= problem;
    }
  }
}

/** The database after the run: orders, stock and carts agree with the checked answers. */
async function verify(env: Record<string, string>, placed: readonly PreparedCart[]): Promise<string[]> {
  const { openDatabase } = await import('../src/db/client');
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: env.DATA_DIR ?? null });
  try {
    const problems: string[] = [];
    const sold = new Map<number, number>();
    for (const cart of placed) {
      for (const line of cart.lines)
        sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantity);
    }
    const ids = placed.map((cart) => cart.buyerId);
    const orderRows = await handle.db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE buyer_id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    const orderCount = (orderRows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
    if (orderCount !== placed.length)
      problems.push(`${orderCount} orders for ${placed.length} checked answers`);
    const stockRows = await handle.db.execute(sql`SELECT id, stock_quantity FROM products`);
    for (const row of (stockRows as unknown as { rows: { id: number; stock_quantity: number }[] }).rows) {
      const expected = AMPLE_STOCK - (sold.get(Number(row.id)) ?? 0) - (warmUpSold.get(Number(row.id)) ?? 0);
      if (Number(row.stock_quantity) !== expected) {
        problems.push(`product ${row.id}: stock ${row.stock_quantity}, expected ${expected}`);
      }
    }
    const leftRows = await handle.db.execute(
      sql`SELECT count(*)::int AS n FROM cart_items JOIN carts ON carts.id = cart_items.cart_id
          WHERE carts.buyer_id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    const left = (leftRows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
    if (left !== 0) problems.push(`${left} lines left in ordered carts`);
    return problems;
  } finally {
    await handle.close();
  }
}

/** Pieces the untimed warm-up orders took (they are checked by the stock verification too). */
const warmUpSold = new Map<number, number>();

async function main() {
  const database = await throwAwayDatabase('orders', PRODUCTS, (db: Database) =>
    prepareCarts(db, {
      connections: CONNECTIONS,
      perConnection: WARM_UP + PER_CONNECTION,
      linesPerCart: LINES_PER_CART,
      ampleStock: AMPLE_STOCK,
      label: 'bench.orders',
    }),
  );
  try {
    const server = await startBenchServer(database.env);
    const api = new URL(`${server.address}/backend/api/`);
    const tally: Tally = { latencies: [], failed: 0, firstFailure: null, placed: [] };
    let seconds = 0;
    let cpuMs = 0;
    try {
      const perConnection = database.prepared;
      console.log(
        `orders on ${server.kind === 'postgres' ? 'PostgreSQL (a throw-away database)' : 'PGlite'}, ${PRODUCTS} products, ${CONNECTIONS} connections × ${PER_CONNECTION} orders (each connection its own members and products; carts of ${LINES_PER_CART} lines prepared beforehand; server in its own process)`,
      );
      const warmUp = perConnection.map((carts) => carts.slice(0, WARM_UP));
      for (const cart of warmUp.flat()) {
        for (const line of cart.lines) {
          warmUpSold.set(line.productId, (warmUpSold.get(line.productId) ?? 0) + line.quantity);
        }
      }
      await Promise.all(warmUp.map((carts) => connection(api, carts, null)));
      const cpuBefore = await serverCpuMs(server.child);
      const started = performance.now();
      await Promise.all(perConnection.map((carts) => connection(api, carts.slice(WARM_UP), tally)));
      seconds = (performance.now() - started) / 1000;
      cpuMs = (await serverCpuMs(server.child)) - cpuBefore;
    } finally {
      agent.destroy();
      await stopBenchServer(server.child);
    }
    const problems = await verify(database.env, tally.placed);
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => Math.round(percentile(sorted, p) * 10) / 10);
    const answered = sorted.length + tally.failed;
    console.log(
      `  ${'cart/member-checkout'.padEnd(22)} ${(sorted.length / seconds).toFixed(0).padStart(5)} orders/s (checked)  p50 ${p50} ms  p95 ${p95} ms  p99 ${p99} ms  server CPU ${(cpuMs / Math.max(1, answered)).toFixed(1)} ms/order  answers checked ${sorted.length}, failed checks ${tally.failed + problems.length}${tally.firstFailure ? `  first failure: ${tally.firstFailure}` : ''}`,
    );
    console.log(
      problems.length === 0
        ? `  database: ${tally.placed.length} orders, every product's stock down by exactly the pieces ordered, ordered carts empty`
        : `  database checks failed: ${problems.slice(0, 5).join('; ')}`,
    );
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
