/**
 * Uploads are decoded as pictures and stored written again (issue 15): a decompression bomb is
 * refused from its header, a PNG with HTML behind it is stored without it, EXIF and GPS are gone,
 * a JPEG stays a JPEG. Through the API (the cart's logo, the proof of payment) and read back
 * through it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Cart } from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { paymentProofs } from '../src/db/schema';
import { PICTURE_TOO_LARGE, UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE_PX } from '../src/services/uploads';
import {
  createMember,
  createTestApp,
  dataOf,
  failureOf,
  productTakingLogo,
  type TestContext,
  targets,
} from './db';
import { insertOrder, multipart } from './orderFixtures';
import { jpegWithExif, picture, pngBomb } from './pictures';
import { storedBytes } from './uploadedFiles';

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

describe.each(targets)('uploaded pictures on %s', (target) => {
  let ctx: TestContext;
  let productId = 0;
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-uploads-decoded-'));

  beforeAll(async () => {
    ctx = await createTestApp(target, { uploadsDir });
    productId = await productTakingLogo(ctx.database);
  });
  afterAll(() => ctx.close());

  /** A guest's cart line of a product that takes a logo. */
  async function guestLine() {
    const cart = dataOf<Cart>(
      await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/cart/add',
        payload: { product_id: productId },
      }),
    );
    return { lineId: cart.items[0]?.id ?? 0, token: cart.guest_session_token ?? '' };
  }

  /** Sends `bytes` as the line's logo; answers the API's answer. */
  async function uploadLogo(line: { lineId: number; token: string }, bytes: Buffer, type = 'image/png') {
    const form = new FormData();
    form.append('selectedItems', '["logo"]');
    form.append('cart_item_id', String(line.lineId));
    form.append('guest_session_token', line.token);
    form.append('logo', new Blob([new Uint8Array(bytes)], { type }), 'logo');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return ctx.app.inject({
      method: 'POST',
      url: '/backend/api/cart/add-customization',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
  }

  /** The stored logo, read back through the API. */
  async function storedLogo(line: { lineId: number; token: string }) {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/cart/customization-logo',
      payload: { cart_item_id: line.lineId, guest_session_token: line.token },
    });
    expect(answer.statusCode).toBe(200);
    return { bytes: answer.rawPayload, type: answer.headers['content-type'] };
  }

  it('refuses a 30000×30000 PNG (a decompression bomb) from its header, naming the limit', async () => {
    const bomb = pngBomb(30_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const line = await guestLine();
    const started = Date.now();
    const answer = await uploadLogo(line, bomb);
    // Refused before any pixel is decoded: 900 megapixels would take seconds and gigabytes.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.statusCode).toBe(422);
    expect(failureOf(answer).error).toEqual({
      code: 'IMAGE_TOO_LARGE',
      message: PICTURE_TOO_LARGE,
      fields: { logo: PICTURE_TOO_LARGE },
    });
    expect(PICTURE_TOO_LARGE).toContain(String(UPLOAD_MAX_SIDE_PX));
    expect(PICTURE_TOO_LARGE).toContain(`${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`);
    const cart = dataOf<Cart>(
      await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/cart/get-items',
        payload: { guest_session_token: line.token },
      }),
    );
    expect(cart.items[0]?.customization).toBeNull();
  });

  it('refuses a picture over the side limit even when its pixel count is small', async () => {
    const line = await guestLine();
    const strip = await sharp({
      create: { width: UPLOAD_MAX_SIDE_PX + 1, height: 1, channels: 3, background: 'white' },
    })
      .png()
      .toBuffer();
    expect((await uploadLogo(line, strip)).statusCode).toBe(422);
    const atLimit = await sharp({
      create: { width: UPLOAD_MAX_SIDE_PX, height: 1, channels: 3, background: 'white' },
    })
      .png()
      .toBuffer();
    expect((await uploadLogo(line, atLimit)).statusCode).toBe(200);
  });

  it('stores a PNG followed by an HTML page as the picture alone', async () => {
    const png = await picture('png', 5, 3);
    const polyglot = Buffer.concat([png, Buffer.from(HTML)]);
    const line = await guestLine();
    expect((await uploadLogo(line, polyglot)).statusCode).toBe(200);
    const stored = await storedLogo(line);
    expect(stored.type).toBe('image/png');
    expect(stored.bytes.includes('<script')).toBe(false);
    expect(stored.bytes.includes('<html')).toBe(false);
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ format: 'png', width: 5, height: 3 });
  });

  it('strips EXIF (camera, GPS) from a JPEG, keeps it a JPEG and turns it upright', async () => {
    const photo = await jpegWithExif(16, 8);
    const sent = await sharp(photo).metadata();
    expect(sent).toMatchObject({ format: 'jpeg', orientation: 6, width: 16, height: 8 });
    expect(photo.includes('SpyCam')).toBe(true);

    const line = await guestLine();
    expect((await uploadLogo(line, photo, 'image/jpeg')).statusCode).toBe(200);
    const stored = await storedLogo(line);
    expect(stored.type).toBe('image/jpeg');
    const kept = await sharp(stored.bytes).metadata();
    // Orientation 6 (rotate 90°) applied to the pixels: 16×8 becomes 8×16, and no tag remains.
    expect(kept).toMatchObject({ format: 'jpeg', width: 8, height: 16 });
    expect(kept.orientation).toBeUndefined();
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.icc).toBeUndefined();
    expect(stored.bytes.includes('SpyCam')).toBe(false);
    expect(stored.bytes.includes('Exif')).toBe(false);
  });

  it("keeps the spec's 415 for what is not a whole JPEG or PNG, on the field it came in", async () => {
    const line = await guestLine();
    const jpeg = await picture('jpeg', 200, 200);
    const refusals = [
      Buffer.from(HTML),
      // A PNG signature and nothing a decoder can use.
      Buffer.concat([(await picture('png')).subarray(0, 8), Buffer.from(HTML)]),
      // A JPEG cut in the middle of its pixels.
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
        .gif()
        .toBuffer(),
      await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
        .webp()
        .toBuffer(),
    ];
    for (const bytes of refusals) {
      const answer = await uploadLogo(line, bytes);
      expect(answer.statusCode).toBe(415);
      expect(failureOf(answer).error).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: MESSAGES.logoType,
        fields: { logo: MESSAGES.logoType },
      });
    }
  });

  it('treats a proof of payment the same way, naming its own field', async () => {
    const { buyer, token } = await createMember(ctx.database);
    const { order } = await insertOrder(ctx.database, buyer.id, {
      status: 'Payment Pending',
      method: 'Money Exchange Transfer',
    });
    const send = async (bytes: Buffer) => {
      const { payload, contentType } = await multipart(
        { order_id: String(order.id), comments: 'Paid' },
        { bytes, name: 'slip.jpg', type: 'image/jpeg' },
      );
      return ctx.app.inject({
        method: 'POST',
        url: '/backend/api/buyer-orders/proof-of-payment',
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      });
    };
    const bomb = await send(pngBomb(30_000));
    expect(bomb.statusCode).toBe(422);
    expect(failureOf(bomb).error.fields).toEqual({ file: PICTURE_TOO_LARGE });
    const html = await send(Buffer.from(HTML));
    expect(html.statusCode).toBe(415);
    expect(failureOf(html).error.fields).toEqual({ file: MESSAGES.logoType });

    const proof = await send(Buffer.concat([await jpegWithExif(), Buffer.from(HTML)]));
    expect(proof.statusCode).toBe(200);
    const [stored] = await ctx.database.db
      .select({ image: paymentProofs.image })
      .from(paymentProofs)
      .where(eq(paymentProofs.orderId, order.id));
    const name = stored?.image ?? '';
    expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const bytes = (await storedBytes(ctx.database, name)) ?? Buffer.alloc(0);
    expect(bytes.includes('<script')).toBe(false);
    expect(bytes.includes('SpyCam')).toBe(false);
    const kept = await sharp(bytes).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
  });

  it('takes a burst of uploads (decoded in turn, one libvips thread, no cache)', async () => {
    const lines = await Promise.all(Array.from({ length: 6 }, () => guestLine()));
    const photo = await picture('jpeg', 1500, 1000);
    const answers = await Promise.all(lines.map((line) => uploadLogo(line, photo, 'image/jpeg')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ items: { max: 0 } });
  });
});
