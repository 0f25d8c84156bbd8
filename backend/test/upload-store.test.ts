/**
 * Issue 20: uploaded files live in one store every API instance shares. The same checks run on
 * both stores: PostgreSQL (uploaded_files, on PGlite and PostgreSQL) and an S3-compatible bucket
 * (s3rver, a real S3 server in this process; see s3-release-store.test.ts for what it does not
 * check of a signature). Then: the API on the bucket, a bucket away (503), the uploads folder of
 * before copied in at start-up (once, however many instances start at once), and two API
 * instances on one PostgreSQL database, each with its own pool: a logo uploaded through one is on
 * the order placed through the other, a proof uploaded through one is fetched through the other.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, createServer as createNetServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminSession, Cart, PlacedOrder, ShippingAddress } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Client } from 'pg';
import S3rver from 's3rver';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { cartItems, orderItems, products } from '../src/db/schema';
import { toAppError } from '../src/errors';
import { seedDatabase } from '../src/seed/seedDatabase';
import { createAdmin } from '../src/services/admins';
import { type FileStore, PostgresFileStore, warnOfFilesLeftInDatabase } from '../src/services/fileStore';
import { S3FileStore } from '../src/services/fileStoreS3';
import { PasswordHasher } from '../src/services/passwords';
import { readCapped, S3Client } from '../src/services/s3Client';
import { importUploadsFolder, startFolderImport } from '../src/services/uploads';
import {
  createMember,
  createTestApp,
  createTestDatabase,
  dataOf,
  failureOf,
  productTakingLogo,
  shippingAddress,
  type TestContext,
  targets,
} from './db';
import { insertOrder, multipart } from './orderFixtures';
import { picture } from './pictures';
import { storedBytes, storedNames } from './uploadedFiles';

/**
 * Ports of their own (9191-9199): s3rver, one where nothing listens, a bucket that comes late,
 * and the tiny misbehaving S3 servers.
 */
const S3_PORT = 9191;
const CLOSED_PORT = 9192;
const LATE_S3_PORT = 9193;
const ODD_S3_PORT = 9194;
const PROBING_S3_PORT = 9195;
const LOST_COMMIT_PORT = 9196;
const BUCKET = 'uploads';
/** The one account s3rver knows. */
const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const hexName = (ext = 'png', prefix = '') => `${prefix}${randomBytes(16).toString('hex')}.${ext}`;

/** What every store must do, whatever keeps the bytes. */
function behavesAsAFileStore(storeOf: () => FileStore) {
  it('keeps bytes and their type under a name, and answers null for a name it does not keep', async () => {
    const store = storeOf();
    const name = hexName();
    const bytes = await picture('png', 3, 2);
    await store.put(name, bytes, 'image/png');
    expect(await store.get(name)).toEqual({ bytes, contentType: 'image/png' });
    expect(await store.get(hexName())).toBeNull();
  });

  it("copies a file to a second one of its own: deleting the first leaves the copy (an order's logo)", async () => {
    const store = storeOf();
    const cart = hexName('jpg');
    const order = hexName('jpg', 'order-');
    const bytes = await picture('jpeg', 4, 4);
    await store.put(cart, bytes, 'image/jpeg');
    expect(await store.copy(cart, order)).toBe(true);
    await store.delete(cart);
    expect(await store.get(cart)).toBeNull();
    expect(await store.get(order)).toEqual({ bytes, contentType: 'image/jpeg' });
    // The cart's file gone: no copy, no error.
    expect(await store.copy(cart, hexName('jpg', 'order-'))).toBe(false);
  });

  it('deletes a name it does not keep without complaint', async () => {
    await expect(storeOf().delete(hexName())).resolves.toBeUndefined();
  });

  it('writes under a name once with putIfAbsent, and names what it keeps', async () => {
    const store = storeOf();
    const name = hexName();
    const first = await picture('png', 2, 2);
    expect(await store.putIfAbsent(name, first, 'image/png')).toBe(true);
    expect(await store.putIfAbsent(name, await picture('png', 5, 5), 'image/png')).toBe(false);
    expect((await store.get(name))?.bytes).toEqual(first);
    const other = hexName();
    expect([...(await store.existing([name, other]))]).toEqual([name]);
    expect((await store.existing([])).size).toBe(0);
  });
}

describe.each(targets)('the file store in the database on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target, 0);
  });
  afterAll(() => database.close());

  behavesAsAFileStore(() => new PostgresFileStore(database.db));

  it("writes an order's copy in the order's transaction: undone when it rolls back", async () => {
    const store = new PostgresFileStore(database.db);
    const cart = hexName();
    await store.put(cart, await picture('png', 2, 2), 'image/png');
    const kept = hexName('png', 'order-');
    const undone = hexName('png', 'order-');
    await database.db.transaction((tx) => store.copy(cart, kept, tx));
    await expect(
      database.db.transaction(async (tx) => {
        expect(await store.copy(cart, undone, tx)).toBe(true);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await store.get(kept)).not.toBeNull();
    expect(await store.get(undone)).toBeNull();
  });
});

