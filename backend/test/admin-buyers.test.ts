/**
 * GET admin/buyers (issue 21): the members a thread or a notification can go to, found by e-mail
 * (whole: `=`), a part of the e-mail or the name, or an order number; never a guest; each with
 * their newest orders; paged; the indexes the search reads. Roles: admin-matrix.test.ts.
 */
import type { AdminSession } from '@shop/contract';
import { ADMIN_BUYER_ORDERS, type AdminBuyerPage } from '@shop/contract/schemas/backOffice';
import { eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/migrate';
import { buyers, orders } from '../src/db/schema';
import { ADMIN_BUYERS_PER_PAGE, buyerSearch } from '../src/modules/admin/buyers';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createMember, createTestApp, dataOf, type TestContext, targets } from './db';
import { insertOrder } from './orderFixtures';

describe.each(targets)('GET admin/buyers on %s', (target) => {
  let ctx: TestContext;
  let staff: string;
  let noOrders: number;
  let withOrders: number;
  let guest: number;

  const find = (query: string, token: string | null = staff) =>
    ctx.app.inject({
      method: 'GET',
      url: `/backend/api/admin/buyers${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const found = async (query: string) => dataOf<AdminBuyerPage>(await find(query));
  const member = async (email: string, firstName: string, lastName: string) => {
    const made = await createMember(ctx.database);
    await ctx.database.db
      .update(buyers)
      .set({ email, firstName, lastName })
      .where(eq(buyers.id, made.buyer.id));
    return made;
  };

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    const hasher = new PasswordHasher(10);
    await createAdmin(ctx.database.db, hasher, 'staff@gifts.example', 'staff-password-1', { role: 'staff' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/login',
      payload: { email: 'staff@gifts.example', password: 'staff-password-1' },
    });
    staff = dataOf<AdminSession>(login).token;
    noOrders = (await member('Nadia.Karam@Example.com', 'Nadia', 'Karam')).buyer.id;
    withOrders = (await member('omar@example.com', 'Omar', 'Saleh')).buyer.id;
    for (let n = 0; n < ADMIN_BUYER_ORDERS + 2; n += 1) {
      await insertOrder(ctx.database, withOrders, { daysAgo: ADMIN_BUYER_ORDERS + 2 - n });
    }
    const [row] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(
        sql`INSERT INTO buyers (type, email, first_name, last_name) VALUES ('Guest', 'nadia.karam@example.com', 'Nadia', 'Karam') RETURNING id`,
      ),
    );
    guest = row?.id ?? 0;
    await insertOrder(ctx.database, guest);
  });
  afterAll(() => ctx.close());

  it('finds a member with no order by the whole e-mail, any case, and never the guest of the same e-mail', async () => {
    const page = await found('?q=NADIA.karam%40example.com');
    expect(page.items).toEqual([
      { id: noOrders, email: 'Nadia.Karam@Example.com', name: 'Nadia Karam', orders: [] },
    ]);
    expect(page._meta).toEqual({
      totalCount: 1,
      currentPage: 1,
      pageCount: 1,
      perPage: ADMIN_BUYERS_PER_PAGE,
    });
  });

  it('finds members by a part of the name or the e-mail, guests left out', async () => {
    expect((await found('?q=adia%20kar')).items.map((buyer) => buyer.id)).toEqual([noOrders]);
    expect((await found('?q=KARAM')).items.map((buyer) => buyer.id)).toEqual([noOrders]);
    expect((await found('?q=omar%40')).items.map((buyer) => buyer.id)).toEqual([withOrders]);
    // `%` and `_` are taken literally.
    expect((await found('?q=%25')).items).toEqual([]);
    const all = await found('');
    expect(all.items.map((buyer) => buyer.id)).toContain(noOrders);
    expect(all.items.map((buyer) => buyer.id)).not.toContain(guest);
  });

  it('gives each member their newest orders, at most ADMIN_BUYER_ORDERS, newest first', async () => {
    const [omar] = (await found('?q=omar%40example.com')).items;
    const theirs = await ctx.database.db
      .select({ id: orders.id, order_id: orders.orderNumber })
      .from(orders)
      .where(eq(orders.buyerId, withOrders))
      .orderBy(sql`${orders.createdAt} DESC, ${orders.id} DESC`)
      .limit(ADMIN_BUYER_ORDERS);
    expect(omar?.orders).toEqual(theirs);
    expect(omar?.orders).toHaveLength(ADMIN_BUYER_ORDERS);
  });

  it("finds the member who placed an order by its number, and nobody for a guest's order", async () => {
    const [mine] = await ctx.database.db.select().from(orders).where(eq(orders.buyerId, withOrders)).limit(1);
    await ctx.database.db
      .update(orders)
      .set({ orderNumber: 'GS-2611-900001' })
      .where(eq(orders.id, mine?.id ?? 0));
    await ctx.database.db
      .update(orders)
      .set({ orderNumber: 'GS-2611-900002' })
      .where(eq(orders.buyerId, guest));
    expect((await found('?q=gs-2611-900001')).items.map((buyer) => buyer.id)).toEqual([withOrders]);
    expect((await found('?q=GS-2611-900002')).items).toEqual([]);
  });

  it('pages newest member first, and an empty page past the end', async () => {
    for (let n = 0; n < ADMIN_BUYERS_PER_PAGE; n += 1)
      await member(`pager${n}@example.com`, 'Pager', `No ${n}`);
    const first = await found('?q=pager');
    expect(first._meta).toEqual({
      totalCount: ADMIN_BUYERS_PER_PAGE,
      currentPage: 1,
      pageCount: 1,
      perPage: 20,
    });
    expect(first.items.map((buyer) => buyer.email)).toEqual(
      Array.from(
        { length: ADMIN_BUYERS_PER_PAGE },
        (_, n) => `pager${ADMIN_BUYERS_PER_PAGE - 1 - n}@example.com`,
      ),
    );
    const all = await found('');
    expect(all._meta.pageCount).toBe(2);
    expect((await found('?page=2')).items).toHaveLength(all._meta.totalCount - ADMIN_BUYERS_PER_PAGE);
    expect((await found('?page=3')).items).toEqual([]);
  });

  it('refuses a search too long or empty (400), a buyer token (403) and no token (401)', async () => {
    expect((await find(`?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await find('?q=')).statusCode).toBe(400);
    expect((await find('?page=0')).statusCode).toBe(400);
    const shopper = await createMember(ctx.database);
    expect((await find('?q=nadia', shopper.token)).statusCode).toBe(403);
    expect((await find('?q=nadia', null)).statusCode).toBe(401);
  });

  it('is in the OpenAPI document with its q and page parameters', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/backend/api/docs/json' });
    const doc = JSON.parse(docs.body) as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const parameters = doc.paths['/backend/api/admin/buyers']?.get?.parameters ?? [];
    expect(parameters.map((parameter) => `${parameter.in} ${parameter.name}`).sort()).toEqual([
      'query page',
      'query q',
    ]);
  });

  it('searches on indexes: `=` on lower(e-mail), trigrams for a part of a name or an e-mail', async () => {
    const plan = (where: SQL) =>
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const query = ctx.database.db.select({ id: buyers.id }).from(buyers).where(where);
        const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`EXPLAIN ${query}`));
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    expect(await plan(buyerSearch('Omar@Example.com'))).toMatch(/buyers_(email_lookup|member_email)/);
    const byName = await plan(buyerSearch('layla nass'));
    expect([byName.includes('buyers_name_trgm'), byName.includes('buyers_email_trgm')]).toEqual([true, true]);
    expect(await plan(buyerSearch('gs-2611-000123'))).toContain('orders_order_number_key');
  });
});
