/**
 * A fresh, migrated, seeded database per test file: in-memory PGlite always, and also a throw-away
 * PostgreSQL database when TEST_DATABASE_URL is set (created here, dropped afterwards).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ShippingAddressInput, WishlistItem, WishlistUserData } from '@shop/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../src/db/client';
import { migrate, rowsOf } from '../src/db/migrate';
import { buyers, productCustomizations } from '../src/db/schema';
import { seedDatabase } from '../src/seed/seedDatabase';
import { issueToken } from '../src/services/auth';

// Booting PGlite (WebAssembly) takes seconds on a busy 2-core machine, beyond Jest's 5 s default;
// `testTimeout` in a Jest project block is ignored (it is a global option), so it is set here
// (not when `npm run fuzz` loads this file outside Jest).
if (typeof jest !== 'undefined') jest.setTimeout(60_000);

/** Small enough to be quick, large enough for two pages of 20 and every product type. */
export const TEST_PRODUCTS = 40;

export const targets: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

async function createPostgresDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Migrated, seeded PGlite databases as dumps, by product count and the migrations' and seed's
 * sources: a copy opens in a fraction of the time initdb, the migrations and the seed take. Shared
 * between the run's test files through the folder test/globalSetup.cjs makes for the run; outside
 * Jest (`npm run fuzz`) within the process only.
 */
const pgliteDumps = new Map<string, Blob>();
const dumpFolder = process.env.SHOP_TEST_PGLITE_DUMPS;

/** What a seeded database is made from: a migration or seed file changed is a new dump. */
function dumpKey(products: number): string {
  const hash = createHash('sha256');
  for (const folder of ['../src/db/migrations', '../src/seed']) {
    const dir = path.join(__dirname, folder);
    for (const name of readdirSync(dir).sort()) {
      hash.update(name);
      hash.update(readFileSync(path.join(dir, name)));
    }
  }
  return `seeded-${products}-${hash.digest('hex').slice(0, 16)}`;
}

