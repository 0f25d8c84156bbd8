/**
 * Catalogue latency under load (autocannon, 8 connections): a listing with two filters and facets,
 * searches (one with a typo) and suggestions. Measures the database named by DATABASE_URL (or
 * PGlite in DATA_DIR) as it is, so seed it first:
 *   DATABASE_URL=postgres://…/shop_bench100k npm run seed -w backend -- --products 100000
 *   DATABASE_URL=postgres://…/shop_bench100k npx tsx backend/scripts/bench-catalogue.ts
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (8), FACET_CACHE_MS (default 30000; 0 = cold facets).
 */
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const FACET_CACHE_MS = Number(process.env.FACET_CACHE_MS ?? 30_000);

/** p95 from autocannon's percentile table (it reports p90 and p97.5; interpolate between them). */
function p95Of(latency: autocannon.Histogram): number {
  const p90 = latency.p90;
  const p975 = latency.p97_5;
  return Math.round((p90 + ((p975 - p90) * 5) / 7.5) * 10) / 10;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database.db);
  const app = await buildApp({ database, catalogue: { facetCacheTtlMs: FACET_CACHE_MS } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const api = `${address}/backend/api`;
  const scenarios: [name: string, path: string, targetMs: number][] = [
    ['listing type + stock, facets', '/products?type=gifts&stock=1&sort=low-to-high', 30],
    [
      'listing category + colour (f)',
      `/products?category=home-decor&f=${encodeURIComponent('{"Colour":["Ivory","Navy"]}')}`,
      30,
    ],
    ['search q=candle', '/products?q=candle', 30],
    ['search typo q=wodden', `/products?q=${encodeURIComponent('wodden')}`, 30],
    ['suggestions q=cand', '/suggestions?q=cand', 15],
    ['suggestions typo q=candel', '/suggestions?q=candel', 15],
  ];
  const total = await (await fetch(`${api}/products?per-page=1`)).json();
  console.log(
    `${database.kind}, ${total.data._meta.totalCount} products, ${CONNECTIONS} connections, ${SECONDS} s each, facet cache ${FACET_CACHE_MS} ms`,
  );
  try {
    for (const [name, path, targetMs] of scenarios) {
      const result = await autocannon({ url: api + path, connections: CONNECTIONS, duration: SECONDS });
      const p95 = p95Of(result.latency);
      console.log(
        `  ${name.padEnd(32)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${result.latency.p50} ms  p95≈${p95} ms  p97.5 ${result.latency.p97_5} ms  errors ${result.errors + result.non2xx}  target ${targetMs} ms ${result.latency.p97_5 <= targetMs ? 'ok' : 'MISSED'}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
