import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  Cart,
  CartItem,
  CustomizationOptions,
  PackagingKind,
  PackagingLevel,
  PackagingOption,
} from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { productCustomizations, productPackagings, products } from '../src/db/schema';
import { PACKAGINGS } from '../src/seed/seedDatabase';
import { createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';
import { picture } from './pictures';
import { storedBytes, storedNames } from './uploadedFiles';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 8×8 JPEG (made in beforeAll: the server decodes every upload). */
let JPEG: Buffer = Buffer.alloc(0);

interface Upload {
  bytes: Buffer;
  name: string;
  type: string;
}

/** A multipart/form-data body as a browser's FormData sends it (Node's own FormData and Request). */
async function multipart(fields: Record<string, string>, logo?: Upload) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (logo) form.append('logo', new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

describe.each(targets)('customization, packaging and uploads on %s', (target) => {
  let ctx: TestContext;
  let uploadsDir: string;
  const uploaded = () => storedNames(ctx.database);

  /** Products of the seed by what they offer (the first 40 hold each kind). */
  const ids = {
    /** Customizable with all four options, packaging per item. */
    allOptionsItemLevel: 0,
    /** Customizable, packaging per line. */
    customizableLineLevel: 0,
    /** Customizable without the 'from' option. */
    withoutFrom: 0,
    /** Neither customization nor packaging. */
    plain: 0,
  };

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/backend/api/${url}` });
  const customize = async (
    fields: Record<string, string>,
    logo?: Upload,
    headers: Record<string, string> = {},
  ) => {
    const { payload, contentType } = await multipart(fields, logo);
    return ctx.app.inject({
      method: 'POST',
      url: '/backend/api/cart/add-customization',
      payload,
      headers: { ...headers, 'content-type': contentType },
    });
  };
  const png = (bytes: Buffer = PNG, name = 'logo.png'): Upload => ({ bytes, name, type: 'image/png' });

  /** A guest cart holding `quantity` of the product; answers the line and the cart's token. */
  const guestLine = async (productId: number, quantity = 1) => {
    const cart = dataOf<Cart>(await post('cart/add', { product_id: productId, quantity }));
    const line = cart.items.find((item) => item.product.id === productId);
    if (!line || !cart.guest_session_token) throw new Error('no guest line');
    return { line, token: cart.guest_session_token };
  };
  const lineOf = (cart: Cart, itemId: number): CartItem => {
    const line = cart.items.find((item) => item.id === itemId);
    if (!line) throw new Error(`line ${itemId} not in the cart`);
    return line;
  };

  /** The first of the 40 seeded products matching a condition. */
  const firstProduct = async (condition: ReturnType<typeof sql>) => {
    const [row] = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(condition)
      .orderBy(asc(products.id))
      .limit(1);
    if (!row) throw new Error('the seed lacks a product the gift-option tests need');
    return row.id;
  };
  const levelOf = (level: PackagingLevel) =>
    sql`EXISTS (SELECT 1 FROM product_packagings pp WHERE pp.product_id = products.id AND pp.packaging_level = ${level})`;

  beforeAll(async () => {
    JPEG = await picture('jpeg');
    uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-gift-uploads-'));
    ctx = await createTestApp(target, { uploadsDir });
    const customizable = (flags: string) =>
      sql`EXISTS (SELECT 1 FROM product_customizations c WHERE c.product_id = products.id AND ${sql.raw(flags)})`;
    ids.allOptionsItemLevel = await firstProduct(
      sql`${customizable('c.logo AND c.to_whom AND c.sender AND c.message')} AND ${levelOf('item')}`,
    );
    ids.customizableLineLevel = await firstProduct(sql`${customizable('true')} AND ${levelOf('line')}`);
    ids.withoutFrom = await firstProduct(customizable('NOT c.sender'));
    ids.plain = await firstProduct(
      sql`NOT products.is_customizable AND NOT products.has_packaging AND NOT EXISTS (SELECT 1 FROM product_packagings pp WHERE pp.product_id = products.id)`,
    );
    // Known prices and ample stock, so every amount below can be worked out by hand.
    for (const id of Object.values(ids)) {
      await ctx.database.db.update(products).set({ stockQuantity: 500 }).where(eq(products.id, id));
    }
  });
  afterAll(() => ctx.close());

  describe('what a product offers', () => {
    it('answers the customization flags and the price per piece, and null for a product without', async () => {
      await ctx.database.db
        .update(productCustomizations)
        .set({ logo: true, toWhom: true, sender: false, message: true, price: 7.5 })
        .where(eq(productCustomizations.productId, ids.withoutFrom));
      const options = dataOf<CustomizationOptions | null>(
        await get(`products/customizations/${ids.withoutFrom}`),
      );
      expect(options).toEqual({
        logo_customization: true,
        to_whom_customization: true,
        from_customization: false,
        message_customization: true,
        price: 7.5,
      });
      expect(JSON.parse((await get(`products/customizations/${ids.plain}`)).body)).toEqual({
        status: true,
        data: null,
      });
      const unknown = await get('products/customizations/999999');
      expect(unknown.statusCode).toBe(404);
      expect(failureOf(unknown).error.code).toBe('NOT_FOUND');
    });

    it("answers a product's packaging options with its level: 'item', 'line', or null without any", async () => {
      for (const [id, level] of [
        [ids.allOptionsItemLevel, 'item'],
        [ids.customizableLineLevel, 'line'],
      ] as const) {
        const answer = JSON.parse((await get(`products/packaging/${id}`)).body) as {
          status: true;
          packagingLevel: PackagingLevel | null;
          data: PackagingOption[];
        };
        expect(answer.status).toBe(true);
        expect(answer.packagingLevel).toBe(level);
        const rows = await ctx.database.db
          .select()
          .from(productPackagings)
          .where(eq(productPackagings.productId, id))
          .orderBy(asc(productPackagings.packagingId));
        expect(answer.data.length).toBeGreaterThanOrEqual(2);
        expect(answer.data).toEqual(
          rows.map((row) => ({
            id: row.id,
            packaging_id: row.packagingId,
            packaging: {
              id: row.packagingId,
              title: PACKAGINGS.find((kind) => kind.id === row.packagingId)?.title,
              image: `/backend/api/images/packaging/${row.packagingId}.svg`,
            },
            price: row.price,
          })),
        );
      }
      expect(JSON.parse((await get(`products/packaging/${ids.plain}`)).body)).toEqual({
        status: true,
        packagingLevel: null,
        data: [],
      });
      expect((await get('products/packaging/999999')).statusCode).toBe(404);
    });

    it('lists the kinds of packaging with their base prices', async () => {
      const { items } = dataOf<{ items: PackagingKind[] }>(await get('products/packaging'));
      expect(items).toEqual(
        PACKAGINGS.map((kind) => ({
          id: kind.id,
          title: kind.title,
          image: `/backend/api/images/packaging/${kind.id}.svg`,
          price: kind.price,
        })),
      );
      const image = await get(items[0]?.image.replace('/backend/api/', '') ?? '');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    });
  });

  describe('customizing a cart line', () => {
    it('saves every option with a PNG logo under a generated name, and gives the logo back to the owner only', async () => {
      const before = await uploaded();
      const { line, token } = await guestLine(ids.allOptionsItemLevel);
      const response = await customize(
        {
          selectedItems: JSON.stringify(['logo', 'to_whom', 'from', 'message']),
          toWhom: ' Maya ',
          from: 'Karim',
          note: 'Happy birthday!',
          brief: 'Gold letters, please.',
          cart_item_id: String(line.id),
          product_id: String(ids.allOptionsItemLevel),
          guest_session_token: token,
        },
        png(PNG, 'my company logo.png'),
      );
      const saved = lineOf(dataOf<Cart>(response), line.id);
      expect(saved.customization).toMatchObject({
        selectedItems: ['logo', 'to_whom', 'from', 'message'],
        hasLogo: true,
        toWhom: 'Maya',
        from: 'Karim',
        note: 'Happy birthday!',
        brief: 'Gold letters, please.',
      });
      expect(saved).toMatchObject({
        customization_id: line.id,
        customization_logo: '/backend/api/cart/customization-logo',
        customization_to_whom: 'Maya',
        customization_from: 'Karim',
        customization_note: 'Happy birthday!',
        customization_brief: 'Gold letters, please.',
      });

      // Stored outside the web root under a name of the server's own, never the shopper's.
      const added = (await uploaded()).filter((name) => !before.includes(name));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[0-9a-f]{32}\.png$/);
      // The picture written again from its pixels (see uploads.test.ts), still a 1×1 PNG.
      const stored = (await storedBytes(ctx.database, added[0] ?? '')) ?? Buffer.alloc(0);
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

      const mine = await post('cart/customization-logo', {
        cart_item_id: line.id,
        guest_session_token: token,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/png');
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.rawPayload).toEqual(stored);

      const other = await guestLine(ids.plain);
      for (const guestToken of [other.token, null, 'forged-token']) {
        const foreign = await post('cart/customization-logo', {
          cart_item_id: line.id,
          guest_session_token: guestToken,
        });
        expect(foreign.statusCode).toBe(404);
        expect(failureOf(foreign).error.code).toBe('NOT_FOUND');
      }
      const { token: memberToken } = await createMember(ctx.database);
      const asMember = await post(
        'cart/customization-logo',
        { cart_item_id: line.id, guest_session_token: token },
        { authorization: `Bearer ${memberToken}` },
      );
      expect(asMember.statusCode).toBe(404);
    });

    it("gives a member's logo back through the bearer token, and a JPEG keeps its type", async () => {
      const { token } = await createMember(ctx.database);
      const auth = { authorization: `Bearer ${token}` };
      const cart = dataOf<Cart>(await post('cart/add', { product_id: ids.allOptionsItemLevel }, auth));
      const lineId = cart.items[0]?.id ?? 0;
      const response = await customize(
        { selectedItems: '["logo"]', cart_item_id: String(lineId) },
        { bytes: JPEG, name: 'photo.jpeg', type: 'image/jpeg' },
        auth,
      );
      expect(lineOf(dataOf<Cart>(response), lineId).customization?.hasLogo).toBe(true);
      const logo = await post('cart/customization-logo', { cart_item_id: lineId }, auth);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(logo.rawPayload).metadata()).format).toBe('jpeg');
      // Without the token the same line is somebody else's.
      expect((await post('cart/customization-logo', { cart_item_id: lineId })).statusCode).toBe(404);
    });

    it('keeps the saved logo when the line is saved again without a new file, and drops it when logo is unselected', async () => {
      const { line, token } = await guestLine(ids.allOptionsItemLevel);
      const fields = { cart_item_id: String(line.id), guest_session_token: token };
      const before = await uploaded();
      dataOf<Cart>(await customize({ ...fields, selectedItems: '["logo"]' }, png()));
      const stored = (await uploaded()).filter((name) => !before.includes(name));
      expect(stored).toHaveLength(1);
      const keptBytes = (await storedBytes(ctx.database, stored[0] ?? '')) ?? Buffer.alloc(0);

      const again = await customize({ ...fields, selectedItems: '["logo","to_whom"]', toWhom: 'Rana' });
      expect(lineOf(dataOf<Cart>(again), line.id).customization).toMatchObject({
        selectedItems: ['logo', 'to_whom'],
        hasLogo: true,
        toWhom: 'Rana',
      });
      expect(await uploaded()).toEqual([...before, ...stored].sort());
      const logo = await post('cart/customization-logo', {
        cart_item_id: line.id,
        guest_session_token: token,
      });
      expect(logo.rawPayload).toEqual(keptBytes);

      // A new file replaces the old one (the old file is deleted).
      const replaced = await customize({ ...fields, selectedItems: '["logo"]' }, png(JPEG, 'new.jpg'));
      expect(lineOf(dataOf<Cart>(replaced), line.id).customization?.hasLogo).toBe(true);
      const now = (await uploaded()).filter((name) => !before.includes(name));
      expect(now).toHaveLength(1);
      expect(now[0]).toMatch(/^[0-9a-f]{32}\.jpg$/);
      expect(now[0]).not.toBe(stored[0]);

      // Unselecting the logo forgets it, file and all.
      const withoutLogo = await customize({ ...fields, selectedItems: '["to_whom"]', toWhom: 'Rana' });
      expect(lineOf(dataOf<Cart>(withoutLogo), line.id)).toMatchObject({
        customization: { selectedItems: ['to_whom'], hasLogo: false },
        customization_logo: null,
      });
      expect(await uploaded()).toEqual(before);
      const gone = await post('cart/customization-logo', {
        cart_item_id: line.id,
        guest_session_token: token,
      });
      expect(gone.statusCode).toBe(404);
    });

    it("answers the dialog's own messages (422) in error.fields", async () => {
      const { line, token } = await guestLine(ids.allOptionsItemLevel);
      const fields = { cart_item_id: String(line.id), guest_session_token: token };
      const expectFields = async (
        sent: Record<string, string>,
        expected: Record<string, string>,
        logo?: Upload,
      ) => {
        const response = await customize({ ...fields, ...sent }, logo);
        expect(response.statusCode).toBe(422);
        expect(failureOf(response).error).toMatchObject({ code: 'VALIDATION_FAILED', fields: expected });
      };
      await expectFields({ selectedItems: '[]' }, { selectedItems: 'Pelase select at least one option.' });
      await expectFields({}, { selectedItems: 'Pelase select at least one option.' });
      await expectFields({ selectedItems: 'not json' }, { selectedItems: MESSAGES.customizationSelectOne });
      await expectFields(
        { selectedItems: '["logo","to_whom","from","message"]', toWhom: '  ', from: '', note: '' },
        {
          hasLogo: 'Upload logo/Image.',
          toWhom: 'Pelase enter a receiver name.',
          from: 'Pelase enter a sender name.',
          note: 'Pelase enter a special note.',
        },
      );
      await expectFields(
        { selectedItems: '["message"]', note: 'x'.repeat(301) },
        { note: "Note can't be longer than 300 characters" },
      );
      await expectFields(
        { selectedItems: '["message"]', note: 'Fine', brief: 'y'.repeat(301) },
        { brief: MESSAGES.customizationBriefTooLong },
      );
      // Exactly 300 is fine.
      const longest = await customize({ ...fields, selectedItems: '["message"]', note: 'x'.repeat(300) });
      expect(lineOf(dataOf<Cart>(longest), line.id).customization?.note).toHaveLength(300);
    });

    it('refuses an option the product does not offer with 422, and a product without customization', async () => {
      const { line, token } = await guestLine(ids.withoutFrom);
      const refused = await customize({
        selectedItems: '["to_whom","from"]',
        toWhom: 'Maya',
        from: 'Karim',
        cart_item_id: String(line.id),
        guest_session_token: token,
      });
      expect(refused.statusCode).toBe(422);
      expect(failureOf(refused).error).toMatchObject({
        code: 'OPTION_NOT_OFFERED',
        fields: { selectedItems: 'not offered: from' },
      });
      const plain = await guestLine(ids.plain);
      const notCustomizable = await customize({
        selectedItems: '["to_whom"]',
        toWhom: 'Maya',
        cart_item_id: String(plain.line.id),
        guest_session_token: plain.token,
      });
      expect(notCustomizable.statusCode).toBe(422);
      expect(failureOf(notCustomizable).error.code).toBe('NOT_CUSTOMIZABLE');
      expect(
        dataOf<Cart>(await post('cart/get-items', { guest_session_token: token })).items[0]?.customization,
      ).toBeNull();
    });

    it('refuses a file that is not a JPEG or PNG by its bytes (415) and one over 1 MB (413), storing nothing', async () => {
      const { line, token } = await guestLine(ids.allOptionsItemLevel);
      const fields = { selectedItems: '["logo"]', cart_item_id: String(line.id), guest_session_token: token };
      const before = await uploaded();

      const spoofed = await customize(fields, png(Buffer.from('I am only text, not a picture.'), 'logo.png'));
      expect(spoofed.statusCode).toBe(415);
      expect(failureOf(spoofed).error).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png',
        fields: { logo: 'Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png' },
      });

      const huge = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]);
      const tooLarge = await customize(fields, png(huge, 'big.png'));
      expect(tooLarge.statusCode).toBe(413);
      expect(failureOf(tooLarge).error).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Maximum allowed size is 1MB.',
        fields: { logo: 'Maximum allowed size is 1MB.' },
      });

      // Exactly 1 MB is allowed.
      const limit = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);
      const atLimit = await customize(fields, png(limit, 'limit.png'));
      expect(lineOf(dataOf<Cart>(atLimit), line.id).customization?.hasLogo).toBe(true);
      expect(await uploaded()).toHaveLength(before.length + 1);

      // A refused file on a line that has a logo leaves the saved one alone.
      const again = await customize(fields, png(Buffer.from('GIF89a'), 'x.png'));
      expect(again.statusCode).toBe(415);
      expect(await uploaded()).toHaveLength(before.length + 1);
    });

    it("never customizes another cart's line, and wants multipart", async () => {
      const { line } = await guestLine(ids.allOptionsItemLevel);
      const other = await guestLine(ids.plain);
      const before = await uploaded();
      const foreign = await customize(
        { selectedItems: '["logo"]', cart_item_id: String(line.id), guest_session_token: other.token },
        png(),
      );
      expect(foreign.statusCode).toBe(404);
      expect(await uploaded()).toEqual(before); // the stored file was removed again

      const json = await post('cart/add-customization', { cart_item_id: line.id });
      expect(json.statusCode).toBe(415);
      expect(failureOf(json).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('removes a customization and its logo file', async () => {
      const { line, token } = await guestLine(ids.allOptionsItemLevel);
      const before = await uploaded();
      dataOf<Cart>(
        await customize(
          {
            selectedItems: '["logo","message"]',
            note: 'Hi',
            cart_item_id: String(line.id),
            guest_session_token: token,
          },
          png(),
        ),
      );
      expect(await uploaded()).toHaveLength(before.length + 1);
      const removed = lineOf(
        dataOf<Cart>(
          await post('cart/remove-customization', { cart_item_id: line.id, guest_session_token: token }),
        ),
        line.id,
      );
      expect(removed).toMatchObject({
        customization: null,
        customization_id: null,
        customization_logo: null,
        customization_note: null,
        customization_price: 0,
      });
      expect(await uploaded()).toEqual(before);
      const foreign = await post('cart/remove-customization', { cart_item_id: line.id });
      expect(foreign.statusCode).toBe(404);
    });

    it('deletes the logo file with the line when the line leaves the cart', async () => {
      const { line, token } = await guestLine(ids.allOptionsItemLevel);
      const before = await uploaded();
      const fields = { cart_item_id: String(line.id), guest_session_token: token };
      dataOf<Cart>(await customize({ ...fields, selectedItems: '["logo"]' }, png()));
      expect(await uploaded()).toHaveLength(before.length + 1);
      const cart = dataOf<Cart>(
        await post('cart/remove', { cart_item_id: line.id, guest_session_token: token }),
      );
      expect(cart.items.map((item) => item.id)).not.toContain(line.id);
      expect(await uploaded()).toEqual(before);
    });
  });

  describe('packaging a cart line', () => {
    it("saves one of the product's options, refuses another with 'Please select an option' and a wrong level, and removes it", async () => {
      const { line, token } = await guestLine(ids.customizableLineLevel);
      const [offered] = await ctx.database.db
        .select({ packagingId: productPackagings.packagingId })
        .from(productPackagings)
        .where(eq(productPackagings.productId, ids.customizableLineLevel))
        .orderBy(asc(productPackagings.packagingId));
      const offeredIds = (
        await ctx.database.db
          .select({ packagingId: productPackagings.packagingId })
          .from(productPackagings)
          .where(eq(productPackagings.productId, ids.customizableLineLevel))
      ).map((row) => row.packagingId);
      // A kind of packaging the shop has but this product does not offer, and one that does not exist.
      const missing = PACKAGINGS.map((kind) => kind.id).find((id) => !offeredIds.includes(id));
      expect(missing).toBeDefined();

      for (const packagingId of [missing, 999_999]) {
        const wrong = await post('cart/add-packaging', {
          cart_item_id: line.id,
          packaging_id: packagingId,
          guest_session_token: token,
        });
        expect(wrong.statusCode).toBe(422);
        expect(failureOf(wrong).error).toMatchObject({
          message: 'Please select an option',
          fields: { packaging_id: 'Please select an option' },
        });
      }
      const wrongLevel = await post('cart/add-packaging', {
        cart_item_id: line.id,
        packaging_id: offered?.packagingId,
        packaging_level: 'item',
        guest_session_token: token,
      });
      expect(wrongLevel.statusCode).toBe(422);
      expect(failureOf(wrongLevel).error).toMatchObject({
        code: 'PACKAGING_LEVEL',
        fields: { packaging_level: 'must be line' },
      });

      const saved = lineOf(
        dataOf<Cart>(
          await post('cart/add-packaging', {
            cart_item_id: line.id,
            packaging_id: offered?.packagingId,
            packaging_level: 'line',
            guest_session_token: token,
          }),
        ),
        line.id,
      );
      expect(saved).toMatchObject({
        packaging_id: offered?.packagingId,
        packaging: {
          packaging_id: offered?.packagingId,
          title: PACKAGINGS.find((kind) => kind.id === offered?.packagingId)?.title,
          image: `/backend/api/images/packaging/${offered?.packagingId}.svg`,
          packaging_level: 'line',
        },
      });
      // The guest cart token sent as the text 'null' (spec: packaging calls for a guest without one).
      const asNull = await post('cart/add-packaging', {
        cart_item_id: line.id,
        packaging_id: offered?.packagingId,
        guest_session_token: 'null',
      });
      expect(asNull.statusCode).toBe(404);

      const removed = lineOf(
        dataOf<Cart>(
          await post('cart/remove-packaging', { cart_item_id: line.id, guest_session_token: token }),
        ),
        line.id,
      );
      expect(removed).toMatchObject({
        packaging: null,
        packaging_id: null,
        packaging_price: 0,
        package_price: 0,
      });
      const foreign = await post('cart/remove-packaging', { cart_item_id: line.id });
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('prices', () => {
    /** Sets a product's price, its customization price and the price of one packaging option. */
    const priced = async (productId: number, price: number, customization: number, packaging: number) => {
      await ctx.database.db.update(products).set({ price }).where(eq(products.id, productId));
      await ctx.database.db
        .update(productCustomizations)
        .set({ price: customization })
        .where(eq(productCustomizations.productId, productId));
      const [option] = await ctx.database.db
        .select({ packagingId: productPackagings.packagingId })
        .from(productPackagings)
        .where(eq(productPackagings.productId, productId))
        .orderBy(asc(productPackagings.packagingId))
        .limit(1);
      if (!option) throw new Error('no packaging option');
      await ctx.database.db
        .update(productPackagings)
        .set({ price: packaging })
        .where(
          and(
            eq(productPackagings.productId, productId),
            eq(productPackagings.packagingId, option.packagingId),
          ),
        );
      return option.packagingId;
    };

    it("adds customization × quantity and packaging (× quantity per item, once per line) to the lines and the invoice, in the cart's currency", async () => {
      const itemLevel = ids.allOptionsItemLevel;
      const lineLevel = ids.customizableLineLevel;
      const itemPackaging = await priced(itemLevel, 10, 2.5, 3);
      const linePackaging = await priced(lineLevel, 20, 5, 4);

      const first = dataOf<Cart>(await post('cart/add', { product_id: itemLevel, quantity: 3 }));
      const token = first.guest_session_token ?? '';
      const second = dataOf<Cart>(
        await post('cart/add', { product_id: lineLevel, quantity: 2, guest_session_token: token }),
      );
      const itemLineId = lineOf(second, first.items[0]?.id ?? 0).id;
      const lineLineId = second.items.find((item) => item.product.id === lineLevel)?.id ?? 0;
      for (const [lineId, packagingId] of [
        [itemLineId, itemPackaging],
        [lineLineId, linePackaging],
      ]) {
        dataOf<Cart>(
          await customize({
            selectedItems: '["to_whom"]',
            toWhom: 'Maya',
            cart_item_id: String(lineId),
            guest_session_token: token,
          }),
        );
        dataOf<Cart>(
          await post('cart/add-packaging', {
            cart_item_id: lineId,
            packaging_id: packagingId,
            guest_session_token: token,
          }),
        );
      }

      const usd = dataOf<Cart>(await post('cart/get-items', { guest_session_token: token }));
      // Per item: 10 × 3 + 2.5 × 3 + 3 × 3 = 30 + 7.5 + 9.
      expect(lineOf(usd, itemLineId)).toMatchObject({
        price: 10,
        customization_price: 7.5,
        customization: { price: 7.5 },
        packaging_price: 9,
        package_price: 9,
        packaging: { packaging_level: 'item', price: 9 },
        total: 46.5,
      });
      // Per line: 20 × 2 + 5 × 2 + 4 once = 40 + 10 + 4.
      expect(lineOf(usd, lineLineId)).toMatchObject({
        price: 20,
        customization_price: 10,
        packaging_price: 4,
        packaging: { packaging_level: 'line', price: 4 },
        total: 54,
      });
      expect(usd.invoice).toEqual({
        subTotal: 100.5,
        subTotalWithAdditional: 100.5,
        shippingCharges: 0,
        total: 100.5,
        vatRate: 5,
        vatIncluded: 4.79,
      });

      // AED 3.6725: each unit amount is converted and rounded first, then multiplied.
      const aed = dataOf<Cart>(
        await post('cart/change-currency', { selected_currency_code: 'AED', guest_session_token: token }),
      );
      // 36.73 × 3 + 9.18 × 3 + 11.02 × 3
      expect(lineOf(aed, itemLineId)).toMatchObject({
        price: 36.73,
        customization_price: 27.54,
        packaging_price: 33.06,
        total: 170.79,
      });
      // 73.45 × 2 + 18.36 × 2 + 14.69
      expect(lineOf(aed, lineLineId)).toMatchObject({
        price: 73.45,
        customization_price: 36.72,
        packaging_price: 14.69,
        total: 198.31,
      });
      expect(aed.invoice).toMatchObject({ subTotal: 369.1, total: 369.1 });

      // LBP 89 500, whole numbers rounded up.
      const lbp = dataOf<Cart>(
        await post('cart/change-currency', { selected_currency_code: 'LBP', guest_session_token: token }),
      );
      expect(lineOf(lbp, itemLineId)).toMatchObject({
        price: 895000,
        customization_price: 671250,
        packaging_price: 805500,
        total: 4161750,
      });
      expect(lineOf(lbp, lineLineId)).toMatchObject({
        customization_price: 895000,
        packaging_price: 358000,
        total: 4833000,
      });
      expect(lbp.invoice.subTotal).toBe(8994750);

      // A quantity change re-prices what depends on it: per-item packaging and customization.
      const changed = dataOf<Cart>(
        await post('cart/change-currency', { selected_currency_code: 'USD', guest_session_token: token }),
      );
      expect(changed.invoice.subTotal).toBe(100.5);
      const four = dataOf<Cart>(
        await post('cart/update-quantity', { item_id: itemLineId, quantity: 4, guest_session_token: token }),
      );
      expect(lineOf(four, itemLineId)).toMatchObject({
        customization_price: 10,
        packaging_price: 12,
        total: 62,
      });
      const lineThree = dataOf<Cart>(
        await post('cart/update-quantity', { item_id: lineLineId, quantity: 3, guest_session_token: token }),
      );
      expect(lineOf(lineThree, lineLineId)).toMatchObject({
        customization_price: 15,
        packaging_price: 4,
        total: 79,
      });
      expect(lineThree.invoice.subTotal).toBe(141);
    });
  });
});
