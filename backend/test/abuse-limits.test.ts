/**
 * Issue 15, "abuse has limits, shared by every API instance": the sign-in throttle per account
 * across IPs and per realm (buyers, admins), the client IP from the trusted proxy hops, the rate
 * limits of the anonymous writes and probes (counted in the database, so two app instances on one
 * database share them), admin sign-out and revoke-sessions, and reset links voided by a new
 * password.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { User } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { orderCommands } from '../scripts/orderCommands';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { loginAttempts, rateLimitCounters } from '../src/db/schema';
import { DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimits } from '../src/hooks/rateLimits';
import { createAdmin } from '../src/services/admins';
import { DEFAULT_THROTTLE } from '../src/services/loginThrottle';
import { PasswordHasher } from '../src/services/passwords';
import { pruneExpiredCounters } from '../src/services/rateLimitCounters';
import { createTestApp, dataOf, failureOf, registration, type TestContext, targets } from './db';

const TEST_SCRYPT_LOG_N = 10;
const API = '/backend/api';
/** Every anonymous limit lowered to 3 a minute, so a test reaches each one in a few requests. */
const LIMIT = 3;
const LOW_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: LIMIT, windowMs: 60_000 }]),
) as RateLimits;
/** The gateway in front (TRUST_PROXY=1): requests reach the app from its address. */
const GATEWAY = '172.18.0.2';
const PASSWORD = 'Secret123';
const ADMIN_PASSWORD = 'correct-horse-battery';

type App = TestContext['app'];

let counter = 0;
const freshEmail = (label = 'buyer') => `${label}${++counter}.${Date.now().toString(36)}@example.com`;
/** Each test's clients get addresses of their own, so counters never cross tests. */
const freshIp = () => `198.51.${Math.floor(++counter / 250)}.${counter % 250}`;

