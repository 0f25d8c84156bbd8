/**
 * Writes the demo shop into the database: reference data (currencies, countries, contact details,
 * social channels, messages) is upserted; the catalogue is wiped and regenerated.
 */
import { count, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client, type ClientBase, Pool } from 'pg';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import {
  authSlides,
  banners,
  categories,
  countries,
  currencies,
  frontendMessages,
  heroSlides,
  packagings,
  pageContents,
  productAttributes,
  productSpecifications,
  products,
  productTypes,
  siteConfig,
  socialChannels,
  subCategories,
  subCategorySpecifications,
  suppliers,
} from '../db/schema';
import { copyFrom, copyLine } from './copyFrom';
import {
  type GeneratedProduct,
  type GeneratedTaxonomy,
  generateCatalogue,
  streamCatalogue,
} from './generateCatalogue';
import {
  ANSWERS,
  BANNERS,
  HERO_SLIDES,
  PAGE_CONTENTS,
  QUESTIONS,
  REVIEW_COMMENTS,
  REVIEW_NAMES,
  SEED_SEARCHES,
  VIDEO_IDS,
} from './homeContent';
import {
  AUTH_SLIDES,
  COUNTRIES,
  CURRENCIES,
  FRONTEND_MESSAGES,
  SITE_CONFIG,
  SOCIAL_CHANNELS,
} from './referenceData';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** Keeps each INSERT well under PostgreSQL's 65 535 bind parameters. */
const INSERT_CHUNK = 1000;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insert(rows.slice(start, start + INSERT_CHUNK));
  }
}

export async function seedReferenceData(db: Executor): Promise<void> {
  await db
    .insert(currencies)
    .values(CURRENCIES.map((currency, position) => ({ ...currency, position })))
    .onConflictDoUpdate({
      target: currencies.code,
      set: {
        symbol: sql`excluded.symbol`,
        exchangeRate: sql`excluded.exchange_rate`,
        decimalPlaces: sql`excluded.decimal_places`,
        isDefault: sql`excluded.is_default`,
        position: sql`excluded.position`,
      },
    });
  await db
    .insert(countries)
    .values(COUNTRIES)
    .onConflictDoUpdate({
      target: countries.id,
      set: {
        name: sql`excluded.name`,
        position: sql`excluded.position`,
        iso2: sql`excluded.iso2`,
        dialCode: sql`excluded.dial_code`,
        shippingFee: sql`excluded.shipping_fee`,
      },
    });
  await db
    .insert(authSlides)
    .values(AUTH_SLIDES)
    .onConflictDoUpdate({
      target: authSlides.id,
      set: {
        kind: sql`excluded.kind`,
        title: sql`excluded.title`,
        subTitle: sql`excluded.sub_title`,
        position: sql`excluded.position`,
      },
    });
  await db
    .insert(siteConfig)
    .values(Object.entries(SITE_CONFIG).map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: sql`excluded.value` } });
  await db
    .insert(socialChannels)
    .values(SOCIAL_CHANNELS.map((channel) => ({ ...channel })))
    .onConflictDoUpdate({ target: socialChannels.channel, set: { url: sql`excluded.url` } });
  await db
    .insert(frontendMessages)
    .values(FRONTEND_MESSAGES)
    .onConflictDoUpdate({
      target: [frontendMessages.section, frontendMessages.component, frontendMessages.name],
      set: { type: sql`excluded.type`, texts: sql`excluded.texts` },
    });
}

/** What a reseed wipes (packagings too: seedGiftOptions inserts them with their ids). */
const CATALOGUE_TABLES = sql`packagings, product_attributes, product_reviews, product_questions, product_gallery, product_group_members, product_groups, notify_requests, search_log, product_views, deal_items, deals, banners, hero_slides, category_block_items, category_blocks, page_contents, product_specifications, sub_category_specifications, products, sub_categories, categories, product_types, suppliers`;

