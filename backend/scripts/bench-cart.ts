/**
 * Cart latency under load (autocannon, 8 connections): `cart/add` and `cart/get-items` of guest
 * carts. Every answer is checked (status true, the cart's own token, the expected lines and
 * quantities) and only checked answers count: p50/p95/p99 and requests/s are of those, failed
 * checks are reported apart.
 *   npx tsx backend/scripts/bench-cart.ts                      (PGlite in a temporary folder)
 *   DATABASE_URL=postgres://… npx tsx backend/scripts/bench-cart.ts   (PostgreSQL)
 * With DATABASE_URL it creates a throw-away database on that server (the role needs CREATEDB) and
 * drops it afterwards, so stock and carts of a real database are never touched (benchServer.ts). Every product gets
 * ample stock; each connection's carts use their own products, so the adds measure the cart, not
 * the wait for one product row's lock. The server runs in a child process (its own event loop).
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (8), BENCH_CART_PRODUCTS (320, seeded).
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { percentile, serverCpuMs, startBenchServer, stopBenchServer, throwAwayDatabase } from './benchServer';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PRODUCTS = Number(process.env.BENCH_CART_PRODUCTS ?? 320);
/** Stock of every product: far more than any run can add. */
const AMPLE_STOCK = 10_000_000;
/** Adds per guest cart before the connection starts a new cart (3 products, up to 4 pieces each). */
const ADDS_PER_CART = 12;
const LINES_PER_CART = 3;
/** Guest carts the get-items run reads, round robin. */
const READ_CARTS = 64;

/** Ample stock everywhere; the product ids, in order. */
async function prepareProducts(db: Database): Promise<number[]> {
  await db.execute(sql`UPDATE products SET stock_quantity = ${AMPLE_STOCK}`);
  const rows = await db.execute(sql`SELECT id FROM products ORDER BY id`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

interface CartAnswer {
  status?: boolean;
  data?: { guest_session_token?: string | null; items?: { product: { id: number }; quantity: number }[] };
}

/** Whether a cart answer is a success for this token holding exactly these lines (product → quantity). */
function cartHolds(body: string, token: string | null, lines: ReadonlyMap<number, number>): string | null {
  let answer: CartAnswer;
  try {
    answer = JSON.parse(body) as CartAnswer;
  } catch {
    return 'not JSON';
  }
  if (answer.status !== true || !answer.data) return `not a success: ${body.slice(0, 120)}`;
  const { guest_session_token: returned, items = [] } = answer.data;
  if (!returned || (token !== null && returned !== token)) return 'another cart answered';
  if (items.length !== lines.size) return `${items.length} lines, expected ${lines.size}`;
  for (const item of items) {
    if (lines.get(item.product.id) !== item.quantity) return `product ${item.product.id} × ${item.quantity}`;
  }
  return null;
}

/**
 * What one scenario measured: latencies of the answers that passed their check, and how many did
 * not. `verdict` is handed from a request's onResponse to the 'response' event that autocannon
 * emits right after it, synchronously, for the same connection: that pairs check and latency.
 */
class Tally {
  readonly latencies: number[] = [];
  failed = 0;
  firstFailure: string | null = null;
  private verdict: string | null | undefined;

  check(problem: string | null) {
    this.verdict = problem;
  }

  record(latencyMs: number) {
    if (this.verdict === undefined) return;
    if (this.verdict === null) this.latencies.push(latencyMs);
    else {
      this.failed += 1;
      this.firstFailure ??= this.verdict;
    }
    this.verdict = undefined;
  }
}

interface Context {
  token?: string | null;
  products?: number[];
  lines?: Map<number, number>;
  want?: Map<number, number>;
}

const json = { 'content-type': 'application/json' };

/**
 * cart/add: each connection fills guest carts of its own, ADDS_PER_CART adds each (the first add
 * creates the cart), cycling over three products no other connection is adding at the time.
 * autocannon runs the request list in order per connection and starts a fresh context each time
 * it starts the list again: one pass is one cart.
 */
function addScenario(productIds: readonly number[], tally: Tally): autocannon.Request[] {
  let nextSet = 0;
  const sets = Math.floor(productIds.length / LINES_PER_CART);
  return Array.from({ length: ADDS_PER_CART }, (_, index) => ({
    method: 'POST',
    path: '/backend/api/cart/add',
    headers: json,
    setupRequest: (request: autocannon.Request, context: Context) => {
      if (index === 0) {
        const start = (nextSet++ % sets) * LINES_PER_CART;
        context.products = productIds.slice(start, start + LINES_PER_CART);
        context.lines = new Map();
        context.token = null;
      }
      const productId = context.products?.[index % LINES_PER_CART] ?? 0;
      context.want = new Map(context.lines);
      context.want.set(productId, (context.lines?.get(productId) ?? 0) + 1);
      return {
        ...request,
        body: JSON.stringify({
          product_id: productId,
          quantity: 1,
          guest_session_token: context.token ?? null,
        }),
      };
    },
    onResponse: (status: number, body: string, context: Context) => {
      const want = context.want ?? new Map<number, number>();
      const problem = status === 200 ? cartHolds(body, context.token ?? null, want) : `HTTP ${status}`;
      tally.check(problem);
      if (problem === null) {
        context.lines = want;
        if (index === 0) context.token = (JSON.parse(body) as CartAnswer).data?.guest_session_token ?? null;
      }
    },
  }));
}

/** Guest carts for the read run: three lines each, quantities 1, 2 and 3. */
async function prepareReadCarts(api: string, productIds: readonly number[]) {
  const carts: { token: string; lines: Map<number, number> }[] = [];
  for (let i = 0; i < READ_CARTS; i++) {
    const lines = new Map<number, number>();
    let token: string | null = null;
    for (let j = 0; j < LINES_PER_CART; j++) {
      const productId = productIds[(i * LINES_PER_CART + j) % productIds.length] ?? 0;
      const response = await fetch(`${api}/cart/add`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ product_id: productId, quantity: j + 1, guest_session_token: token }),
      });
      const answer = (await response.json()) as CartAnswer;
      token = answer.data?.guest_session_token ?? null;
      lines.set(productId, j + 1);
    }
    if (!token) throw new Error('could not prepare a guest cart');
    carts.push({ token, lines });
  }
  return carts;
}

