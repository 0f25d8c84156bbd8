/**
 * Issue 19: the catalogue's pictures as WebP renditions at the widths responsiveImage offers,
 * drawn by the seed or on first request, stored in the database (every API instance sees them)
 * and served immutable; a size or format not made is a 400, an unknown id a 404.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { renditionUrl, responsiveImage } from '@shop/contract/media';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '../src/db/client';
import { heroSlides, imageRenditions, products } from '../src/db/schema';
import { HOUSEKEEPING_TASKS, runHousekeeping } from '../src/services/housekeeping';
import { seedRenditions, seedWidthsOf } from '../src/services/imageRenditions';
import { createTestApp, failureOf, TEST_PRODUCTS, type TestContext, targets } from './db';

const API = '/backend/api';

describe.each(targets)('picture renditions on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url: url.startsWith('/') ? url : `${API}/${url}` });
  const storedRows = (kind: string, id: number) =>
    ctx.database.db
      .select({ width: imageRenditions.width, view: imageRenditions.view, bytes: imageRenditions.bytes })
      .from(imageRenditions)
      .where(and(eq(imageRenditions.kind, kind), eq(imageRenditions.imageId, id)));

  it('draws a product picture on its first request as a WebP of the asked width, immutable, and stores it', async () => {
    expect(await storedRows('products', 3)).toEqual([]);
    const response = await get('images/products/3/320.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const picture = await sharp(response.rawPayload).metadata();
    expect(picture).toMatchObject({ format: 'webp', width: 320, height: 320 });
    const stored = await storedRows('products', 3);
    expect(stored.map((row) => [row.width, row.view])).toEqual([[320, 0]]);
    expect(stored[0]?.bytes.equals(response.rawPayload)).toBe(true);
  });

  it('serves the stored rendition again, for every gallery view of the same drawing', async () => {
    const first = await get('images/products/4/640.webp?view=1');
    const again = await get('images/products/4/640.webp?view=2');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await storedRows('products', 4)).toHaveLength(1);
  });

  it('serves every URL responsiveImage writes for a card, a gallery picture and the hero', async () => {
    const [slide] = await ctx.database.db.select({ id: heroSlides.id }).from(heroSlides).limit(1);
    const sources = [
      responsiveImage(`${API}/images/products/5.svg`, 'card'),
      responsiveImage(`${API}/images/products/5.svg?view=1`, 'gallery'),
      responsiveImage(`${API}/images/hero-slides/${slide?.id}.svg`, 'hero'),
    ];
    for (const image of sources) {
      for (const candidate of image.srcSet?.split(', ') ?? []) {
        const [url = '', descriptor = ''] = candidate.split(' ');
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect((await sharp(response.rawPayload).metadata()).width).toBe(Number.parseInt(descriptor, 10));
      }
    }
  });

  it('draws a renamed product anew instead of showing its old name', async () => {
    const before = await get('images/products/6/480.webp');
    await ctx.database.db.update(products).set({ title: 'A wholly new name' }).where(eq(products.id, 6));
    const after = await get('images/products/6/480.webp');
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect(await storedRows('products', 6)).toHaveLength(1);
  });

  it.each([
    ['images/products/1/333.webp', 'width'],
    ['images/products/1/320.avif', 'format'],
    ['images/products/1/320.png', 'format'],
    ['images/products/1/big.webp', 'rendition'],
    ['images/products/0/320.webp', 'id'],
    ['images/products/1/320.webp?view=-1', 'view'],
  ])('answers 400 naming the field for %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(failureOf(response)).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED' } });
    expect(failureOf(response).error.fields).toHaveProperty([field]);
  });

  it('answers 404 in the error envelope for an unknown id, and stores nothing', async () => {
    const response = await get('images/products/999999/320.webp');
    expect(response.statusCode).toBe(404);
    expect(failureOf(response).error.code).toBe('NOT_FOUND');
    expect(await storedRows('products', 999999)).toEqual([]);
  });

  it('the seed draws the seeded catalogue once: every product and hero slide at its widths, none twice', async () => {
    await ctx.database.db.delete(imageRenditions);
    const drawn = await seedRenditions(ctx.database.db, { parallel: 2 });
    const counts = await ctx.database.db
      .select({ kind: imageRenditions.kind, width: imageRenditions.width, n: sql<number>`count(*)::int` })
      .from(imageRenditions)
      .groupBy(imageRenditions.kind, imageRenditions.width);
    const productWidths = counts.filter((row) => row.kind === 'products');
    expect(productWidths.map((row) => row.width).sort((a, b) => a - b)).toEqual([
      ...seedWidthsOf('products'),
    ]);
    for (const row of productWidths) expect(row.n).toBe(TEST_PRODUCTS);
    expect(counts.filter((row) => row.kind === 'hero-slides').map((row) => row.width)).toEqual(
      expect.arrayContaining([...seedWidthsOf('hero-slides')]),
    );
    expect(drawn).toBe(counts.reduce((sum, row) => sum + row.n, 0));
    expect(await seedRenditions(ctx.database.db)).toBe(0);

    // What the seed drew is what the API serves (the seed's bytes, not a second drawing).
    const [stored] = await ctx.database.db
      .select({ bytes: imageRenditions.bytes })
      .from(imageRenditions)
      .where(
        and(
          eq(imageRenditions.kind, 'products'),
          eq(imageRenditions.imageId, 7),
          eq(imageRenditions.width, 480),
        ),
      );
    const served = await get(renditionUrl(`${API}/images/products/7.svg`, 480) ?? '');
    expect(stored && served.rawPayload.equals(stored.bytes)).toBe(true);
  });

  it('housekeeping deletes the renditions of a deleted product, and only those', async () => {
    for (const url of ['products/8/320.webp', 'products/9/320.webp', 'categories/1/160.webp']) {
      expect((await get(`images/${url}`)).statusCode).toBe(200);
    }
    const kept = [(await storedRows('products', 8)).length, (await storedRows('categories', 1)).length];
    const ofDeleted = (await storedRows('products', 9)).length;
    await ctx.database.db.delete(products).where(eq(products.id, 9));
    const task = HOUSEKEEPING_TASKS.filter((each) => each.name === 'picture renditions of gone items');
    expect(await runHousekeeping(ctx.database.db, task)).toEqual({
      'picture renditions of gone items': ofDeleted,
    });
    expect(await storedRows('products', 9)).toEqual([]);
    expect([(await storedRows('products', 8)).length, (await storedRows('categories', 1)).length]).toEqual(
      kept,
    );
  });

  it('leaves a catalogue larger than the seed bound to draw its products on request', async () => {
    await ctx.database.db.delete(imageRenditions);
    const [catalogue] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    await seedRenditions(ctx.database.db, { maxProducts: (catalogue?.n ?? 0) - 1 });
    const kinds = await ctx.database.db.selectDistinct({ kind: imageRenditions.kind }).from(imageRenditions);
    expect(kinds.map((row) => row.kind)).not.toContain('products');
    expect(kinds.map((row) => row.kind)).toContain('hero-slides');
  });
});

describe('npm run seed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-seed-renditions-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('draws the pictures of the catalogue it seeded, stored for the server to serve', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed.ts', '--products', '5'],
      { cwd: path.join(__dirname, '..'), env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } },
    );
    const drawn = Number(/Drew (\d+) picture renditions/.exec(stdout)?.[1]);
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db
        .select({ kind: imageRenditions.kind, n: sql<number>`count(*)::int` })
        .from(imageRenditions)
        .groupBy(imageRenditions.kind);
      const byKind = Object.fromEntries(rows.map((row) => [row.kind, row.n]));
      expect(byKind.products).toBe(5 * seedWidthsOf('products').length);
      expect(byKind['hero-slides']).toBeGreaterThan(0);
      expect(drawn).toBe(rows.reduce((sum, row) => sum + row.n, 0));
    } finally {
      await database.close();
    }
  });
});
