import type { Message, MessageThreadPage, MessageThreadView, Notification } from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { orders } from '../src/db/schema';
import {
  listThreads,
  NEW_ADMIN_MESSAGE_NOTE,
  readThread,
  reply,
  THREADS_PER_PAGE,
} from '../src/services/messages';
import { createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';

describe.each(targets)('member messages on %s', (target) => {
  let ctx: TestContext;
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const sentOf = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode).toBe(201);
    return (JSON.parse(response.body) as { data: { message: Message } }).data.message;
  };
  /** A placed order of the buyer, made directly (the checkout is tested elsewhere). */
  const orderOf = async (buyerId: number) => {
    const [order] = await ctx.database.db
      .insert(orders)
      .values({
        orderNumber: `T-${buyerId}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
        buyerId,
        channel: 'checkout',
        orderStatus: 'Pending',
        paymentStatus: 'Pending',
        paymentMethod: 'Cash On Delivery',
        currencyCode: 'USD',
        currencySymbol: '$',
        exchangeRate: 1,
        decimalPlaces: 2,
        productsTotal: 10,
        shippingCost: 0,
        vatRate: 5,
        vatAmount: 0.5,
        totalAmount: 10.5,
      })
      .returning();
    if (!order) throw new Error('order not made');
    return order.id;
  };
  const admin = { kind: 'admin' } as const;

  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('starts with no thread (the page shows No communication found between you and admin)', async () => {
    const { token } = await createMember(ctx.database);
    expect(dataOf<MessageThreadPage>(await call('GET', 'buyer-messages', token))).toEqual({
      items: [],
      _meta: { totalCount: 0, currentPage: 1, pageCount: 0, perPage: THREADS_PER_PAGE },
    });
    expect(MESSAGES.noCommunication).toBe('No communication found between you and admin');
  });

  it('sends a general message, lists it with its last message, and reads the thread', async () => {
    const { buyer, token } = await createMember(ctx.database);
    const first = sentOf(
      await call('POST', 'buyer-messages/send-message', token, {
        subject: 'Gift wrap',
        message: 'Can you wrap it?',
      }),
    );
    expect(first).toMatchObject({
      buyer_id: buyer.id,
      order_id: null,
      subject: 'Gift wrap',
      sender_type: 'Buyer',
      reply_to: null,
    });
    const answer = await reply(ctx.database.db, admin, first.id, { message: 'Yes, in red or gold.' });
    const page = dataOf<MessageThreadPage>(await call('GET', 'buyer-messages', token));
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: first.id,
      unread_count: 1,
      last_message: { id: answer.id, sender_type: 'Admin', message: 'Yes, in red or gold.', is_read: false },
    });
    // Opened by the reply's id: the same thread, and the admin's message is read now.
    const view = dataOf<MessageThreadView>(
      await call('GET', `buyer-messages/get-thread/${answer.id}`, token),
    );
    expect(view.thread.id).toBe(first.id);
    expect(view.items.map((message) => [message.id, message.sender_type])).toEqual([
      [first.id, 'Buyer'],
      [answer.id, 'Admin'],
    ]);
    const again = dataOf<MessageThreadPage>(await call('GET', 'buyer-messages', token));
    expect(again.items[0]?.unread_count).toBe(0);
    // The admin's answer left a notification in the header.
    const { items } = dataOf<{ items: Notification[] }>(await call('GET', 'notifications', token));
    expect(items.map((item) => item.note)).toContain(NEW_ADMIN_MESSAGE_NOTE);
  });

  it("keeps the thread's subject on a reply, whatever subject is sent", async () => {
    const { token } = await createMember(ctx.database);
    const root = sentOf(
      await call('POST', 'buyer-messages/send-message', token, {
        subject: 'Delivery date',
        message: 'When?',
      }),
    );
    const replied = sentOf(
      await call('POST', `buyer-messages/send-reply/${root.id}`, token, {
        subject: 'Changed!',
        message: 'Any news?',
      }),
    );
    expect(replied).toMatchObject({ subject: 'Delivery date', reply_to: root.id, sender_type: 'Buyer' });
    // A reply to a reply still joins the root's thread.
    const deeper = sentOf(
      await call('POST', `buyer-messages/send-reply/${replied.id}`, token, { message: 'Still waiting' }),
    );
    expect(deeper.reply_to).toBe(root.id);
  });

  it('requires a subject and a message', async () => {
    const { token } = await createMember(ctx.database);
    const empty = await call('POST', 'buyer-messages/send-message', token, { subject: ' ', message: '' });
    expect(empty.statusCode).toBe(422);
    expect(failureOf(empty).error.fields).toEqual({
      subject: MESSAGES.subjectRequired,
      message: MESSAGES.messageRequired,
    });
    const root = sentOf(
      await call('POST', 'buyer-messages/send-message', token, { subject: 'S', message: 'M' }),
    );
    const noText = await call('POST', `buyer-messages/send-reply/${root.id}`, token, { subject: 'S' });
    expect(failureOf(noText).error.fields).toEqual({ message: MESSAGES.messageRequired });
  });

  it('pages threads newest activity first, and a thread oldest first', async () => {
    const { token } = await createMember(ctx.database);
    const roots: Message[] = [];
    for (let index = 0; index < 12; index += 1) {
      roots.push(
        sentOf(
          await call('POST', 'buyer-messages/send-message', token, {
            subject: `Thread ${index}`,
            message: 'Hi',
          }),
        ),
      );
    }
    // Activity in the oldest thread brings it to the top.
    const oldest = roots[0] as Message;
    for (let index = 0; index < 11; index += 1) {
      sentOf(
        await call('POST', `buyer-messages/send-reply/${oldest.id}`, token, { message: `Reply ${index}` }),
      );
    }
    const first = dataOf<MessageThreadPage>(await call('GET', 'buyer-messages?page=1', token));
    expect(first._meta).toMatchObject({ totalCount: 12, pageCount: 2, currentPage: 1 });
    expect(first.items[0]?.subject).toBe('Thread 0');
    expect(first.items[0]?.last_message.message).toBe('Reply 10');
    expect(first.items[1]?.subject).toBe('Thread 11');
    const second = dataOf<MessageThreadPage>(await call('GET', 'buyer-messages?page=2', token));
    expect(second.items.map((item) => item.subject)).toEqual(['Thread 2', 'Thread 1']);
    const thread = dataOf<MessageThreadView>(
      await call('GET', `buyer-messages/get-thread/${oldest.id}?page=2`, token),
    );
    expect(thread._meta).toMatchObject({ totalCount: 12, pageCount: 2 });
    expect(thread.items.map((message) => message.message)).toEqual(['Reply 9', 'Reply 10']);
  });

  it("keeps an order's threads with that order, apart from the general ones", async () => {
    const { buyer, token } = await createMember(ctx.database);
    const orderId = await orderOf(buyer.id);
    const otherOrderId = await orderOf(buyer.id);
    const root = sentOf(
      await call('POST', `order-messages/send-message/${orderId}`, token, {
        subject: 'Order question',
        message: 'Red?',
      }),
    );
    expect(root.order_id).toBe(orderId);
    const listed = dataOf<MessageThreadPage>(
      await call('GET', `order-messages/get-messages/${orderId}`, token),
    );
    expect(listed.items.map((item) => item.id)).toEqual([root.id]);
    expect(
      dataOf<MessageThreadPage>(await call('GET', `order-messages/get-messages/${otherOrderId}`, token))
        .items,
    ).toEqual([]);
    expect(dataOf<MessageThreadPage>(await call('GET', 'buyer-messages', token)).items).toEqual([]);
    const replied = sentOf(
      await call('POST', `order-messages/send-reply/${orderId}/${root.id}`, token, {
        subject: 'x',
        message: 'Or blue',
      }),
    );
    expect(replied).toMatchObject({ order_id: orderId, subject: 'Order question', reply_to: root.id });
    const view = dataOf<MessageThreadView>(
      await call('GET', `order-messages/get-thread/${orderId}/${replied.id}`, token),
    );
    expect(view.items.map((message) => message.id)).toEqual([root.id, replied.id]);
    // The order thread is not reachable through the general calls, nor through another order.
    expect((await call('GET', `buyer-messages/get-thread/${root.id}`, token)).statusCode).toBe(404);
    expect(
      (await call('GET', `order-messages/get-thread/${otherOrderId}/${root.id}`, token)).statusCode,
    ).toBe(404);
    // Counted on the dashboard.
    expect(
      dataOf<{ messagesCount: number }>(await call('GET', 'buyers/dashboard-stats', token)).messagesCount,
    ).toBe(1);
  });

  it('lets the admin list threads (unread only, too), read one and answer', async () => {
    const { token } = await createMember(ctx.database);
    const root = sentOf(
      await call('POST', 'buyer-messages/send-message', token, { subject: 'For admin', message: 'Hello' }),
    );
    const unread = await listThreads(ctx.database.db, admin, 1, { onlyUnread: true });
    expect(unread.items.map((item) => item.id)).toContain(root.id);
    const view = await readThread(ctx.database.db, admin, root.id, 1);
    expect(view.items[0]).toMatchObject({ id: root.id, is_read: true });
    const after = await listThreads(ctx.database.db, admin, 1, { onlyUnread: true });
    expect(after.items.map((item) => item.id)).not.toContain(root.id);
  });

  it("never shows another member's threads or orders, and refuses calls without a token (IDOR)", async () => {
    const owner = await createMember(ctx.database);
    const intruder = await createMember(ctx.database);
    const orderId = await orderOf(owner.buyer.id);
    const general = sentOf(
      await call('POST', 'buyer-messages/send-message', owner.token, {
        subject: 'Private',
        message: 'Secret',
      }),
    );
    const about = sentOf(
      await call('POST', `order-messages/send-message/${orderId}`, owner.token, {
        subject: 'Order',
        message: 'Secret',
      }),
    );
    const body = { subject: 'Hijack', message: 'Hello' };
    const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', `buyer-messages/get-thread/${general.id}`],
      ['POST', `buyer-messages/send-reply/${general.id}`, body],
      ['GET', `order-messages/get-messages/${orderId}`],
      ['POST', `order-messages/send-message/${orderId}`, body],
      ['GET', `order-messages/get-thread/${orderId}/${about.id}`],
      ['POST', `order-messages/send-reply/${orderId}/${about.id}`, body],
    ];
    for (const [method, url, payload] of calls) {
      expect([url, (await call(method, url, intruder.token, payload)).statusCode]).toEqual([url, 404]);
      expect([url, (await call(method, url, undefined, payload)).statusCode]).toEqual([url, 401]);
    }
    for (const [method, url, payload] of [
      ['GET', 'buyer-messages'],
      ['POST', 'buyer-messages/send-message', body],
    ] as const) {
      expect([url, (await call(method, url, undefined, payload)).statusCode]).toEqual([url, 401]);
    }
    // The intruder's own list is empty; the owner's threads are untouched.
    expect(dataOf<MessageThreadPage>(await call('GET', 'buyer-messages', intruder.token)).items).toEqual([]);
    const view = dataOf<MessageThreadView>(
      await call('GET', `buyer-messages/get-thread/${general.id}`, owner.token),
    );
    expect(view.items).toHaveLength(1);
  });
});