/** cart/get-items: each request reads the next prepared cart and checks its lines. */
function readScenario(
  carts: { token: string; lines: Map<number, number> }[],
  tally: Tally,
): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/backend/api/cart/get-items',
      headers: json,
      setupRequest: (request: autocannon.Request, context: Context) => {
        const cart = carts[next++ % carts.length];
        context.token = cart?.token ?? null;
        context.want = cart?.lines ?? new Map();
        return { ...request, body: JSON.stringify({ guest_session_token: context.token }) };
      },
      onResponse: (status: number, body: string, context: Context) => {
        const want = context.want ?? new Map<number, number>();
        tally.check(status === 200 ? cartHolds(body, context.token ?? null, want) : `HTTP ${status}`);
      },
    },
  ];
}

async function measure(
  name: string,
  child: ChildProcess,
  api: string,
  requests: autocannon.Request[],
  tally: Tally,
) {
  const cpuBefore = await serverCpuMs(child);
  const run = autocannon({ url: api, connections: CONNECTIONS, duration: SECONDS, requests });
  run.on('response', (_client, _statusCode, _bytes, responseTime) => tally.record(responseTime));
  const result = await run;
  const cpuMs = (await serverCpuMs(child)) - cpuBefore;
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => Math.round(percentile(sorted, p) * 10) / 10);
  const answered = sorted.length + tally.failed;
  console.log(
    `  ${name.padEnd(36)} ${String(Math.round(sorted.length / SECONDS)).padStart(6)} req/s (checked)  p50 ${p50} ms  p95 ${p95} ms  p99 ${p99} ms  server CPU ${(cpuMs / Math.max(1, answered)).toFixed(1)} ms/req  answers checked ${sorted.length}, failed checks ${tally.failed}, errors ${result.errors}, non-2xx ${result.non2xx}${tally.firstFailure ? `  first failure: ${tally.firstFailure}` : ''}`,
  );
}

async function main() {
  const database = await throwAwayDatabase('cart', PRODUCTS, prepareProducts);
  const productIds = database.prepared;
  try {
    const { child, address, kind } = await startBenchServer(database.env);
    const api = `${address}/backend/api`;
    try {
      console.log(
        `cart on ${kind === 'postgres' ? 'PostgreSQL (a throw-away database)' : 'PGlite'}, ${productIds.length} products, ${CONNECTIONS} connections, ${SECONDS} s each (server in its own process)`,
      );
      const adds = new Tally();
      await measure(
        `cart/add (new guest cart every ${ADDS_PER_CART})`,
        child,
        api,
        addScenario(productIds, adds),
        adds,
      );
      const reads = new Tally();
      const carts = await prepareReadCarts(api, productIds);
      await measure(
        `cart/get-items (${carts.length} carts, 3 lines)`,
        child,
        api,
        readScenario(carts, reads),
        reads,
      );
    } finally {
      await stopBenchServer(child);
    }
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
