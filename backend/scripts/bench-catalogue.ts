/**
 * Catalogue latency under load (autocannon, 8 connections): a listing with two filters and facets,
 * searches (one with a typo), suggestions, and a listing / search mix over several filter sets,
 * words and pages. Measures the database named by DATABASE_URL (or PGlite in DATA_DIR) as it is,
 * so seed it first:
 *   DATABASE_URL=postgres://…/shop_bench100k npm run seed -w backend -- --products 100000
 *   DATABASE_URL=postgres://…/shop_bench100k npx tsx backend/scripts/bench-catalogue.ts
 * The server runs in a child process (its own event loop); this process only generates the load
 * and times it, so the load generator does not steal the measured server's time.
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (8), FACET_CACHE_MS (default 30000; 0 = cold facets),
 * SEARCH_CACHE_MS (default 60000; 0 = every search ranked afresh), BENCH_ONLY (substring of the
 * scenario names to run), BENCH_ASSERT=1 (exit 1 when a target is missed; default: report only).
 */
import { type ChildProcess, fork } from 'node:child_process';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const FACET_CACHE_MS = Number(process.env.FACET_CACHE_MS ?? 30_000);
const SEARCH_CACHE_MS = Number(process.env.SEARCH_CACHE_MS ?? 60_000);
const ROLE_ENV = 'BENCH_CATALOGUE_ROLE';

type ServerMessage =
  | { type: 'listening'; address: string; kind: string }
  | { type: 'cpu'; userMs: number; systemMs: number };

/** Child process: the measured server, alone on its event loop. */
async function serve() {
  const [{ buildApp }, { loadConfig }, { openDatabase }, { migrate }] = await Promise.all([
    import('../src/app'),
    import('../src/config'),
    import('../src/db/client'),
    import('../src/db/migrate'),
  ]);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database.db);
  const app = await buildApp({
    database,
    catalogue: { facetCacheTtlMs: FACET_CACHE_MS, searchCacheTtlMs: SEARCH_CACHE_MS },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const send = (message: ServerMessage) => process.send?.(message);
  process.on('message', async (message: string) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', userMs: user / 1000, systemMs: system / 1000 });
    } else if (message === 'stop') {
      await app.close();
      await database.close();
      process.disconnect();
    }
  });
  send({ type: 'listening', address, kind: database.kind });
}

