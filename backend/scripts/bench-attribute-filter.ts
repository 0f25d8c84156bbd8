/**
 * What the worst `f` attribute filter the bounds allow costs, and what it does to everyone else
 * (issue 15): a normal listing's latency idle, then while BENCH_AF_CLIENTS clients loop on that
 * worst case, and the worst-case request's own latency, alone and under that load.
 *   DATABASE_URL=postgres://… npx tsx backend/scripts/bench-attribute-filter.ts   (PostgreSQL)
 *   npx tsx backend/scripts/bench-attribute-filter.ts                             (PGlite)
 * A throw-away database seeded with BENCH_AF_PRODUCTS products (default 20 000), dropped
 * afterwards; the server in a child process of its own (benchServer.ts). The worst case: every
 * attribute name the catalogue has, each with all its values
 * but one (a different one on each request, so no two requests are alike) and filled up
 * to ATTRIBUTE_FILTER_MAX_VALUES with values no product has, as long as the JSON stays within
 * ATTRIBUTE_FILTER_MAX_LENGTH. Every answer is checked (the normal listings hold the products they held idle; the
 * worst case matches every product that has each name, with a facet group per name): only checked
 * answers are timed, failures (a 503 from the statement timeout, an empty answer) are counted apart.
 * Each measurement runs BENCH_ROUNDS times (default 2) on the same server, since a shared machine
 * is noisy. BENCH_SECONDS (default 10): the load phase; every loop is also bounded in count.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/migrate';
import {
  ATTRIBUTE_FILTER_MAX_NAMES,
  ATTRIBUTE_FILTER_MAX_VALUES,
} from '../src/modules/products/attributeFilters';
import {
  fillToFilterLimits,
  percentile,
  serverCpuMs,
  startBenchServer,
  stopBenchServer,
  throwAwayDatabase,
} from './benchServer';

const PRODUCTS = Number(process.env.BENCH_AF_PRODUCTS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_AF_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Sequential normal listings measured idle. */
const IDLE_REQUESTS = 200;
/** Worst-case requests timed alone, one after the other. */
const WORST_ALONE = 5;
/** Upper bound of any loop's requests, whatever the time left. */
const MAX_LOOP_REQUESTS = 5000;
/** A request taking longer than this is a failure, not a sample. */
const REQUEST_TIMEOUT_MS = 30_000;
const PER_PAGE = 20;

/** The normal listings: a first page, and a department with a flag and a sort. */
const NORMAL_PATHS = ['/products?per-page=20', '/products?type=gifts&stock=1&sort=low-to-high'];

interface Catalogue {
  /** Attribute name → its values, as the catalogue has them. */
  attributes: Map<string, string[]>;
  /** Products that have at least one value of every attribute name. */
  withEveryName: number;
  /** `name=value` → products with that value. */
  pairCounts: Map<string, number>;
}

