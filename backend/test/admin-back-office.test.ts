/**
 * The back office's API (issue 21) against a real database: roles and staff, the audit log, the
 * order queue (search, filters, new marks per admin, proofs first), the shipping detail, the
 * transfer guard and its owner override, the buyer's mails on status moves, the shop's mail on a
 * new order, held questions, hidden reviews, contact inquiries, threads and notifications.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  AdminSession,
  Cart,
  MessageThreadPage,
  Notification,
  PlacedOrder,
  ShippingAddress,
} from '@shop/contract';
import type {
  AdminAccountView,
  AdminOrderQueue,
  AdminQuestionPage,
  AdminShippingDetail,
  AdminThreadPage,
  AdminThreadView,
  AuditPage,
  Inquiry,
  InquiryPage,
} from '@shop/contract/schemas/backOffice';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/migrate';
import {
  buyers,
  orderLogs,
  orders,
  paymentProofs,
  productQuestions,
  productReviews,
  products,
} from '../src/db/schema';
import { detailsOf } from '../src/modules/admin/audit';
import { BUYER_NAME, queueSearch, SHIP_NAME } from '../src/modules/admin/orders';
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
const SHOP_EMAIL = 'shop@gifts.example';

describe.each(targets)('the back office API on %s', (target) => {
  let ctx: TestContext;
  let outbox: string;
  let owner: string;
  let staff: string;
  let staffId: number;
  let member: { id: number; token: string; email: string };

  const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token: string | null) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers: bearer(token) });
  const post = (url: string, payload: object, token: string | null) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers: bearer(token) });
  const put = (url: string, payload: object, token: string | null) =>
    ctx.app.inject({ method: 'PUT', url: `/backend/api/${url}`, payload, headers: bearer(token) });
  const login = async (email: string, password: string) =>
    dataOf<AdminSession>(await post('admin/login', { email, password }, null));
  const mailsTo = (email: string) => mailsToIn(ctx, outbox, email);
  const stockOf = async (id: number) =>
    (await ctx.database.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]
      ?.n;

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'shop-admin-outbox-'));
    ctx = await createTestApp(target, {
      auth: { scryptLogN: 10, mail: { outboxDir: outbox } },
      checkout: { shopEmail: SHOP_EMAIL },
    });
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'owner@gifts.example', OWNER_PASSWORD);
    const session = await login('owner@gifts.example', OWNER_PASSWORD);
    expect(session.admin.role).toBe('owner');
    owner = session.token;
    const created = await post('admin/admins', { email: 'Staff@Gifts.example' }, owner);
    expect(created.statusCode).toBe(201);
    const body = JSON.parse(created.body) as { data: { admin: AdminAccountView; password: string } };
    expect(body.data.admin).toMatchObject({ email: 'staff@gifts.example', role: 'staff', disabled: false });
    staffId = body.data.admin.id;
    staff = (await login('staff@gifts.example', body.data.password)).token;
    const m = await createMember(ctx.database);
    member = { id: m.buyer.id, token: m.token, email: m.buyer.email };
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  describe('roles', () => {
    it('makes admins of before owners, and staff only by an owner', async () => {
      await ctx.database.db.execute(
        sql`INSERT INTO admins (email, password_hash) VALUES ('old@gifts.example', 'x')`,
      );
      const [old] = rowsOf<{ role: string }>(
        await ctx.database.db.execute(sql`SELECT role FROM admins WHERE email = 'old@gifts.example'`),
      );
      expect(old?.role).toBe('owner');
      expect(dataOf<{ admin: { role: string } }>(await get('admin/me', staff)).admin.role).toBe('staff');
      expect((await post('admin/admins', { email: 'more@gifts.example' }, staff)).statusCode).toBe(403);
      const taken = await post('admin/admins', { email: 'staff@gifts.example' }, owner);
      expect([taken.statusCode, failureOf(taken).error.code]).toEqual([409, 'ADMIN_EXISTS']);
      // Two at once: one made, the other 409 (not a 500 from the unique index).
      const both = await Promise.all(
        [1, 2].map(() => post('admin/admins', { email: 'twice@gifts.example' }, owner)),
      );
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const notEmail = await post('admin/admins', { email: 'not-an-address' }, owner);
      expect(notEmail.statusCode).toBe(400);
      expect(failureOf(notEmail).error.fields?.email).toBeTruthy();
    });

    it('keeps staff out of admins, the audit log, settings and remote releases; both run orders', async () => {
      for (const url of ['admin/admins', 'admin/audit', 'admin/settings', 'admin/remotes']) {
        expect([url, (await get(url, staff)).statusCode]).toEqual([url, 403]);
        expect([url, (await get(url, owner)).statusCode]).toEqual([url, 200]);
      }
      const promote = await post('admin/remotes/catalog/promote', { version: '1.0.0', reason: 'x' }, staff);
      expect(promote.statusCode).toBe(403);
      expect((await get('admin/orders', staff)).statusCode).toBe(200);
    });

    it('disables a staff admin at once (tokens and sign-in), never an owner; enables again', async () => {
      const made = await post(
        'admin/admins',
        { email: 'temp@gifts.example', password: 'temporary-pass-1' },
        owner,
      );
      expect(made.statusCode).toBe(201);
      const extra = (JSON.parse(made.body) as { data: { admin: AdminAccountView } }).data;
      const token = (await login('temp@gifts.example', 'temporary-pass-1')).token;
      const disabled = await post(
        `admin/admins/${extra.admin.id}/disable`,
        { reason: 'left the team' },
        owner,
      );
      expect(dataOf<{ admin: AdminAccountView }>(disabled).admin.disabled).toBe(true);
      expect((await get('admin/orders', token)).statusCode).toBe(401);
      expect(
        (await post('admin/login', { email: 'temp@gifts.example', password: 'temporary-pass-1' }, null))
          .statusCode,
      ).toBe(401);
      const ownerRow = dataOf<{ items: AdminAccountView[] }>(await get('admin/admins', owner)).items.find(
        (admin) => admin.email === 'owner@gifts.example',
      );
      const refused = await post(`admin/admins/${ownerRow?.id}/disable`, {}, owner);
      expect([refused.statusCode, failureOf(refused).error.code]).toEqual([409, 'ADMIN_IS_OWNER']);
      expect((await post(`admin/admins/${extra.admin.id}/disable`, {}, staff)).statusCode).toBe(403);
      await post(`admin/admins/${extra.admin.id}/enable`, {}, owner);
      expect((await login('temp@gifts.example', 'temporary-pass-1')).admin.role).toBe('staff');
    });

    it('writes every action to the audit log (who, what, which object, the reason), read by owners', async () => {
      const { order } = await insertOrder(ctx.database, member.id);
      await post(`admin/orders/${order.id}/status`, { order_status: 'Cancel' }, staff);
      await post(`admin/admins/${staffId}/disable`, { reason: 'holiday' }, owner);
      await post(`admin/admins/${staffId}/enable`, { reason: 'back' }, owner);
      const { items, _meta } = dataOf<AuditPage>(await get('admin/audit', owner));
      expect(_meta.totalCount).toBeGreaterThan(3);
      const [enable, disable, cancel] = items;
      expect(enable).toMatchObject({
        action: 'POST admin/admins/:id/enable',
        object_id: String(staffId),
        reason: 'back',
        before: { disabled: true },
        after: { disabled: false },
      });
      expect(disable).toMatchObject({
        admin: { email: 'owner@gifts.example' },
        reason: 'holiday',
        before: { disabled: false },
        after: { disabled: true },
      });
      expect(cancel).toMatchObject({
        admin: { email: 'staff@gifts.example' },
        action: 'POST admin/orders/:id/status',
        object_type: 'orders',
        object_id: String(order.id),
        details: { order_status: 'Cancel' },
        before: { order_status: order.orderStatus },
        after: { order_status: 'Cancel' },
      });
      // Sign-ins are actions too; a password never reaches the log; reads are not actions.
      expect(items.some((entry) => entry.action === 'POST admin/login')).toBe(true);
      expect(JSON.stringify(items)).not.toContain('temporary-pass-1');
      expect(items.some((entry) => entry.action.startsWith('GET '))).toBe(false);
      // staff was re-enabled but its tokens ended when disabled
      staff = (await login('staff@gifts.example', await resetStaffPassword())).token;
    });
  });

  describe('refusals in the audit log', () => {
    const refusals = async (action: string) =>
      dataOf<AuditPage>(await get(`admin/audit?action=${encodeURIComponent(action)}`, owner)).items;

    it('records a failed sign-in with the e-mail typed and never the password, outside any transaction', async () => {
      const before = (await refusals('refused POST admin/login')).length;
      const wrong = await post(
        'admin/login',
        { email: ' Owner@Gifts.example ', password: 'a-wrong-secret-99' },
        null,
      );
      expect(wrong.statusCode).toBe(401);
      const unknown = await post(
        'admin/login',
        { email: 'nobody@gifts.example', password: 'x-secret-1' },
        null,
      );
      expect(unknown.statusCode).toBe(401);
      const rows = await refusals('refused POST admin/login');
      expect(rows).toHaveLength(before + 2);
      expect(rows[0]).toMatchObject({
        admin: { id: null, email: 'nobody@gifts.example' },
        action: 'refused POST admin/login',
        details: { status: 401, email: 'nobody@gifts.example' },
      });
      expect(rows[1]).toMatchObject({ admin: { id: null, email: 'owner@gifts.example' } });
      expect(JSON.stringify(rows)).not.toMatch(/a-wrong-secret-99|x-secret-1/);
    });

    it("records a staff admin's refused owners-only attempt (403) and an unpaid dispatch with a staff reason", async () => {
      const before = (await refusals('refused')).length;
      expect((await get('admin/settings', staff)).statusCode).toBe(403);
      const made = await post(
        'admin/admins',
        { email: 'sneaky@gifts.example', password: 'sneaky-pass-12' },
        staff,
      );
      expect(made.statusCode).toBe(403);
      const { order } = await insertOrder(ctx.database, member.id, { method: 'Bank Transfer' });
      const dispatch = await post(
        `admin/orders/${order.id}/status`,
        { order_status: 'Dispatch', reason: 'trust me' },
        staff,
      );
      expect(dispatch.statusCode).toBe(403);
      const rows = await refusals('refused');
      expect(rows).toHaveLength(before + 3);
      const [moved, created, read] = rows;
      expect(read).toMatchObject({
        admin: { id: staffId, email: 'staff@gifts.example' },
        action: 'refused GET admin/settings',
        details: { status: 403 },
      });
      expect(created).toMatchObject({ action: 'refused POST admin/admins', details: { status: 403 } });
      expect(moved).toMatchObject({
        action: 'refused POST admin/orders/:id/status',
        object_id: String(order.id),
        reason: 'trust me',
        details: { status: 403, order_status: 'Dispatch' },
      });
      expect(JSON.stringify(rows)).not.toContain('sneaky-pass-12');
      // The refused action itself changed nothing.
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.orderStatus).not.toBe('Dispatch');
    });

    it('answers the refusal even when its row cannot be written', async () => {
      await ctx.database.db.execute(sql`
        CREATE FUNCTION refuse_refusals() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN IF NEW.action LIKE 'refused %' THEN RAISE EXCEPTION 'no refusals'; END IF; RETURN NEW; END $$`);
      await ctx.database.db.execute(sql`
        CREATE TRIGGER refuse_refusals BEFORE INSERT ON admin_audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_refusals()`);
      try {
        const refused = await get('admin/audit', staff);
        expect([refused.statusCode, failureOf(refused).error.code]).toEqual([403, 'FORBIDDEN']);
        expect(
          (await post('admin/login', { email: 'x@gifts.example', password: 'nope-nope-1' }, null)).statusCode,
        ).toBe(401);
      } finally {
        await ctx.database.db.execute(sql`DROP TRIGGER refuse_refusals ON admin_audit_log`);
        await ctx.database.db.execute(sql`DROP FUNCTION refuse_refusals()`);
      }
    });
  });

  /** Staff's password was generated; for the tests after a disable, a known one is set. */
  async function resetStaffPassword() {
    const password = 'staff-password-123';
    const hash = await new PasswordHasher(10).hash(password);
    await ctx.database.db.execute(sql`UPDATE admins SET password_hash = ${hash} WHERE id = ${staffId}`);
    return password;
  }

  describe('the order queue', () => {
    it('finds orders by number, e-mail or name, filters them, and puts proofs awaiting a decision first', async () => {
      const other = await createMember(ctx.database);
      const { order: cod } = await insertOrder(ctx.database, other.buyer.id);
      const { order: transfer } = await insertOrder(ctx.database, other.buyer.id, {
        method: 'Money Exchange Transfer',
        status: 'Payment Pending',
        daysAgo: 40,
      });
      await ctx.database.db.insert(paymentProofs).values({ orderId: transfer.id, image: 'proof.png' });

      const page = async (query: string) =>
        dataOf<AdminOrderQueue>(await get(`admin/orders?${query}`, owner));
      expect((await page(`q=${cod.orderNumber.toLowerCase()}`)).items.map((o) => o.id)).toEqual([cod.id]);
      const byEmail = await page(`q=${encodeURIComponent(other.buyer.email.toUpperCase())}`);
      expect(byEmail.items.map((o) => o.id).sort()).toEqual([cod.id, transfer.id].sort());
      expect((await page('q=Layla%20Nass')).items.length).toBeGreaterThanOrEqual(2);
      expect((await page('q=%25')).items).toEqual([]);
      const byMethod = await page('payment_method=Money%20Exchange%20Transfer');
      expect(byMethod.items.every((o) => o.payment_method === 'Money Exchange Transfer')).toBe(true);
      const day = transfer.createdAt.toISOString().slice(0, 10);
      const onDay = await page(`from=${day}&to=${day}`);
      expect(onDay.items.map((o) => o.id)).toContain(transfer.id);
      expect(onDay.items.map((o) => o.id)).not.toContain(cod.id);
      const all = await page('');
      expect(all.items[0]).toMatchObject({ id: transfer.id, proof_pending: true });
      expect(all.items.filter((o) => o.proof_pending).length).toBe(1);
      const badDay = await get('admin/orders?from=2026-02-30', owner);
      expect(badDay.statusCode).toBe(400);
      const backwards = await get('admin/orders?from=2026-03-02&to=2026-03-01', owner);
      expect([backwards.statusCode, failureOf(backwards).error.fields?.to]).toEqual([400, 'Not before from']);
    });

    it('has indexes for the queue search by number, e-mail and name (= for a number or an e-mail), its order and its proofs-first mark', async () => {
      const plan = async (query: string | SQLWrapper) =>
        ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          const explained = typeof query === 'string' ? sql.raw(`EXPLAIN ${query}`) : sql`EXPLAIN ${query}`;
          const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(explained));
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
      // The queue's own search condition: a name on both names' trigram indexes, an e-mail and an
      // order number with `=` on their b-tree indexes.
      const searched = (q: string) =>
        ctx.database.db
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(buyers, eq(buyers.id, orders.buyerId))
          .where(queueSearch(q));
      const db = ctx.database.db;
      const shipName = db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${SHIP_NAME} ILIKE '%layla nass%'`);
      expect(await plan(shipName)).toContain('orders_ship_name_trgm');
      const buyerName = db
        .select({ id: buyers.id })
        .from(buyers)
        .where(sql`${BUYER_NAME} ILIKE '%layla nass%'`);
      expect(await plan(buyerName)).toContain('buyers_name_trgm');
      const byEmail = await plan(searched('Omar@Example.com'));
      expect([byEmail.includes('orders_ship_email_lookup'), byEmail.includes('buyers_email_lookup')]).toEqual(
        [true, true],
      );
      expect(await plan(searched('gs-2611-000123'))).toContain('orders_order_number_key');
      expect(await plan(`SELECT id FROM orders WHERE order_number ILIKE '%4711%'`)).toContain(
        'orders_order_number_trgm',
      );
      expect(await plan(`SELECT id FROM orders WHERE ship_email ILIKE '%omar%'`)).toContain(
        'orders_ship_email_trgm',
      );
      expect(await plan(`SELECT id FROM buyers WHERE email ILIKE '%omar%'`)).toContain('buyers_email_trgm');
      expect(await plan('SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 20')).toContain(
        'orders_created_at',
      );
      expect(
        await plan(`SELECT order_id FROM payment_proofs WHERE status = 'Pending' AND order_id = 1`),
      ).toMatch(/payment_proofs_(pending|one_open)/);
    });

    const placedAt = (id: number, at: string) =>
      ctx.database.db.execute(sql`UPDATE orders SET created_at = ${sql.raw(at)} WHERE id = ${id}`);

    it('marks an order new for each admin until that admin opens it', async () => {
      const { order } = await insertOrder(ctx.database, member.id);
      await placedAt(order.id, 'now()');
      const isNew = async (token: string) =>
        dataOf<AdminOrderQueue>(await get(`admin/orders?q=${order.orderNumber}`, token)).items[0]?.is_new;
      expect([await isNew(owner), await isNew(staff)]).toEqual([true, true]);
      expect((await get(`admin/orders/${order.id}`, staff)).statusCode).toBe(200);
      expect([await isNew(owner), await isNew(staff)]).toEqual([true, false]);
      const onlyNew = dataOf<AdminOrderQueue>(await get('admin/orders?new=true', staff));
      expect(onlyNew.items.map((o) => o.id)).not.toContain(order.id);
      expect(onlyNew.items.every((o) => o.is_new)).toBe(true);
    });

    it("marks new only orders placed after the admin's account was made, and all orders seen on request", async () => {
      const { order: old } = await insertOrder(ctx.database, member.id);
      await placedAt(old.id, "'2020-01-01T00:00:00Z'");
      const { order: fresh } = await insertOrder(ctx.database, member.id);
      await placedAt(fresh.id, 'now()');
      const isNew = async (id: number, number: string, token: string) =>
        dataOf<AdminOrderQueue>(await get(`admin/orders?q=${number}`, token)).items.find((o) => o.id === id)
          ?.is_new;
      expect(await isNew(old.id, old.orderNumber, owner)).toBe(false);
      expect(await isNew(old.id, old.orderNumber, staff)).toBe(false);
      expect([
        await isNew(fresh.id, fresh.orderNumber, owner),
        await isNew(fresh.id, fresh.orderNumber, staff),
      ]).toEqual([true, true]);
      const seen = await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/admin/orders/seen',
        headers: bearer(staff),
      });
      expect(seen.statusCode).toBe(200);
      expect([
        await isNew(fresh.id, fresh.orderNumber, owner),
        await isNew(fresh.id, fresh.orderNumber, staff),
      ]).toEqual([true, false]);
      const onlyNew = dataOf<AdminOrderQueue>(await get('admin/orders?new=true', staff));
      expect(onlyNew.items.map((o) => o.id)).not.toContain(fresh.id);
    });

    it('marks seen only the orders up to the newest one shown: one placed since stays new', async () => {
      await ctx.database.db.execute(
        sql`UPDATE admins SET orders_seen_until = now() - interval '1 hour' WHERE email = 'owner@gifts.example'`,
      );
      const { order: shown } = await insertOrder(ctx.database, member.id);
      // Half a millisecond past the millisecond the API shows.
      await placedAt(
        shown.id,
        "date_trunc('milliseconds', now() - interval '1 minute') + interval '500 microseconds'",
      );
      const { order: since } = await insertOrder(ctx.database, member.id);
      await placedAt(since.id, "now() - interval '10 seconds'");
      const queued = async (number: string) =>
        dataOf<AdminOrderQueue>(await get(`admin/orders?q=${number}`, owner)).items[0];
      const onScreen = await queued(shown.orderNumber);
      expect(onScreen?.is_new).toBe(true);
      const seen = await post('admin/orders/seen', { until: onScreen?.created_at }, owner);
      expect(seen.statusCode).toBe(200);
      expect([(await queued(shown.orderNumber))?.is_new, (await queued(since.orderNumber))?.is_new]).toEqual([
        false,
        true,
      ]);
      // A time to come counts as now, and the mark never moves back.
      await post('admin/orders/seen', { until: '2999-01-01T00:00:00.000Z' }, owner);
      const { order: later } = await insertOrder(ctx.database, member.id);
      await placedAt(later.id, "now() + interval '1 minute'");
      await post('admin/orders/seen', { until: '2020-01-01T00:00:00.000Z' }, owner);
      expect([(await queued(since.orderNumber))?.is_new, (await queued(later.orderNumber))?.is_new]).toEqual([
        false,
        true,
      ]);
      expect((await post('admin/orders/seen', { until: 'yesterday' }, owner)).statusCode).toBe(400);
      // A time the format lets through but PostgreSQL has no timestamp for: no 500, no change.
      expect((await post('admin/orders/seen', { until: '0000-01-01T00:00:00Z' }, owner)).statusCode).toBe(
        200,
      );
      expect((await queued(later.orderNumber))?.is_new).toBe(true);
    });

    it('shows everything needed to ship: recipient and phone, address, items with gift texts and logo, packaging, totals, log', async () => {
      const { order, item } = await insertOrder(ctx.database, member.id, {
        logo: 'logo.png',
        packaging: true,
      });
      const detail = dataOf<{ order: AdminShippingDetail }>(
        await get(`admin/orders/${order.id}`, owner),
      ).order;
      expect(detail.recipient).toEqual({
        first_name: 'Layla',
        last_name: 'Nasser',
        email: null,
        mobile: '+971 501234567',
        country: 'United Arab Emirates',
        city: 'Dubai',
        address: 'Villa 12, Al Wasl Road',
      });
      const [line] = detail.ordered_products;
      expect(line?.customization).toMatchObject({
        toWhom: 'Sami',
        image: `/backend/api/admin/orders/${order.id}/items/${item.id}/logo`,
      });
      expect(line?.packaging?.title).toBe('Gift box');
      expect(detail.total_amount).toBe(25);
      expect(detail.log.map((entry) => entry.action)).toEqual(['Order placed']);
      expect(detail.buyer.email).toBe(member.email);
    });
  });

  it("keeps no password, token or secret in an audit row's details, at any depth", () => {
    expect(
      detailsOf({
        reason: 'kept apart',
        newPassword: 'p',
        note: 'kept',
        nested: { api_token: 't', name: 'n', deeper: { clientSecret: 's', ok: true } },
        list: [{ secret: 's', id: 1 }],
      }),
    ).toEqual({ note: 'kept', nested: { name: 'n', deeper: { ok: true } }, list: [{ id: 1 }] });
  });

  describe('status guards', () => {
    it('dispatches a transfer order only once paid, or with an owner’s written reason (audited)', async () => {
      for (const method of ['Money Exchange Transfer', 'Bank Transfer'] as const) {
        const { order } = await insertOrder(ctx.database, member.id, { method, status: 'Payment Pending' });
        const refused = await post(`admin/orders/${order.id}/status`, { order_status: 'Dispatch' }, owner);
        expect([refused.statusCode, failureOf(refused).error.code]).toEqual([409, 'PAYMENT_NOT_RECEIVED']);
        const staffOverride = await post(
          `admin/orders/${order.id}/status`,
          { order_status: 'Dispatch', reason: 'paid in cash at the shop' },
          staff,
        );
        expect(staffOverride.statusCode).toBe(403);
        const overridden = await post(
          `admin/orders/${order.id}/status`,
          { order_status: 'Dispatch', reason: 'paid in cash at the shop' },
          owner,
        );
        expect(overridden.statusCode).toBe(200);
        // The reason is the shop's: the audit keeps it with the owner's name, the buyer never sees it.
        const log = await ctx.database.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id));
        expect(log.map((entry) => entry.action).join('\n')).not.toContain('paid in cash');
        const buyerView = await get(`buyer-orders/${order.id}`, member.token);
        expect(buyerView.statusCode).toBe(200);
        expect(buyerView.body).not.toContain('paid in cash');
        expect(buyerView.body).not.toContain('before payment');
        const [audit] = dataOf<AuditPage>(await get('admin/audit', owner)).items;
        expect(audit).toMatchObject({
          admin: { email: 'owner@gifts.example' },
          object_id: String(order.id),
          reason: 'paid in cash at the shop',
        });
      }
      const { order: paid } = await insertOrder(ctx.database, member.id, {
        method: 'Money Exchange Transfer',
        status: 'Payment Pending',
      });
      // With no confirmed proof, marking the payment received is the guard's way round: owners only, with a reason.
      expect((await post(`admin/orders/${paid.id}/payment-received`, {}, staff)).statusCode).toBe(403);
      expect(
        (await post(`admin/orders/${paid.id}/payment-received`, { reason: 'bank ref 7781' }, staff))
          .statusCode,
      ).toBe(403);
      const noReason = await post(`admin/orders/${paid.id}/payment-received`, {}, owner);
      expect([noReason.statusCode, failureOf(noReason).error.code]).toEqual([409, 'PROOF_NOT_CONFIRMED']);
      expect(
        (await post(`admin/orders/${paid.id}/payment-received`, { reason: 'bank ref 7781' }, owner))
          .statusCode,
      ).toBe(200);
      const [received] = dataOf<AuditPage>(await get('admin/audit', owner)).items;
      expect(received).toMatchObject({
        admin: { email: 'owner@gifts.example' },
        action: 'POST admin/orders/:id/payment-received',
        object_id: String(paid.id),
        reason: 'bank ref 7781',
      });
      expect(
        (await post(`admin/orders/${paid.id}/status`, { order_status: 'Dispatch' }, staff)).statusCode,
      ).toBe(200);
      const { order: cod } = await insertOrder(ctx.database, member.id);
      expect(
        (await post(`admin/orders/${cod.id}/status`, { order_status: 'Dispatch' }, staff)).statusCode,
      ).toBe(200);
    });

    it('puts the stock back on Cancel, and mails and notifies the buyer on dispatch, delivery and cancel', async () => {
      const before = await stockOf(5);
      const { order } = await insertOrder(ctx.database, member.id, { productId: 5, quantity: 3 });
      expect(
        (await post(`admin/orders/${order.id}/status`, { order_status: 'Cancel' }, staff)).statusCode,
      ).toBe(200);
      expect(await stockOf(5)).toBe((before ?? 0) + 3);
      // Goods on their way are not put back on sale: a dispatched order is not canceled.
      const { order: onItsWay } = await insertOrder(ctx.database, member.id, {
        productId: 5,
        quantity: 2,
        status: 'Dispatch',
      });
      const late = await post(`admin/orders/${onItsWay.id}/status`, { order_status: 'Cancel' }, owner);
      expect([late.statusCode, failureOf(late).error.code]).toEqual([409, 'STATUS_MOVE_NOT_ALLOWED']);
      expect(failureOf(late).error.message).toContain('on its way');
      expect(await stockOf(5)).toBe((before ?? 0) + 3);
      const { order: shipped } = await insertOrder(ctx.database, member.id);
      await post(`admin/orders/${shipped.id}/status`, { order_status: 'Dispatch' }, staff);
      await post(`admin/orders/${shipped.id}/status`, { order_status: 'Delivered' }, staff);
      const mails = await mailsTo(member.email);
      expect(
        mails.some((mail) => mail.includes(`Subject: Your order ${order.orderNumber} is canceled`)),
      ).toBe(true);
      expect(
        mails.some((mail) => mail.includes(`Subject: Your order ${shipped.orderNumber} is on its way`)),
      ).toBe(true);
      expect(
        mails.some((mail) => mail.includes(`Subject: Your order ${shipped.orderNumber} is delivered`)),
      ).toBe(true);
      const notes = dataOf<{ items: Notification[] }>(await get('notifications', member.token)).items;
      expect(notes.some((n) => n.note === `Your order ${shipped.orderNumber}: Order is on its way`)).toBe(
        true,
      );
    });

    it('lists proofs awaiting a decision, oldest first; confirming one receives the payment', async () => {
      const { order } = await insertOrder(ctx.database, member.id, {
        method: 'Money Exchange Transfer',
        status: 'Payment Pending',
      });
      const [proof] = await ctx.database.db
        .insert(paymentProofs)
        .values({ orderId: order.id, image: 'slip.png' })
        .returning();
      const pending = dataOf<{ items: { id: number; order: { id: number } }[] }>(
        await get('admin/proofs', staff),
      );
      expect(pending.items.map((p) => p.id)).toContain(proof?.id);
      expect((await post(`admin/proofs/${proof?.id}/confirm`, {}, staff)).statusCode).toBe(200);
      expect(
        (await post(`admin/orders/${order.id}/status`, { order_status: 'Dispatch' }, staff)).statusCode,
      ).toBe(200);
    });
  });

  describe('mail to the shop', () => {
    it('sends the shop a mail for every new order, to SHOP_EMAIL or the order e-mail an owner set', async () => {
      expect(dataOf<{ order_email: string }>(await get('admin/settings', owner)).order_email).toBe(
        SHOP_EMAIL,
      );
      const bad = await put('admin/settings', { order_email: 'not an address' }, owner);
      expect(bad.statusCode).toBe(422);
      expect((await put('admin/settings', { order_email: 'orders@gifts.example' }, staff)).statusCode).toBe(
        403,
      );
      const set = await put('admin/settings', { order_email: 'orders@gifts.example' }, owner);
      expect(dataOf<{ order_email: string }>(set).order_email).toBe('orders@gifts.example');
      // The audit row keeps the setting before and after the change.
      const [row] = dataOf<AuditPage>(
        await get(`admin/audit?action=${encodeURIComponent('PUT admin/settings')}`, owner),
      ).items;
      expect(row).toMatchObject({
        before: { order_email: SHOP_EMAIL },
        after: { order_email: 'orders@gifts.example' },
      });

      const shopper = await createMember(ctx.database);
      await ctx.database.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, 3));
      await post('cart/add', { product_id: 3, quantity: 1 }, shopper.token);
      const addressMade = await post(
        'buyers-shipping-address/create',
        shippingAddress({ country_id: 1 }),
        shopper.token,
      );
      const address = JSON.parse(addressMade.body) as { data: { item: ShippingAddress } };
      await post('cart/add-shipping-address', { address_id: address.data.item.id }, shopper.token);
      dataOf<Cart>(
        await post('cart/add-payment-method', { payment_method: 'Money Exchange Transfer' }, shopper.token),
      );
      const placed = await post('cart/member-checkout', { member_checkout: true }, shopper.token);
      const { order } = dataOf<PlacedOrder>(placed);
      const shopMails = await mailsTo('orders@gifts.example');
      expect(shopMails.some((mail) => mail.includes(`Subject: New order ${order.order_id}`))).toBe(true);
      // The new order is marked new and found by its number; it cannot be dispatched unpaid.
      const found = dataOf<AdminOrderQueue>(await get(`admin/orders?q=${order.order_id}`, owner));
      expect(found.items).toEqual([expect.objectContaining({ id: order.id, is_new: true })]);
      const early = await post(`admin/orders/${order.id}/status`, { order_status: 'Dispatch' }, owner);
      expect(early.statusCode).toBe(409);
      await put('admin/settings', { order_email: null }, owner);
      expect(dataOf<{ order_email: string }>(await get('admin/settings', owner)).order_email).toBe(
        SHOP_EMAIL,
      );
    });
  });

  describe('moderation', () => {
    const question = 'Does this gift box come with a card that I can write a message on, please?';

    it('holds a product question until an admin approves or answers it', async () => {
      const shown = async () =>
        dataOf<{ items: { id: number; question: string; answer: string | null }[] }>(
          await get('product-questions?ProductQuestionsSearch[product_id]=2', null),
        ).items;
      const asked = await post(
        'product-questions/create',
        { product_id: 2, questioner_name: 'Rana', questioner_email: 'rana@example.com', question },
        null,
      );
      expect(asked.statusCode).toBe(201);
      const id = (JSON.parse(asked.body) as { data: { item: { id: number } } }).data.item.id;
      expect((await shown()).map((q) => q.id)).not.toContain(id);
      const held = dataOf<AdminQuestionPage>(await get('admin/questions?held=true', staff));
      expect(held.items.map((q) => q.id)).toContain(id);
      expect((await post(`admin/questions/${id}/approve`, {}, staff)).statusCode).toBe(200);
      expect((await shown()).map((q) => q.id)).toContain(id);
      expect(await mailsTo('rana@example.com')).toEqual([]);
      await post(`admin/questions/${id}/answer`, { answer: 'Yes, a card comes with it.' }, staff);
      expect((await shown()).find((q) => q.id === id)?.answer).toBe('Yes, a card comes with it.');
      // The asker hears of the answer by mail (queued with it, sent once it commits); approving sent none.
      const [mail, ...more] = await mailsTo('rana@example.com');
      expect(more).toEqual([]);
      expect(mail).toContain('Your question about');
      expect(mail).toContain('> Does this gift box come with a card');
      expect(mail).toContain('Yes, a card comes with it.');
      const second = await post(
        'product-questions/create',
        { product_id: 2, questioner_name: 'Omar', questioner_email: 'omar@example.com', question },
        null,
      );
      const secondId = (JSON.parse(second.body) as { data: { item: { id: number } } }).data.item.id;
      await post(`admin/questions/${secondId}/answer`, { answer: 'It does.' }, owner);
      expect((await shown()).map((q) => q.id)).toContain(secondId);
      expect(dataOf<AdminQuestionPage>(await get('admin/questions?held=true', staff)).items).toEqual([]);
    });

    it('keeps the first answer to a question: a second one is 409 QUESTION_ANSWERED and mails nothing more', async () => {
      const asked = await post(
        'product-questions/create',
        { product_id: 3, questioner_name: 'Lina', questioner_email: 'lina@example.com', question },
        null,
      );
      const id = (JSON.parse(asked.body) as { data: { item: { id: number } } }).data.item.id;
      // Two admins answer at once (two tabs): one answer wins, the other is refused.
      const both = await Promise.all([
        post(`admin/questions/${id}/answer`, { answer: 'From the owner.' }, owner),
        post(`admin/questions/${id}/answer`, { answer: 'From the staff.' }, staff),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = both.find((r) => r.statusCode === 409);
      expect(loser && failureOf(loser).error).toMatchObject({
        code: 'QUESTION_ANSWERED',
        message: 'This question is already answered (the answer is shown on its page).',
      });
      const winner = both.find((r) => r.statusCode === 200);
      const kept = winner && dataOf<{ question: { answer: string } }>(winner).question.answer;
      const again = await post(`admin/questions/${id}/answer`, { answer: 'A third try.' }, owner);
      expect([again.statusCode, failureOf(again).error.code]).toEqual([409, 'QUESTION_ANSWERED']);
      const [row] = await ctx.database.db.select().from(productQuestions).where(eq(productQuestions.id, id));
      expect(row?.answer).toBe(kept);
      const mails = await mailsTo('lina@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(kept);
      // Approving it again changes nothing; an unknown question is still 404.
      expect((await post(`admin/questions/${id}/approve`, {}, staff)).statusCode).toBe(200);
      expect((await post('admin/questions/999999/answer', { answer: 'x' }, staff)).statusCode).toBe(404);
    });

    it('hides a review from the product page and its summary, and shows it again', async () => {
      const [review] = await ctx.database.db
        .insert(productReviews)
        .values({ productId: 4, buyerName: 'Troll', rating: 1, comments: 'spam spam' })
        .returning();
      const page = async () =>
        dataOf<{ items: { id: number }[]; summary: { count: number } }>(
          await get('product-reviews?ProductReviewsSearch[product_id]=4', null),
        );
      const before = await page();
      expect(before.items.map((r) => r.id)).toContain(review?.id);
      expect((await post(`admin/reviews/${review?.id}/hide`, { reason: 'spam' }, staff)).statusCode).toBe(
        200,
      );
      const hidden = await page();
      expect(hidden.items.map((r) => r.id)).not.toContain(review?.id);
      expect(hidden.summary.count).toBe(before.summary.count - 1);
      await post(`admin/reviews/${review?.id}/show`, {}, staff);
      expect((await page()).summary.count).toBe(before.summary.count);
    });

    it("takes a hidden review out of its product's rating and review count (the card), and puts it back when shown", async () => {
      const [row] = await ctx.database.db
        .select({ slug: products.slug })
        .from(products)
        .where(eq(products.id, 5));
      const card = async () =>
        dataOf<{ item: { reviews: { rating: number; count: number } } }>(
          await get(`products/by-slug/${row?.slug}`, null),
        ).item.reviews;
      const shown = async () =>
        (
          await ctx.database.db
            .select({ rating: productReviews.rating })
            .from(productReviews)
            .where(sql`${productReviews.productId} = 5 AND NOT ${productReviews.hidden}`)
        ).map((r) => r.rating);
      const expected = (ratings: number[]) => ({
        count: ratings.length,
        rating: ratings.length
          ? Math.round((ratings.reduce((a, b) => a + b, 0) * 10) / ratings.length) / 10
          : 0,
      });
      const [review] = await ctx.database.db
        .insert(productReviews)
        .values({ productId: 5, buyerName: 'Troll', rating: 1, comments: 'one star for all' })
        .returning();
      await post(`admin/reviews/${review?.id}/show`, {}, owner);
      expect(await card()).toMatchObject(expected(await shown()));
      const withTroll = await card();
      expect((await post(`admin/reviews/${review?.id}/hide`, { reason: 'spam' }, staff)).statusCode).toBe(
        200,
      );
      const without = await card();
      expect(without).toMatchObject(expected(await shown()));
      expect(without.count).toBe(withTroll.count - 1);
      await post(`admin/reviews/${review?.id}/show`, {}, staff);
      expect(await card()).toEqual(withTroll);
    });
  });

  describe('conversations', () => {
    it('reads contact inquiries and answers them by e-mail', async () => {
      const sent = await post(
        'contact-us',
        { full_name: 'Hadi Karam', email: 'hadi@example.com', message: 'Do you deliver to Tripoli?' },
        null,
      );
      expect(sent.statusCode).toBeLessThan(300);
      const list = dataOf<InquiryPage>(await get('admin/inquiries?unanswered=true', staff));
      const inquiry = list.items.find((item) => item.email === 'hadi@example.com');
      expect(inquiry).toMatchObject({ read: false, answer: null });
      const read = dataOf<{ inquiry: Inquiry }>(await get(`admin/inquiries/${inquiry?.id}`, staff));
      expect(read.inquiry.read).toBe(true);
      const answered = await post(
        `admin/inquiries/${inquiry?.id}/answer`,
        { message: 'Yes, in two days.' },
        staff,
      );
      expect(dataOf<{ inquiry: Inquiry }>(answered).inquiry.answer).toBe('Yes, in two days.');
      const mails = await mailsTo('hadi@example.com');
      expect(
        mails.some(
          (mail) => mail.includes('Yes, in two days.') && mail.includes('> Do you deliver to Tripoli?'),
        ),
      ).toBe(true);
      expect(
        dataOf<InquiryPage>(await get('admin/inquiries?unanswered=true', staff)).items.map((i) => i.id),
      ).not.toContain(inquiry?.id);
    });

    it('keeps the first answer to an inquiry: a second one is 409 INQUIRY_ANSWERED and mails nothing more', async () => {
      await post(
        'contact-us',
        { full_name: 'Maya Aoun', email: 'maya@example.com', message: 'Can I change my address?' },
        null,
      );
      const list = dataOf<InquiryPage>(await get('admin/inquiries?unanswered=true', staff));
      const id = list.items.find((item) => item.email === 'maya@example.com')?.id;
      // Two admins answer at once (two tabs): one answer wins, the other is refused.
      const both = await Promise.all([
        post(`admin/inquiries/${id}/answer`, { message: 'Yes, from the owner.' }, owner),
        post(`admin/inquiries/${id}/answer`, { message: 'Yes, from the staff.' }, staff),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = both.find((r) => r.statusCode === 409);
      expect(loser && failureOf(loser).error).toMatchObject({
        code: 'INQUIRY_ANSWERED',
        message: 'This inquiry is already answered: its sender has the first answer.',
      });
      const winner = both.find((r) => r.statusCode === 200);
      const kept = winner && dataOf<{ inquiry: Inquiry }>(winner).inquiry;
      const again = await post(`admin/inquiries/${id}/answer`, { message: 'Later words.' }, owner);
      expect([again.statusCode, failureOf(again).error.code]).toEqual([409, 'INQUIRY_ANSWERED']);
      const read = dataOf<{ inquiry: Inquiry }>(await get(`admin/inquiries/${id}`, staff)).inquiry;
      expect(read).toMatchObject({ answer: kept?.answer, answered_at: kept?.answered_at });
      const mails = await mailsTo('maya@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(kept?.answer);
      expect((await post('admin/inquiries/999999/answer', { message: 'x' }, staff)).statusCode).toBe(404);
    });

    it("starts a thread with a member (general or about one of their orders, never another's)", async () => {
      const started = await post(
        'admin/messages',
        { buyer_id: member.id, subject: 'Your engraving', message: 'Which font would you like?' },
        staff,
      );
      expect(started.statusCode).toBe(201);
      const threads = dataOf<MessageThreadPage>(await get('buyer-messages', member.token));
      expect(threads.items.map((t) => t.subject)).toContain('Your engraving');
      // The inbox names the member of every thread, and an order thread's order number.
      const inbox = dataOf<AdminThreadPage>(await get('admin/messages', owner));
      const mine = inbox.items.find((t) => t.subject === 'Your engraving');
      expect(mine?.buyer).toEqual({ id: member.id, email: member.email, name: 'Maya Haddad' });
      expect(mine?.order_number).toBeNull();
      const view = dataOf<AdminThreadView>(await get(`admin/messages/${mine?.id}`, owner));
      expect(view.buyer.email).toBe(member.email);
      const stranger = await createMember(ctx.database);
      const { order } = await insertOrder(ctx.database, stranger.buyer.id);
      const wrong = await post(
        'admin/messages',
        { buyer_id: member.id, order_id: order.id, subject: 'x', message: 'y' },
        staff,
      );
      expect(wrong.statusCode).toBe(404);
      const unknown = await post('admin/messages', { buyer_id: 999999, subject: 'x', message: 'y' }, staff);
      expect(unknown.statusCode).toBe(404);
    });

    it('starts no thread with a guest: 404, members only, with the reason', async () => {
      const [guest] = rowsOf<{ id: number }>(
        await ctx.database.db.execute(
          sql`INSERT INTO buyers (type, email, first_name, last_name) VALUES ('Guest', 'guest@example.com', 'Rami', 'Haddad') RETURNING id`,
        ),
      );
      const refused = await post(
        'admin/messages',
        { buyer_id: guest?.id, subject: 'x', message: 'y' },
        staff,
      );
      expect(refused.statusCode).toBe(404);
      expect(failureOf(refused).error.message).toBe(
        'Threads are started with members only: this buyer checked out as a guest.',
      );
      const threads = await ctx.database.db.execute(
        sql`SELECT id FROM buyer_messages WHERE buyer_id = ${guest?.id ?? 0}`,
      );
      expect(rowsOf(threads)).toEqual([]);
    });

    it('notifies one member or every member', async () => {
      const sent = await post('admin/notifications/all', { note: 'Holiday hours: we close at 6 pm' }, staff);
      expect(sent.statusCode).toBe(201);
      const [members] = rowsOf<{ n: number }>(
        await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM buyers WHERE type = 'Member'`),
      );
      expect((JSON.parse(sent.body) as { data: { sent: number } }).data.sent).toBe(members?.n);
      const notes = dataOf<{ items: Notification[] }>(await get('notifications', member.token)).items;
      expect(notes.some((n) => n.note === 'Holiday hours: we close at 6 pm')).toBe(true);
    });
  });
});
