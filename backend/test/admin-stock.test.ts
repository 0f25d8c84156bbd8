/**
 * A product's stock in the back office (issue 22) against a real database: set or moved with a
 * reason by an owner or staff (none: 400), logged with the admin, audited with before and after;
 * an order placed and an order canceled logged too; a product back in stock mails each of its
 * notify-me requests once, whoever brings it back; a stock figure changed through the product
 * editor's save is logged and mails the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminSession, Cart, ShippingAddress } from '@shop/contract';
import type { AdminProduct, ProductInput } from '@shop/contract/schemas/adminCatalogue';
import type { StockChange, StockLogPage } from '@shop/contract/schemas/adminStock';
import type { AuditPage } from '@shop/contract/schemas/backOffice';
import { eq } from 'drizzle-orm';
import { notifyRequests, products } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import {
  createMember,
  createTestApp,
  dataOf,
  failureOf,
  mailsTo as mailsToIn,
  shippingAddress,
  type TestContext,
  targets,
} from './db';
import { insertOrder } from './orderFixtures';

const OWNER_PASSWORD = 'owner-password-123';

describe.each(targets)('stock in the back office on %s', (target) => {
  let ctx: TestContext;
  let outbox: string;
  let owner: string;
  let staff: string;
  let member: { id: number; token: string };

  const headers = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token: string | null) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers: headers(token) });
  const post = (url: string, payload: object, token: string | null) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers: headers(token) });
  const setStock = (id: number, body: object, token = staff) =>
    post(`admin/products/${id}/stock`, body, token);
  const logOf = async (id: number) =>
    dataOf<StockLogPage>(await get(`admin/products/${id}/stock-log`, staff));
  const stockOf = async (id: number) =>
    (await ctx.database.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]
      ?.n;
  const productWithStock = async (stock: number, offset = 0) => {
    const [row] = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .orderBy(products.id)
      .limit(1)
      .offset(offset);
    if (!row) throw new Error('no product');
    await ctx.database.db.update(products).set({ stockQuantity: stock }).where(eq(products.id, row.id));
    return row.id;
  };

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'shop-stock-outbox-'));
    ctx = await createTestApp(target, { auth: { scryptLogN: 10, mail: { outboxDir: outbox } } });
    const hasher = new PasswordHasher(10);
    await createAdmin(ctx.database.db, hasher, 'owner@gifts.example', OWNER_PASSWORD);
    await createAdmin(ctx.database.db, hasher, 'stock@gifts.example', 'staff-password-123', {
      role: 'staff',
    });
    owner = dataOf<AdminSession>(
      await post('admin/login', { email: 'owner@gifts.example', password: OWNER_PASSWORD }, null),
    ).token;
    staff = dataOf<AdminSession>(
      await post('admin/login', { email: 'stock@gifts.example', password: 'staff-password-123' }, null),
    ).token;
    const created = await createMember(ctx.database);
    member = { id: created.buyer.id, token: created.token };
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('sets and moves the stock with a reason, logged newest first with the admin', async () => {
    const id = await productWithStock(4);
    const set = dataOf<{ stock: StockChange }>(
      await setStock(id, { quantity: 10, reason: 'Counted the shelf' }),
    );
    expect(set.stock).toEqual({ product_id: id, before: 4, after: 10, notified: 0 });
    const moved = dataOf<{ stock: StockChange }>(
      await setStock(id, { delta: -3, reason: '  Three broken in transit  ' }, owner),
    );
    expect(moved.stock).toMatchObject({ before: 10, after: 7 });
    expect(await stockOf(id)).toBe(7);
    const log = await logOf(id);
    expect(log.product).toMatchObject({ id, stock_quantity: 7, waiting: 0 });
    expect(
      log.items.map(({ source, before, after, reason, admin_email }) => ({
        source,
        before,
        after,
        reason,
        admin_email,
      })),
    ).toEqual([
      {
        source: 'admin',
        before: 10,
        after: 7,
        reason: 'Three broken in transit',
        admin_email: 'owner@gifts.example',
      },
      {
        source: 'admin',
        before: 4,
        after: 10,
        reason: 'Counted the shelf',
        admin_email: 'stock@gifts.example',
      },
    ]);
    expect(log._meta.totalCount).toBe(2);
  });

  it('refuses a change without a reason, with both or neither figure, below zero, and for no product', async () => {
    const id = await productWithStock(2, 1);
    for (const body of [{ quantity: 5 }, { quantity: 5, reason: '' }, { quantity: 5, reason: '   ' }]) {
      const refused = await setStock(id, body);
      expect([JSON.stringify(body), refused.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(failureOf(refused).error.fields?.reason).toBeTruthy();
    }
    expect((await setStock(id, { quantity: 5, reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await setStock(id, { quantity: 5, delta: 1, reason: 'both' })).statusCode).toBe(400);
    expect((await setStock(id, { reason: 'neither' })).statusCode).toBe(400);
    expect((await setStock(id, { quantity: -1, reason: 'negative' })).statusCode).toBe(400);
    const below = await setStock(id, { delta: -3, reason: 'too many' });
    expect([below.statusCode, failureOf(below).error.code]).toEqual([409, 'STOCK_BELOW_ZERO']);
    expect((await setStock(999_999, { quantity: 1, reason: 'ghost' })).statusCode).toBe(404);
    expect((await setStock(id, { quantity: 1, reason: 'buyer' }, member.token)).statusCode).toBe(403);
    expect((await setStock(id, { quantity: 1, reason: 'nobody' }, '')).statusCode).toBe(401);
    expect(await stockOf(id)).toBe(2);
    expect((await logOf(id)).items).toEqual([]);
  });

  it('audits the change with the stock before and after and the reason', async () => {
    const id = await productWithStock(6, 2);
    await setStock(id, { quantity: 9, reason: 'Delivery from the workshop' });
    const audit = dataOf<AuditPage>(await get('admin/audit?action=stock', owner));
    const row = audit.items.find((item) => item.object_id === String(id));
    expect(row).toMatchObject({
      action: 'POST admin/products/:id/stock',
      admin: { email: 'stock@gifts.example' },
      reason: 'Delivery from the workshop',
      before: { stock_quantity: 6 },
      after: { stock_quantity: 9 },
    });
  });

  it('mails every notify-me request once when the product comes back in stock, then forgets them', async () => {
    const id = await productWithStock(0, 3);
    for (const email of ['first@shoppers.example', 'second@shoppers.example']) {
      expect((await post('notify-me', { product_id: id, email }, null)).statusCode).toBe(200);
    }
    expect((await logOf(id)).product.waiting).toBe(2);
    const back = dataOf<{ stock: StockChange }>(await setStock(id, { quantity: 3, reason: 'Restocked' }));
    expect(back.stock.notified).toBe(2);
    const [title] = await ctx.database.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, id));
    const firstMails = await mailsToIn(ctx, outbox, 'first@shoppers.example');
    expect(firstMails).toHaveLength(1);
    expect(firstMails[0]).toContain(`${title?.title} is back in stock`);
    expect(await mailsToIn(ctx, outbox, 'second@shoppers.example')).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(notifyRequests).where(eq(notifyRequests.productId, id)),
    ).toEqual([]);

    // Sold out and back again: nobody asked since, nobody is mailed again.
    await setStock(id, { quantity: 0, reason: 'Sold out at the fair' });
    expect(
      dataOf<{ stock: StockChange }>(await setStock(id, { delta: 2, reason: 'Two more' })).stock.notified,
    ).toBe(0);
    expect(await mailsToIn(ctx, outbox, 'first@shoppers.example')).toHaveLength(1);
  });

  it('mails nobody while the stock stays above zero, and nobody for a change that keeps it at zero', async () => {
    const id = await productWithStock(1, 4);
    await post('notify-me', { product_id: id, email: 'waiting@shoppers.example' }, null);
    expect(
      dataOf<{ stock: StockChange }>(await setStock(id, { delta: 1, reason: 'one more' })).stock.notified,
    ).toBe(0);
    await setStock(id, { quantity: 0, reason: 'none left' });
    expect(
      dataOf<{ stock: StockChange }>(await setStock(id, { quantity: 0, reason: 'still none' })).stock
        .notified,
    ).toBe(0);
    expect((await logOf(id)).product.waiting).toBe(1);
  });

  it('adds up changes made at once, and mails a waiting shopper once when two bring the product back together', async () => {
    const id = await productWithStock(2, 6);
    const moves = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => setStock(id, { delta: 1, reason: `Found piece ${n}` })),
    );
    expect(moves.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await stockOf(id)).toBe(7);
    const log = (await logOf(id)).items;
    expect(log).toHaveLength(5);
    // Each row's before is the after of the one before it: no change was lost or read stale.
    expect(log.map((row) => [row.before, row.after]).reverse()).toEqual([
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
      [6, 7],
    ]);

    await setStock(id, { quantity: 0, reason: 'Sold out' });
    await post('notify-me', { product_id: id, email: 'race@shoppers.example' }, null);
    const back = await Promise.all(
      ['Delivery A', 'Delivery B'].map((reason) => setStock(id, { delta: 3, reason }, owner)),
    );
    const notified = back.map((answer) => dataOf<{ stock: StockChange }>(answer).stock.notified);
    expect(notified.sort()).toEqual([0, 1]);
    expect(await stockOf(id)).toBe(6);
    expect(await mailsToIn(ctx, outbox, 'race@shoppers.example')).toHaveLength(1);
  });

  it('logs an order placed and an order canceled, and a cancel bringing a product back mails its requests', async () => {
    const id = await productWithStock(1, 5);
    const call = (url: string, payload: object) => post(url, payload, member.token);
    const cart = dataOf<Cart>(await call('cart/add', { product_id: id }));
    expect(cart.items).toHaveLength(1);
    const created = await call('buyers-shipping-address/create', shippingAddress());
    const address = (JSON.parse(created.body) as { data: { item: ShippingAddress } }).data.item;
    expect((await call('cart/add-shipping-address', { address_id: address.id })).statusCode).toBe(200);
    expect((await call('cart/add-payment-method', { payment_method: 'Cash On Delivery' })).statusCode).toBe(
      200,
    );
    const placed = await call('cart/member-checkout', { member_checkout: true });
    expect(placed.statusCode).toBe(200);
    expect(await stockOf(id)).toBe(0);
    const [sold] = (await logOf(id)).items;
    expect(sold).toMatchObject({ source: 'checkout', before: 1, after: 0, admin_email: null });
    expect(sold?.reason).toMatch(/^Order .+ placed$/);

    await post('notify-me', { product_id: id, email: 'after-cancel@shoppers.example' }, null);
    const { order } = await insertOrder(ctx.database, member.id, { productId: id, quantity: 2 });
    const canceled = await post(`admin/orders/${order.id}/status`, { order_status: 'Cancel' }, staff);
    expect(canceled.statusCode).toBe(200);
    expect(await stockOf(id)).toBe(2);
    const [back] = (await logOf(id)).items;
    expect(back).toMatchObject({
      source: 'cancel',
      before: 0,
      after: 2,
      reason: `Order ${order.orderNumber} canceled`,
    });
    expect(await mailsToIn(ctx, outbox, 'after-cancel@shoppers.example')).toHaveLength(1);
  });

  it("logs a stock figure changed through the product editor's save, and mails the product's notify-me requests", async () => {
    const id = await productWithStock(0, 7);
    expect(
      (await post('notify-me', { product_id: id, email: 'editor@shoppers.example' }, null)).statusCode,
    ).toBe(200);
    const product = dataOf<{ product: AdminProduct }>(await get(`admin/products/${id}`, staff)).product;
    const {
      id: _id,
      image: _image,
      archived_at: _archived,
      created_at: _created,
      updated_at: _updated,
      old_slugs: _old,
      group: _group,
      ...fields
    } = product;
    const input: ProductInput = {
      ...fields,
      media: product.media.map((entry) =>
        entry.kind === 'image'
          ? { kind: 'image' as const, image_id: entry.image.id }
          : entry.kind === 'video'
            ? { kind: 'video' as const, url: entry.url }
            : { kind: 'drawing' as const },
      ),
    };
    const save = (payload: Partial<ProductInput>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/backend/api/admin/products/${id}`,
        payload,
        headers: headers(staff),
      });
    expect((await save({ ...input, stock_quantity: 4 })).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(4);
    // The same figure again, and no figure at all: no change, no log row.
    expect((await save({ ...input, stock_quantity: 4 })).statusCode).toBe(200);
    const { stock_quantity: _stock, ...withoutStock } = input;
    expect((await save(withoutStock)).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(4);
    const log = await logOf(id);
    expect(log.product.waiting).toBe(0);
    expect(
      log.items.map(({ source, before, after, reason, admin_email }) => ({
        source,
        before,
        after,
        reason,
        admin_email,
      })),
    ).toEqual([
      { source: 'admin', before: 0, after: 4, reason: 'Product editor', admin_email: 'stock@gifts.example' },
    ]);
    const mails = await mailsToIn(ctx, outbox, 'editor@shoppers.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`${product.title} is back in stock`);
  });
});