async function createPgliteDatabase(products: number): Promise<DatabaseHandle> {
  const key = dumpKey(products);
  const file = dumpFolder ? path.join(dumpFolder, `${key}.tar`) : null;
  const saved = pgliteDumps.get(key) ?? (file && existsSync(file) ? new Blob([readFileSync(file)]) : null);
  if (saved) return openDatabase({ dataDir: null, snapshot: saved });
  const handle = await openDatabase({ dataDir: null });
  await migrate(handle.db);
  if (products > 0) await seedDatabase(handle.db, { products });
  const dump = await handle.dump?.();
  if (dump) {
    pgliteDumps.set(key, dump);
    if (file) {
      // Written aside and renamed: another worker reads a whole dump or none.
      const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
  }
  return handle;
}

export async function createTestDatabase(
  kind: DatabaseKind,
  products = TEST_PRODUCTS,
): Promise<DatabaseHandle> {
  if (kind === 'pglite') return createPgliteDatabase(products);
  const handle = await createPostgresDatabase();
  await migrate(handle.db);
  if (products > 0) await seedDatabase(handle.db, { products });
  return handle;
}

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DatabaseKind,
  options: Omit<BuildAppOptions, 'database'> & { products?: number } = {},
): Promise<TestContext> {
  const { products, ...appOptions } = options;
  const database = await createTestDatabase(kind, products);
  // No uploadsDir unless a test names one: uploads go to the file store, and no folder is imported.
  const app = await buildApp({ ...appOptions, database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second connection to the PostgreSQL database `ctx` runs on (the throw-away one made above), to
 * play the other transaction of a race; the test ends it.
 */
export async function secondConnection(ctx: TestContext): Promise<Client> {
  const [current] = rowsOf<{ name: string }>(
    await ctx.database.db.execute(sql`SELECT current_database() AS name`),
  );
  const target = new URL(process.env.TEST_DATABASE_URL ?? '');
  target.pathname = `/${current?.name ?? ''}`;
  const other = new Client({ connectionString: target.toString() });
  await other.connect();
  return other;
}

/** The first seeded product whose customization takes a logo (the upload tests' product). */
export async function productTakingLogo(database: DatabaseHandle): Promise<number> {
  const [offering] = await database.db
    .select({ id: productCustomizations.productId })
    .from(productCustomizations)
    .where(eq(productCustomizations.logo, true))
    .orderBy(asc(productCustomizations.productId))
    .limit(1);
  if (!offering) throw new Error('the seed has no product taking a logo');
  return offering.id;
}

/** A sign-up form as the Sign Up dialog sends it: valid, with a password; `changes` override fields. */
export const registration = (email: string, changes: Record<string, unknown> = {}) => ({
  type: 'Registration',
  first_name: 'Lina',
  last_name: 'Haddad',
  email,
  password: 'Secret123',
  confirm_password: 'Secret123',
  mobile: '+971 501234567',
  country_id: 1,
  gender: 'Female',
  ...changes,
});

let memberCounter = 0;

/** A signed-in member, made directly in the database (the login endpoints come later). */
export async function createMember(database: DatabaseHandle, ttlMs?: number) {
  memberCounter += 1;
  const [buyer] = await database.db
    .insert(buyers)
    .values({
      email: `member${memberCounter}.${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Maya',
      lastName: 'Haddad',
      type: 'Member',
    })
    .returning();
  if (!buyer) throw new Error('buyer not created');
  const token = await issueToken(database.db, buyer.id, ttlMs);
  return { buyer, token };
}

/** The `data` of a successful envelope, failing the test with the body when it is not one. */
export function dataOf<T>(response: { statusCode: number; body: string }): T {
  const body = JSON.parse(response.body) as { status: boolean; data?: T };
  if (response.statusCode !== 200 || body.status !== true) {
    throw new Error(`Expected a success envelope, got ${response.statusCode}: ${response.body}`);
  }
  return body.data as T;
}

export interface FailureBody {
  status: false;
  error: { code: string; message: string; fields?: Record<string, string> };
}

export const failureOf = (response: { body: string }) => JSON.parse(response.body) as FailureBody;

/** The header that makes a call the holder of this token's. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let emailCounter = 0;
/** An e-mail no buyer of this test file's database has yet. */
export const freshEmail = (label = 'buyer') =>
  `${label}${++emailCounter}.${Date.now().toString(36)}@example.com`;

/** A shipping address as the address form sends it (Layla in Dubai); `changes` override fields. */
export const shippingAddress = (changes: Partial<ShippingAddressInput> = {}): ShippingAddressInput => ({
  first_name: 'Layla',
  last_name: 'Nasser',
  email: 'layla@example.com',
  mobile: '+971 501234567',
  country_id: 1,
  city: 'Dubai',
  address: 'Villa 12, Al Wasl Road, Jumeirah 1',
  ...changes,
});

/** QP soft line breaks and escapes undone (escaped runs are UTF-8 bytes: '×' is =C3=97), so a long link reads as one line. */
export const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/** The mails to `email` in the outbox once the mailer has sent what it holds, decoded. */
export async function mailsTo(ctx: TestContext, outbox: string, email: string): Promise<string[]> {
  await ctx.app.mailer.idle();
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => decodeQuotedPrintable(readFileSync(path.join(outbox, name), 'utf8')))
    .filter((mail) => mail.includes(`To: ${email}`));
}

/** Who holds a wishlist: a member or a wishlist-e-mail user, with the token that proves it. */
export interface WishlistOwner {
  id: number;
  token: string;
}

const postApi = (ctx: TestContext, url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers });

/** A wishlist-e-mail user, registered as the wishlist-email popup does. */
export async function registerWishlistUser(ctx: TestContext, email: string): Promise<WishlistOwner> {
  const response = await postApi(ctx, 'buyers/register-wishlist', { email, type: 'Wishlist' });
  if (response.statusCode !== 201)
    throw new Error(`Expected 201, got ${response.statusCode}: ${response.body}`);
  return (JSON.parse(response.body) as { data: { user: WishlistUserData } }).data.user;
}

/** The owner's wishlist, newest first. */
export async function wishlistOf(ctx: TestContext, owner: WishlistOwner): Promise<WishlistItem[]> {
  return dataOf<{ items: WishlistItem[] }>(
    await postApi(ctx, 'wishlist/get-items', { user_id: owner.id }, bearer(owner.token)),
  ).items;
}

/** Adds a product to the owner's wishlist; answers the new line. */
export async function addToWishlist(
  ctx: TestContext,
  owner: WishlistOwner,
  productId: number,
): Promise<WishlistItem> {
  return dataOf<{ item: WishlistItem }>(
    await postApi(ctx, 'wishlist/add', { user_id: owner.id, product_id: productId }, bearer(owner.token)),
  ).item;
}
