// `npm run bench`: measures, never asserts. Starts the production shop on a fresh, seeded
// database (builds what is missing), then reports API latency under load (autocannon), cart adds
// and reads and order placement with every answer checked, the first-load JavaScript of the main
// pages and their Lighthouse mobile metrics (median [min-max] of 5 runs: performance, LCP, CLS,
// TBT). docs/operations.md, "Benchmarks", has the targets.
//   BENCH_CONNECTIONS=8 BENCH_SECONDS=10 npm run bench
//   BENCH_LIGHTHOUSE=0 skips Lighthouse; BENCH_LIGHTHOUSE_RUNS=5 runs per page.
//   BENCH_CART=0, BENCH_ORDERS=0 skip the cart and order benchmarks.
// The catalogue, cold, at several sizes side by side (backend/scripts/bench-catalogue.ts), on
// PostgreSQL databases seeded beforehand (`DATABASE_URL=… npm run seed -- --products 1000000`):
//   BENCH_CATALOGUE=1 BENCH_CATALOGUE_URLS=postgres://…/shop_100k,postgres://…/shop_1m npm run bench
// (BENCH_CATALOGUE_URLS defaults to DATABASE_URL; BENCH_ONLY, BENCH_EXPLAIN=0, BENCH_REPORT: see
// that file). BENCH_ATTRIBUTE_FILTER=1 adds the worst-`f` load benchmark.
// `npm run bench -- --cluster` measures the cluster instead (below).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from './apps.mjs';
import { appsToBuild, buildApps } from './build.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8383);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://localhost:${PORT}`;

// `npm run bench -- --cluster`: the cluster (`npm run cluster`) with one API instance and with two,
// 60 s each at a fixed arrival rate over a shopper mix, every answer checked, p50/p95/p99 per
// endpoint (backend/scripts/bench-cluster.ts; BENCH_CLUSTER_URL names the seeded database). Only that.
if (process.argv.includes('--cluster')) {
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'backend/scripts/bench-cluster.ts')],
    {
      stdio: 'inherit',
      env: process.env,
    },
  );
  const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
  process.exit(code);
}

await buildApps(appsToBuild([]));
const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'backend/src/server.ts')], {
  env: {
    ...process.env,
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    DATA_DIR: process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'shop-bench-')),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/backend/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not come up');
}

const scenarios = [
  ['startup-content', '/backend/api/startup-content'],
  ['products (page 1)', '/backend/api/products?per-page=20'],
  ['products (type + sort + page 3)', '/backend/api/products?type=gifts&sort=low-to-high&page=3'],
  ['products/by-slug', null],
];

/** A backend/scripts benchmark in a process of its own (it starts its own server and database). */
function runBackendBench(script, name) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(ROOT, 'backend/scripts', script)],
      {
        stdio: 'inherit',
        env: process.env,
      },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} bench exited ${code}`))));
  });
}

let productPage = '/';
try {
  await waitForHealth();
  const first = await (await fetch(`${base}/backend/api/products?per-page=1`)).json();
  scenarios[3][1] = `/backend/api/products/by-slug/${first.data.items[0].slug}`;
  productPage = `/product/${first.data.items[0].slug}`;
  console.log(
    `API under load: ${CONNECTIONS} connections, ${SECONDS} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  for (const [name, url] of scenarios) {
    const result = await autocannon({ url: base + url, connections: CONNECTIONS, duration: SECONDS });
    const { p50, p97_5, p99 } = result.latency;
    console.log(
      `  ${name.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${p50} ms  p97.5 ${p97_5} ms  p99 ${p99} ms  errors ${result.errors + result.non2xx}`,
    );
  }
  // Suggestions as the shopper types: every answer is checked, and an empty one is a miss. The
  // production server limits suggestions per address (60 a minute), and this one address plays
  // every shopper: those 429s are counted apart, not as empty answers
  // (backend/scripts/bench-catalogue.ts measures suggestions without the limit).
  const held = [];
  let limited = 0;
  const typed = ['cand', 'hand', 'birt', 'velv'];
  const suggestions = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: typed.map((q) => ({
      method: 'GET',
      path: `/backend/api/suggestions?q=${q}`,
      onResponse: (status, body) => {
        if (status === 429) {
          limited += 1;
          return;
        }
        try {
          const answer = JSON.parse(body);
          held.push(status === 200 && answer.status ? answer.data.products.length : 0);
        } catch {
          held.push(0);
        }
      },
    })),
  });
  const empty = held.filter((n) => n === 0).length;
  console.log(
    `  ${`suggestions (${typed.join(', ')})`.padEnd(34)} ${String(Math.round(suggestions.requests.average)).padStart(6)} req/s  p50 ${suggestions.latency.p50} ms  p97.5 ${suggestions.latency.p97_5} ms  p99 ${suggestions.latency.p99} ms  answers checked ${held.length}, empty ${empty}, rate-limited ${limited}, products per answer ${(held.reduce((a, n) => a + n, 0) / Math.max(1, held.length)).toFixed(1)}`,
  );
  // Cart adds and reads, every answer checked (backend/scripts/bench-cart.ts): a server of its own
  // on a throw-away database, PostgreSQL when DATABASE_URL is set (else PGlite). BENCH_CART=0 skips.
  if (process.env.BENCH_CART !== '0') await runBackendBench('bench-cart.ts', 'cart');
  // Order placement (cart/member-checkout), every answer and the stock afterwards checked
  // (backend/scripts/bench-orders.ts): the same kind of throw-away database. BENCH_ORDERS=0 skips.
  if (process.env.BENCH_ORDERS !== '0') await runBackendBench('bench-orders.ts', 'orders');
  await new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'scripts/bench-first-load.mjs'), base, '/', '/products', productPage],
      {
        stdio: 'inherit',
      },
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`first-load bench exited ${code}`)),
    );
  });
  // Lighthouse mobile of the main pages (BENCH_LIGHTHOUSE=0 skips it; runs per page from
  // BENCH_LIGHTHOUSE_RUNS, default 5).
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, 'scripts/bench-lighthouse.mjs'), base, process.env.BENCH_LIGHTHOUSE_RUNS ?? '5'],
        { stdio: 'inherit' },
      );
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`lighthouse bench exited ${code}`)),
      );
    });
  }
} finally {
  server.kill('SIGINT');
}

// BENCH_ATTRIBUTE_FILTER=1: a normal listing idle and under 8 clients sending the largest `f` the
// bounds allow (backend/scripts/bench-attribute-filter.ts; its own throw-away database of 20 000
// products, so it takes minutes).
if (process.env.BENCH_ATTRIBUTE_FILTER === '1')
  await runBackendBench('bench-attribute-filter.ts', 'attribute filter');

// BENCH_CATALOGUE=1: listings, searches and suggestions, cold, on each database of
// BENCH_CATALOGUE_URLS (default DATABASE_URL), side by side, every answer checked, with a markdown
// report holding the explain plans (see backend/scripts/bench-catalogue.ts).
if (process.env.BENCH_CATALOGUE === '1') {
  await new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(ROOT, 'backend/scripts/bench-catalogue.ts')],
      { stdio: 'inherit', env: process.env },
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`catalogue bench exited ${code}`)),
    );
  });
}
