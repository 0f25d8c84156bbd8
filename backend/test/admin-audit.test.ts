/**
 * The audit log is written in the action's own transaction (issue 21): every admin endpoint that
 * changes something writes exactly one row when it succeeds (the list is read from the app's own
 * routes, so a new one cannot be left out), and an audit row that cannot be written (a trigger
 * that raises) rolls the action back: the answer is the error and nothing was done.
 * The remote releases' changes (promote, canary, rollback, abort, prune) need published versions:
 * test/remote-registry.test.ts counts their rows the same way; a failed mail's requeue is counted in
 * test/mail-queue.test.ts.
 */
import type { AdminSession } from '@shop/contract';
import { count, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/migrate';
import {
  adminAuditLog,
  admins,
  adminTokens,
  buyerMessages,
  categories,
  contactMessages,
  currencies,
  orders,
  paymentProofs,
  productQuestions,
  productReviews,
  productTypes,
  subCategories,
} from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createMember, createTestApp, dataOf, type TestContext, targets } from './db';
import { insertOrder } from './orderFixtures';

const PASSWORD = 'owner-password-123';
/**
 * Changes whose rows other tests count (remote-registry, mail-queue; the catalogue import, a
 * multipart upload: catalogue-csv.test.ts; a picture's upload, multipart: admin-images.test.ts).
 */
const COUNTED_ELSEWHERE = /^POST admin\/(remotes\/:remote\/|mails\/|catalogue\/import$|images$)/;
/** Admin POSTs that change nothing (a content page's preview), so they write no row. */
const CHANGES_NOTHING = new Set(['POST admin/pages/preview']);

interface Call {
  url: string;
  payload?: object;
  method?: 'PUT' | 'DELETE';
}

