/**
 * The catalogue CSV import (issue 22: "10,000 rows import in under a minute on this machine"),
 * through the API as the back office sends it: an admin signs in, then POST admin/catalogue/import
 * with a CSV of BENCH_IMPORT_ROWS products (10,000), each with a two-line quoted description and
 * three specifications, first as a check, then applied (all created), then the same file with
 * every price and stock changed applied again (all updated: the stock log and the feed's rows),
 * and last the export of the whole catalogue, read as it streams.
 * Each answer is checked (no row in error, the counts), and afterwards the database (the products
 * there with the file's prices). The figures: each request's wall time, and rows per second.
 *   DATABASE_URL=postgres://… npx tsx backend/scripts/bench-import.ts   (a throw-away database
 *     created on that server and dropped afterwards)
 *   BENCH_IMPORT_DATABASE_URL=postgres://…/<db> npx tsx backend/scripts/bench-import.ts   (that
 *     database, which it migrates and whose catalogue it replaces: give it one of its own)
 *   npx tsx backend/scripts/bench-import.ts                            (PGlite in a temp folder)
 */
import { performance } from 'node:perf_hooks';
import { CATALOGUE_CSV_COLUMNS } from '@shop/contract/schemas/adminCatalogueCsv';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/migrate';
import { createAdmin } from '../src/services/admins';
import { csvRecord } from '../src/services/csv';
import { PasswordHasher } from '../src/services/passwords';
import { type BenchDatabase, startBenchServer, stopBenchServer, throwAwayDatabase } from './benchServer';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/** Seeded products: the taxonomy and suppliers the rows name. */
const SEEDED = 200;
const EMAIL = 'bench-import@gifts.example';
const PASSWORD = 'bench-import-password';
const LIMIT_MS = 60_000;

interface Report {
  applied: boolean;
  rows: number;
  created: number;
  updated: number;
  errors: { line: number; reason: string }[];
}

function catalogue(paths: readonly string[], round: number): string {
  const columns = CATALOGUE_CSV_COLUMNS.map((column) => column.name);
  let text = csvRecord(columns);
  for (let i = 0; i < ROWS; i++) {
    const cells: Record<string, string> = {
      slug: `bench-import-${i}`,
      title: `Bench import gift ${i}`,
      hint: i % 3 === 0 ? 'Wrapped by hand' : '',
      short_description: `Gift number ${i}, for the import benchmark`,
      description: `<p>A gift made for the benchmark, number ${i}.</p>\r\n<p>It has "quotes", commas, and a second line.</p>`,
      price: `${10 + (i % 90) + round}.50`,
      old_price: '',
      stock: String((i + round) % 25),
      flags: i % 2 === 0 ? 'hot|new' : 'free_delivery',
      line: '',
      supplier: '',
      category: paths[i % paths.length] ?? '',
      specifications: `*Material=Oak ${i % 7}|Size=${i % 30} cm|Colour=Red`,
      images: '',
      archived: 'false',
    };
    text += csvRecord(columns.map((column) => cells[column] ?? ''));
  }
  return text;
}

/** The admin and the category paths the rows name. */
async function prepare(db: Database): Promise<string[]> {
  await db.execute(sql`DELETE FROM admins WHERE email = ${EMAIL}`);
  await createAdmin(db, new PasswordHasher(10), EMAIL, PASSWORD);
  return rowsOf<{ path: string }>(
    await db.execute(sql`
      SELECT t.name || ' > ' || c.name || ' > ' || s.name AS path FROM sub_categories s
      JOIN categories c ON c.id = s.category_id JOIN product_types t ON t.id = c.type_id ORDER BY s.id`),
  ).map((row) => row.path);
}