/** Replaces the whole catalogue. Cart lines pointing at old products go with it (CASCADE). */
export async function seedCatalogue(
  db: Executor,
  options: { products: number; seed?: number },
): Promise<void> {
  const catalogue = generateCatalogue(options);
  await db.execute(sql`TRUNCATE ${CATALOGUE_TABLES} RESTART IDENTITY CASCADE`);
  await insertTaxonomy(db, catalogue);
  await insertInChunks(
    catalogue.products.map(
      ({ specifications: _specifications, attributes: _attributes, ...product }) => product,
    ),
    (chunk) => db.insert(products).values(chunk),
  );
  await insertInChunks(
    catalogue.products.flatMap((product) =>
      product.specifications.map((spec) => ({ ...spec, productId: product.id })),
    ),
    (chunk) => db.insert(productSpecifications).values(chunk),
  );
  await insertInChunks(
    catalogue.products.flatMap((product) =>
      product.attributes.map((attribute) => ({ ...attribute, productId: product.id })),
    ),
    (chunk) => db.insert(productAttributes).values(chunk),
  );
  await seedProductExtras(db, { reviewSummaries: 'update' });
  await finishCatalogue(db);
}

async function insertTaxonomy(db: Executor, taxonomy: GeneratedTaxonomy): Promise<void> {
  await db.insert(suppliers).values(taxonomy.suppliers);
  await db.insert(productTypes).values(taxonomy.productTypes);
  await db.insert(categories).values(taxonomy.categories);
  await db.insert(subCategories).values(taxonomy.subCategories);
  await db.insert(subCategorySpecifications).values(taxonomy.subCategorySpecifications);
}