/** QP soft line breaks undone, so the link reads as one line. */
const unfold = (text: string) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe.each(targets)('abuse limits on %s', (target) => {
  let ctx: TestContext;
  /** A second API instance on the same database, as behind a load balancer. */
  let twin: App;
  let outbox: string;

  /** A request from `client`, through the gateway (X-Forwarded-For as nginx writes it). */
  const send = (
    app: App,
    method: 'GET' | 'POST',
    url: string,
    client: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `${API}/${url}`,
      payload,
      remoteAddress: GATEWAY,
      headers: { 'x-forwarded-for': client, ...headers },
    });
  const login = (email: string, password: string, client: string, app: App = ctx.app) =>
    send(app, 'POST', 'buyers/login', client, { email, password });
  const adminLogin = (email: string, password: string, client: string) =>
    send(ctx.app, 'POST', 'admin/login', client, { email, password });

  /** A member signed up through the API, from an address of its own (sign-up is limited too). */
  async function signUp(email = freshEmail()): Promise<User> {
    const response = await send(
      ctx.app,
      'POST',
      'buyers/register',
      freshIp(),
      registration(email, { password: PASSWORD, confirm_password: PASSWORD }),
    );
    expect(response.statusCode).toBe(201);
    return (JSON.parse(response.body) as { data: { user: User } }).data.user;
  }

  /** The reset links mailed to `email` so far, oldest first. */
  async function resetHashesOf(email: string): Promise<string[]> {
    await ctx.app.mailer.idle();
    return readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => unfold(readFileSync(path.join(outbox, name), 'utf8')))
      .filter((mail) => mail.includes(`To: ${email}`))
      .map((mail) => /reset-password\/([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '')
      .filter((hash) => hash !== '');
  }

  async function requestReset(email: string): Promise<string> {
    const before = await resetHashesOf(email);
    dataOf(await send(ctx.app, 'POST', 'buyers/forgot-password', freshIp(), { email }));
    const after = await resetHashesOf(email);
    expect(after).toHaveLength(before.length + 1);
    return after[after.length - 1] ?? '';
  }

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'shop-abuse-outbox-'));
    const options = {
      trustProxy: 1,
      rateLimits: LOW_LIMITS,
      auth: { scryptLogN: TEST_SCRYPT_LOG_N, mail: { outboxDir: outbox } },
    };
    ctx = await createTestApp(target, { products: 5, ...options });
    twin = await buildApp({ database: ctx.database, ...options });
    await twin.ready();
  });
  afterAll(async () => {
    await twin.close();
    await ctx.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  describe('sign-in throttle', () => {
    it('throttles 100 guesses at one account from 25 IPs after 10 failures, for every IP', async () => {
      const { email } = await signUp();
      const statuses: number[] = [];
      for (let ip = 0; ip < 25; ip++) {
        const client = freshIp();
        for (let guess = 0; guess < 4; guess++)
          statuses.push((await login(email, `Wrong${guess}x1`, client)).statusCode);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(DEFAULT_THROTTLE.perAccount);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100 - DEFAULT_THROTTLE.perAccount);

      // The account is closed from everywhere, even with the right password…
      const owner = await login(email, PASSWORD, freshIp());
      expect(owner.statusCode).toBe(429);
      expect(failureOf(owner).error.code).toBe('TOO_MANY_REQUESTS');
      const retryAfter = Number(owner.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      // …until the oldest failures leave the 15-minute window.
      await ctx.database.db
        .update(loginAttempts)
        .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '16 minutes'` })
        .where(eq(loginAttempts.email, email));
      expect((await login(email, PASSWORD, freshIp())).statusCode).toBe(200);
    });

    it('lets the owner in at once after a password reset, however long the attack goes on', async () => {
      const { email } = await signUp();
      for (let guess = 0; guess < DEFAULT_THROTTLE.perAccount; guess++)
        expect((await login(email, 'Wrong123', freshIp())).statusCode).toBe(401);
      expect((await login(email, PASSWORD, freshIp())).statusCode).toBe(429);

      const hash = await requestReset(email);
      const reset = await send(ctx.app, 'POST', 'buyers/reset-password', freshIp(), {
        hash,
        password: 'Fresh4567',
        confirm_password: 'Fresh4567',
      });
      expect(reset.statusCode).toBe(200);
      expect((await login(email, 'Fresh4567', freshIp())).statusCode).toBe(200);
    });

    it('answers an unknown e-mail exactly as a known one: 401s, then the same 429', async () => {
      const { email: known } = await signUp();
      const unknown = freshEmail('nobody');
      const answers = async (email: string) => {
        const seen: string[] = [];
        for (let guess = 0; guess <= DEFAULT_THROTTLE.perAccount; guess++) {
          const response = await login(email, 'Wrong123', freshIp());
          seen.push(`${response.statusCode} ${JSON.stringify(failureOf(response).error)}`);
        }
        return seen;
      };
      const forKnown = await answers(known);
      expect(forKnown.at(-1)).toMatch(/^429 /);
      expect(await answers(unknown)).toEqual(forKnown);
    });

    it("does not lock out another IP's buyer when an attacker's IP is throttled", async () => {
      const { email } = await signUp();
      const attacker = freshIp();
      // Spraying many accounts fills the attacker's per-IP budget (20)…
      for (let guess = 0; guess < DEFAULT_THROTTLE.perIp; guess++)
        expect((await login(freshEmail('victim'), 'Wrong123', attacker)).statusCode).toBe(401);
      expect((await login(email, PASSWORD, attacker)).statusCode).toBe(429);
      // …and the buyer at home signs in.
      expect((await login(email, PASSWORD, freshIp())).statusCode).toBe(200);

      // Guessing one account from one IP closes that pair (5), not the account (10).
      const other = await signUp();
      const guesser = freshIp();
      for (let guess = 0; guess < DEFAULT_THROTTLE.perIpAndEmail; guess++)
        expect((await login(other.email, 'Wrong123', guesser)).statusCode).toBe(401);
      expect((await login(other.email, PASSWORD, guesser)).statusCode).toBe(429);
      expect((await login(other.email, PASSWORD, freshIp())).statusCode).toBe(200);
    });

    it('takes the client IP one hop back: forged X-Forwarded-For entries change nothing', async () => {
      const { email } = await signUp();
      const client = freshIp();
      for (let guess = 0; guess < DEFAULT_THROTTLE.perIpAndEmail; guess++) {
        // The client writes its own entries; the gateway appends the address it saw.
        const forged = `${freshIp()}, 10.0.0.${guess}`;
        expect((await login(email, 'Wrong123', `${forged}, ${client}`)).statusCode).toBe(401);
      }
      expect((await login(email, PASSWORD, `${freshIp()}, ${client}`)).statusCode).toBe(429);
      // The rows name the client, never a forged entry.
      const rows = await ctx.database.db
        .select({ ip: loginAttempts.ip })
        .from(loginAttempts)
        .where(eq(loginAttempts.email, email));
      expect(new Set(rows.map((row) => row.ip))).toEqual(new Set([client]));
    });

    it('counts admins apart from buyers: each side has its own budget on one IP and one e-mail', async () => {
      const email = freshEmail('ops');
      await createAdmin(ctx.database.db, new PasswordHasher(TEST_SCRYPT_LOG_N), email, ADMIN_PASSWORD);
      await signUp(email);

      // A buyer sign-in spray fills the buyers' per-IP budget of this IP; admins sign in from it.
      const shared = freshIp();
      for (let guess = 0; guess < DEFAULT_THROTTLE.perIp; guess++)
        expect((await login(freshEmail('victim'), 'Wrong123', shared)).statusCode).toBe(401);
      expect((await login(email, PASSWORD, shared)).statusCode).toBe(429);
      expect((await adminLogin(email, ADMIN_PASSWORD, shared)).statusCode).toBe(200);

      // Admin guesses close the admin account (10 from any IPs); the buyer with that e-mail is untouched.
      for (let guess = 0; guess < 10; guess++)
        expect((await adminLogin(email, 'wrong-password-1', freshIp())).statusCode).toBe(401);
      const closed = await adminLogin(email, ADMIN_PASSWORD, freshIp());
      expect(closed.statusCode).toBe(429);
      expect(failureOf(closed).error.code).toBe('TOO_MANY_REQUESTS');
      expect((await login(email, PASSWORD, freshIp())).statusCode).toBe(200);

      const realms = await ctx.database.db
        .select({ realm: loginAttempts.realm, n: sql<number>`count(*)::int` })
        .from(loginAttempts)
        .where(eq(loginAttempts.email, email))
        .groupBy(loginAttempts.realm);
      expect(realms).toEqual([{ realm: 'admin', n: 10 }]);
    });
  });

  describe('rate limits of the anonymous writes and probes', () => {
    /** Each limited endpoint with a request a shopper could send (fresh data on every call). */
    const endpoints: {
      name: RateLimitName;
      method: 'GET' | 'POST';
      url: string;
      body?: () => object;
      ok: number;
    }[] = [
      {
        name: 'signUp',
        method: 'POST',
        url: 'buyers/register',
        body: () => registration(freshEmail(), { password: PASSWORD, confirm_password: PASSWORD }),
        ok: 201,
      },
      {
        name: 'registerGuest',
        method: 'POST',
        url: 'buyers/register-guest',
        body: () => ({ type: 'Express', first_name: 'Sami', email: freshEmail('guest') }),
        ok: 201,
      },
      {
        name: 'registerWishlist',
        method: 'POST',
        url: 'buyers/register-wishlist',
        body: () => ({ type: 'Wishlist', email: freshEmail('wish') }),
        ok: 201,
      },
      {
        name: 'checkEmailExist',
        method: 'POST',
        url: 'buyers/check-email-exist',
        body: () => ({ email: freshEmail() }),
        ok: 200,
      },
      {
        name: 'forgotPassword',
        method: 'POST',
        url: 'buyers/forgot-password',
        body: () => ({ email: freshEmail() }),
        ok: 200,
      },
      {
        name: 'contactUs',
        method: 'POST',
        url: 'contact-us',
        body: () => ({
          full_name: 'Rana Aziz',
          email: freshEmail('contact'),
          message: 'Do you deliver to Oman?',
        }),
        ok: 201,
      },
      {
        name: 'notifyMe',
        method: 'POST',
        url: 'notify-me',
        body: () => ({ product_id: 1, email: freshEmail('notify') }),
        ok: 200,
      },
      {
        name: 'productQuestions',
        method: 'POST',
        url: 'product-questions/create',
        body: () => ({
          product_id: 1,
          questioner_name: 'Rana Aziz',
          questioner_email: freshEmail('question'),
          question: 'Can the engraving be done in Arabic script, and how long does it take to ship?',
        }),
        ok: 201,
      },
      { name: 'suggestions', method: 'GET', url: 'suggestions?q=candle', ok: 200 },
      {
        name: 'remoteReports',
        method: 'POST',
        url: 'remote-loads',
        body: () => ({ remote: 'catalog', version: '0.1.0' }),
        ok: 200,
      },
    ];

    it('covers every limit the app defines', () => {
      expect(endpoints.map((endpoint) => endpoint.name).sort()).toEqual(
        Object.keys(DEFAULT_RATE_LIMITS).sort(),
      );
    });

    it.each(endpoints)(
      '$method $url answers 429 in the envelope after its limit, counted across two instances',
      async ({ name, method, url, body, ok }) => {
        const client = freshIp();
        const call = (app: App, from = client) => send(app, method, url, from, body?.());
        // The limit's requests, alternating between the two instances: all answered.
        for (let n = 0; n < LIMIT; n++) {
          const response = await call(n % 2 === 0 ? ctx.app : twin);
          expect([n, response.statusCode, response.body]).toEqual([n, ok, response.body]);
        }
        for (const app of [ctx.app, twin]) {
          const refused = await call(app);
          expect(refused.statusCode).toBe(429);
          expect(JSON.parse(refused.body)).toEqual({
            status: false,
            error: {
              code: 'TOO_MANY_REQUESTS',
              message: expect.stringMatching(
                /^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/,
              ),
            },
          });
          const retryAfter = Number(refused.headers['retry-after']);
          expect(retryAfter).toBeGreaterThan(0);
          expect(retryAfter).toBeLessThanOrEqual(60);
        }
        // Another client is not affected; the counter is one row per limit and client.
        expect((await call(ctx.app, freshIp())).statusCode).toBe(ok);
        const [row] = await ctx.database.db
          .select()
          .from(rateLimitCounters)
          .where(eq(rateLimitCounters.key, `${name}|${client}`));
        expect(row?.hits).toBe(LIMIT + 2);

        // A window that has ended starts over.
        await ctx.database.db
          .update(rateLimitCounters)
          .set({ windowEndsAt: sql`now() - interval '1 second'` })
          .where(eq(rateLimitCounters.key, `${name}|${client}`));
        expect((await call(twin)).statusCode).toBe(ok);
      },
    );

    it('keys on the client one hop back: forged X-Forwarded-For entries share one counter', async () => {
      const client = freshIp();
      const statuses: number[] = [];
      for (let n = 0; n <= LIMIT; n++) {
        const response = await send(ctx.app, 'POST', 'buyers/check-email-exist', `${freshIp()}, ${client}`, {
          email: freshEmail(),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 200), 429]);
    });

    it('counts hits that arrive at once exactly (one upsert per hit)', async () => {
      const client = freshIp();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          send(n % 2 === 0 ? ctx.app : twin, 'POST', 'buyers/check-email-exist', client, {
            email: freshEmail(),
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
      const [row] = await ctx.database.db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, `checkEmailExist|${client}`));
      expect(row?.hits).toBe(8);
    });

    it('does not count short search input, which never reaches the database', async () => {
      const client = freshIp();
      for (let n = 0; n < LIMIT + 3; n++)
        expect((await send(ctx.app, 'GET', 'suggestions?q=ab', client)).statusCode).toBe(200);
      const rows = await ctx.database.db
        .select()
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, `suggestions|${client}`));
      expect(rows).toEqual([]);
    });

    it('answers through the error handler when the counters cannot be read, and serves on', async () => {
      const client = freshIp();
      await ctx.database.db.execute(sql`ALTER TABLE rate_limit_counters RENAME TO rate_limit_counters_away`);
      try {
        const failed = await send(ctx.app, 'POST', 'buyers/check-email-exist', client, {
          email: freshEmail(),
        });
        expect(failed.statusCode).toBe(500);
        expect(failureOf(failed)).toEqual({
          status: false,
          error: { code: 'INTERNAL_ERROR', message: 'Action failed, please try again later.' },
        });
        // Routes without a limit never touch the counters.
        expect((await send(ctx.app, 'GET', 'health', client)).statusCode).toBe(200);
      } finally {
        await ctx.database.db.execute(
          sql`ALTER TABLE rate_limit_counters_away RENAME TO rate_limit_counters`,
        );
      }
      expect(
        (await send(ctx.app, 'POST', 'buyers/check-email-exist', client, { email: freshEmail() })).statusCode,
      ).toBe(200);
    });

    it('has production limits a shopper never meets', () => {
      for (const { max, windowMs } of Object.values(DEFAULT_RATE_LIMITS)) {
        expect(max).toBeGreaterThanOrEqual(10);
        expect(windowMs).toBeGreaterThanOrEqual(60_000);
      }
    });
  });

  describe('housekeeping', () => {
    it('prunes ended rate-limit windows and sign-in attempts older than the longest window', async () => {
      const db = ctx.database.db;
      const tag = freshIp();
      await db.insert(rateLimitCounters).values([
        { key: `test|ended|${tag}`, hits: 4, windowEndsAt: new Date(Date.now() - 1000) },
        { key: `test|live|${tag}`, hits: 4, windowEndsAt: new Date(Date.now() + 60_000) },
      ]);
      const old = freshEmail('old');
      await db.insert(loginAttempts).values([
        { ip: tag, email: old, attemptedAt: new Date(Date.now() - 16 * 60 * 1000) },
        { ip: tag, email: old, attemptedAt: new Date(Date.now() - 60 * 1000) },
      ]);

      expect(await pruneExpiredCounters(db)).toBeGreaterThanOrEqual(2);
      const keys = await db
        .select({ key: rateLimitCounters.key })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} LIKE ${`test|%|${tag}`}`);
      expect(keys).toEqual([{ key: `test|live|${tag}` }]);
      const attempts = await db.select().from(loginAttempts).where(eq(loginAttempts.email, old));
      expect(attempts).toHaveLength(1);
    });
  });

  describe('admin sessions', () => {
    const adminGet = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API}/admin/orders`,
        headers: { authorization: `Bearer ${token}` },
      });
    const adminSession = async (email: string) =>
      dataOf<{ token: string }>(await adminLogin(email, ADMIN_PASSWORD, freshIp())).token;

    it('signs an admin out with admin/logout: that token stops working, others go on', async () => {
      const email = freshEmail('ops');
      await createAdmin(ctx.database.db, new PasswordHasher(TEST_SCRYPT_LOG_N), email, ADMIN_PASSWORD);
      const [laptop, phone] = [await adminSession(email), await adminSession(email)];

      const out = await ctx.app.inject({
        method: 'POST',
        url: `${API}/admin/logout`,
        headers: { authorization: `Bearer ${laptop}` },
      });
      expect(dataOf(out)).toEqual({});
      expect((await adminGet(laptop)).statusCode).toBe(401);
      expect((await adminGet(phone)).statusCode).toBe(200);
      // No token, or a token already ended: 401, as for every admin call.
      expect(
        (await ctx.app.inject({ method: 'POST', url: `${API}/admin/logout`, payload: {} })).statusCode,
      ).toBe(401);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `${API}/admin/logout`,
            headers: { authorization: `Bearer ${laptop}` },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('ends every session of an admin with `revoke-sessions <email>` and says how many', async () => {
      const email = freshEmail('ops');
      const other = freshEmail('ops');
      const hasher = new PasswordHasher(TEST_SCRYPT_LOG_N);
      await createAdmin(ctx.database.db, hasher, email, ADMIN_PASSWORD);
      await createAdmin(ctx.database.db, hasher, other, ADMIN_PASSWORD);
      const tokens = [await adminSession(email), await adminSession(email)];
      const colleague = await adminSession(other);

      const command = orderCommands['revoke-sessions'];
      if (!command) throw new Error('revoke-sessions is not a command');
      const printed = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        await command.run(ctx.database, [email.toUpperCase()]);
        expect(printed.mock.calls).toEqual([[`2 sessions of ${email} ended.`]]);
      } finally {
        printed.mockRestore();
      }
      for (const token of tokens) expect((await adminGet(token)).statusCode).toBe(401);
      expect((await adminGet(colleague)).statusCode).toBe(200);
      await expect(command.run(ctx.database, ['nobody@example.com'])).rejects.toThrow(
        'No admin has the e-mail nobody@example.com.',
      );
    });
  });

  describe('reset links after a new password', () => {
    it('refuses a reset link issued before the member changed the password', async () => {
      const user = await signUp();
      const early = await requestReset(user.email);
      const changed = await ctx.app.inject({
        method: 'POST',
        url: `${API}/buyers/change-password`,
        headers: { authorization: `Bearer ${user.token}` },
        payload: { old_password: PASSWORD, new_password: 'Changed789', confirm_password: 'Changed789' },
      });
      expect(dataOf(changed)).toEqual({});

      const check = await send(ctx.app, 'POST', 'buyers/check-reset-password-hash', freshIp(), {
        hash: early,
      });
      expect(check.statusCode).toBe(404);
      const reset = await send(ctx.app, 'POST', 'buyers/reset-password', freshIp(), {
        hash: early,
        password: 'Hijack1234',
        confirm_password: 'Hijack1234',
      });
      expect(reset.statusCode).toBe(404);
      expect((await login(user.email, 'Changed789', freshIp())).statusCode).toBe(200);

      // A link asked for after the change works.
      const late = await requestReset(user.email);
      dataOf(await send(ctx.app, 'POST', 'buyers/check-reset-password-hash', freshIp(), { hash: late }));
    });

    it('refuses the other links once one reset is completed', async () => {
      const { email } = await signUp();
      const first = await requestReset(email);
      const second = await requestReset(email);
      const done = await send(ctx.app, 'POST', 'buyers/reset-password', freshIp(), {
        hash: second,
        password: 'Fresh4567',
        confirm_password: 'Fresh4567',
      });
      expect(dataOf(done)).toEqual({});
      const stale = await send(ctx.app, 'POST', 'buyers/reset-password', freshIp(), {
        hash: first,
        password: 'Hijack1234',
        confirm_password: 'Hijack1234',
      });
      expect(stale.statusCode).toBe(404);
    });
  });
});

describe('RATE_LIMITS', () => {
  it('replaces named limits, keeping their windows; the rest stay the defaults', () => {
    expect(loadConfig({}).rateLimits).toEqual({});
    expect(loadConfig({ RATE_LIMITS: 'signUp=200, registerGuest=150' }).rateLimits).toEqual({
      signUp: { ...DEFAULT_RATE_LIMITS.signUp, max: 200 },
      registerGuest: { ...DEFAULT_RATE_LIMITS.registerGuest, max: 150 },
    });
  });

  it('is refused at start-up when a name or a number is wrong', () => {
    for (const bad of ['signup=20', 'signUp', 'signUp=0', 'signUp=-5', 'signUp=2.5', 'signUp=many'])
      expect(() => loadConfig({ RATE_LIMITS: bad })).toThrow(/^RATE_LIMITS must be name=max pairs/);
  });
});

// How TRUST_PROXY reads (hops or proxy addresses) and whom each form counts: trust-proxy.test.ts.
describe('TRUST_PROXY', () => {
  it.each(targets)('believes no X-Forwarded-For without trusted hops (%s)', async (target) => {
    const ctx = await createTestApp(target, { products: 0, rateLimits: LOW_LIMITS });
    try {
      const statuses: number[] = [];
      for (let n = 0; n <= LIMIT; n++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `${API}/buyers/check-email-exist`,
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': freshIp() },
          payload: { email: freshEmail() },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 200), 429]);
    } finally {
      await ctx.close();
    }
  });
});
