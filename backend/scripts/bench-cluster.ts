/**
 * The cluster under a shopper mix (`npm run bench -- --cluster`): `npm run cluster` with one API
 * instance, then with two, each run BENCH_CLUSTER_SECONDS (60) at a fixed arrival rate of
 * BENCH_CLUSTER_RATE requests a second (15; open loop: a request starts on time whatever the ones
 * before it are doing, and its latency counts from when it was due). The mix browses listings,
 * searches, opens products, adds to carts, signs in and places orders, all through the gateway.
 * Every answer is checked (status, envelope, and what it must hold); it prints p50/p95/p99 per
 * endpoint and the rate served, one instance beside two.
 *
 * On a PostgreSQL database with the catalogue already in it (100,000 products: `npm run seed --
 * --products 100000`), named by BENCH_CLUSTER_URL (default DATABASE_URL). The bench writes to it:
 * members with carts ready to order, their orders, cart lines; products' stock is set ample.
 *   BENCH_CLUSTER_URL=postgres://postgres@127.0.0.1:5432/shop_100k npx tsx backend/scripts/bench-cluster.ts
 * The cluster takes free ports; with BENCH_CLUSTER_PORT set, that is the gateway's port, the
 * instances take the next two and the remotes the four from BENCH_CLUSTER_PORT + 3.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { hashPassword } from '../src/services/passwords';
import { startCluster } from '../test/cluster/clusterProcess';
import { percentile } from './benchServer';
import { type PreparedCart, prepareCarts } from './preparedCarts';

const URL_ = process.env.BENCH_CLUSTER_URL || process.env.DATABASE_URL;
/**
 * 15 a second: under what one instance serves of this mix at 100,000 products on the 2-core
 * development box (about 20 a second; two served about 37 when offered 60), so every request is
 * answered and the latencies compare one instance with two at the same load.
 */
const RATE = Number(process.env.BENCH_CLUSTER_RATE ?? 15);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 60);
const PORT = process.env.BENCH_CLUSTER_PORT ? Number(process.env.BENCH_CLUSTER_PORT) : null;
/** Requests past this many in flight are not sent and count as errors (the cluster fell behind). */
const MAX_IN_FLIGHT = 512;
const PASSWORD = 'BenchCluster1';

const KINDS = ['browse', 'search', 'product', 'cart add', 'sign in', 'place order'] as const;
type Kind = (typeof KINDS)[number];
/** Shares of the mix, in percent. */
const MIX: Record<Kind, number> = {
  browse: 30,
  search: 20,
  product: 25,
  'cart add': 12,
  'sign in': 3,
  'place order': 10,
};

interface Catalogue {
  types: string[];
  words: string[];
  products: { id: number; slug: string }[];
}

interface Population {
  adders: PreparedCart[];
  signIns: string[];
  /** One cart per order the run places, per run. */
  orders: PreparedCart[][];
}

interface Sample {
  kind: Kind;
  ms: number;
  error: string | null;
}

type Envelope = { status?: boolean; data?: Record<string, unknown> } | null;

async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; body: Envelope }> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.key) headers['idempotency-key'] = init.key;
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Envelope };
  } catch {
    return { status: response.status, body: null };
  }
}

const items = (body: Envelope) => (body?.data?.items as { slug?: string }[] | undefined) ?? [];

/** The catalogue as shoppers see it, read through the API: product types, title words, products. */
async function readCatalogue(api: string): Promise<Catalogue> {
  const first = await call(api, '/products?per-page=100');
  const filters = first.body?.data?.filters as { productTypes?: { slug: string }[] } | undefined;
  const types = (filters?.productTypes ?? []).map((type) => type.slug);
  const products: Catalogue['products'] = [];
  const words = new Set<string>();
  for (let page = 1; page <= 8; page++) {
    const answer = page === 1 ? first : await call(api, `/products?per-page=100&page=${page * 37}`);
    for (const item of items(answer.body) as { id: number; slug: string; title: string }[]) {
      products.push({ id: item.id, slug: item.slug });
      for (const word of item.title.toLowerCase().split(/\s+/)) if (/^[a-z]{4,}$/.test(word)) words.add(word);
    }
  }
  if (!types.length || products.length < 100 || words.size < 10)
    throw new Error(`the catalogue at ${api} is too small for the mix`);
  return { types, words: [...words], products };
}