describe('the file store in an S3 bucket (s3rver)', () => {
  let s3: S3rver;
  const s3Dir = mkdtempSync(path.join(tmpdir(), 'shop-s3-uploads-'));
  /** The order copies ('order-…') the bucket holds, read from s3rver's folder. */
  const orderCopiesInBucket = () =>
    (readdirSync(s3Dir, { recursive: true }) as string[]).filter((file) =>
      /order-[0-9a-f]{32}\.(png|jpg)\._S3rver_object$/.test(file),
    );
  const settings = {
    endpoint: `http://127.0.0.1:${S3_PORT}`,
    bucket: BUCKET,
    region: 'us-east-1',
    prefix: 'shop/uploads/',
    ...S3_KEYS,
  };

  beforeAll(async () => {
    s3 = new S3rver({
      address: '127.0.0.1',
      port: S3_PORT,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    await s3.run();
  });
  afterAll(() => s3.close());

  behavesAsAFileStore(() => new S3FileStore(settings));

  it('answers 503 STORE_UNAVAILABLE when the bucket does not answer, never a 500', async () => {
    const away = new S3FileStore({ ...settings, endpoint: `http://127.0.0.1:${CLOSED_PORT}` });
    await expect(away.get(hexName())).rejects.toMatchObject({ statusCode: 503, code: 'STORE_UNAVAILABLE' });
    await expect(away.put(hexName(), Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      statusCode: 503,
    });
  });

  (process.env.TEST_DATABASE_URL ? describe : describe.skip)(
    'a COMMIT whose answer is lost (PostgreSQL)',
    () => {
      const adminUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = `shop_test_lost_commit_${randomBytes(4).toString('hex')}`;
      const upstream = new URL(adminUrl);
      /** Between the app and PostgreSQL: with `cut` set, a connection sending COMMIT is dropped once the server answers it. */
      let cut = false;
      let proxy: NetServer;
      let direct: DatabaseHandle;
      let ctx: TestContext;
      const urlOf = (port: number) => {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        url.host = `127.0.0.1:${port}`;
        return url.toString();
      };

      beforeAll(async () => {
        const admin = new Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        direct = await openDatabase({ databaseUrl: urlOf(Number(upstream.port || 5432)) });
        await migrate(direct.db);
        await seedDatabase(direct.db, { products: 10 });
        proxy = createNetServer((client) => {
          const server = connect(Number(upstream.port || 5432), upstream.hostname);
          let committing = false;
          client.on('data', (chunk) => {
            if (cut && /\bcommit\b/i.test(chunk.toString('latin1'))) committing = true;
            server.write(chunk);
          });
          server.on('data', (chunk) => {
            // The server has committed and answers: the answer never reaches the app.
            if (committing) {
              client.destroy();
              server.destroy();
            } else client.write(chunk);
          });
          client.on('error', () => server.destroy());
          server.on('error', () => client.destroy());
          client.on('close', () => server.destroy());
          server.on('close', () => client.destroy());
        });
        await new Promise<void>((resolve) => proxy.listen(LOST_COMMIT_PORT, '127.0.0.1', resolve));
        const database = await openDatabase({ databaseUrl: urlOf(LOST_COMMIT_PORT) });
        const app = await buildApp({ database, uploadsS3: settings, auth: { scryptLogN: 10 } });
        await app.ready();
        ctx = {
          app,
          database,
          async close() {
            await app.close();
            await database.close();
          },
        };
      });
      afterAll(async () => {
        await ctx.close();
        await new Promise((resolve) => proxy.close(resolve));
        await direct.close();
        const dropper = new Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      });

      it("keeps the order's logo copies in the bucket: the order was placed, and a repeat answers it", async () => {
        const productId = await productTakingLogo(direct);
        const { token } = await memberCartWithLogo(ctx, productId);
        const checkout = () =>
          ctx.app.inject({
            method: 'POST',
            url: '/backend/api/cart/member-checkout',
            payload: { member_checkout: true },
            headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'lost-commit-1' },
          });
        cut = true;
        let lost: Awaited<ReturnType<typeof checkout>>;
        try {
          lost = await checkout();
        } finally {
          cut = false;
        }
        expect(lost.statusCode).toBe(503);
        // Committed all the same: the order's item names its copy, which is still in the bucket.
        const repeat = await checkout();
        expect(repeat.statusCode).toBe(200);
        const { order } = dataOf<PlacedOrder>(repeat);
        const [item] = await direct.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        expect(item?.customizationLogo).toMatch(/^order-[0-9a-f]{32}\.png$/);
        expect(await new S3FileStore(settings).get(item?.customizationLogo ?? '')).not.toBeNull();
      });
    },
  );

  describe.each(targets)('the API keeping its uploads in the bucket, on %s', (target) => {
    let ctx: TestContext;
    let productId = 0;
    const bucketStore = new S3FileStore(settings);
    /** Between the app and s3rver: runs `beforeCopy` when a CopyObject passes, then forwards it. */
    let proxy: Server;
    let beforeCopy: (() => Promise<void>) | null = null;
    beforeAll(async () => {
      proxy = createServer((request, response) => {
        const copying = Boolean(request.headers['x-amz-copy-source']);
        void (copying && beforeCopy ? beforeCopy() : Promise.resolve()).then(
          () => forward(request, response, S3_PORT),
          (error: unknown) => response.writeHead(599).end(String(error)),
        );
      });
      await new Promise<void>((resolve) => proxy.listen(PROBING_S3_PORT, '127.0.0.1', resolve));
      ctx = await createTestApp(target, {
        uploadsS3: { ...settings, endpoint: `http://127.0.0.1:${PROBING_S3_PORT}` },
      });
      productId = await productTakingLogo(ctx.database);
    });
    afterAll(async () => {
      await ctx.close();
      await new Promise((resolve) => proxy.close(resolve));
    });
    afterEach(() => {
      beforeCopy = null;
    });

    it("copies the cart's logo before the order's transaction: no product is locked while the bucket is asked", async () => {
      const { token, lineId } = await memberCartWithLogo(ctx, productId);
      let probed = 0;
      beforeCopy = async () => {
        // Another connection (PostgreSQL) takes the product's lock at once, or fails (NOWAIT);
        // on PGlite it would wait for ever behind an open transaction.
        await ctx.database.db.transaction((tx) =>
          tx.execute(sql`SELECT id FROM products WHERE id = ${productId} FOR UPDATE NOWAIT`),
        );
        probed += 1;
      };
      const placed = await placeOrder(ctx, token);
      expect(placed.statusCode).toBe(200);
      expect(probed).toBe(1);
      const [item] = await ctx.database.db
        .select({ logo: orderItems.customizationLogo })
        .from(orderItems)
        .where(eq(orderItems.orderId, dataOf<PlacedOrder>(placed).order.id));
      expect(item?.logo).toMatch(/^order-[0-9a-f]{32}\.png$/);
      expect(await bucketStore.get(item?.logo ?? '')).not.toBeNull();
      expect(lineId).toBeGreaterThan(0);
    });

    it('deletes its copies from the bucket when the order is refused in its transaction', async () => {
      const before = orderCopiesInBucket().length;
      const { token } = await memberCartWithLogo(ctx, productId);
      await ctx.database.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, productId));
      try {
        const refused = await placeOrder(ctx, token);
        expect(refused.statusCode).toBe(409);
        expect(failureOf(refused).error.code).toBe('OUT_OF_STOCK');
      } finally {
        await ctx.database.db.update(products).set({ stockQuantity: 100 }).where(eq(products.id, productId));
      }
      expect(orderCopiesInBucket()).toHaveLength(before);
    });

    it('refuses an order whose logo file is gone: 409 LOGO_MISSING, nothing placed', async () => {
      const { token, lineId } = await memberCartWithLogo(ctx, productId);
      await bucketStore.delete(await lineLogoName(ctx, lineId));
      await expectLogoMissing(ctx, token, lineId);
    });

    it('stores a logo in the bucket, not the database, and serves it back to the line’s owner', async () => {
      const line = await guestLine(ctx, productId);
      expect((await uploadLogo(ctx, line, await picture('png', 6, 4))).statusCode).toBe(200);
      const served = await cartLogo(ctx, line);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      // Nothing in the database's store.
      expect(await storedNames(ctx.database)).toEqual([]);
      const name = await lineLogoName(ctx, line.lineId);
      expect((await bucketStore.get(name))?.bytes).toEqual(served.rawPayload);
    });

    it('answers an upload 503 while the bucket is away, and keeps nothing', async () => {
      // A second instance on this database whose bucket does not answer (a database of its own
      // cost a database's set-up and proved nothing more).
      const awayApp = await buildApp({
        database: ctx.database,
        uploadsS3: { ...settings, endpoint: `http://127.0.0.1:${CLOSED_PORT}` },
      });
      await awayApp.ready();
      const away: TestContext = { app: awayApp, database: ctx.database, close: () => awayApp.close() };
      try {
        const awayProduct = await productTakingLogo(away.database);
        const line = await guestLine(away, awayProduct);
        const answer = await uploadLogo(away, line, await picture('png', 2, 2));
        expect(answer.statusCode).toBe(503);
        expect(failureOf(answer).error.code).toBe('STORE_UNAVAILABLE');
        expect(answer.headers['retry-after']).toBeDefined();
        const [row] = await away.database.db
          .select({ logo: cartItems.customizationLogo })
          .from(cartItems)
          .where(eq(cartItems.id, line.lineId));
        expect(row).toEqual({ logo: null });
      } finally {
        await away.close();
      }
    });
  });
});