async function readCatalogue(db: Database): Promise<Catalogue> {
  const rows = rowsOf<{ name: string; value: string; n: number }>(
    await db.execute(
      sql`SELECT name, value, count(*)::int AS n FROM product_attributes GROUP BY name, value ORDER BY name, value`,
    ),
  );
  const attributes = new Map<string, string[]>();
  const pairCounts = new Map<string, number>();
  for (const { name, value, n } of rows) {
    attributes.set(name, [...(attributes.get(name) ?? []), value]);
    pairCounts.set(`${name}=${value}`, Number(n));
  }
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM (
      SELECT product_id FROM product_attributes GROUP BY product_id
      HAVING count(DISTINCT name) = ${attributes.size}) p`),
  );
  return { attributes, withEveryName: Number(count?.n ?? 0), pairCounts };
}

/** The (name, value) pairs of the catalogue, in order: request r leaves out pair r mod their count. */
const pairsOf = (catalogue: Catalogue) =>
  [...catalogue.attributes].flatMap(([name, values]) => values.map((value) => ({ name, value })));

/**
 * The largest `f` within the bounds that still matches products, and one the facet cache has not
 * seen: every name with all its values but one (a different one for each `request`, so no two
 * requests are alike), then filler values no product
 * has added to each name in turn while the JSON fits.
 */
function worstCaseFilter(catalogue: Catalogue, request: number): string {
  const names = [...catalogue.attributes.keys()].slice(0, ATTRIBUTE_FILTER_MAX_NAMES);
  const pairs = pairsOf(catalogue);
  const left = pairs[request % pairs.length];
  const filter: Record<string, string[]> = {};
  for (const name of names)
    filter[name] = (catalogue.attributes.get(name) ?? [])
      .filter((value) => name !== left?.name || value !== left.value)
      .slice(0, ATTRIBUTE_FILTER_MAX_VALUES);
  return fillToFilterLimits(filter, request.toString(36));
}

/**
 * Products worstCaseFilter(request) matches: those with every name, but for the pair left out
 * (a seeded product has one value per name, so exactly that pair's products drop out).
 */
function worstCaseMatches(catalogue: Catalogue, request: number): number {
  const pairs = pairsOf(catalogue);
  const left = pairs[request % pairs.length];
  return catalogue.withEveryName - (left ? (catalogue.pairCounts.get(`${left.name}=${left.value}`) ?? 0) : 0);
}

interface ListingAnswer {
  status?: boolean;
  data?: {
    items?: unknown[];
    filters?: { attributes?: { name: string }[] };
    _meta?: { totalCount?: number };
  };
}

/** One request, timed; `check` says what is wrong with the answer (null: nothing). */
async function timed(
  url: string,
  check: (answer: ListingAnswer) => string | null,
): Promise<{ ms: number; problem: string | null }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = await response.text();
    const ms = performance.now() - started;
    let answer: ListingAnswer;
    try {
      answer = JSON.parse(body) as ListingAnswer;
    } catch {
      return { ms, problem: `HTTP ${response.status}, not JSON` };
    }
    if (response.status !== 200 || answer.status !== true)
      return { ms, problem: `HTTP ${response.status} ${body.slice(0, 120)}` };
    return { ms, problem: check(answer) };
  } catch (error) {
    return { ms: performance.now() - started, problem: String(error) };
  }
}

/** Checked latencies of one kind of request, and its failures. */
class Tally {
  readonly latencies: number[] = [];
  failed = 0;
  firstFailure: string | null = null;

  add({ ms, problem }: { ms: number; problem: string | null }) {
    if (problem === null) this.latencies.push(ms);
    else {
      this.failed += 1;
      this.firstFailure ??= problem;
    }
  }

  summary(): string {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const [p50, p95, max] = [50, 95, 100].map((p) => Math.round(percentile(sorted, p)));
    const failures = this.failed > 0 ? `  FAILED ${this.failed} (first: ${this.firstFailure})` : '';
    return `p50 ${p50} ms  p95 ${p95} ms  max ${max} ms  (${sorted.length} checked)${failures}`;
  }
}

async function main() {
  const database = await throwAwayDatabase('attribute_filter', PRODUCTS, readCatalogue);
  const catalogue = database.prepared;
  try {
    const { child, address, kind } = await startBenchServer(database.env);
    const api = `${address}/backend/api`;
    try {
      // What each normal listing holds idle; later answers must hold the same.
      const expectedTotals = new Map<string, number>();
      for (const path of NORMAL_PATHS) {
        const answer = (await (await fetch(api + path)).json()) as ListingAnswer;
        const total = answer.data?._meta?.totalCount ?? 0;
        if (total === 0) throw new Error(`${path} lists no product`);
        expectedTotals.set(path, total);
      }
      const checkNormal =
        (path: string) =>
        (answer: ListingAnswer): string | null => {
          const total = answer.data?._meta?.totalCount;
          const items = answer.data?.items?.length ?? 0;
          if (total !== expectedTotals.get(path)) return `${path}: ${total} products`;
          return items === Math.min(PER_PAGE, total ?? 0) ? null : `${path}: ${items} items`;
        };
      const names = [...catalogue.attributes.keys()].slice(0, ATTRIBUTE_FILTER_MAX_NAMES);
      const checkWorst =
        (request: number) =>
        (answer: ListingAnswer): string | null => {
          const total = answer.data?._meta?.totalCount;
          const expected = worstCaseMatches(catalogue, request);
          if (total !== expected) return `worst case: ${total} products, expected ${expected}`;
          if ((answer.data?.items?.length ?? 0) !== Math.min(PER_PAGE, total))
            return 'worst case: short page';
          const groups = answer.data?.filters?.attributes?.map((group) => group.name) ?? [];
          return groups.join() === names.join() ? null : `worst case: facet groups ${groups.join()}`;
        };
      let requests = 0;
      /** The next worst-case request, timed and checked. */
      const worst = () => {
        const request = requests++;
        const f = encodeURIComponent(worstCaseFilter(catalogue, request));
        return timed(`${api}/products?f=${f}`, checkWorst(request));
      };
      const sample = worstCaseFilter(catalogue, 0);
      const valueCount = Object.values(JSON.parse(sample) as Record<string, string[]>).flat().length;
      console.log(
        `attribute filter on ${kind === 'postgres' ? 'PostgreSQL (a throw-away database)' : 'PGlite'}, ${PRODUCTS} products, worst case ${names.length} names / ${valueCount} values / ${sample.length} characters of f (matches about ${catalogue.withEveryName}), ${CLIENTS} worst-case clients, ${SECONDS} s load, ${ROUNDS} rounds (server in its own process)`,
      );
      // Warm-up: plans, caches and connections.
      for (let i = 0; i < 20; i++) {
        const path = NORMAL_PATHS[i % NORMAL_PATHS.length] ?? '';
        await timed(api + path, checkNormal(path));
      }

      for (let round = 1; round <= ROUNDS; round++) {
        const idle = new Tally();
        for (let i = 0; i < IDLE_REQUESTS; i++) {
          const path = NORMAL_PATHS[i % NORMAL_PATHS.length] ?? '';
          idle.add(await timed(api + path, checkNormal(path)));
        }
        const alone = new Tally();
        for (let i = 0; i < WORST_ALONE; i++) alone.add(await worst());

        const cpuBefore = await serverCpuMs(child);
        const deadline = performance.now() + SECONDS * 1000;
        const busy = new Tally();
        const underLoad = new Tally();
        const worstClient = async () => {
          for (let i = 0; i < MAX_LOOP_REQUESTS && performance.now() < deadline; i++) busy.add(await worst());
        };
        const normalClient = async () => {
          // Let the worst-case clients get going before the first sample.
          await new Promise((resolve) => setTimeout(resolve, 200));
          for (let i = 0; i < MAX_LOOP_REQUESTS && performance.now() < deadline; i++) {
            const path = NORMAL_PATHS[i % NORMAL_PATHS.length] ?? '';
            underLoad.add(await timed(api + path, checkNormal(path)));
          }
        };
        await Promise.all([normalClient(), ...Array.from({ length: CLIENTS }, worstClient)]);
        const cpuMs = (await serverCpuMs(child)) - cpuBefore;
        const served = underLoad.latencies.length + busy.latencies.length;

        console.log(`  round ${round}`);
        console.log(`    normal listing idle                  ${idle.summary()}`);
        console.log(`    worst-case f alone                   ${alone.summary()}`);
        console.log(`    normal listing, ${CLIENTS} worst-case clients ${underLoad.summary()}`);
        console.log(
          `    worst-case f under that load         ${busy.summary()}  server CPU ${(cpuMs / Math.max(1, served)).toFixed(1)} ms/req`,
        );
        const idleP95 = percentile(
          [...idle.latencies].sort((a, b) => a - b),
          95,
        );
        const loadP95 = percentile(
          [...underLoad.latencies].sort((a, b) => a - b),
          95,
        );
        console.log(
          `    normal listing p95 under load / idle: ${(loadP95 / idleP95).toFixed(2)} (issue 15: at most 2)`,
        );
      }
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
