import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderDetail, OrderLogEntry, OrderPage, OrderStats, ReviewPage } from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { eq } from 'drizzle-orm';
import { buyerActivities, products } from '../src/db/schema';
import { reviewProof } from '../src/modules/admin/orders';
import { PROOF_IMAGE_REQUIRED } from '../src/services/memberOrders';
import { createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';
import { insertOrder, multipart, PNG } from './orderFixtures';
import { storedBytes } from './uploadedFiles';

describe.each(targets)('member orders on %s', (target) => {
  let ctx: TestContext;
  let uploadsDir: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token: string | null) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers: bearer(token) });
  const postJson = (url: string, payload: object, token: string | null) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers: bearer(token) });
  const postForm = async (
    url: string,
    fields: Record<string, string>,
    token: string | null,
    file?: { bytes: Buffer; name: string; type: string },
  ) => {
    const { payload, contentType } = await multipart(fields, file);
    return ctx.app.inject({
      method: 'POST',
      url: `/backend/api/${url}`,
      payload,
      headers: { ...bearer(token), 'content-type': contentType },
    });
  };
  const png = { bytes: PNG, name: 'slip.png', type: 'image/png' };

  beforeAll(async () => {
    uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-orders-uploads-'));
    ctx = await createTestApp(target, { uploadsDir });
    const a = await createMember(ctx.database);
    const b = await createMember(ctx.database);
    alice = { id: a.buyer.id, token: a.token };
    bob = { id: b.buyer.id, token: b.token };
  });
  afterAll(() => ctx.close());

  describe('list, filters, pages and stats', () => {
    let carol: { id: number; token: string };
    beforeAll(async () => {
      const c = await createMember(ctx.database);
      carol = { id: c.buyer.id, token: c.token };
      for (let i = 0; i < 9; i += 1) await insertOrder(ctx.database, carol.id, { daysAgo: 1 });
      await insertOrder(ctx.database, carol.id, {
        status: 'Payment Pending',
        method: 'Money Exchange Transfer',
        daysAgo: 10,
      });
      await insertOrder(ctx.database, carol.id, { status: 'Dispatch', payment: 'Received', daysAgo: 20 });
      await insertOrder(ctx.database, carol.id, { status: 'Delivered', payment: 'Received', daysAgo: 40 });
      await insertOrder(ctx.database, carol.id, { status: 'Cancel', payment: 'Cancel', daysAgo: 200 });
      await insertOrder(ctx.database, bob.id);
    });

    it('lists only the caller’s orders, newest first, 10 a page with _meta', async () => {
      const first = dataOf<OrderPage>(await get('buyer-orders', carol.token));
      expect(first._meta).toEqual({ totalCount: 13, currentPage: 1, pageCount: 2, perPage: 10 });
      expect(first.items).toHaveLength(10);
      const second = dataOf<OrderPage>(await get('buyer-orders?page=2', carol.token));
      expect(second.items.map((order) => order.order_status)).toEqual(['Dispatch', 'Delivered', 'Cancel']);
      const all = [...first.items, ...second.items];
      expect(new Set(all.map((order) => order.id)).size).toBe(13);
      expect(all.every((order) => order.order_id.endsWith(`-${carol.id}`))).toBe(true);
    });

    it('filters by duration, order status (Pending includes Payment Pending) and payment status', async () => {
      const count = async (query: string) =>
        dataOf<OrderPage>(await get(`buyer-orders?${query}`, carol.token))._meta.totalCount;
      expect(await count('duration=last_7_days')).toBe(9);
      expect(await count('duration=last_30_days')).toBe(11);
      expect(await count('duration=last_3_months')).toBe(12);
      expect(await count('order_status=Pending')).toBe(10);
      expect(await count('order_status=Dispatch')).toBe(1);
      expect(await count('order_status=Cancel')).toBe(1);
      expect(await count('payment_status=Received')).toBe(2);
      expect(await count('order_status=Pending&payment_status=Received')).toBe(0);
      expect((await get('buyer-orders?order_status=Shipped', carol.token)).statusCode).toBe(400);
    });

    it('counts the status boxes', async () => {
      const { stats } = dataOf<{ stats: OrderStats }>(await get('buyer-orders/stats', carol.token));
      expect(stats).toEqual({
        totalOrders: 13,
        pendingOrders: 10,
        dispatchedOrders: 1,
        deliveredOrders: 1,
        canceledOrders: 1,
      });
      const fresh = await createMember(ctx.database);
      expect(
        dataOf<{ stats: OrderStats }>(await get('buyer-orders/stats', fresh.token)).stats.totalOrders,
      ).toBe(0);
    });
  });

  it('shows the details: products with names, customization with its logo, packaging, address, totals, log', async () => {
    const logo = await ctx.app.deps.uploads.saveImage(PNG);
    const { order, item } = await insertOrder(ctx.database, alice.id, { logo, packaging: true });
    const detail = dataOf<{ order: OrderDetail }>(await get(`buyer-orders/${order.id}`, alice.token)).order;
    expect(detail).toMatchObject({
      id: order.id,
      order_id: order.orderNumber,
      payment_method: 'Cash On Delivery',
      products_total_cost: 20,
      shipping_cost: 5,
      total_amount: 25,
      currency: { symbol: '$' },
      address: { address: 'Villa 12, Al Wasl Road', city: 'Dubai' },
      proofOfPayment: null,
      can_upload_proof: false,
      log: [{ action: 'Order placed' }],
    });
    const [line] = detail.ordered_products;
    expect(line).toMatchObject({
      id: item.id,
      price: 10,
      product: {
        id: 1,
        category: { name: 'Flowers' },
        subCategory: { name: 'Roses' },
        type: { name: 'Gifts' },
      },
      customization: { logoMessage: 'Logo uploaded', toWhom: 'Sami', price: 3 },
      packaging: { id: 1, title: 'Gift box', price: 2 },
      review_submitted: false,
      feedback_submitted: false,
      can_review: true,
    });
    const logoUrl = line?.customization?.image ?? '';
    expect(logoUrl).toBe(`/backend/api/buyer-orders/${order.id}/items/${item.id}/logo`);
    const own = await get(logoUrl.replace('/backend/api/', ''), alice.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    // What was stored: the picture written again (uploads.test.ts), not the bytes sent.
    expect(
      Buffer.from(own.rawPayload).equals((await storedBytes(ctx.database, logo)) ?? Buffer.alloc(0)),
    ).toBe(true);
    expect((await get(logoUrl.replace('/backend/api/', ''), bob.token)).statusCode).toBe(404);
    expect((await get(logoUrl.replace('/backend/api/', ''), null)).statusCode).toBe(401);

    const log = dataOf<{ items: OrderLogEntry[] }>(
      await get(`buyer-orders/log?order_id=${order.id}`, alice.token),
    );
    expect(log.items).toEqual([{ created_at: order.createdAt.toISOString(), action: 'Order placed' }]);
  });

  describe('proof of payment', () => {
    it('is refused for a Cash On Delivery order', async () => {
      const { order } = await insertOrder(ctx.database, alice.id);
      const answer = await postForm(
        'buyer-orders/proof-of-payment',
        { order_id: String(order.id), comments: 'Paid' },
        alice.token,
        png,
      );
      expect(answer.statusCode).toBe(409);
      expect(failureOf(answer).error.code).toBe('PROOF_NOT_EXPECTED');
    });

    it('wants an image checked by its bytes and size', async () => {
      const { order } = await insertOrder(ctx.database, alice.id, {
        status: 'Payment Pending',
        method: 'Money Exchange Transfer',
      });
      const fields = { order_id: String(order.id), comments: 'Sent today' };
      const none = await postForm('buyer-orders/proof-of-payment', fields, alice.token);
      expect(none.statusCode).toBe(422);
      expect(failureOf(none).error.fields).toEqual({ file: PROOF_IMAGE_REQUIRED });
      const spoofed = await postForm('buyer-orders/proof-of-payment', fields, alice.token, {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        name: 'slip.png',
        type: 'image/png',
      });
      expect(spoofed.statusCode).toBe(415);
      expect(failureOf(spoofed).error.fields).toEqual({ file: MESSAGES.logoType });
      const huge = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
      const oversize = await postForm('buyer-orders/proof-of-payment', fields, alice.token, {
        ...png,
        bytes: huge,
      });
      expect(oversize.statusCode).toBe(413);
      expect(failureOf(oversize).error.fields).toEqual({ file: MESSAGES.logoSize });
    });

    it('takes one proof at a time: Pending blocks, Rejected shows the comments and allows another', async () => {
      const { order } = await insertOrder(ctx.database, alice.id, {
        status: 'Payment Pending',
        method: 'Bank Transfer',
      });
      const fields = { order_id: String(order.id), comments: 'Transfer ref 42' };
      const first = dataOf<{ proofOfPayment: { id: number; status: string } }>(
        await postForm('buyer-orders/proof-of-payment', fields, alice.token, png),
      );
      expect(first.proofOfPayment.status).toBe('Pending');
      let detail = dataOf<{ order: OrderDetail }>(await get(`buyer-orders/${order.id}`, alice.token)).order;
      expect(detail.proofOfPayment).toMatchObject({
        status: 'Pending',
        comments: 'Transfer ref 42',
        admin_comments: null,
      });
      expect(detail.can_upload_proof).toBe(false);
      expect(detail.log.map((entry) => entry.action)).toEqual(['Order placed', 'Proof of payment uploaded']);
      const again = await postForm('buyer-orders/proof-of-payment', fields, alice.token, png);
      expect(again.statusCode).toBe(409);
      expect(failureOf(again).error.code).toBe('PROOF_PENDING');

      await reviewProof(ctx.database.db, first.proofOfPayment.id, 'Rejected', 'The amount is missing');
      detail = dataOf<{ order: OrderDetail }>(await get(`buyer-orders/${order.id}`, alice.token)).order;
      expect(detail.proofOfPayment).toMatchObject({
        status: 'Rejected',
        admin_comments: 'The amount is missing',
      });
      expect(detail.can_upload_proof).toBe(true);
      const second = await postForm('buyer-orders/proof-of-payment', fields, alice.token, png);
      expect(second.statusCode).toBe(200);

      const activities = await ctx.database.db
        .select()
        .from(buyerActivities)
        .where(eq(buyerActivities.orderId, order.id));
      expect(activities.filter((row) => row.actionType.startsWith('Proof of payment uploaded'))).toHaveLength(
        2,
      );
    });
  });

  describe('review and feedback', () => {
    it('checks the form with the spec’s messages', async () => {
      const { order, item } = await insertOrder(ctx.database, alice.id, { productId: 5 });
      const ids = { product_id: 5, item_id: item.id, order_id: order.id };
      const noRating = await postJson('product-reviews/create', { ...ids, comments: 'Lovely' }, alice.token);
      expect(noRating.statusCode).toBe(422);
      expect(failureOf(noRating).error.fields?.rating).toBe(MESSAGES.ratingRequired);
      const noComments = await postJson(
        'product-reviews/create',
        { ...ids, rating: 4, comments: ' ' },
        alice.token,
      );
      expect(noComments.statusCode).toBe(422);
      expect(failureOf(noComments).error.fields?.comments).toBe(MESSAGES.commentsRequired);
      const wrongProduct = await postJson(
        'product-reviews/create',
        { ...ids, product_id: 6, rating: 4, comments: 'x' },
        alice.token,
      );
      expect(wrongProduct.statusCode).toBe(404);
    });

    it('puts a review on the product page and moves the rating, once per ordered product', async () => {
      const productId = 7;
      const before = dataOf<ReviewPage>(
        await get(`product-reviews?ProductReviewsSearch[product_id]=${productId}`, null),
      );
      const { order, item } = await insertOrder(ctx.database, alice.id, {
        productId,
        status: 'Delivered',
        payment: 'Received',
      });
      const body = {
        product_id: productId,
        item_id: item.id,
        order_id: order.id,
        rating: 1,
        comments: 'Arrived crushed',
      };
      const created = await postJson('product-reviews/create', body, alice.token);
      expect(created.statusCode).toBe(200);
      expect(dataOf<{ message: string }>(created).message).toBe('Thank you for your feedback');
      const after = dataOf<ReviewPage>(
        await get(`product-reviews?ProductReviewsSearch[product_id]=${productId}`, null),
      );
      expect(after.summary.count).toBe(before.summary.count + 1);
      expect(after.items[0]).toMatchObject({
        rating: 1,
        comments: 'Arrived crushed',
        buyer: { name: 'Maya H.' },
      });
      const [product] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
      expect(product?.reviewCount).toBe(after.summary.count);
      expect(product?.rating).toBe(after.summary.rating);
      if (before.summary.count > 0) expect(after.summary.rating).toBeLessThanOrEqual(before.summary.rating);

      const twice = await postJson('product-reviews/create', body, alice.token);
      expect(twice.statusCode).toBe(409);
      expect(failureOf(twice).error.code).toBe('REVIEW_EXISTS');
      const detail = dataOf<{ order: OrderDetail }>(await get(`buyer-orders/${order.id}`, alice.token)).order;
      expect(detail.ordered_products[0]).toMatchObject({ review_submitted: true, can_review: false });
    });

    it('takes feedback with an optional image checked like the logo, once', async () => {
      const { order, item } = await insertOrder(ctx.database, alice.id, { productId: 8, status: 'Dispatch' });
      const fields = { product_id: '8', item_id: String(item.id), order_id: String(order.id), comments: '' };
      const empty = await postForm('product-feedbacks/create', fields, alice.token);
      expect(empty.statusCode).toBe(422);
      expect(failureOf(empty).error.fields?.comments).toBe(MESSAGES.commentsRequired);
      const spoofed = await postForm(
        'product-feedbacks/create',
        { ...fields, comments: 'Nice' },
        alice.token,
        {
          bytes: Buffer.from('GIF89a'),
          name: 'x.png',
          type: 'image/png',
        },
      );
      expect(spoofed.statusCode).toBe(415);
      expect(
        dataOf<{ message: string }>(
          await postForm('product-feedbacks/create', { ...fields, comments: 'Nice' }, alice.token, png),
        ).message,
      ).toBe('Thank you for your feedback');
      const twice = await postForm('product-feedbacks/create', { ...fields, comments: 'Nice' }, alice.token);
      expect(twice.statusCode).toBe(409);
      const detail = dataOf<{ order: OrderDetail }>(await get(`buyer-orders/${order.id}`, alice.token)).order;
      expect(detail.ordered_products[0]).toMatchObject({
        feedback_submitted: true,
        can_give_feedback: false,
      });
    });

    it('refuses both on a canceled order', async () => {
      const { order, item } = await insertOrder(ctx.database, alice.id, {
        productId: 9,
        status: 'Cancel',
        payment: 'Cancel',
      });
      const review = await postJson(
        'product-reviews/create',
        { product_id: 9, item_id: item.id, order_id: order.id, rating: 5, comments: 'x' },
        alice.token,
      );
      expect(review.statusCode).toBe(409);
      const feedback = await postForm(
        'product-feedbacks/create',
        { product_id: '9', item_id: String(item.id), order_id: String(order.id), comments: 'x' },
        alice.token,
      );
      expect(feedback.statusCode).toBe(409);
    });
  });

  it('never shows or changes another buyer’s order (IDOR matrix: another member’s token → 404, none → 401)', async () => {
    const logo = await ctx.app.deps.uploads.saveImage(PNG);
    const { order, item } = await insertOrder(ctx.database, alice.id, {
      status: 'Payment Pending',
      method: 'Money Exchange Transfer',
      logo,
      productId: 10,
    });
    const ids = { product_id: 10, item_id: item.id, order_id: order.id };
    const calls: [string, (token: string | null) => Promise<{ statusCode: number; body: string }>][] = [
      ['GET buyer-orders/{id}', (token) => get(`buyer-orders/${order.id}`, token)],
      ['GET buyer-orders/log', (token) => get(`buyer-orders/log?order_id=${order.id}`, token)],
      ['GET logo', (token) => get(`buyer-orders/${order.id}/items/${item.id}/logo`, token)],
      [
        'POST proof',
        (token) => postForm('buyer-orders/proof-of-payment', { order_id: String(order.id) }, token, png),
      ],
      [
        'POST review',
        (token) => postJson('product-reviews/create', { ...ids, rating: 5, comments: 'x' }, token),
      ],
      [
        'POST feedback',
        (token) =>
          postForm(
            'product-feedbacks/create',
            { product_id: '10', item_id: String(item.id), order_id: String(order.id), comments: 'x' },
            token,
          ),
      ],
    ];
    for (const [name, call] of calls) {
      const other = await call(bob.token);
      expect([name, other.statusCode]).toEqual([name, 404]);
      expect(other.body).not.toContain(order.orderNumber);
      expect([name, (await call(null)).statusCode]).toEqual([name, 401]);
    }
    // Lists and stats only ever hold the caller's own orders.
    for (const url of ['buyer-orders', 'buyer-orders/stats']) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, bob.token)).body).not.toContain(order.orderNumber);
    }
    // Nothing happened to alice's order.
    const detail = dataOf<{ order: OrderDetail }>(await get(`buyer-orders/${order.id}`, alice.token)).order;
    expect(detail.proofOfPayment).toBeNull();
    expect(detail.ordered_products[0]).toMatchObject({ review_submitted: false, feedback_submitted: false });
  });
});