describe.each(targets)('the uploads folder of before, on %s', (target) => {
  let ctx: TestContext;
  let folder: string;
  let orderLogo: string;
  let orderLogoBytes: Buffer;
  let cartLogo: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'shop-old-uploads-'));
    orderLogo = hexName('png', 'order-');
    cartLogo = hexName('jpg');
    orderLogoBytes = await picture('png', 7, 3);
    writeFileSync(path.join(folder, orderLogo), orderLogoBytes);
    writeFileSync(path.join(folder, cartLogo), await picture('jpeg', 3, 3));
    writeFileSync(path.join(folder, 'notes.txt'), 'not an upload');
    mkdirSync(path.join(folder, hexName()));
    ctx = await createTestApp(target, { uploadsDir: folder, products: 10 });
  });
  afterAll(() => ctx.close());

  it('is copied into the store once the app is ready: an order’s logo of before is served by its name', async () => {
    const imported = await ctx.app.deps.uploads.folderImport?.done;
    expect(imported).toMatchObject({ copied: 2, present: 0, skipped: ['notes.txt'] });
    expect(await storedNames(ctx.database)).toEqual([cartLogo, orderLogo].sort());
    const member = await createMember(ctx.database);
    const { order, item } = await insertOrder(ctx.database, member.buyer.id, { logo: orderLogo });
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/backend/api/buyer-orders/${order.id}/items/${item.id}/logo`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.rawPayload).toEqual(orderLogoBytes);
    // Still behind the same check: another member gets nothing.
    const other = await createMember(ctx.database);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/backend/api/buyer-orders/${order.id}/items/${item.id}/logo`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('is copied once: a second start copies nothing, and the folder is left as it was', async () => {
    const before = readdirSync(folder).sort();
    const again = await importUploadsFolder(folder, ctx.app.deps.uploads.files);
    expect(again.copied).toBe(0);
    expect(again.present).toBe(2);
    expect(again.skipped).toEqual(['notes.txt']);
    // The folder under an upload's name is no file: named apart, not as a name of someone else's.
    expect(again.unreadable).toHaveLength(1);
    expect(readdirSync(folder).sort()).toEqual(before);
  });

  it('is nothing to do when there is no such folder', async () => {
    const none = await importUploadsFolder(path.join(folder, 'missing'), ctx.app.deps.uploads.files);
    expect(none).toEqual({ copied: 0, present: 0, skipped: [], unreadable: [], refused: [] });
  });
});

