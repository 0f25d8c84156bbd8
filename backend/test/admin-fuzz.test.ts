/**
 * The admin endpoints fuzzed from their OpenAPI schemas with an owner's token (fuzz.test.ts sends a
 * member's, which every admin endpoint refuses at the door): valid, boundary and malformed inputs
 * reach the handlers, and none answers a 5xx or a 4xx outside the envelope. FUZZ_RUNS sets the
 * cases per operation (default 60 here).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminSession } from '@shop/contract';
import fc from 'fast-check';
import { acceptableEntry } from '../src/modules/remotes/overrides';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createMember, createTestApp, dataOf, type TestContext, targets } from './db';
import { type Operation, operationsOf, requestsFor, send } from './fuzz/openApiFuzz';
import { insertOrder } from './orderFixtures';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

describe.each(targets)('fuzzing the admin endpoints as an owner on %s', (target) => {
  let ctx: TestContext;
  let operations: Operation[] = [];
  const ownerToken = async () =>
    dataOf<AdminSession>(
      await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/admin/login',
        payload: { email: 'owner@gifts.example', password: 'owner-password-1' },
      }),
    ).token;

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      products: 10,
      auth: {
        scryptLogN: 10,
        mail: { outboxDir: mkdtempSync(path.join(tmpdir(), 'shop-admin-fuzz-outbox-')) },
        // A fresh sign-in per operation, all from one address.
        adminThrottle: { perIp: 10_000, perIpAndEmail: 10_000, perAccount: 10_000 },
      },
    });
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'owner@gifts.example', 'owner-password-1');
    const member = await createMember(ctx.database);
    for (let i = 0; i < 5; i++) await insertOrder(ctx.database, member.buyer.id);
    operations = operationsOf(ctx.app).filter(
      (operation) => operation.path.includes('/admin/') && !operation.path.endsWith('/admin/login'),
    );
  });
  afterAll(() => ctx.close());

  it('refuses a remote override entry that passes the pattern but is no URL (was a 500)', async () => {
    expect(acceptableEntry('http://%//remoteEntry.js', 'signed-any')).toBe(false);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/remotes/overrides',
      payload: { remote: 'auth', entry: 'http://%//remoteEntry.js', minutes: 10 },
      headers: { authorization: `Bearer ${await ownerToken()}` },
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });

  it('answers every generated request without a 5xx, and every 4xx in the envelope', async () => {
    expect(operations.length).toBeGreaterThan(35);
    const statuses = new Map<number, number>();
    for (const operation of operations) {
      // A fresh token per operation: a fuzzed sign-out must not end the next operation's session.
      const token = await ownerToken();
      await fc.assert(
        fc.asyncProperty(requestsFor(operation, token), async (request) => {
          const answer = await send(ctx.app, request);
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          if (answer.problem) {
            throw new Error(`${request.method} ${request.url} ${request.payload ?? ''} → ${answer.problem}`);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    const successes = [...statuses].filter(([status]) => status < 300).reduce((n, [, count]) => n + count, 0);
    expect(successes).toBeGreaterThan(operations.length * 3);
  }, 600_000);
});
