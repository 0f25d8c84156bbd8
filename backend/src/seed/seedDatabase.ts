/**
 * Writes the demo shop into the database: reference data (currencies, countries, contact details,
 * social channels, messages) is upserted; the catalogue is wiped and regenerated.
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  authSlides,
  categories,
  countries,
  currencies,
  frontendMessages,
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
const INSERT_CHUNK = 500;

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
    sql`TRUNCATE product_specifications, sub_category_specifications, products, sub_categories, categories, product_types, suppliers RESTART IDENTITY CASCADE`,
  );
  await db.insert(suppliers).values(catalogue.suppliers);
  await db.insert(productTypes).values(catalogue.productTypes);
  await db.insert(categories).values(catalogue.categories);
  await db.insert(subCategories).values(catalogue.subCategories);
  await db.insert(subCategorySpecifications).values(catalogue.subCategorySpecifications);
  await insertInChunks(
    catalogue.products.map(({ specifications: _specifications, ...product }) => product),
    (chunk) => db.insert(products).values(chunk),
  );
  await insertInChunks(
    catalogue.products.flatMap((product) =>
      product.specifications.map((spec) => ({ ...spec, productId: product.id })),
    ),
    (chunk) => db.insert(productSpecifications).values(chunk),
  );
  // Explicit ids were inserted, so move each serial sequence past them.
  for (const table of ['product_types', 'categories', 'sub_categories', 'products']) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`,
      ),
    );
  }
}

export async function seedDatabase(
  db: Database,
  options: { products: number; seed?: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedCatalogue(tx, options);
  });
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}