describe.each(targets)('an order whose logo file is gone, in the database store on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target, { products: 10 });
  });
  afterAll(() => ctx.close());

  it('is refused 409 LOGO_MISSING, asking for the logo again; nothing is placed', async () => {
    const { token, lineId } = await memberCartWithLogo(ctx, await productTakingLogo(ctx.database));
    await new PostgresFileStore(ctx.database.db).delete(await lineLogoName(ctx, lineId));
    await expectLogoMissing(ctx, token, lineId);
  });

  it('warns, with a bucket chosen, of files the database still holds (they are not served from it)', async () => {
    const warnings: string[] = [];
    const log = { warn: (_object: object, message: string) => warnings.push(message) };
    const fresh = await createTestDatabase(target, 0);
    try {
      expect(await warnOfFilesLeftInDatabase(fresh.db, log)).toBe(false);
      await new PostgresFileStore(fresh.db).put(hexName(), await picture('png', 2, 2), 'image/png');
      expect(await warnOfFilesLeftInDatabase(fresh.db, log)).toBe(true);
      expect(warnings).toEqual([expect.stringContaining('still holds uploaded files')]);
    } finally {
      await fresh.close();
    }
  });

  it('reads no uploads folder unless one is named (tests never read the developer’s)', () => {
    expect(ctx.app.deps.uploads.folderImport).toBeNull();
  });
});

