/**
 * Pictures an admin uploads (issue 22) against a real database: a JPEG or PNG (or WebP, AVIF) is
 * decoded at once into its WebP renditions, stored in PostgreSQL and served with immutable cache
 * headers; anything else (not a picture, too many bytes or pixels, a truncated file) is refused
 * with a 4xx naming the field and the reason, and nothing is stored.
 */
import type { AdminSession } from '@shop/contract';
import { RENDITION_WIDTHS, UPLOADED_IMAGE_MESSAGES } from '@shop/contract/media';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rowsOf } from '../src/db/migrate';
import { adminAuditLog, uploadedImageRenditions } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { renditionWidthsOf } from '../src/services/uploadedImages';
import { createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';
import { multipart } from './orderFixtures';
import { jpegWithExif, pngBomb } from './pictures';

/** A photograph-like picture (a gradient, so the encoders have something to do). */
const photo = (format: 'jpeg' | 'png' | 'webp' | 'avif', width: number, height: number, alpha = false) => {
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
      if (alpha) pixels[at + 3] = x < width / 2 ? 255 : 0;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).toFormat(format).toBuffer();
};

describe.each(targets)('uploaded pictures on %s', (target) => {
  let ctx: TestContext;
  let owner: string;
  let staff: string;
  let buyer: string;

  const login = async (email: string, password: string) =>
    dataOf<AdminSession>(
      await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/admin/login',
        payload: { email, password },
      }),
    ).token;
  const upload = async (bytes: Buffer, token: string | null = owner, type = 'image/jpeg') => {
    const { payload, contentType } = await multipart({}, { bytes, name: 'picture', type });
    return ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/images',
      payload,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  const uploaded = async (bytes: Buffer, token = owner) => {
    const answer = await upload(bytes, token);
    expect([answer.statusCode, answer.body.slice(0, 200)]).toEqual([
      201,
      expect.stringContaining('"status":true'),
    ]);
    return (JSON.parse(answer.body) as { data: { image: UploadedImage } }).data.image;
  };
  const fetchPicture = (url: string) => ctx.app.inject({ method: 'GET', url });
  const storedCount = async () =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM uploaded_images`),
    )[0]?.n;

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    const hasher = new PasswordHasher(10);
    await createAdmin(ctx.database.db, hasher, 'owner@gifts.example', 'owner-password-1');
    await createAdmin(ctx.database.db, hasher, 'staff@gifts.example', 'staff-password-1', { role: 'staff' });
    owner = await login('owner@gifts.example', 'owner-password-1');
    staff = await login('staff@gifts.example', 'staff-password-1');
    buyer = (await createMember(ctx.database)).token;
  });
  afterAll(() => ctx.close());

  it('makes a JPEG into WebP renditions at every width up to its own, served immutable', async () => {
    const image = await uploaded(await photo('jpeg', 1000, 500));
    expect(image).toEqual({
      id: image.id,
      url: `/backend/api/images/uploaded/${image.id}.webp`,
      width: 1000,
      height: 500,
    });
    const widths = (
      await ctx.database.db
        .select({ width: uploadedImageRenditions.width })
        .from(uploadedImageRenditions)
        .where(eq(uploadedImageRenditions.imageId, image.id))
    )
      .map((row) => row.width)
      .sort((a, b) => a - b);
    expect(widths).toEqual([...RENDITION_WIDTHS.filter((width) => width < 1000), 1000]);

    const largest = await fetchPicture(image.url);
    expect(largest.statusCode).toBe(200);
    expect(largest.headers['content-type']).toBe('image/webp');
    expect(largest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(largest.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1000,
      height: 500,
    });

    const card = await fetchPicture(`/backend/api/images/uploaded/${image.id}/320.webp`);
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 160,
    });
    // A srcset's 1600w of a 1000 px picture: the picture itself, never enlarged.
    const wide = await fetchPicture(`/backend/api/images/uploaded/${image.id}/1600.webp`);
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(1000);
  });

  it('keeps a PNG transparent, and takes WebP and AVIF', async () => {
    const png = await uploaded(await photo('png', 200, 100, true));
    expect([png.width, png.height]).toEqual([200, 100]);
    const served = await sharp((await fetchPicture(png.url)).rawPayload).metadata();
    expect([served.format, served.hasAlpha]).toEqual(['webp', true]);
    for (const format of ['webp', 'avif'] as const) {
      expect(await uploaded(await photo(format, 120, 90))).toMatchObject({ width: 120, height: 90 });
    }
  });

  it('turns a phone photo upright and drops its EXIF', async () => {
    // 16 × 8 with orientation 6 (rotated 90°): upright it is 8 wide and 16 high.
    const image = await uploaded(await jpegWithExif(16, 8));
    expect([image.width, image.height]).toEqual([8, 16]);
    const served = await sharp((await fetchPicture(image.url)).rawPayload).metadata();
    expect([served.width, served.height, served.exif, served.orientation]).toEqual([
      8,
      16,
      undefined,
      undefined,
    ]);
  });

  it('lets staff upload, and writes the upload to the audit log', async () => {
    const image = await uploaded(await photo('jpeg', 64, 64), staff);
    const [row] = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(
        sql`${adminAuditLog.action} = 'POST admin/images' AND ${adminAuditLog.adminEmail} = 'staff@gifts.example'`,
      );
    expect(row).toBeDefined();
    expect(row?.after).toEqual({ id: image.id, width: 64, height: 64 });
    expect(row?.before ?? null).toBeNull();
  });

  it('refuses a buyer and no token before reading the file', async () => {
    const bytes = await photo('jpeg', 32, 32);
    expect((await upload(bytes, buyer)).statusCode).toBe(403);
    expect((await upload(bytes, null)).statusCode).toBe(401);
  });

  it.each([
    [
      'a page of HTML',
      async () => Buffer.from('<html><body>not a picture</body></html>'),
      415,
      UPLOADED_IMAGE_MESSAGES.type,
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
          .gif()
          .toBuffer(),
      415,
      UPLOADED_IMAGE_MESSAGES.type,
    ],
    [
      'a 30000 × 30000 PNG (900 megapixels in 110 KB)',
      async () => pngBomb(30_000),
      422,
      UPLOADED_IMAGE_MESSAGES.pixels,
    ],
    ['a file over 8 MB', async () => Buffer.alloc(8 * 1024 * 1024 + 1, 1), 413, UPLOADED_IMAGE_MESSAGES.size],
    [
      'a truncated JPEG',
      async () => {
        const whole = await photo('jpeg', 400, 300);
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      400,
      UPLOADED_IMAGE_MESSAGES.broken,
    ],
    [
      'a truncated PNG',
      async () => {
        const whole = await photo('png', 400, 300);
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      400,
      UPLOADED_IMAGE_MESSAGES.broken,
    ],
  ])('refuses %s with its reason, storing nothing', async (_name, make, status, message) => {
    const before = await storedCount();
    const answer = await upload(await make());
    expect([answer.statusCode, failureOf(answer).error.fields]).toEqual([status, { file: message }]);
    expect(await storedCount()).toBe(before);
  });

  it('asks for a file when the form has none', async () => {
    const { payload, contentType } = await multipart({});
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/images',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${owner}` },
    });
    expect([answer.statusCode, failureOf(answer).error.fields]).toEqual([
      400,
      { file: UPLOADED_IMAGE_MESSAGES.missing },
    ]);
  });

  it('answers 404 for an unknown picture and 400 for a width or format not made', async () => {
    const image = await uploaded(await photo('jpeg', 100, 100));
    expect((await fetchPicture('/backend/api/images/uploaded/999999.webp')).statusCode).toBe(404);
    expect((await fetchPicture('/backend/api/images/uploaded/999999/320.webp')).statusCode).toBe(404);
    expect((await fetchPicture(`/backend/api/images/uploaded/${image.id}/321.webp`)).statusCode).toBe(400);
    expect((await fetchPicture(`/backend/api/images/uploaded/${image.id}/320.png`)).statusCode).toBe(400);
    expect((await fetchPicture('/backend/api/images/uploaded/abc.webp')).statusCode).toBe(400);
  });
});

describe('renditionWidthsOf', () => {
  it('makes every width under the picture and the picture itself, never wider than the largest', () => {
    expect(renditionWidthsOf(50)).toEqual([50]);
    expect(renditionWidthsOf(320)).toEqual([64, 128, 160, 320]);
    expect(renditionWidthsOf(4000)).toEqual(RENDITION_WIDTHS);
  });
});