async function finishCatalogue(db: Executor): Promise<void> {
  await seedGiftOptions(db);
  await seedHomeContent(db);
  // Explicit ids were inserted, so move each serial sequence past them.
  for (const table of ['product_types', 'categories', 'sub_categories', 'products']) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`,
      ),
    );
  }
}

/**
 * The tables the bulk seed fills with many rows per product. Their secondary indexes, foreign keys
 * and triggers are dropped (disabled) while they load and made again afterwards, as PostgreSQL's
 * "Populating a Database" advises: one sorted index build beats a million index insertions.
 */
const BULK_TABLES = [
  'products',
  'product_specifications',
  'product_attributes',
  'product_reviews',
  'product_questions',
  'product_gallery',
  'product_group_members',
  'product_customizations',
  'product_packagings',
];

/**
 * The review count and average rating seedProductExtras's reviews give a product (the same
 * formulas as its SQL: 1 + id % 9 reviews rated 3 + (id * 31 + g * 17) % 3, average rounded to one
 * decimal, half away from zero like PostgreSQL's round(numeric)). The bulk seed writes them with
 * the product instead of updating a million rows afterwards; test/seed-copy.test.ts checks both
 * paths give the same rows.
 */
export function seededReviewSummary(productId: number): { reviewCount: number; rating: number } {
  const reviewCount = 1 + (productId % 9);
  let sum = 0;
  for (let g = 1; g <= reviewCount; g++) sum += 3 + ((productId * 31 + g * 17) % 3);
  return { reviewCount, rating: Math.round((sum * 10) / reviewCount) / 10 };
}

const PRODUCT_COLUMNS = [
  'id',
  'slug',
  'title',
  'short_description',
  'description',
  'hint',
  'details',
  'price',
  'old_price',
  'stock_quantity',
  'is_customizable',
  'has_packaging',
  'hot',
  'new_item',
  'free_delivery',
  'line',
  'supplier_id',
  'type_id',
  'category_id',
  'sub_category_id',
  'rating',
  'review_count',
  'sales_count',
  'created_at',
] as const;

function* productLines(rows: Iterable<GeneratedProduct>): Generator<string> {
  for (const p of rows) {
    const reviews = p.reviewCount > 0 ? seededReviewSummary(p.id) : { reviewCount: 0, rating: p.rating };
    yield copyLine([
      p.id,
      p.slug,
      p.title,
      p.shortDescription,
      p.description,
      p.hint,
      p.details,
      p.price,
      p.oldPrice,
      p.stockQuantity,
      p.isCustomizable,
      p.hasPackaging,
      p.hot,
      p.newItem,
      p.freeDelivery,
      p.line,
      p.supplierId,
      p.typeId,
      p.categoryId,
      p.subCategoryId,
      reviews.rating,
      reviews.reviewCount,
      p.salesCount,
      p.createdAt,
    ]);
  }
}

function* specificationLines(rows: Iterable<GeneratedProduct>): Generator<string> {
  for (const p of rows) {
    for (const spec of p.specifications) {
      yield copyLine([p.id, spec.name, spec.value, spec.showInQuickView, spec.position]);
    }
  }
}

function* attributeLines(rows: Iterable<GeneratedProduct>): Generator<string> {
  for (const p of rows) {
    for (const attribute of p.attributes) yield copyLine([p.id, attribute.name, attribute.value]);
  }
}

/**
 * The same catalogue as seedCatalogue, for PostgreSQL and large sizes: products, specifications
 * and attributes go in with COPY (the generator runs once per table, never holding the catalogue
 * in memory), the bulk tables' indexes and foreign keys are made after the load, in one
 * transaction on one connection.
 */
async function bulkSeed(
  pool: Pool,
  options: { products: number; seed?: number; onlyIfEmpty?: boolean },
): Promise<boolean> {
  // Its own connection, without the pool's timeouts: the bulk load is maintenance, not a request, and
  // the app's 3 s per statement (server- and client-side) would cancel its TRUNCATE or an index build
  // on a busy machine.
  const client = new Client({ connectionString: pool.options.connectionString });
  await client.connect();
  const tx: Database = drizzle(client, { schema });
  try {
    await client.query('BEGIN');
    if (options.onlyIfEmpty && !(await stillEmpty(tx))) {
      await client.query('ROLLBACK');
      return false;
    }
    // Index builds sort in memory when they can (the server's default is 64 MB).
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await seedReferenceData(tx);
    await tx.execute(sql`TRUNCATE ${CATALOGUE_TABLES} RESTART IDENTITY CASCADE`);
    const restore = await dropBulkConstraints(client);
    const { taxonomy } = streamCatalogue(options);
    await insertTaxonomy(tx, taxonomy);
    const columns = PRODUCT_COLUMNS.join(', ');
    await copyFrom(
      client,
      `COPY products (${columns}) FROM STDIN`,
      productLines(streamCatalogue(options).products),
    );
    await copyFrom(
      client,
      'COPY product_specifications (product_id, name, value, show_in_quick_view, position) FROM STDIN',
      specificationLines(streamCatalogue(options).products),
    );
    await copyFrom(
      client,
      'COPY product_attributes (product_id, name, value) FROM STDIN',
      attributeLines(streamCatalogue(options).products),
    );
    await seedProductExtras(tx, { reviewSummaries: 'written' });
    await finishCatalogue(tx);
    await restore();
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Drops the secondary indexes and foreign keys of BULK_TABLES and disables their user triggers
 * (a change feed would log every seeded row); returns what makes them again. Primary keys and
 * unique constraints stay: they are the tables' identity.
 */
async function dropBulkConstraints(client: ClientBase): Promise<() => Promise<void>> {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relname = ANY($1) AND t.relnamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [BULK_TABLES],
  );
  const { rows: foreignKeys } = await client.query<{ tableName: string; name: string; definition: string }>(
    `SELECT quote_ident(t.relname) AS "tableName", quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
     FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
     WHERE k.contype = 'f' AND t.relname = ANY($1) AND t.relnamespace = current_schema()::regnamespace`,
    [BULK_TABLES],
  );
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  for (const key of foreignKeys)
    await client.query(`ALTER TABLE ${key.tableName} DROP CONSTRAINT ${key.name}`);
  for (const table of BULK_TABLES) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  return async () => {
    for (const index of indexes) await client.query(index.definition);
    for (const key of foreignKeys) {
      await client.query(`ALTER TABLE ${key.tableName} ADD CONSTRAINT ${key.name} ${key.definition}`);
    }
    for (const table of BULK_TABLES) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    // The triggers saw none of the seeded rows: a change feed (catalogue_changes, where it exists)
    // reads a NULL product as "reload everything".
    await client.query(
      `DO $$ BEGIN
         IF to_regclass('catalogue_changes') IS NOT NULL THEN INSERT INTO catalogue_changes (product_id) VALUES (NULL); END IF;
       END $$`,
    );
  };
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;

/**
 * Reviews, questions, gallery entries and product groups, made in SQL from the products themselves
 * (deterministic formulas of the id), so 100 000 products take seconds, not minutes.
 */
async function seedProductExtras(
  db: Executor,
  options: { reviewSummaries: 'update' | 'written' },
): Promise<void> {
  // A fifth of the products (review_count 0 from the generator) get no review at all.
  await db.execute(sql`
    INSERT INTO product_reviews (product_id, buyer_name, rating, comments, created_at)
    SELECT p.id, (${textArray(REVIEW_NAMES)})[1 + (p.id + g) % ${REVIEW_NAMES.length}],
      3 + (p.id * 31 + g * 17) % 3, (${textArray(REVIEW_COMMENTS)})[1 + (p.id * 7 + g) % ${REVIEW_COMMENTS.length}],
      p.created_at + g * interval '2 days' + interval '3 hours'
    FROM products p CROSS JOIN LATERAL generate_series(1, 1 + p.id % 9) AS g
    WHERE p.review_count > 0
    ORDER BY p.id, g`);
  if (options.reviewSummaries === 'update')
    await db.execute(sql`
    UPDATE products SET review_count = r.n, rating = r.average
    FROM (SELECT product_id, count(*)::int AS n, round(avg(rating), 1) AS average FROM product_reviews WHERE NOT hidden GROUP BY product_id) r
    WHERE r.product_id = products.id`);
  // Every fourth product has no question; the last question of every third product is unanswered.
  await db.execute(sql`
    INSERT INTO product_questions (product_id, questioner_name, questioner_email, question, question_time, answer, answer_time)
    SELECT p.id, (${textArray(REVIEW_NAMES)})[1 + (p.id + g) % ${REVIEW_NAMES.length}], 'shopper' || p.id || '.' || g || '@example.com',
      (${textArray(QUESTIONS)})[1 + (p.id + g) % ${QUESTIONS.length}], p.created_at + g * interval '1 day',
      CASE WHEN g = p.id % 4 AND p.id % 3 = 0 THEN NULL ELSE (${textArray(ANSWERS)})[1 + (p.id + g) % ${ANSWERS.length}] END,
      CASE WHEN g = p.id % 4 AND p.id % 3 = 0 THEN NULL ELSE p.created_at + g * interval '1 day' + interval '5 hours' END
    FROM products p CROSS JOIN LATERAL generate_series(1, p.id % 4) AS g
    ORDER BY p.id, g`);
  await db.execute(sql`
    INSERT INTO product_gallery (product_id, type, video_link, caption, position)
    SELECT p.id, 'Image', NULL, (ARRAY['Front', 'Detail'])[g], g FROM products p CROSS JOIN generate_series(1, 2) AS g
    UNION ALL
    SELECT p.id, 'Video', 'https://www.youtube.com/embed/' || (${textArray(VIDEO_IDS)})[1 + p.id % ${VIDEO_IDS.length}], 'See it unwrapped', 3
    FROM products p WHERE p.id % 5 = 0
    ORDER BY 1, 5`);
  // Groups of up to four neighbours in a sub-category ('Colour' or 'Style' variants).
  await db.execute(sql`
    INSERT INTO product_groups (id, name)
    SELECT DISTINCT dense_rank() OVER (ORDER BY sub_category_id, bucket), CASE WHEN sub_category_id % 2 = 0 THEN 'Colour' ELSE 'Style' END
    FROM (SELECT sub_category_id, (row_number() OVER (PARTITION BY sub_category_id ORDER BY id) - 1) / 4 AS bucket FROM products) ranked`);
  await db.execute(sql`
    INSERT INTO product_group_members (group_id, product_id, position)
    SELECT dense_rank() OVER (ORDER BY sub_category_id, bucket), id, rn
    FROM (SELECT id, sub_category_id, row_number() OVER (PARTITION BY sub_category_id ORDER BY id) AS rn,
      (row_number() OVER (PARTITION BY sub_category_id ORDER BY id) - 1) / 4 AS bucket FROM products) ranked`);
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('product_groups', 'id'), GREATEST((SELECT max(id) FROM product_groups), 1))`,
  );
}