describe('S3 answers that are no answer: 503 STORE_UNAVAILABLE, never a 500', () => {
  /** What the tiny server answers next. */
  let answer: (response: ServerResponse) => void = (response) => response.end();
  let server: Server;
  const odd = (timeoutMs = 15_000) =>
    new S3FileStore(
      {
        endpoint: `http://127.0.0.1:${ODD_S3_PORT}`,
        bucket: BUCKET,
        region: 'us-east-1',
        prefix: '',
        ...S3_KEYS,
      },
      { requestTimeoutMs: timeoutMs },
    );
  const openResponses = new Set<ServerResponse>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      openResponses.add(response);
      response.on('close', () => openResponses.delete(response));
      answer(response);
    });
    await new Promise<void>((resolve) => server.listen(ODD_S3_PORT, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const response of openResponses) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a body that stops half-way (headers sent, then nothing until the timeout)', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '1000' });
      response.write(Buffer.alloc(10));
    };
    const failed = await odd(300)
      .get(hexName())
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ statusCode: 503, code: 'STORE_UNAVAILABLE' });
    expect(toAppError(failed as Error).statusCode).toBe(503);
  });

  it("a copy's 200 with an <Error> in its body", async () => {
    answer = (response) =>
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end('<?xml version="1.0"?><Error><Code>InternalError</Code><Message>x</Message></Error>');
    await expect(odd().copy(hexName(), hexName('png', 'order-'))).rejects.toMatchObject({
      statusCode: 503,
      code: 'STORE_UNAVAILABLE',
    });
  });

  it("a refusal (403): 503 for the request, S3's code in the error the log gets", async () => {
    answer = (response) =>
      response
        .writeHead(403, { 'content-type': 'application/xml' })
        .end('<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>no</Message></Error>');
    const get = (await odd()
      .get(hexName())
      .catch((error: unknown) => error)) as Error;
    expect(String((get.cause as Error).message)).toContain('403 AccessDenied');
    for (const call of [
      (store: S3FileStore) => store.get(hexName()),
      (store: S3FileStore) => store.put(hexName(), Buffer.from('x'), 'image/png'),
      (store: S3FileStore) => store.existing([hexName()]),
    ]) {
      const failed = (await call(odd()).catch((error: unknown) => error)) as Error;
      expect(failed).toMatchObject({ statusCode: 503, code: 'STORE_UNAVAILABLE' });
      // A HEAD answers no body: its status alone is in the error.
      expect(String((failed.cause as Error).message)).toMatch(/: 403 (AccessDenied|Forbidden)$/);
    }
  });

  it('an answer longer than the cap is refused as it is read, without a length declared', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      // Chunked: 64 KB at a time, far more than the cap below, and never ended by the server.
      const chunk = Buffer.alloc(64 * 1024);
      const more = () => {
        if (!response.destroyed && response.write(chunk)) setImmediate(more);
        else if (!response.destroyed) response.once('drain', more);
      };
      more();
    };
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${ODD_S3_PORT}`,
      bucket: BUCKET,
      region: 'us-east-1',
      prefix: '',
      ...S3_KEYS,
    });
    const response = await client.send({ method: 'GET', key: 'large' });
    await expect(readCapped(response, 256 * 1024, 'GET large')).rejects.toThrow('more than the 262144 bytes');
  });
});

describe.each(targets)('the start-up import in the background, on %s', (target) => {
  it('lets the instance start while the bucket is away, and copies the folder once it is back', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-late-bucket-'));
    const name = hexName();
    writeFileSync(path.join(folder, name), await picture('png', 3, 3));
    const late = {
      endpoint: `http://127.0.0.1:${LATE_S3_PORT}`,
      bucket: BUCKET,
      region: 'us-east-1',
      prefix: 'late/',
      ...S3_KEYS,
    };
    // Ready (and serving) with nothing listening where the bucket should be.
    const ctx = await createTestApp(target, {
      products: 0,
      uploadsDir: folder,
      uploadsS3: late,
      uploadsImportRetryMs: 50,
    });
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: LATE_S3_PORT,
      silent: true,
      directory: mkdtempSync(path.join(tmpdir(), 'shop-s3-late-')),
      configureBuckets: [{ name: BUCKET }],
    });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/backend/api/health' })).statusCode).toBeLessThan(
        500,
      );
      await s3.run();
      const imported = await ctx.app.deps.uploads.folderImport?.done;
      expect(imported).toMatchObject({ copied: 1 });
      expect(await new S3FileStore(late).get(name)).not.toBeNull();
    } finally {
      await ctx.close();
      await s3.close();
    }
  });
});

