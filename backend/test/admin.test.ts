import type { AdminOrderPage, AdminSession, Order, OrderDetail } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/migrate';
import { buyerActivities, orderLogs, products } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';
import { insertOrder, multipart, PNG } from './orderFixtures';

describe.each(targets)('admin API on %s', (target) => {
  let ctx: TestContext;
  let adminToken: string;
  let member: { id: number; token: string };
  const PASSWORD = 'correct horse battery staple';

  const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token: string | null) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers: bearer(token) });
  const post = (url: string, payload: object, token: string | null) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers: bearer(token) });
  const notesOf = async (buyerId: number) =>
    rowsOf<{ note: string; priority: string }>(
      await ctx.database.db.execute(
        sql`SELECT note, priority FROM notifications WHERE buyer_id = ${buyerId} ORDER BY id`,
      ),
    );

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'Ops@Example.com', PASSWORD);
    const m = await createMember(ctx.database);
    member = { id: m.buyer.id, token: m.token };
    const session = dataOf<AdminSession>(
      await post('admin/login', { email: 'ops@example.com', password: PASSWORD }, null),
    );
    expect(session.token.startsWith('adm.')).toBe(true);
    adminToken = session.token;
  });
  afterAll(() => ctx.close());

  it('signs admins in by e-mail and password only', async () => {
    const wrong = await post('admin/login', { email: 'ops@example.com', password: 'nope' }, null);
    expect(wrong.statusCode).toBe(401);
    const buyerCredentials = await post(
      'admin/login',
      { email: 'nobody@example.com', password: PASSWORD },
      null,
    );
    expect(buyerCredentials.statusCode).toBe(401);
    await expect(createAdmin(ctx.database.db, new PasswordHasher(10), 'ops@example.com')).rejects.toThrow(
      /already exists/,
    );
    const generated = await createAdmin(ctx.database.db, new PasswordHasher(10), 'second@example.com');
    expect(generated.generated).toBe(true);
    expect(generated.password.length).toBeGreaterThanOrEqual(20);
  });

  it('keeps buyers out of admin endpoints and admins out of buyer endpoints', async () => {
    const { order } = await insertOrder(ctx.database, member.id);
    const adminCalls = [
      () => get('admin/orders', member.token),
      () => get(`admin/orders/${order.id}`, member.token),
      () => post(`admin/orders/${order.id}/status`, { order_status: 'Dispatch' }, member.token),
      () => post(`admin/orders/${order.id}/payment-received`, {}, member.token),
      () => post('admin/proofs/1/confirm', {}, member.token),
      () => post('admin/proofs/1/reject', { comments: 'x' }, member.token),
    ];
    for (const call of adminCalls) expect((await call()).statusCode).toBe(403);
    expect((await get('admin/orders', null)).statusCode).toBe(401);
    expect((await get('admin/orders', 'adm.forged')).statusCode).toBe(401);
    for (const url of [
      'buyer-orders',
      `buyer-orders/${order.id}`,
      'buyer-orders/stats',
      `buyer-orders/log?order_id=${order.id}`,
    ]) {
      expect([url, (await get(url, adminToken)).statusCode]).toEqual([url, 401]);
    }
    const [row] = await ctx.database.db
      .execute(sql`SELECT order_status FROM orders WHERE id = ${order.id}`)
      .then(rowsOf<{ order_status: string }>);
    expect(row?.order_status).toBe('Pending');
  });

  it('lists and shows every buyer’s orders', async () => {
    const { order } = await insertOrder(ctx.database, member.id, { status: 'Dispatch' });
    const page = dataOf<AdminOrderPage>(await get('admin/orders?order_status=Dispatch', adminToken));
    expect(page.items.map((item) => item.id)).toContain(order.id);
    expect(page.items.every((item) => item.order_status === 'Dispatch')).toBe(true);
    const detail = dataOf<{ order: OrderDetail & { buyer: { id: number } } }>(
      await get(`admin/orders/${order.id}`, adminToken),
    ).order;
    expect(detail.buyer.id).toBe(member.id);
    expect((await get('admin/orders/2147483647', adminToken)).statusCode).toBe(404);
  });

  it('moves an order Pending → Dispatch → Delivered, each with log, activity and notification', async () => {
    const { order } = await insertOrder(ctx.database, member.id);
    const skip = await post(`admin/orders/${order.id}/status`, { order_status: 'Delivered' }, adminToken);
    expect(skip.statusCode).toBe(409);
    expect(failureOf(skip).error.code).toBe('STATUS_MOVE_NOT_ALLOWED');
    for (const status of ['Dispatch', 'Delivered'] as const) {
      const moved = dataOf<{ order: Order }>(
        await post(`admin/orders/${order.id}/status`, { order_status: status }, adminToken),
      );
      expect(moved.order.order_status).toBe(status);
    }
    const late = await post(`admin/orders/${order.id}/status`, { order_status: 'Cancel' }, adminToken);
    expect(late.statusCode).toBe(409);
    const log = await ctx.database.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id));
    expect(log.map((entry) => entry.action)).toEqual([
      'Order placed',
      'Order is on its way',
      'Order is delivered',
    ]);
    const activities = await ctx.database.db
      .select()
      .from(buyerActivities)
      .where(eq(buyerActivities.orderId, order.id));
    expect(activities).toHaveLength(2);
    const notes = (await notesOf(member.id)).filter((note) => note.note.includes(order.orderNumber));
    expect(notes.map((note) => note.note)).toEqual([
      `Your order ${order.orderNumber}: Order is on its way`,
      `Your order ${order.orderNumber}: Order is delivered`,
    ]);
  });

  it('puts the stock back when an order is canceled', async () => {
    const productId = 12;
    const [before] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
    const { order } = await insertOrder(ctx.database, member.id, {
      productId,
      quantity: 3,
      status: 'Payment Pending',
    });
    const canceled = dataOf<{ order: Order }>(
      await post(`admin/orders/${order.id}/status`, { order_status: 'Cancel' }, adminToken),
    );
    expect(canceled.order).toMatchObject({ order_status: 'Cancel', payment_status: 'Cancel' });
    const [after] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
    expect(after?.stockQuantity).toBe((before?.stockQuantity ?? 0) + 3);
    expect(
      (await notesOf(member.id)).some(
        (note) => note.note.includes(order.orderNumber) && note.priority === 'High',
      ),
    ).toBe(true);
    const again = await post(`admin/orders/${order.id}/status`, { order_status: 'Cancel' }, adminToken);
    expect(again.statusCode).toBe(409);
  });

  it('marks a payment received, and confirms or rejects proofs with comments', async () => {
    const cash = (await insertOrder(ctx.database, member.id)).order;
    const paid = dataOf<{ order: Order }>(
      await post(`admin/orders/${cash.id}/payment-received`, {}, adminToken),
    );
    expect(paid.order.payment_status).toBe('Received');
    expect((await post(`admin/orders/${cash.id}/payment-received`, {}, adminToken)).statusCode).toBe(409);

    const { order } = await insertOrder(ctx.database, member.id, {
      status: 'Payment Pending',
      method: 'Money Exchange Transfer',
    });
    const upload = async () => {
      const { payload, contentType } = await multipart(
        { order_id: String(order.id), comments: 'sent' },
        { bytes: PNG, name: 's.png', type: 'image/png' },
      );
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/buyer-orders/proof-of-payment',
        payload,
        headers: { ...bearer(member.token), 'content-type': contentType },
      });
      return dataOf<{ proofOfPayment: { id: number } }>(answer).proofOfPayment.id;
    };
    const first = await upload();
    expect((await post(`admin/proofs/${first}/reject`, {}, adminToken)).statusCode).toBe(400);
    const rejected = await post(`admin/proofs/${first}/reject`, { comments: 'Wrong amount' }, adminToken);
    expect(dataOf<{ proofOfPayment: { status: string } }>(rejected).proofOfPayment.status).toBe('Rejected');
    expect((await post(`admin/proofs/${first}/confirm`, {}, adminToken)).statusCode).toBe(409);
    const file = await get(`admin/proofs/${first}/file`, adminToken);
    expect(file.headers['content-type']).toBe('image/png');

    const second = await upload();
    dataOf(await post(`admin/proofs/${second}/confirm`, { comments: 'Thanks' }, adminToken));
    const detail = dataOf<{ order: OrderDetail }>(await get(`buyer-orders/${order.id}`, member.token)).order;
    expect(detail).toMatchObject({
      order_status: 'Pending',
      payment_status: 'Received',
      proofOfPayment: { status: 'Confirmed', admin_comments: 'Thanks' },
      can_upload_proof: false,
    });
    const notes = (await notesOf(member.id)).filter((note) => note.note.includes(order.orderNumber));
    expect(notes.map((note) => note.note)).toEqual([
      `Your order ${order.orderNumber}: Proof of payment rejected: Wrong amount. Please upload another.`,
      `Your order ${order.orderNumber}: Proof of payment confirmed: Thanks`,
      `Your order ${order.orderNumber}: Payment received`,
    ]);
  });
});
