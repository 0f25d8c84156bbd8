/**
 * The COPY seed (PostgreSQL, large catalogues) writes the very rows the INSERT seed writes, and
 * leaves the tables with the indexes, foreign keys and triggers it found. PostgreSQL only: PGlite
 * always takes the INSERT path.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/migrate';
import { seedDatabase, seededReviewSummary } from '../src/seed/seedDatabase';
import { createTestDatabase } from './db';

/**
 * Every table holding rows per product, with the order that makes its content comparable.
 * product_packagings is compared without its serial id: the INSERT seed numbers those rows in the
 * products' physical order, which its review UPDATE shuffles, so the ids are an accident of storage.
 * products is compared without updated_at (0028): the time each seed wrote its rows.
 */
const TABLES: [table: string, orderBy: string][] = [
  ["(SELECT id, to_jsonb(p) - 'updated_at' AS fields FROM products p)", 'id'],
  ['product_specifications', 'id'],
  ['product_attributes', 'product_id, name, value'],
  ['product_reviews', 'id'],
  ['product_questions', 'id'],
  ['product_gallery', 'id'],
  ['product_groups', 'id'],
  ['product_group_members', 'group_id, product_id'],
  ['product_customizations', 'product_id'],
  [
    '(SELECT product_id, packaging_id, price, packaging_level FROM product_packagings)',
    'product_id, packaging_id',
  ],
  ['deal_items', 'deal_id, product_id'],
  ['category_block_items', 'block_id, category_id'],
  ['sub_category_specifications', 'id'],
];

async function digest(database: DatabaseHandle, table: string, orderBy: string): Promise<string> {
  const rows = rowsOf<{ n: number; hash: string }>(
    await database.db.execute(
      sql.raw(
        `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY ${orderBy})) AS hash FROM ${table} t`,
      ),
    ),
  );
  return JSON.stringify(rows[0]);
}

async function schemaOf(database: DatabaseHandle): Promise<string[]> {
  const rows = rowsOf<{ item: string }>(
    await database.db.execute(sql`
    SELECT indexdef AS item FROM pg_indexes WHERE schemaname = current_schema()
    UNION ALL SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
    ORDER BY 1`),
  );
  return rows.map((row) => row.item);
}

const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('the COPY seed (PostgreSQL)', () => {
  const PRODUCTS = 900;
  let inserted: DatabaseHandle;
  let copied: DatabaseHandle;

  beforeAll(async () => {
    inserted = await createTestDatabase('postgres', 0);
    copied = await createTestDatabase('postgres', 0);
    await seedDatabase(inserted.db, { products: PRODUCTS, method: 'insert' });
    await seedDatabase(copied.db, { products: PRODUCTS, method: 'copy' });
  }, 120_000);

  afterAll(async () => {
    await inserted?.close();
    await copied?.close();
  });

  it('writes the same rows as the INSERT seed', async () => {
    for (const [table, orderBy] of TABLES) {
      expect({ table, rows: await digest(copied, table, orderBy) }).toEqual({
        table,
        rows: await digest(inserted, table, orderBy),
      });
    }
  });

  it('leaves every index, constraint and trigger as the migrations made them', async () => {
    const fresh = await createTestDatabase('postgres', 0);
    try {
      expect(await schemaOf(copied)).toEqual(await schemaOf(fresh));
    } finally {
      await fresh.close();
    }
  });

  it('summarises reviews as the SQL does (round half away from zero)', async () => {
    const rows = rowsOf<{ id: number; review_count: number; rating: number }>(
      await inserted.db.execute(
        sql`SELECT id, review_count, rating::float8 AS rating FROM products WHERE review_count > 0 ORDER BY id`,
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect({ id: row.id, ...seededReviewSummary(row.id) }).toEqual({
        id: row.id,
        reviewCount: row.review_count,
        rating: row.rating,
      });
    }
  });
});