/** Starts the server child and resolves with its address once it listens. */
function startServer(): Promise<{ child: ChildProcess; address: string; kind: string }> {
  const child = fork(__filename, [], { env: { ...process.env, [ROLE_ENV]: 'server' } });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited ${code} before listening`)));
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'listening') resolve({ child, address: message.address, kind: message.kind });
    });
  });
}

/** The server process's CPU time so far (user + system, ms). */
function serverCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: ServerMessage) => {
      if (message.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve(message.userMs + message.systemMs);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/** Nearest-rank percentile of sorted samples. */
/**
 * How many products an answer held: a listing's items, a suggestion's products. A request counts
 * only when its answer was a success holding at least one product; a fast empty answer is a
 * defect, not a result.
 */
function productsHeld(body: string): number {
  try {
    const parsed = JSON.parse(body) as {
      status?: boolean;
      data?: { items?: unknown[]; products?: unknown[] };
    };
    if (parsed.status !== true) return 0;
    return (parsed.data?.items ?? parsed.data?.products ?? []).length;
  } catch {
    return 0;
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

const f = (filters: Record<string, string[]>) => encodeURIComponent(JSON.stringify(filters));

/** [name, paths (each connection cycles through them), p95 target in ms] */
const SCENARIOS: [name: string, paths: string[], targetMs: number][] = [
  ['listing type + stock, facets', ['/products?type=gifts&stock=1&sort=low-to-high'], 30],
  [
    'listing category + colour (f)',
    [`/products?category=home-decor&f=${f({ Colour: ['Ivory', 'Navy'] })}`],
    30,
  ],
  ['search q=candle', ['/products?q=candle'], 30],
  ['search typo q=wodden', [`/products?q=${encodeURIComponent('wodden')}`], 30],
  [
    'search meaning (taxonomy, stop words, line)',
    [
      '/products?q=gift',
      `/products?q=${encodeURIComponent('leather wallet')}`,
      '/products?q=her',
      '/products?q=exclusive',
    ],
    30,
  ],
  ['suggestions q=cand', ['/suggestions?q=cand'], 15],
  [
    'suggestions prefixes hand/birt/velv',
    ['/suggestions?q=hand', '/suggestions?q=birt', '/suggestions?q=velv'],
    15,
  ],
  ['suggestions typo q=candel', ['/suggestions?q=candel'], 15],
  [
    'listing mix (8 filter sets, pages)',
    [
      '/products?type=gifts&stock=1&sort=low-to-high&page=2',
      `/products?category=home-decor&f=${f({ Colour: ['Ivory', 'Navy'] })}&page=3`,
      '/products?type=gifts&hot=1&sort=high-to-low',
      '/products?category=home-decor&free_delivery=1&page=5',
      `/products?type=gifts&f=${f({ Material: ['Walnut', 'Oak'] })}&sort=newest-to-oldest&page=4`,
      '/products?price-min-usd=20&price-max-usd=60&stock=1&page=10',
      '/products?type=home-and-living&newItem=1&customizable=1',
      '/products?page=50&sort=oldest-to-newest',
    ],
    30,
  ],
  [
    'search mix (8 words, 2 typos, pages)',
    [
      '/products?q=candle&page=2',
      '/products?q=walnut+box',
      '/products?q=mug&stock=1',
      '/products?q=ceramic&page=3',
      `/products?q=${encodeURIComponent('leathr')}`,
      '/products?q=gift+set&sort=low-to-high',
      `/products?q=${encodeURIComponent('bouqet')}`,
      '/products?q=blanket&type=home-and-living',
    ],
    30,
  ],
];

async function main() {
  const { child, address, kind } = await startServer();
  const api = `${address}/backend/api`;
  const only = process.env.BENCH_ONLY;
  let missed = 0;
  try {
    const total = await (await fetch(`${api}/products?per-page=1`)).json();
    console.log(
      `${kind}, ${total.data._meta.totalCount} products, ${CONNECTIONS} connections, ${SECONDS} s each, facet cache ${FACET_CACHE_MS} ms, search cache ${SEARCH_CACHE_MS} ms (server in its own process)`,
    );
    for (const [name, paths, targetMs] of SCENARIOS) {
      if (only && !name.includes(only)) continue;
      const latencies: number[] = [];
      const held: number[] = [];
      const cpuBefore = await serverCpuMs(child);
      const run = autocannon({
        url: api,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: paths.map((path) => ({
          method: 'GET',
          path: `/backend/api${path}`,
          onResponse: (_status: number, body: string) => {
            held.push(productsHeld(body));
          },
        })),
      });
      run.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
      const result = await run;
      const cpuMs = (await serverCpuMs(child)) - cpuBefore;
      latencies.sort((a, b) => a - b);
      const [p50, p95, p975] = [50, 95, 97.5].map((p) => Math.round(percentile(latencies, p) * 10) / 10);
      const empty = held.filter((n) => n === 0).length;
      const meanHeld = held.reduce((sum, n) => sum + n, 0) / Math.max(1, held.length);
      const ok = (p95 ?? Number.NaN) < targetMs && empty === 0 && held.length > 0;
      if (!ok) missed += 1;
      console.log(
        `  ${name.padEnd(36)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${p50} ms  p95 ${p95} ms  p97.5 ${p975} ms  server CPU ${(cpuMs / Math.max(1, latencies.length)).toFixed(1)} ms/req  errors ${result.errors + result.non2xx}  answers checked ${held.length}, empty ${empty}, products per answer ${meanHeld.toFixed(1)}  target p95 < ${targetMs} ms ${ok ? 'ok' : 'MISSED'}`,
      );
    }
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (missed > 0 && process.env.BENCH_ASSERT === '1') process.exitCode = 1;
}

const entry = process.env[ROLE_ENV] === 'server' ? serve : main;
entry().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
