/**
 * The audit log's filters (issue 21, the back office's audit page): by the acting admin's e-mail
 * and by the action, any part and any case with `%` and `_` taken literally, and by UTC days
 * (both included; a day that does not exist or `to` before `from` is a 400 naming the field).
 */
import type { AdminSession } from '@shop/contract';
import type { AuditPage } from '@shop/contract/schemas/backOffice';
import { adminAuditLog } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createTestApp, dataOf, failureOf, type TestContext, targets } from './db';

const OWNER = { email: 'owner@gifts.example', password: 'owner-password-123' };

describe.each(targets)('the audit log filters on %s', (target) => {
  let ctx: TestContext;
  let owner: string;

  const audit = (query: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/backend/api/admin/audit?${query}`,
      headers: { authorization: `Bearer ${owner}` },
    });
  const actionsOf = async (query: string) =>
    dataOf<AuditPage>(await audit(query)).items.map((row) => `${row.admin.email} ${row.action}`);

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    await createAdmin(ctx.database.db, new PasswordHasher(10), OWNER.email, OWNER.password);
    const login = await ctx.app.inject({ method: 'POST', url: '/backend/api/admin/login', payload: OWNER });
    owner = dataOf<AdminSession>(login).token;
    // Rows on known days (the log's own rows of this set-up are today's).
    await ctx.database.db.insert(adminAuditLog).values([
      {
        adminEmail: 'staff.one@gifts.example',
        action: 'POST admin/orders/:id/status',
        createdAt: new Date('2026-03-01T23:59:59Z'),
      },
      {
        adminEmail: 'Staff.Two@gifts.example',
        action: 'POST admin/remotes/:remote/canary',
        createdAt: new Date('2026-03-02T00:00:00Z'),
      },
      {
        adminEmail: 'owner@gifts.example',
        action: 'POST admin/remotes/:remote/rollback',
        createdAt: new Date('2026-03-03T12:00:00Z'),
      },
    ]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('narrows by the acting admin, any part and any case', async () => {
    expect(await actionsOf('admin=STAFF')).toEqual([
      'Staff.Two@gifts.example POST admin/remotes/:remote/canary',
      'staff.one@gifts.example POST admin/orders/:id/status',
    ]);
    // `_` is a character, not a wildcard: no e-mail holds 'staff_one'.
    expect(await actionsOf('admin=staff_one')).toEqual([]);
    expect(await actionsOf('admin=%25')).toEqual([]);
  });

  it('narrows by the action, and combines the filters', async () => {
    expect(await actionsOf('action=remotes')).toEqual([
      'owner@gifts.example POST admin/remotes/:remote/rollback',
      'Staff.Two@gifts.example POST admin/remotes/:remote/canary',
    ]);
    expect(await actionsOf('action=remotes&admin=owner')).toEqual([
      'owner@gifts.example POST admin/remotes/:remote/rollback',
    ]);
  });

  it('narrows by UTC days, both included, and counts only what it shows', async () => {
    expect(await actionsOf('from=2026-03-01&to=2026-03-01')).toEqual([
      'staff.one@gifts.example POST admin/orders/:id/status',
    ]);
    const page = dataOf<AuditPage>(await audit('from=2026-03-02&to=2026-03-03'));
    expect(page.items.map((row) => row.action)).toEqual([
      'POST admin/remotes/:remote/rollback',
      'POST admin/remotes/:remote/canary',
    ]);
    expect(page._meta.totalCount).toBe(2);
    // The sign-in of this test's set-up is today's: after every planted row.
    expect(await actionsOf('from=2026-03-04&action=login')).toEqual(['owner@gifts.example POST admin/login']);
  });

  it('refuses a day that does not exist and a range that ends before it starts', async () => {
    const badDay = await audit('from=2026-02-30');
    expect([badDay.statusCode, failureOf(badDay).error.fields]).toEqual([400, { from: 'Not a day' }]);
    const backwards = await audit('from=2026-03-03&to=2026-03-01');
    expect([backwards.statusCode, failureOf(backwards).error.fields]).toEqual([
      400,
      { to: 'Not before from' },
    ]);
  });
});
