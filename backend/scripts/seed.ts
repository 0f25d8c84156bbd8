/**
 * Reseeds the database named by DATA_DIR / DATABASE_URL: reference data is refreshed, the
 * catalogue is wiped and regenerated.   npm run seed -- --products 1000
 * On PostgreSQL, from BULK_SEED_MIN_PRODUCTS on, the products go in with COPY and the indexes are
 * built after the load: 1,000,000 products take minutes (docs/operations.md, "Benchmarks").
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SEED_PRODUCTS, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDatabase } from '../src/seed/seedDatabase';
import { seedRenditions } from '../src/services/imageRenditions';

async function main() {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: String(DEFAULT_SEED_PRODUCTS) } },
  });
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 1) throw new Error('--products must be a positive integer');
  const config = loadConfig();
  // A large seed's statements (a COPY, an index build) run longer than the API's statement timeout.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: { statementMs: 0 },
  });
  try {
    await migrate(database.db);
    const started = Date.now();
    await seedDatabase(database.db, { products: count });
    const where = database.kind === 'pglite' ? config.dataDir : 'DATABASE_URL';
    console.log(`Seeded ${count} products into ${where} in ${Date.now() - started} ms.`);
    // The pictures' WebP renditions (a catalogue beyond SEED_RENDITIONS_MAX_PRODUCTS: all but the products').
    const drawing = Date.now();
    const drawn = await seedRenditions(database.db);
    console.log(`Drew ${drawn} picture renditions in ${Date.now() - drawing} ms.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