describe('the start-up import copies regular files that are the picture their name says', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite', 0);
  });
  afterAll(() => database.close());

  it('names links, folders and pictures of another type apart, and copies none of them', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-odd-uploads-'));
    const outside = path.join(mkdtempSync(path.join(tmpdir(), 'shop-outside-')), 'secret.png');
    writeFileSync(outside, await picture('png', 2, 2));
    const good = hexName();
    const link = hexName();
    const folderNamed = hexName('jpg');
    const jpegAsPng = hexName();
    const notAPicture = hexName('jpg');
    writeFileSync(path.join(folder, good), await picture('png', 2, 2));
    symlinkSync(outside, path.join(folder, link));
    mkdirSync(path.join(folder, folderNamed));
    writeFileSync(path.join(folder, jpegAsPng), await picture('jpeg', 2, 2));
    writeFileSync(path.join(folder, notAPicture), '<html>not a picture</html>');
    const done = await importUploadsFolder(folder, new PostgresFileStore(database.db));
    expect(done.copied).toBe(1);
    expect(done.unreadable.sort()).toEqual([link, folderNamed].sort());
    expect(done.refused.sort()).toEqual([jpegAsPng, notAPicture].sort());
    expect(await storedNames(database)).toEqual([good]);
  });

  it('warns of what it could not copy, apart from names that are not uploads', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-odd-uploads-'));
    const folderNamed = hexName();
    mkdirSync(path.join(folder, folderNamed));
    writeFileSync(path.join(folder, 'notes.txt'), 'not an upload');
    const lines: { level: 'info' | 'warn'; text: string }[] = [];
    const log = {
      info: (text: unknown) => lines.push({ level: 'info', text: String(text) }),
      warn: (text: unknown) => lines.push({ level: 'warn', text: String(text) }),
    } as Pick<FastifyBaseLogger, 'info' | 'warn'>;
    await startFolderImport(folder, new PostgresFileStore(database.db), log).done;
    expect(lines).toEqual([
      { level: 'info', text: expect.stringContaining('not uploads by their name: notes.txt') },
      { level: 'warn', text: expect.stringContaining(`not regular readable files: ${folderNamed}`) },
    ]);
  });
});

describe("an uploaded file's bytes stay off the catalogue's and the cart's reads", () => {
  it('are read by the file store alone: no other source names its table', () => {
    const src = path.join(__dirname, '../src');
    const naming = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => /\.(ts|sql)$/.test(file))
      .filter((file) => /uploaded_files|uploadedFiles/.test(readFileSync(path.join(src, file), 'utf8')))
      .sort();
    // The store, the table's migration and its Drizzle mirror.
    expect(naming).toEqual([
      'db/migrations/0021_uploaded_files.sql',
      'db/schema.ts',
      'services/fileStore.ts',
    ]);
  });
});

describe('UPLOAD_S3_* settings', () => {
  const base = { DATABASE_URL: 'postgres://shop@db/shop' };

  it('keeps uploads in the database when none is set', () => {
    expect(loadConfig(base).uploadsS3).toBeNull();
  });

  it('names the bucket, its region, prefix and keys (the AWS_ keys as fallback)', () => {
    const config = loadConfig({
      ...base,
      UPLOAD_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      UPLOAD_S3_BUCKET: 'shop-uploads',
      UPLOAD_S3_PREFIX: '/prod/uploads/',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.uploadsS3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'shop-uploads',
      region: 'us-east-1',
      prefix: 'prod/uploads/',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    // The release store's settings are apart: still the folder.
    expect(config.releases.s3).toBeNull();
  });

  it('refuses half a setting at start, naming what is missing', () => {
    expect(() => loadConfig({ ...base, UPLOAD_S3_BUCKET: 'shop-uploads' })).toThrow(
      'UPLOAD_S3_ENDPOINT and UPLOAD_S3_BUCKET name the S3 upload store together; UPLOAD_S3_BUCKET set without UPLOAD_S3_ENDPOINT',
    );
    expect(() =>
      loadConfig({ ...base, UPLOAD_S3_ENDPOINT: 'http://127.0.0.1:9000', UPLOAD_S3_BUCKET: 'shop-uploads' }),
    ).toThrow('The S3 upload store needs credentials: UPLOAD_S3_ACCESS_KEY_ID');
    expect(() =>
      loadConfig({
        ...base,
        UPLOAD_S3_ENDPOINT: 'http://127.0.0.1:9000/bucket',
        UPLOAD_S3_BUCKET: 'shop-uploads',
      }),
    ).toThrow('UPLOAD_S3_ENDPOINT must be an http(s) origin without a path');
  });
});

// --------------------------------------------------------------- helpers through the API

/** A guest's cart line of `productId`. */
async function guestLine(ctx: TestContext, productId: number) {
  const cart = dataOf<Cart>(
    await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/cart/add',
      payload: { product_id: productId },
    }),
  );
  return { lineId: cart.items[0]?.id ?? 0, token: cart.guest_session_token ?? '' };
}

/** Sends `bytes` as a cart line's logo, as a guest (token) or a member (bearer). */
async function uploadLogo(
  ctx: Pick<TestContext, 'app'>,
  line: { lineId: number; token?: string; bearer?: string },
  bytes: Buffer,
) {
  const fields: Record<string, string> = { selectedItems: '["logo"]', cart_item_id: String(line.lineId) };
  if (line.token) fields.guest_session_token = line.token;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('logo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return ctx.app.inject({
    method: 'POST',
    url: '/backend/api/cart/add-customization',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      ...(line.bearer ? { authorization: `Bearer ${line.bearer}` } : {}),
    },
  });
}

