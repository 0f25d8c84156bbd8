/**
 * Writes the demo shop into the database: reference data (currencies, countries, contact details,
 * social channels, messages) is upserted; the catalogue is wiped and regenerated.
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
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
import { generateCatalogue } from './generateCatalogue';
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

/** Replaces the whole catalogue. Cart lines pointing at old products go with it (CASCADE). */
export async function seedCatalogue(
  db: Executor,
  options: { products: number; seed?: number },
): Promise<void> {
  const catalogue = generateCatalogue(options);
  await db.execute(
    sql`TRUNCATE product_attributes, product_reviews, product_questions, product_gallery, product_group_members, product_groups, notify_requests, search_log, product_views, deal_items, deals, banners, hero_slides, category_block_items, category_blocks, page_contents, product_specifications, sub_category_specifications, products, sub_categories, categories, product_types, suppliers RESTART IDENTITY CASCADE`,
  );
  await db.insert(suppliers).values(catalogue.suppliers);
  await db.insert(productTypes).values(catalogue.productTypes);
  await db.insert(categories).values(catalogue.categories);
  await db.insert(subCategories).values(catalogue.subCategories);
  await db.insert(subCategorySpecifications).values(catalogue.subCategorySpecifications);
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
  await seedProductExtras(db);
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

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;

/**
 * Reviews, questions, gallery entries and product groups, made in SQL from the products themselves
 * (deterministic formulas of the id), so 100 000 products take seconds, not minutes.
 */
async function seedProductExtras(db: Executor): Promise<void> {
  // A fifth of the products (review_count 0 from the generator) get no review at all.
  await db.execute(sql`
    INSERT INTO product_reviews (product_id, buyer_name, rating, comments, created_at)
    SELECT p.id, (${textArray(REVIEW_NAMES)})[1 + (p.id + g) % ${REVIEW_NAMES.length}],
      3 + (p.id * 31 + g * 17) % 3, (${textArray(REVIEW_COMMENTS)})[1 + (p.id * 7 + g) % ${REVIEW_COMMENTS.length}],
      p.created_at + g * interval '2 days' + interval '3 hours'
    FROM products p CROSS JOIN LATERAL generate_series(1, 1 + p.id % 9) AS g
    WHERE p.review_count > 0
    ORDER BY p.id, g`);
  await db.execute(sql`
    UPDATE products SET review_count = r.n, rating = r.average
    FROM (SELECT product_id, count(*)::int AS n, round(avg(rating), 1) AS average FROM product_reviews GROUP BY product_id) r
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

export async function seedDatabase(
  db: Database,
  options: { products: number; seed?: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedCatalogue(tx, options);
  });
  // Fresh statistics (and visibility map) so the planner picks the listing / search indexes at once.
  await db.execute(sql`VACUUM ANALYZE products, product_attributes, product_specifications`);
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}
