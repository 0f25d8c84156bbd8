/**
 * The IDOR and role matrix (issue 21): every admin endpoint the app registers (read from the app's
 * own route list, so a new one cannot be left out) × owner, staff, a buyer's token, a disabled
 * staff admin's token, no token → the expected status. Owners-only endpoints (admins, audit log,
 * settings, remote releases, a failed mail queued again; currencies, shipping, site settings) answer staff 403; every other admin endpoint lets staff through (its
 * answer is then whatever the call deserves, never 401 or 403). Buyer tokens are 403, none and
 * disabled ones 401. And the other way round: an admin token opens no buyer's data.
 */

import { randomBytes } from 'node:crypto';
import type { AdminSession } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { admins, adminTokens } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { hashToken } from '../src/services/auth';
import { PasswordHasher } from '../src/services/passwords';
import { createMember, createTestApp, dataOf, type TestContext, targets } from './db';
import { insertOrder } from './orderFixtures';

/**
 * Deny by default: the endpoints staff may call, each named. Every other admin endpoint (a new
 * one too, until it is added here on purpose) must answer staff 403.
 */
const STAFF_ALLOWED = new Set([
  'GET admin/me',
  'POST admin/logout',
  'GET admin/orders',
  'POST admin/orders/seen',
  'GET admin/orders/:id',
  'GET admin/orders/:id/items/:itemId/logo',
  'POST admin/orders/:id/status',
  'POST admin/orders/:id/payment-received',
  'GET admin/proofs',
  'GET admin/proofs/:proofId/file',
  'POST admin/proofs/:proofId/confirm',
  'POST admin/proofs/:proofId/reject',
  'GET admin/questions',
  'POST admin/questions/:id/answer',
  'POST admin/questions/:id/approve',
  'GET admin/reviews',
  'POST admin/reviews/:id/hide',
  'POST admin/reviews/:id/show',
  'GET admin/inquiries',
  'GET admin/inquiries/:id',
  'POST admin/inquiries/:id/answer',
  'GET admin/buyers',
  'GET admin/messages',
  'GET admin/messages/:id',
  'POST admin/messages',
  'POST admin/messages/:id/reply',
  'POST admin/notifications',
  'POST admin/notifications/all',
  'GET admin/products',
  'GET admin/products/options',
  'GET admin/products/:id',
  'POST admin/products',
  'PUT admin/products/:id',
  'POST admin/products/:id/archive',
  'POST admin/products/:id/unarchive',
  // Issue 22: stock with a reason and the catalogue as CSV (owners and staff).
  'POST admin/products/:id/stock',
  'GET admin/products/:id/stock-log',
  'GET admin/catalogue/export',
  'POST admin/catalogue/import',
  'GET admin/category-tree',
  'POST admin/category-tree/:level',
  'PUT admin/category-tree/:level/:id',
  'POST admin/category-tree/:level/:id/position',
  'DELETE admin/category-tree/:level/:id',
  // Issue 22: uploaded pictures and the home page's content (owners and staff).
  'POST admin/images',
  'GET admin/home',
  'POST admin/home/slides',
  'PUT admin/home/slides/:id',
  'DELETE admin/home/slides/:id',
  'POST admin/home/slides/:id/move',
  'POST admin/home/banners',
  'PUT admin/home/banners/:id',
  'DELETE admin/home/banners/:id',
  'POST admin/home/banners/:id/move',
  'PUT admin/home/deal',
  'DELETE admin/home/deal',
  'PUT admin/home/category-blocks/:position',
  'DELETE admin/home/category-blocks/:position',
  // Issue 22: the content pages (owners and staff; currencies, shipping and site settings are owners only).
  'GET admin/pages',
  'GET admin/pages/:page',
  'PUT admin/pages/:page',
  'POST admin/pages/preview',
]);
/**
 * The owners-only endpoints there are today (admins, audit log, settings, remote releases, mail
 * requeue; currencies, shipping and site settings).
 */
const OWNERS_ONLY_COUNT = 26;