/** The line's logo through the API (the owner's endpoint). */
function cartLogo(ctx: Pick<TestContext, 'app'>, line: { lineId: number; token?: string; bearer?: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/backend/api/cart/customization-logo',
    payload: { cart_item_id: line.lineId, ...(line.token ? { guest_session_token: line.token } : {}) },
    headers: line.bearer ? { authorization: `Bearer ${line.bearer}` } : {},
  });
}

/** The stored name of a cart line's logo, read from the database. */
async function lineLogoName(ctx: Pick<TestContext, 'database'>, lineId: number): Promise<string> {
  const [line] = await ctx.database.db
    .select({ logo: cartItems.customizationLogo })
    .from(cartItems)
    .where(eq(cartItems.id, lineId));
  if (!line?.logo) throw new Error(`line ${lineId} has no logo`);
  return line.logo;
}

/** A tiny proxy's forwarding of one request to 127.0.0.1:`port`, headers (Host too) as they came. */
function forward(request: IncomingMessage, response: ServerResponse, port: number): void {
  const upstream = httpRequest(
    { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => response.destroy());
  request.pipe(upstream);
}

/** A member with a cart line of `productId` holding a logo, an address and a payment method. */
async function memberCartWithLogo(ctx: TestContext, productId: number) {
  const member = await createMember(ctx.database);
  const token = member.token;
  const call = (url: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/backend/api/${url}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
  const cart = dataOf<Cart>(await call('cart/add', { product_id: productId }));
  const lineId = cart.items[0]?.id ?? 0;
  expect((await uploadLogo(ctx, { lineId, bearer: token }, await picture('png', 5, 3))).statusCode).toBe(200);
  const created = await call('buyers-shipping-address/create', shippingAddress());
  const address = (JSON.parse(created.body) as { data: { item: ShippingAddress } }).data.item;
  expect((await call('cart/add-shipping-address', { address_id: address.id })).statusCode).toBe(200);
  expect((await call('cart/add-payment-method', { payment_method: 'Cash On Delivery' })).statusCode).toBe(
    200,
  );
  return { token, lineId };
}

function placeOrder(ctx: Pick<TestContext, 'app'>, token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/backend/api/cart/member-checkout',
    payload: { member_checkout: true },
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The order refused 409 LOGO_MISSING naming the line, and the cart line still there. */
async function expectLogoMissing(ctx: TestContext, token: string, lineId: number) {
  const refused = await placeOrder(ctx, token);
  expect(refused.statusCode).toBe(409);
  const { error } = failureOf(refused);
  expect(error.code).toBe('LOGO_MISSING');
  expect(error.message).toMatch(/upload it again/);
  expect(error.fields).toEqual({ [`cart_item_${lineId}`]: 'Upload logo/Image.' });
  const [line] = await ctx.database.db.select().from(cartItems).where(eq(cartItems.id, lineId));
  expect(line).toBeDefined();
}

// --------------------------------------------------------------- two instances, one PostgreSQL

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('two API instances on one PostgreSQL database, each with its own pool', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `shop_test_uploads_${randomBytes(4).toString('hex')}`;
  const PASSWORD = 'Admin-Password-1';
  const handles: DatabaseHandle[] = [];
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-two-instances-'));
  let adminToken = '';

  const databaseUrl = () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const instance = (index: number) => {
    const app = apps[index];
    if (!app) throw new Error(`no instance ${index}`);
    return { app };
  };
  const call = (index: number, method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    return instance(index).app.inject({
      method,
      url: `/backend/api/${url}`,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  };

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    for (let i = 0; i < 3; i += 1) handles.push(await openDatabase({ databaseUrl: databaseUrl() }));
    const [first] = handles;
    if (!first) throw new Error('no database');
    await migrate(first.db);
    await seedDatabase(first.db, { products: 20 });
    // Each instance with an uploads folder of its own, as on machines of their own: before issue 20
    // a file was kept in the folder of the instance that took it.
    const built = await Promise.all(
      handles.slice(0, 2).map((database) =>
        buildApp({
          database,
          uploadsDir: mkdtempSync(path.join(tmpdir(), 'shop-instance-uploads-')),
          auth: { scryptLogN: 10 },
        }),
      ),
    );
    apps.push(...built);
    await Promise.all(apps.map((app) => app.ready()));
    await createAdmin(first.db, new PasswordHasher(10), 'ops@example.com', PASSWORD);
    adminToken = dataOf<AdminSession>(
      await call(1, 'POST', 'admin/login', undefined, { email: 'ops@example.com', password: PASSWORD }),
    ).token;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    const dropper = new Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });

  it('copies the folder of before once between three instances starting at once', async () => {
    const [first] = handles;
    if (!first) throw new Error('no database');
    for (let i = 0; i < 12; i += 1) writeFileSync(path.join(folder, hexName()), await picture('png', 2, 2));
    // What each instance does when it is ready (app.ts), all three at once, each on its own pool.
    const imports = await Promise.all(
      handles.map((handle) => importUploadsFolder(folder, new PostgresFileStore(handle.db))),
    );
    expect(imports.reduce((sum, done) => sum + done.copied, 0)).toBe(12);
    expect(imports.every((done) => done.copied + done.present === 12)).toBe(true);
    const names = await storedNames(first);
    for (const name of readdirSync(folder)) expect(names).toContain(name);
  });

  it('places an order through one instance with the logo uploaded through the other', async () => {
    const [first] = handles;
    if (!first) throw new Error('no database');
    const productId = await productTakingLogo(first);
    const member = await createMember(first);
    const token = member.token;
    // Instance 0: the cart line and its logo.
    const cart = dataOf<Cart>(await call(0, 'POST', 'cart/add', token, { product_id: productId }));
    const lineId = cart.items[0]?.id ?? 0;
    const logo = await picture('png', 9, 5);
    expect((await uploadLogo(instance(0), { lineId, bearer: token }, logo)).statusCode).toBe(200);
    const uploaded = await cartLogo(instance(0), { lineId, bearer: token });
    expect(uploaded.statusCode).toBe(200);
    // Instance 1: the same line's logo, then the address, the payment method and the order.
    const cartName = await lineLogoName({ database: first }, lineId);
    const seen = await cartLogo(instance(1), { lineId, bearer: token });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload).toEqual(uploaded.rawPayload);
    const created = await call(1, 'POST', 'buyers-shipping-address/create', token, shippingAddress());
    expect(created.statusCode).toBe(201);
    const address = (JSON.parse(created.body) as { data: { item: ShippingAddress } }).data.item;
    for (const [url, payload] of [
      ['cart/add-shipping-address', { address_id: address.id }],
      ['cart/add-payment-method', { payment_method: 'Money Exchange Transfer' }],
    ] as const) {
      expect((await call(1, 'POST', url, token, payload)).statusCode).toBe(200);
    }
    const placed = await call(1, 'POST', 'cart/member-checkout', token, { member_checkout: true });
    expect(placed.statusCode).toBe(200);
    const { order } = dataOf<PlacedOrder>(placed);
    const [item] = await first.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item?.customizationLogo).toMatch(/^order-[0-9a-f]{32}\.png$/);
    // The order's own copy, fetched through either instance by the buyer and by an admin.
    for (const index of [0, 1]) {
      const own = await call(index, 'GET', `buyer-orders/${order.id}/items/${item?.id}/logo`, token);
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload).toEqual(uploaded.rawPayload);
      const admin = await call(index, 'GET', `admin/orders/${order.id}/items/${item?.id}/logo`, adminToken);
      expect(admin.statusCode).toBe(200);
      expect(admin.rawPayload).toEqual(uploaded.rawPayload);
    }
    // The cart's file went after the order was placed; the order's copy stays.
    expect(await storedBytes(first, cartName)).toBeNull();
    expect(await storedBytes(first, item?.customizationLogo ?? '')).toEqual(uploaded.rawPayload);
  });

  it('fetches through one instance the proof of payment uploaded through the other', async () => {
    const [first] = handles;
    if (!first) throw new Error('no database');
    const member = await createMember(first);
    const { order } = await insertOrder(first, member.buyer.id, {
      status: 'Payment Pending',
      method: 'Money Exchange Transfer',
    });
    const slip = await picture('jpeg', 12, 8);
    const { payload, contentType } = await multipart(
      { order_id: String(order.id), comments: 'Sent today' },
      { bytes: slip, name: 'slip.jpg', type: 'image/jpeg' },
    );
    const sent = await instance(0).app.inject({
      method: 'POST',
      url: '/backend/api/buyer-orders/proof-of-payment',
      payload,
      headers: { authorization: `Bearer ${member.token}`, 'content-type': contentType },
    });
    expect(sent.statusCode).toBe(200);
    const proofId = dataOf<{ proofOfPayment: { id: number } }>(sent).proofOfPayment.id;
    const fetched = await call(1, 'GET', `admin/proofs/${proofId}/file`, adminToken);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    // Only an admin: the buyer's own bearer is refused there.
    expect((await call(1, 'GET', `admin/proofs/${proofId}/file`, member.token)).statusCode).toBe(403);
  });
});
