import type { Message, MessageThreadPage, MessageThreadView, Notification } from '@shop/contract';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';

describe.each(targets)('admin messages and notifications on %s', (target) => {
  let ctx: TestContext;
  let adminToken = '';
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const created = <T>(response: { statusCode: number; body: string }) => {
    expect(response.statusCode).toBe(201);
    return (JSON.parse(response.body) as { data: T }).data;
  };

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    const password = 'Admin-password-1';
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'ops@example.com', password);
    adminToken = dataOf<{ token: string }>(
      await call('POST', 'admin/login', undefined, { email: 'ops@example.com', password }),
    ).token;
  });
  afterAll(() => ctx.close());

  it("lists every member's threads, filters the unread ones, reads one and answers it", async () => {
    const first = await createMember(ctx.database);
    const second = await createMember(ctx.database);
    const mine = created<{ message: Message }>(
      await call('POST', 'buyer-messages/send-message', first.token, {
        subject: 'Colours',
        message: 'Gold?',
      }),
    ).message;
    const theirs = created<{ message: Message }>(
      await call('POST', 'buyer-messages/send-message', second.token, {
        subject: 'Sizes',
        message: 'Large?',
      }),
    ).message;
    const all = dataOf<MessageThreadPage>(await call('GET', 'admin/messages', adminToken));
    expect(all.items.map((thread) => thread.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const view = dataOf<MessageThreadView>(await call('GET', `admin/messages/${mine.id}`, adminToken));
    expect(view.items.map((message) => [message.sender_type, message.is_read])).toEqual([['Buyer', true]]);
    const unread = dataOf<MessageThreadPage>(await call('GET', 'admin/messages?unread=true', adminToken));
    expect(unread.items.map((thread) => thread.id)).toContain(theirs.id);
    expect(unread.items.map((thread) => thread.id)).not.toContain(mine.id);

    const answer = created<{ message: Message }>(
      await call('POST', `admin/messages/${mine.id}/reply`, adminToken, { message: 'Gold it is.' }),
    ).message;
    expect(answer).toMatchObject({
      sender_type: 'Admin',
      subject: 'Colours',
      reply_to: mine.id,
      buyer_id: first.buyer.id,
    });
    const memberView = dataOf<MessageThreadView>(
      await call('GET', `buyer-messages/get-thread/${mine.id}`, first.token),
    );
    expect(memberView.items.map((message) => message.message)).toEqual(['Gold?', 'Gold it is.']);
    expect((await call('POST', `admin/messages/999999/reply`, adminToken, { message: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      failureOf(await call('POST', `admin/messages/${mine.id}/reply`, adminToken, { message: ' ' })).error
        .code,
    ).toBe('VALIDATION_FAILED');
  });

  it('sends a notification the member sees in the header, High priority marked', async () => {
    const { buyer, token } = await createMember(ctx.database);
    const { notification } = created<{ notification: Notification }>(
      await call('POST', 'admin/notifications', adminToken, {
        buyer_id: buyer.id,
        note: 'Sale ends tonight',
        priority: 'High',
      }),
    );
    expect(notification).toMatchObject({ note: 'Sale ends tonight', priority: 'High' });
    const { items } = dataOf<{ items: Notification[] }>(await call('GET', 'notifications', token));
    expect(items[0]).toMatchObject({ id: notification.id, priority: 'High' });
    expect(
      (await call('POST', 'admin/notifications', adminToken, { buyer_id: 2_000_000_000, note: 'Nobody' }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses a buyer's token (403) and no token (401) on every admin message endpoint", async () => {
    const { buyer, token } = await createMember(ctx.database);
    const root = created<{ message: Message }>(
      await call('POST', 'buyer-messages/send-message', token, { subject: 'Mine', message: 'Only mine' }),
    ).message;
    const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', 'admin/messages'],
      ['GET', `admin/messages/${root.id}`],
      ['POST', `admin/messages/${root.id}/reply`, { message: 'Fake shop answer' }],
      ['POST', 'admin/notifications', { buyer_id: buyer.id, note: 'Fake', priority: 'High' }],
    ];
    for (const [method, url, body] of calls) {
      expect([url, (await call(method, url, token, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(method, url, undefined, body)).statusCode]).toEqual([url, 401]);
    }
    const view = dataOf<MessageThreadView>(await call('GET', `buyer-messages/get-thread/${root.id}`, token));
    expect(view.items).toHaveLength(1);
    expect(dataOf<{ items: Notification[] }>(await call('GET', 'notifications', token)).items).toEqual([]);
  });
});