describe.each(targets)('the admin role matrix on %s', (target) => {
  let ctx: TestContext;
  const tokens: Record<'owner' | 'staff' | 'buyer' | 'disabled', string> = {
    owner: '',
    staff: '',
    buyer: '',
    disabled: '',
  };
  let orderId = 0;

  const call = (method: string, url: string, token: string | null) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/backend/api/${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'GET' ? {} : { payload: {} }),
    });

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    const hasher = new PasswordHasher(10);
    await createAdmin(ctx.database.db, hasher, 'owner@gifts.example', 'owner-password-1');
    await createAdmin(ctx.database.db, hasher, 'staff@gifts.example', 'staff-password-1', { role: 'staff' });
    const gone = await createAdmin(ctx.database.db, hasher, 'gone@gifts.example', 'gone-password-1', {
      role: 'staff',
    });
    const login = async (email: string, password: string) =>
      dataOf<AdminSession>(
        await ctx.app.inject({
          method: 'POST',
          url: '/backend/api/admin/login',
          payload: { email, password },
        }),
      ).token;
    tokens.owner = await login('owner@gifts.example', 'owner-password-1');
    tokens.staff = await login('staff@gifts.example', 'staff-password-1');
    tokens.disabled = await login('gone@gifts.example', 'gone-password-1');
    const disabled = await call('POST', `admin/admins/${gone.admin.id}/disable`, tokens.owner);
    expect(disabled.statusCode).toBe(200);
    // A token written after the disable (a sign-in racing it): the disabled check itself must refuse it.
    tokens.disabled = `adm.${randomBytes(24).toString('base64url')}`;
    await ctx.database.db.insert(adminTokens).values({
      adminId: gone.admin.id,
      tokenHash: hashToken(tokens.disabled),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const member = await createMember(ctx.database);
    tokens.buyer = member.token;
    // The buyer's own order: even their own object is out of reach through an admin endpoint.
    orderId = (await insertOrder(ctx.database, member.buyer.id)).order.id;
  });
  afterAll(() => ctx.close());

  /** Every admin route but the sign-in, with its parameters filled in (the buyer's own order). */
  const adminRoutes = () =>
    ctx.app.apiRoutes
      .filter((route) => route.path.startsWith('admin/') && route.path !== 'admin/login')
      .map((route) => ({
        method: route.method,
        path: route.path,
        // An admin id nobody has: the owner's call must not disable the staff token mid-matrix.
        url: route.path
          .replace(/:remote\b/, 'catalog')
          .replace(/:\w+/g, route.path.startsWith('admin/admins') ? '999999' : String(orderId)),
        ownersOnly: !STAFF_ALLOWED.has(`${route.method} ${route.path}`),
      }));

  it('covers every admin endpoint (sign-out last, so every other call runs with live tokens)', () => {
    const routes = adminRoutes();
    // A route added or gone changes these: the new one is owners-only until listed in STAFF_ALLOWED.
    expect(routes.filter((route) => !route.ownersOnly).length).toBe(STAFF_ALLOWED.size);
    expect(routes.length).toBe(STAFF_ALLOWED.size + OWNERS_ONLY_COUNT);
  });

  it('answers every admin endpoint × owner, staff, buyer, disabled, none as the roles say', async () => {
    const wrong: string[] = [];
    const routes = adminRoutes().sort(
      (a, b) => Number(a.path === 'admin/logout') - Number(b.path === 'admin/logout'),
    );
    for (const route of routes) {
      const wanted = {
        none: 401,
        disabled: 401,
        buyer: 403,
        staff: route.ownersOnly ? 403 : 'through',
        owner: 'through',
      } as const;
      for (const who of ['none', 'disabled', 'buyer', 'staff', 'owner'] as const) {
        if (route.path === 'admin/logout' && (who === 'owner' || who === 'staff')) continue;
        const token = who === 'none' ? null : tokens[who];
        const status = (await call(route.method, route.url, token)).statusCode;
        const expected = wanted[who];
        const ok =
          expected === 'through' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!ok) wrong.push(`${route.method} ${route.path} as ${who}: ${status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps a token of before dead when a disabled admin is enabled again', async () => {
    const stale = await call('GET', 'admin/me', tokens.disabled);
    expect(stale.statusCode).toBe(401);
    const [gone] = await ctx.database.db.select().from(admins).where(eq(admins.email, 'gone@gifts.example'));
    expect((await call('POST', `admin/admins/${gone?.id}/enable`, tokens.owner)).statusCode).toBe(200);
    expect((await call('GET', 'admin/me', tokens.disabled)).statusCode).toBe(401);
  });

  it('opens no buyer data with an admin token, and no admin data with a buyer token of the same order', async () => {
    for (const url of ['buyer-orders', `buyer-orders/${orderId}`, 'notifications', 'buyer-messages']) {
      expect([url, (await call('GET', url, tokens.owner)).statusCode]).toEqual([url, 401]);
    }
    expect((await call('GET', `admin/orders/${orderId}`, tokens.buyer)).statusCode).toBe(403);
    expect((await call('GET', 'admin/orders', 'adm.forged-token')).statusCode).toBe(401);
  });
});