describe.each(targets)('the admin audit, written in the action transaction, on %s', (target) => {
  let ctx: TestContext;
  let owner: string;
  let buyerId: number;
  let run = 0;

  const send = (call: Call, token: string | null) =>
    ctx.app.inject({
      method: call.method ?? 'POST',
      url: `/backend/api/${call.url}`,
      payload: call.payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const auditRows = async () => (await ctx.database.db.select({ n: count() }).from(adminAuditLog))[0]?.n;
  const signIn = () =>
    send({ url: 'admin/login', payload: { email: 'owner@gifts.example', password: PASSWORD } }, null);
  const login = async () => dataOf<AdminSession>(await signIn()).token;

  /** A fresh object for every changing endpoint, and the call that changes it. */
  async function calls(): Promise<Record<string, Call>> {
    run += 1;
    const db = ctx.database.db;
    const { order } = await insertOrder(ctx.database, buyerId);
    const { order: transfer } = await insertOrder(ctx.database, buyerId, {
      method: 'Money Exchange Transfer',
      status: 'Payment Pending',
    });
    const proofOrder = async () =>
      (await insertOrder(ctx.database, buyerId, { method: 'Bank Transfer', status: 'Payment Pending' }))
        .order;
    const [toConfirm] = await db
      .insert(paymentProofs)
      .values({ orderId: (await proofOrder()).id, image: 'a.png' })
      .returning();
    const [toReject] = await db
      .insert(paymentProofs)
      .values({ orderId: (await proofOrder()).id, image: 'b.png' })
      .returning();
    const question = async () =>
      (
        await db
          .insert(productQuestions)
          .values({
            productId: 2,
            questionerName: 'Mona',
            questionerEmail: 'mona@example.com',
            question: 'Red?',
          })
          .returning()
      )[0]?.id;
    const [review] = await db
      .insert(productReviews)
      .values({ productId: 3, buyerName: 'Sami', rating: 4, comments: 'Nice' })
      .returning();
    const [inquiry] = await db
      .insert(contactMessages)
      .values({ fullName: 'Hadi', email: 'hadi@example.com', message: 'Open on Friday?' })
      .returning();
    const [thread] = await db
      .insert(buyerMessages)
      .values({ buyerId, subject: 'Card', message: 'Can I add a card?', senderType: 'Buyer' })
      .returning();
    const staff = await createAdmin(db, new PasswordHasher(10), `staff${run}@gifts.example`, undefined, {
      role: 'staff',
    });
    const answered = await question();
    const approved = await question();
    // Currency codes of this run: three capital letters (run 1: 'NAA' and 'RAA').
    const letter = String.fromCharCode(64 + run);
    await db
      .insert(currencies)
      .values({ code: `R${letter}A`, symbol: 'R', exchangeRate: 2, decimalPlaces: 2, position: 90 + run });
    const [taxonomy] = await db
      .select({ type_id: categories.typeId, category_id: categories.id, sub_category_id: subCategories.id })
      .from(subCategories)
      .innerJoin(categories, eq(categories.id, subCategories.categoryId))
      .limit(1);
    const product = (slug: string) => ({
      title: 'Audited box',
      slug,
      description: '<p>A box</p>',
      hint: null,
      price: 10,
      old_price: null,
      stock_quantity: 3,
      hot: false,
      new_item: false,
      free_delivery: false,
      is_customizable: false,
      supplier_id: null,
      ...taxonomy,
      specifications: [],
      customization: null,
      packagings: [],
      media: [],
    });
    // The home page: at most two slides (so one can be added), two banners and a running deal of
    // this run, a category block at position 10 to remove.
    await db.execute(
      sql`DELETE FROM hero_slides WHERE id NOT IN (SELECT id FROM hero_slides ORDER BY position, id LIMIT 2)`,
    );
    const slideIds = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM hero_slides ORDER BY position, id`),
    ).map((row) => Number(row.id));
    // Ids apart from one run to the next: an addition takes the next id after the largest.
    const bannerId = 2000 + run * 100;
    await db.execute(sql`INSERT INTO banners (id, title, sub_title, template, link_type, link, button_text, position)
      VALUES (${bannerId}, 'A', '', 1, 'Box', '/a', 'Go', 90), (${bannerId + 1}, 'B', '', 1, 'Box', '/b', 'Go', 91)`);
    await db.execute(sql`INSERT INTO deals (id, title, starts_at, ends_at)
      VALUES (${3000 + run * 100}, 'Audited deal', now() - interval '1 minute', now() + interval '1 day')`);
    await db.execute(sql`DELETE FROM category_blocks WHERE position = 10`);
    await db.execute(sql`INSERT INTO category_blocks (id, position, product_type_id)
      VALUES (${4000 + run * 100}, 10, (SELECT min(id) FROM product_types))`);
    const slideInput = {
      title: 'Audited slide',
      sub_title: '',
      button_text: 'Go',
      button_link: '/products',
      offer_tag: null,
      image_id: null,
    };
    const bannerInput = {
      title: 'Audited banner',
      sub_title: '',
      template: 2,
      link_type: 'Button',
      link: 'https://gifts.example/',
      button_text: 'Go',
      image_id: null,
    };
    const [kept, dropped] = await db
      .insert(productTypes)
      .values([
        { name: `Kept ${run}`, slug: `kept-${run}` },
        { name: `Dropped ${run}`, slug: `dropped-${run}` },
      ])
      .returning();
    return {
      'POST admin/orders/seen': { url: 'admin/orders/seen', payload: {} },
      'POST admin/orders/:id/status': {
        url: `admin/orders/${order.id}/status`,
        payload: { order_status: 'Dispatch' },
      },
      'POST admin/orders/:id/payment-received': {
        url: `admin/orders/${transfer.id}/payment-received`,
        payload: { reason: 'Seen on the bank statement' },
      },
      'POST admin/proofs/:proofId/confirm': { url: `admin/proofs/${toConfirm?.id}/confirm`, payload: {} },
      'POST admin/proofs/:proofId/reject': {
        url: `admin/proofs/${toReject?.id}/reject`,
        payload: { comments: 'Unreadable' },
      },
      'POST admin/admins': { url: 'admin/admins', payload: { email: `new${run}@gifts.example` } },
      'POST admin/admins/:id/disable': { url: `admin/admins/${staff.admin.id}/disable`, payload: {} },
      'POST admin/admins/:id/enable': { url: `admin/admins/${staff.admin.id}/enable`, payload: {} },
      'PUT admin/settings': {
        url: 'admin/settings',
        payload: { order_email: `orders${run}@gifts.example` },
        method: 'PUT',
      },
      'POST admin/messages': {
        url: 'admin/messages',
        payload: { buyer_id: buyerId, subject: 'Your order', message: 'It ships today.' },
      },
      'POST admin/messages/:id/reply': {
        url: `admin/messages/${thread?.id}/reply`,
        payload: { message: 'Yes.' },
      },
      'POST admin/notifications': {
        url: 'admin/notifications',
        payload: { buyer_id: buyerId, note: 'Hello' },
      },
      'POST admin/notifications/all': { url: 'admin/notifications/all', payload: { note: 'Eid sale' } },
      'POST admin/questions/:id/answer': {
        url: `admin/questions/${answered}/answer`,
        payload: { answer: 'Yes.' },
      },
      'POST admin/questions/:id/approve': { url: `admin/questions/${approved}/approve`, payload: {} },
      'POST admin/reviews/:id/hide': { url: `admin/reviews/${review?.id}/hide`, payload: { reason: 'spam' } },
      'POST admin/reviews/:id/show': { url: `admin/reviews/${review?.id}/show`, payload: {} },
      'POST admin/inquiries/:id/answer': {
        url: `admin/inquiries/${inquiry?.id}/answer`,
        payload: { message: 'Yes, until ten.' },
      },
      'POST admin/category-tree/:level': {
        url: 'admin/category-tree/types',
        payload: { name: `New type ${run}` },
      },
      'PUT admin/category-tree/:level/:id': {
        url: `admin/category-tree/types/${kept?.id}`,
        payload: { name: `Renamed ${run}`, slug: `renamed-${run}`, image_id: null },
        method: 'PUT',
      },
      'POST admin/category-tree/:level/:id/position': {
        url: `admin/category-tree/types/${kept?.id}/position`,
        payload: { position: 0 },
      },
      'DELETE admin/category-tree/:level/:id': {
        url: `admin/category-tree/types/${dropped?.id}`,
        method: 'DELETE',
      },
      'POST admin/remotes/overrides': {
        url: 'admin/remotes/overrides',
        payload: { remote: 'catalog', entry: 'https://dev.example/remoteEntry.js' },
      },
      // Last: it ends the session it is called with (a session of its own).
      'POST admin/products': { url: 'admin/products', payload: product(`audited-box-${run}`) },
      'PUT admin/products/:id': {
        url: 'admin/products/4',
        method: 'PUT',
        payload: product(`audited-${run}`),
      },
      'POST admin/products/:id/archive': { url: 'admin/products/5/archive', payload: { reason: 'Gone' } },
      'POST admin/products/:id/unarchive': { url: 'admin/products/5/unarchive', payload: {} },
      'POST admin/products/:id/stock': {
        url: 'admin/products/6/stock',
        payload: { delta: 1, reason: 'Found one more' },
      },
      // Issue 22: currencies, shipping, site settings (owners only) and content pages.
      'POST admin/currencies': {
        url: 'admin/currencies',
        payload: { code: `N${letter}A`, symbol: 'N', exchange_rate: 3, decimal_places: 2 },
      },
      'PUT admin/currencies/:code': {
        url: 'admin/currencies/AED',
        method: 'PUT',
        payload: { symbol: 'AED', exchange_rate: 3.6725, decimal_places: 2 },
      },
      'DELETE admin/currencies/:code': { url: `admin/currencies/R${letter}A`, method: 'DELETE' },
      'POST admin/currencies/:code/default': { url: 'admin/currencies/USD/default', payload: {} },
      'PUT admin/shipping': {
        url: 'admin/shipping',
        method: 'PUT',
        payload: { fees: [{ country_id: 1, fee: 5 }], free_shipping_over: null },
      },
      'PUT admin/site-settings': {
        url: 'admin/site-settings',
        method: 'PUT',
        payload: {
          phone: '+971 50 123 4567',
          hashtag: `#Gifts${run}`,
          social_channels: { facebook: null, twitter: null, instagram: null, linkedin: null, youtube: null },
        },
      },
      'PUT admin/pages/:page': {
        url: 'admin/pages/about',
        method: 'PUT',
        payload: { heading: `About us ${run}`, content: '<p>Gifts that speak.</p>' },
      },
      // Issue 22: the home page's content.
      'POST admin/home/slides': { url: 'admin/home/slides', payload: slideInput },
      'PUT admin/home/slides/:id': {
        url: `admin/home/slides/${slideIds[0]}`,
        method: 'PUT',
        payload: slideInput,
      },
      'POST admin/home/slides/:id/move': {
        url: `admin/home/slides/${slideIds[1]}/move`,
        payload: { direction: 'up' },
      },
      'DELETE admin/home/slides/:id': { url: `admin/home/slides/${slideIds[0]}`, method: 'DELETE' },
      'POST admin/home/banners': { url: 'admin/home/banners', payload: bannerInput },
      'PUT admin/home/banners/:id': {
        url: `admin/home/banners/${bannerId}`,
        method: 'PUT',
        payload: bannerInput,
      },
      'POST admin/home/banners/:id/move': {
        url: `admin/home/banners/${bannerId + 1}/move`,
        payload: { direction: 'up' },
      },
      'DELETE admin/home/banners/:id': { url: `admin/home/banners/${bannerId}`, method: 'DELETE' },
      'PUT admin/home/deal': {
        url: 'admin/home/deal',
        method: 'PUT',
        payload: {
          title: 'Audited deal',
          ends_at: new Date(Date.now() + 86_400_000).toISOString(),
          product_ids: [1, 2],
        },
      },
      'DELETE admin/home/deal': { url: 'admin/home/deal', method: 'DELETE' },
      'PUT admin/home/category-blocks/:position': {
        url: 'admin/home/category-blocks/9',
        method: 'PUT',
        payload: { product_type_id: kept?.id, category_ids: [] },
      },
      'DELETE admin/home/category-blocks/:position': {
        url: 'admin/home/category-blocks/10',
        method: 'DELETE',
      },
      'POST admin/logout': { url: 'admin/logout', payload: {} },
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'owner@gifts.example', PASSWORD);
    owner = await login();
    buyerId = (await createMember(ctx.database)).buyer.id;
  });
  afterAll(() => ctx.close());

  it('knows a call for every admin endpoint that changes something', async () => {
    const changing = ctx.app.apiRoutes
      .filter(
        (route) => route.path.startsWith('admin/') && route.method !== 'GET' && route.path !== 'admin/login',
      )
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !COUNTED_ELSEWHERE.test(key) && !CHANGES_NOTHING.has(key));
    expect(Object.keys(await calls()).sort()).toEqual(changing.sort());
  });

  it('writes exactly one audit row for every successful change, and one for the sign-in', async () => {
    const before = await auditRows();
    const session = await login();
    expect(await auditRows()).toBe((before ?? 0) + 1);
    const wrong: string[] = [];
    for (const [action, call] of Object.entries(await calls())) {
      const rowsBefore = (await auditRows()) ?? 0;
      const answer = await send(call, action === 'POST admin/logout' ? session : owner);
      const [last] = await ctx.database.db
        .select({ action: adminAuditLog.action })
        .from(adminAuditLog)
        .orderBy(sql`${adminAuditLog.id} DESC`)
        .limit(1);
      const written = ((await auditRows()) ?? 0) - rowsBefore;
      if (answer.statusCode >= 300 || written !== 1 || last?.action !== action) {
        wrong.push(`${action}: ${answer.statusCode}, ${written} rows, last ${last?.action}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes no row for a refused change', async () => {
    const before = await auditRows();
    const refused = await send({ url: 'admin/reviews/999999/hide', payload: {} }, owner);
    expect(refused.statusCode).toBe(404);
    expect(await auditRows()).toBe(before);
  });

  describe('when the audit row cannot be written', () => {
    beforeAll(async () => {
      await ctx.database.db.execute(sql`
        CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'the audit log refuses rows'; END $$`);
      await ctx.database.db.execute(sql`
        CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    });
    afterAll(async () => {
      await ctx.database.db.execute(sql`DROP TRIGGER refuse_audit ON admin_audit_log`);
    });

    it('answers the error for every change and leaves nothing done', async () => {
      const all = await calls();
      const before = await auditRows();
      const wrong: string[] = [];
      for (const [action, call] of Object.entries(all)) {
        const status = (await send(call, owner)).statusCode;
        if (status !== 500) wrong.push(`${action}: ${status}`);
      }
      expect(wrong).toEqual([]);
      expect(await auditRows()).toBe(before);
      // The owner's session survived its own refused sign-out.
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/backend/api/admin/me',
            headers: { authorization: `Bearer ${owner}` },
          })
        ).statusCode,
      ).toBe(200);
      const orderOf = (url: string) => Number(url.split('/')[2]);
      const [moved] = await ctx.database.db
        .select({ status: orders.orderStatus })
        .from(orders)
        .where(eq(orders.id, orderOf(all['POST admin/orders/:id/status']?.url ?? '')));
      expect(moved?.status).toBe('Pending');
      const [paid] = await ctx.database.db
        .select({ payment: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, orderOf(all['POST admin/orders/:id/payment-received']?.url ?? '')));
      expect(paid?.payment).toBe('Pending');
      const created = await ctx.database.db
        .select()
        .from(admins)
        .where(eq(admins.email, `new${run}@gifts.example`));
      expect(created).toEqual([]);
      const hidden = await ctx.database.db
        .select()
        .from(productReviews)
        .where(eq(productReviews.hidden, true));
      expect(hidden).toEqual([]);
    });

    it('refuses the sign-in and keeps no token of it', async () => {
      const tokensBefore = (await ctx.database.db.select({ n: count() }).from(adminTokens))[0]?.n;
      expect((await signIn()).statusCode).toBe(500);
      expect((await ctx.database.db.select({ n: count() }).from(adminTokens))[0]?.n).toBe(tokensBefore);
    });
  });
});