/** The kinds of gift packaging (USD). */
export const PACKAGINGS = [
  { id: 1, title: 'Classic Gift Wrap', price: 3 },
  { id: 2, title: 'Kraft Paper and Twine', price: 2.5 },
  { id: 3, title: 'Premium Gift Box', price: 8 },
  { id: 4, title: 'Velvet Pouch', price: 5 },
];

/**
 * Customization options of every customizable product (always 'to whom', the rest varied) and 2-3
 * packaging options of every product with packaging: even ids wrap each piece ('item'), odd ids pack
 * the line together ('line').
 */
async function seedGiftOptions(db: Executor): Promise<void> {
  await db.insert(packagings).values(PACKAGINGS.map((packaging, position) => ({ ...packaging, position })));
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('packagings', 'id'), (SELECT max(id) FROM packagings))`,
  );
  await db.execute(sql`
    INSERT INTO product_customizations (product_id, logo, to_whom, sender, message, price)
    SELECT id, id % 3 <> 1, true, id % 2 = 0, id % 4 <> 3, 5 + (id % 4) * 2.5
    FROM products WHERE is_customizable`);
  await db.execute(sql`
    INSERT INTO product_packagings (product_id, packaging_id, price, packaging_level)
    SELECT p.id, k.id, k.price + p.id % 3, CASE WHEN p.id % 2 = 0 THEN 'item' ELSE 'line' END
    FROM products p CROSS JOIN packagings k
    WHERE p.has_packaging AND (p.id + k.id) % 3 <> 0`);
}

/** Hero slides, the running deal (ends three days after the seed ran), banners, category blocks, pages. */
async function seedHomeContent(db: Executor): Promise<void> {
  await db.insert(heroSlides).values(HERO_SLIDES.map((slide, position) => ({ ...slide, position })));
  await db.insert(banners).values(BANNERS.map((banner, position) => ({ ...banner, position })));
  await db.insert(pageContents).values(PAGE_CONTENTS.map((page) => ({ ...page })));
  await db.execute(
    sql`INSERT INTO deals (id, title, starts_at, ends_at) VALUES (1, 'Deal of the day', now() - interval '1 hour', now() + interval '3 days')`,
  );
  await db.execute(sql`
    INSERT INTO deal_items (deal_id, product_id, position)
    SELECT 1, id, row_number() OVER (ORDER BY id) FROM products
    WHERE old_price IS NOT NULL AND stock_quantity > 0 ORDER BY id LIMIT 8`);
  await db.execute(sql`
    INSERT INTO category_blocks (id, position, product_type_id)
    SELECT id, position + 1, id FROM product_types`);
  await db.execute(sql`
    INSERT INTO category_block_items (block_id, category_id, position)
    SELECT type_id, id, position FROM (
      SELECT id, type_id, position, row_number() OVER (PARTITION BY type_id ORDER BY position, id) AS rn FROM categories
    ) c WHERE rn <= 4`);
  // A few searches and opens so top-searched-products has something to show on a fresh shop.
  await db.execute(sql`
    INSERT INTO search_log (query) SELECT unnest(${textArray(SEED_SEARCHES)})`);
  await db.execute(sql`
    INSERT INTO product_views (product_id) SELECT id FROM products WHERE id <= 12 ORDER BY id`);
}

/** From this many products on, PostgreSQL is seeded with COPY (bulkSeed); below, with INSERTs. */
export const BULK_SEED_MIN_PRODUCTS = 10_000;

/** Seeds of the first run wait for each other on this (transaction-level) advisory lock. */
export const SEED_LOCK_KEY = 7_341_021;

/**
 * In a seed's transaction: waits for any other first-run seed to end, then answers whether the
 * catalogue is still empty. The start-up lock (db/startupLock.ts) keeps instances apart already;
 * this holds even when that lock's connection was lost while its holder still seeds.
 */
async function stillEmpty(tx: Database): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
  return isCatalogueEmpty(tx);
}

/**
 * Seeds the demo catalogue; answers whether it did. `onlyIfEmpty` (a server's first run) seeds only
 * a catalogue still empty inside the seed's own transaction, under SEED_LOCK_KEY.
 */
export async function seedDatabase(
  db: Database,
  options: { products: number; seed?: number; method?: 'insert' | 'copy'; onlyIfEmpty?: boolean },
): Promise<boolean> {
  // Drizzle's node-postgres database holds its pg Pool; PGlite has none and always INSERTs.
  const client: unknown = Reflect.get(db, '$client');
  const pool = client instanceof Pool ? client : null;
  const method = options.method ?? (pool && options.products >= BULK_SEED_MIN_PRODUCTS ? 'copy' : 'insert');
  let seeded = true;
  if (method === 'copy') {
    if (!pool) throw new Error('The COPY seed needs PostgreSQL (DATABASE_URL)');
    seeded = await bulkSeed(pool, options);
  } else {
    seeded = await db.transaction(async (tx) => {
      if (options.onlyIfEmpty && !(await stillEmpty(tx))) return false;
      await seedReferenceData(tx);
      await seedCatalogue(tx, options);
      return true;
    });
  }
  if (!seeded) return false;
  // Fresh statistics (and visibility map) so the planner picks the listing / search indexes at once.
  await db.execute(
    method === 'copy'
      ? sql.raw(`VACUUM ANALYZE ${BULK_TABLES.join(', ')}`)
      : sql`VACUUM ANALYZE products, product_attributes, product_specifications`,
  );
  return true;
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}