async function benchDatabase(): Promise<BenchDatabase & { prepared: string[] }> {
  const url = process.env.BENCH_IMPORT_DATABASE_URL;
  if (!url) return throwAwayDatabase('import', SEEDED, prepare);
  const [{ openDatabase }, { migrate }, { seedDatabase }] = await Promise.all([
    import('../src/db/client'),
    import('../src/db/migrate'),
    import('../src/seed/seedDatabase'),
  ]);
  const handle = await openDatabase({ databaseUrl: url, timeouts: { statementMs: 0 } });
  try {
    await migrate(handle.db);
    await seedDatabase(handle.db, { products: SEEDED });
    const prepared = await prepare(handle.db);
    return { env: { DATABASE_URL: url }, drop: async () => undefined, prepared };
  } finally {
    await handle.close();
  }
}

async function main() {
  const database = await benchDatabase();
  const server = await startBenchServer(database.env);
  const api = new URL('/backend/api/', server.address);
  try {
    const login = await fetch(new URL('admin/login', api), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const send = async (csv: string, mode: 'check' | 'apply') => {
      const form = new FormData();
      form.append('mode', mode);
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
      const started = performance.now();
      const answer = await fetch(new URL('admin/catalogue/import', api), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await answer.json()) as { status: boolean; data?: Report; error?: unknown };
      const ms = performance.now() - started;
      if (!body.data) throw new Error(`${mode}: ${answer.status} ${JSON.stringify(body.error)}`);
      if (body.data.errors.length > 0)
        throw new Error(`${mode}: rows in error ${JSON.stringify(body.data.errors.slice(0, 3))}`);
      return { ms, report: body.data };
    };
    const first = catalogue(database.prepared, 0);
    const second = catalogue(database.prepared, 1);
    console.log(`${server.kind}: ${ROWS} rows, ${(Buffer.byteLength(first) / 1024 / 1024).toFixed(1)} MB`);
    const results = [
      ['check (new)', await send(first, 'check')],
      ['apply (create)', await send(first, 'apply')],
      ['check (changed)', await send(second, 'check')],
      ['apply (update)', await send(second, 'apply')],
    ] as const;
    for (const [label, { ms, report }] of results) {
      console.log(
        `${label.padEnd(16)} ${(ms / 1000).toFixed(2)} s  ${Math.round(ROWS / (ms / 1000))} rows/s  created ${report.created} updated ${report.updated} applied ${report.applied}`,
      );
    }
    const [create, update] = [results[1][1], results[3][1]];
    if (create.report.created !== ROWS || update.report.updated !== ROWS)
      throw new Error('the counts are wrong');
    const listing = await fetch(new URL(`products?q=${encodeURIComponent('Bench import gift 4321')}`, api));
    const found = ((await listing.json()) as { data: { items: { slug: string; price: number }[] } }).data
      .items;
    const gift = found.find((item) => item.slug === 'bench-import-4321');
    if (ROWS > 4321 && gift?.price !== 10 + (4321 % 90) + 1 + 0.5) {
      throw new Error(`the storefront does not show the update: ${JSON.stringify(gift)}`);
    }
    const slowest = Math.max(...results.map(([, result]) => result.ms));
    console.log(
      `slowest request ${(slowest / 1000).toFixed(2)} s (limit ${LIMIT_MS / 1000} s): ${slowest < LIMIT_MS ? 'ok' : 'TOO SLOW'}`,
    );
    if (slowest >= LIMIT_MS) process.exitCode = 1;

    // The export of everything there now, read as it streams (its records counted, not kept).
    const started = performance.now();
    const exported = await fetch(new URL('admin/catalogue/export', api), {
      headers: { authorization: `Bearer ${token}` },
    });
    let bytes = 0;
    let lineEnds = 0;
    const reader = exported.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      bytes += chunk.value.length;
      for (const byte of chunk.value) if (byte === 0x0a) lineEnds++;
    }
    console.log(
      `export           ${((performance.now() - started) / 1000).toFixed(2)} s  ${(bytes / 1024 / 1024).toFixed(1)} MB, ${lineEnds} line ends (${ROWS + SEEDED} products, two lines each in the description)`,
    );
  } finally {
    await stopBenchServer(server.child);
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