async function preparePopulation(
  databaseUrl: string,
  ordersPerRun: number,
  runs: number,
): Promise<Population> {
  const database = await openDatabase({ databaseUrl, timeouts: { statementMs: 0 } });
  try {
    const label = `cluster-${randomBytes(4).toString('hex')}`;
    // One batch (each batch sets every product's stock, 100,000 rows): adders, each run's
    // orders, and the members who sign in.
    const all = (
      await prepareCarts(database.db, {
        linesPerCart: 1,
        ampleStock: 1_000_000,
        connections: 1,
        perConnection: 200 + ordersPerRun * runs + 20,
        label,
      })
    ).flat();
    const adders = all.slice(0, 200);
    const orders = Array.from({ length: runs }, (_, run) =>
      all.slice(200 + run * ordersPerRun, 200 + (run + 1) * ordersPerRun),
    );
    const signers = all.slice(200 + ordersPerRun * runs);
    const hash = await hashPassword(PASSWORD);
    await database.db.execute(
      sql`UPDATE buyers SET password_hash = ${hash} WHERE id = ANY(${`{${signers.map((s) => s.buyerId).join(',')}}`}::int[])`,
    );
    const emails = await database.db.execute(
      sql`SELECT email FROM buyers WHERE id = ANY(${`{${signers.map((s) => s.buyerId).join(',')}}`}::int[])`,
    );
    const signIns = (emails as unknown as { rows: { email: string }[] }).rows.map((row) => row.email);
    return { adders, signIns, orders };
  } finally {
    await database.close();
  }
}

/** One request of the mix, checked: null when the answer is right, else what was wrong. */
async function shopperRequest(
  kind: Kind,
  n: number,
  api: string,
  catalogue: Catalogue,
  people: Population,
  orders: PreparedCart[],
) {
  const pick = <T>(list: readonly T[]) => list[n % list.length] as T;
  const expectOk = (answer: { status: number; body: Envelope }, what: string, holds: boolean) =>
    answer.status === 200 && answer.body?.status === true && holds
      ? null
      : `${what}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`;
  switch (kind) {
    case 'browse': {
      const answer = await call(api, `/products?type=${pick(catalogue.types)}&page=${1 + (n % 5)}`);
      return expectOk(answer, 'browse', items(answer.body).length > 0);
    }
    case 'search': {
      const answer = await call(api, `/products?q=${encodeURIComponent(pick(catalogue.words))}`);
      return expectOk(answer, 'search', items(answer.body).length > 0);
    }
    case 'product': {
      const product = pick(catalogue.products);
      const answer = await call(api, `/products/by-slug/${product.slug}`);
      const item = answer.body?.data?.item as { slug?: string } | undefined;
      return expectOk(answer, 'product', item?.slug === product.slug);
    }
    case 'cart add': {
      const answer = await call(api, '/cart/add', {
        method: 'POST',
        token: pick(people.adders).token,
        body: { product_id: pick(catalogue.products).id, quantity: 1 },
      });
      return expectOk(answer, 'cart add', true);
    }
    case 'sign in': {
      const answer = await call(api, '/buyers/login', {
        method: 'POST',
        body: { email: pick(people.signIns), password: PASSWORD },
      });
      const user = answer.body?.data?.user as { token?: string } | undefined;
      return expectOk(answer, 'sign in', typeof user?.token === 'string');
    }
    case 'place order': {
      const cart = orders.pop();
      if (!cart) return 'place order: no prepared cart left';
      const answer = await call(api, '/cart/member-checkout', {
        method: 'POST',
        token: cart.token,
        key: `bench-cluster-${cart.buyerId}`,
        body: { member_checkout: true },
      });
      return expectOk(answer, 'place order', typeof answer.body?.data?.order_id === 'string');
    }
  }
}

/** The mix's kinds in a fixed, interleaved order (100 slots by their shares). */
function schedule(): Kind[] {
  const slots: Kind[] = [];
  const credit = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  for (let i = 0; i < 100; i++) {
    for (const kind of KINDS) credit[kind] += MIX[kind];
    const next = KINDS.reduce((best, kind) => (credit[kind] > credit[best] ? kind : best));
    credit[next] -= 100;
    slots.push(next);
  }
  return slots;
}

async function openLoop(api: string, catalogue: Catalogue, people: Population, orders: PreparedCart[]) {
  const slots = schedule();
  const samples: Sample[] = [];
  const running = new Set<Promise<void>>();
  const interval = 1000 / RATE;
  const started = performance.now();
  for (let i = 0; i * interval < SECONDS * 1000; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const kind = slots[i % slots.length] as Kind;
    if (running.size >= MAX_IN_FLIGHT) {
      samples.push({ kind, ms: Number.NaN, error: `${kind}: not sent, ${MAX_IN_FLIGHT} requests in flight` });
      continue;
    }
    const request = shopperRequest(kind, i, api, catalogue, people, orders)
      .catch((error: unknown) => `${kind}: ${error instanceof Error ? error.message : String(error)}`)
      .then((error) => {
        samples.push({ kind, ms: performance.now() - due, error });
      });
    const tracked = request.finally(() => running.delete(tracked));
    running.add(tracked);
  }
  await Promise.all(running);
  return { samples, seconds: (performance.now() - started) / 1000 };
}

async function warm(apis: string[], catalogue: Catalogue) {
  // Each instance loads its listing and search indexes on its first such request.
  for (const api of apis) {
    for (let i = 0; i < 3; i++) {
      await call(api, `/products?type=${catalogue.types[0]}`);
      await call(api, `/products?q=${catalogue.words[0]}`);
    }
  }
}

interface RunResult {
  instances: number;
  samples: Sample[];
  seconds: number;
}

function report(results: RunResult[]) {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1).padStart(7) : '      -');
  const header = results
    .map((r) => `${`${r.instances} instance${r.instances > 1 ? 's' : ''}`.padEnd(44)}`)
    .join(' | ');
  console.log(`\n${''.padEnd(12)} | ${header}`);
  console.log(
    `${'endpoint'.padEnd(12)} | ${results.map(() => '      n     p50     p95     p99  errors'.padEnd(44)).join(' | ')}`,
  );
  for (const kind of KINDS) {
    const cells = results.map((result) => {
      const mine = result.samples.filter((sample) => sample.kind === kind);
      const ok = mine
        .filter((sample) => !sample.error)
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      const errors = mine.length - ok.length;
      return `${String(mine.length).padStart(7)} ${fmt(percentile(ok, 50))} ${fmt(percentile(ok, 95))} ${fmt(percentile(ok, 99))}  ${String(errors).padStart(5)}`.padEnd(
        44,
      );
    });
    console.log(`${kind.padEnd(12)} | ${cells.join(' | ')}`);
  }
  const totals = results.map((result) => {
    const ok = result.samples.filter((sample) => !sample.error);
    return `${(ok.length / result.seconds).toFixed(1)} req/s served of ${RATE} offered, ${result.samples.length - ok.length} errors`.padEnd(
      44,
    );
  });
  console.log(`${'all'.padEnd(12)} | ${totals.join(' | ')}`);
  for (const result of results) {
    const errors = result.samples.filter((sample) => sample.error);
    for (const kind of KINDS) {
      const first = errors.find((sample) => sample.kind === kind);
      if (first) console.log(`  ${result.instances} instance(s), first ${kind} error: ${first.error}`);
    }
  }
  console.log('latencies in ms, from when each request was due; every answer checked');
}

async function main() {
  if (!URL_)
    throw new Error('BENCH_CLUSTER_URL (or DATABASE_URL): a PostgreSQL database with the catalogue seeded');
  const counts = (process.env.BENCH_CLUSTER_INSTANCES ?? '1,2').split(',').map(Number);
  const ordersPerRun = Math.ceil(RATE * SECONDS * (MIX['place order'] / 100) * 1.2) + 10;
  console.log(
    `Cluster bench: ${SECONDS} s at ${RATE} req/s, mix ${KINDS.map((kind) => `${kind} ${MIX[kind]}%`).join(', ')}; instances ${counts.join(' then ')}`,
  );
  const people = await preparePopulation(URL_, ordersPerRun, counts.length);
  const results: RunResult[] = [];
  for (const [run, instances] of counts.entries()) {
    const cluster = await startCluster({
      databaseUrl: URL_,
      env: {
        CLUSTER_INSTANCES: String(instances),
        LOG_LEVEL: 'error',
        ...(PORT ? { CLUSTER_PORT: String(PORT), CLUSTER_REMOTE_PORT: String(PORT + 3) } : {}),
      },
    });
    try {
      const catalogue = await readCatalogue(cluster.api);
      await warm(cluster.instanceApis, catalogue);
      await sleep(1000);
      const { samples, seconds } = await openLoop(cluster.api, catalogue, people, [
        ...(people.orders[run] ?? []),
      ]);
      results.push({ instances, samples, seconds });
    } finally {
      await cluster.stop();
    }
  }
  report(results);
  const errors = results.reduce(
    (sum, result) => sum + result.samples.filter((sample) => sample.error).length,
    0,
  );
  if (errors > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
