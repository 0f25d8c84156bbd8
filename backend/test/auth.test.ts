import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthSlide, Cart, Country, SignedIn, User } from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { eq, gte, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { buyers, carts, loginAttempts, passwordResets, products, wishlistUsers } from '../src/db/schema';
import { DEFAULT_RATE_LIMITS } from '../src/hooks/rateLimits';
import {
  bearer,
  createMember,
  createTestApp,
  dataOf,
  decodeQuotedPrintable,
  failureOf,
  freshEmail,
  registration,
  type TestContext,
  targets,
} from './db';

/** Cheap hashes for tests (the default is 2^15). */
const TEST_SCRYPT_LOG_N = 10;

type Response = Awaited<ReturnType<TestContext['app']['inject']>>;

/** The data of a 201 envelope. */
function createdOf<T>(response: Response): T {
  const body = JSON.parse(response.body) as { status: boolean; data?: T };
  if (response.statusCode !== 201 || body.status !== true) {
    throw new Error(`Expected 201, got ${response.statusCode}: ${response.body}`);
  }
  return body.data as T;
}

describe.each(targets)('sign-in and sign-up on %s', (target) => {
  let ctx: TestContext;
  let outbox: string;
  /** Each test fails its logins from its own address, so per-IP counters never cross tests. */
  let ipCounter = 0;
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers, remoteAddress });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers });
  const register = async (email = freshEmail(), changes: Record<string, unknown> = {}) =>
    createdOf<{ user: User }>(await post('buyers/register', registration(email, changes))).user;
  const login = (email: string, password: string, extra: object = {}, ip?: string) =>
    post('buyers/login', { email, password, ...extra }, {}, ip);
  const isLoggedIn = async (headers: Record<string, string> = {}) =>
    dataOf<{ is_logged_in: boolean }>(await get('buyers/is-logged-in', headers)).is_logged_in;
  const outboxFiles = () => {
    try {
      return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'shop-outbox-'));
    ctx = await createTestApp(target, {
      auth: {
        scryptLogN: TEST_SCRYPT_LOG_N,
        publicUrl: 'http://shop.test/',
        mail: { outboxDir: outbox },
      },
      // The sign-up forms are rate limited per IP (abuse-limits.test.ts proves it); this file
      // registers far more buyers than a shopper would, all from one address.
      rateLimits: Object.fromEntries(
        Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 10_000, windowMs: 60_000 }]),
      ),
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  describe('reference lists', () => {
    it('keeps delivery countries a list of their own, wider than sign-up', async () => {
      const { list } = dataOf<{ list: { id: number; name: string }[] }>(await get('delivery-countries'));
      expect(list.length).toBeGreaterThan(2);
      expect(list.map((country) => country.name)).toEqual(
        expect.arrayContaining(['United Arab Emirates', 'Lebanon', 'Saudi Arabia']),
      );
    });

    it('lists countries with ISO code and dial code, UAE and Lebanon first', async () => {
      const { list } = dataOf<{ list: Country[] }>(await get('countries'));
      expect(list.slice(0, 2)).toEqual([
        { id: 1, name: 'United Arab Emirates', iso2: 'ae', dial_code: '971' },
        { id: 2, name: 'Lebanon', iso2: 'lb', dial_code: '961' },
      ]);
      for (const country of list) {
        expect(country.iso2).toMatch(/^[a-z]{2}$/);
        expect(country.dial_code).toMatch(/^\d{1,4}$/);
      }
    });

    it('lists genders and age groups', async () => {
      expect(dataOf(await get('gender'))).toEqual({ genders: [{ name: 'Male' }, { name: 'Female' }] });
      const { list } = dataOf<{ list: { id: number; name: string }[] }>(await get('age-group'));
      expect(list.map((group) => group.name)).toEqual([
        'Under 18',
        '18-24',
        '25-34',
        '35-44',
        '45-54',
        '55+',
      ]);
      expect(list.map((group) => group.id)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it.each(['signin-slides', 'signup-slides'])('serves %s with generated images', async (url) => {
      const { items } = dataOf<{ items: AuthSlide[] }>(await get(url));
      expect(items.length).toBeGreaterThanOrEqual(2);
      for (const slide of items) {
        expect(slide).toEqual({
          id: expect.any(Number),
          title: expect.any(String),
          sub_title: expect.any(String),
          image: `/backend/api/images/slides/${slide.id}.svg`,
        });
      }
      const image = await ctx.app.inject({ method: 'GET', url: items[0]?.image ?? '' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    });
  });

  describe('registration', () => {
    it('registers a member, signs them in, and stores the mobile as given', async () => {
      const email = freshEmail('Lina');
      const response = await post(
        'buyers/register',
        registration(email, { gender: 'female', country_id: '2' }),
      );
      const { user } = createdOf<{ user: User }>(response);
      expect(user).toEqual({
        id: expect.any(Number),
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        type: 'Member',
        first_name: 'Lina',
        last_name: 'Haddad',
        email,
        mobile: '+971 501234567',
        gender: 'Female',
        country_id: 2,
        alternate_email: null,
      });
      expect(await isLoggedIn(bearer(user.token))).toBe(true);
      const cart = await post('cart/get-items', {}, bearer(user.token));
      expect(cart.statusCode).toBe(200);
      const [row] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, user.id));
      expect(row?.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{88}$/);
    });

    it("answers every broken rule with the spec's message", async () => {
      const empty = await post('buyers/register', { type: 'Registration' });
      expect(empty.statusCode).toBe(422);
      expect(failureOf(empty).error).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        fields: {
          email: MESSAGES.emailRequired,
          first_name: MESSAGES.firstNameRequired,
          last_name: MESSAGES.lastNameRequired,
          password: MESSAGES.choosePassword,
          confirm_password: MESSAGES.retypePassword,
          mobile: MESSAGES.mobileRequired,
          country_id: MESSAGES.countryRequired,
          gender: MESSAGES.genderRequired,
        },
      });

      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ email: 'not-an-email' }, { email: MESSAGES.emailInvalid }],
        [{ password: 'weakpass', confirm_password: 'weakpass' }, { password: MESSAGES.passwordRule }],
        [
          { password: 'Secret1234567890X', confirm_password: 'Secret1234567890X' },
          { password: MESSAGES.passwordRule },
        ],
        [{ confirm_password: 'Secret124' }, { confirm_password: MESSAGES.passwordsDiffer }],
        [{ country_id: 999 }, { country_id: MESSAGES.countryRequired }],
        [{ country_id: 'abc' }, { country_id: MESSAGES.countryRequired }],
        // A real country, but not one sign-up offers (spec: United Arab Emirates 1, Lebanon 2).
        [{ country_id: 3 }, { country_id: MESSAGES.countryRequired }],
        [{ gender: 'Other' }, { gender: MESSAGES.genderRequired }],
        [{ mobile: '   ' }, { mobile: MESSAGES.mobileRequired }],
        [
          { gender: 'Robot', country_id: 999, first_name: '' },
          {
            gender: MESSAGES.genderRequired,
            country_id: MESSAGES.countryRequired,
            first_name: MESSAGES.firstNameRequired,
          },
        ],
      ];
      for (const [changes, fields] of cases) {
        const response = await post('buyers/register', registration(freshEmail(), changes));
        expect({ changes, status: response.statusCode, fields: failureOf(response).error.fields }).toEqual({
          changes,
          status: 422,
          fields,
        });
      }
    });

    it("refuses an e-mail already registered, in any letter case, with 'Email is already exist'", async () => {
      const email = freshEmail('Dup');
      await register(email);
      for (const variant of [email, email.toUpperCase(), `  ${email.toLowerCase()} `]) {
        const response = await post('buyers/register', registration(variant));
        expect(response.statusCode).toBe(409);
        expect(failureOf(response).error).toEqual({
          code: 'EMAIL_EXISTS',
          message: 'Email is already exist',
          fields: { email: 'Email is already exist' },
        });
      }
    });

    it('lets only one of two simultaneous registrations of one e-mail through', async () => {
      const email = freshEmail('race');
      const responses = await Promise.all([
        post('buyers/register', registration(email)),
        post('buyers/register', registration(email.toUpperCase())),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    });

    it('checks whether an e-mail belongs to a member', async () => {
      const email = freshEmail('Exists');
      await register(email);
      const check = async (value: string) =>
        dataOf<{ emailExist: boolean }>(await post('buyers/check-email-exist', { email: value })).emailExist;
      expect(await check(email)).toBe(true);
      expect(await check(email.toUpperCase())).toBe(true);
      expect(await check(freshEmail('nobody'))).toBe(false);
      const invalid = await post('buyers/check-email-exist', { email: 'nope' });
      expect(invalid.statusCode).toBe(422);
      expect(failureOf(invalid).error.fields).toEqual({ email: MESSAGES.emailInvalid });
    });
  });

  describe('sign-in and sign-out', () => {
    it('signs in with the right password and issues a new working token', async () => {
      const email = freshEmail();
      const registered = await register(email);
      const response = await login(email.toUpperCase(), 'Secret123');
      const { user } = dataOf<{ user: User }>(response);
      expect(user).toMatchObject({ id: registered.id, type: 'Member', email, first_name: 'Lina' });
      expect(user.token).not.toBe(registered.token);
      expect(await isLoggedIn(bearer(user.token))).toBe(true);
      expect(await isLoggedIn(bearer(registered.token))).toBe(true);
    });

    it('answers a wrong password and an unknown e-mail identically', async () => {
      const email = freshEmail();
      await register(email);
      const ip = freshIp();
      const wrong = await login(email, 'Secret124', {}, ip);
      const unknown = await login(freshEmail('ghost'), 'Secret123', {}, ip);
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(failureOf(response)).toEqual({
          status: false,
          error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password. Please try again' },
        });
      }
    });

    it('refuses guests and members without a password at the sign-in form', async () => {
      const { buyer } = await createMember(ctx.database);
      const ip = freshIp();
      expect((await login(buyer.email, 'anything', {}, ip)).statusCode).toBe(401);
      const guestEmail = freshEmail('guest');
      await post('buyers/register-guest', { type: 'Express', first_name: 'G', email: guestEmail });
      const guest = await login(guestEmail, 'Secret123', {}, ip);
      expect(guest.statusCode).toBe(401);
      expect(failureOf(guest).error.code).toBe('INVALID_CREDENTIALS');
    });

    it('validates the sign-in form (422) before anything else', async () => {
      const missing = await post('buyers/login', {});
      expect(missing.statusCode).toBe(422);
      expect(failureOf(missing).error.fields).toEqual({
        email: MESSAGES.emailRequired,
        password: MESSAGES.passwordRequired,
      });
      const invalid = await post('buyers/login', { email: 'x@', password: 'Secret123' });
      expect(failureOf(invalid).error.fields).toEqual({ email: MESSAGES.emailInvalid });
    });

    it('logs out: the token stops working; logout needs a valid token', async () => {
      const email = freshEmail();
      await register(email);
      const { user } = dataOf<{ user: User }>(await login(email, 'Secret123'));
      const out = await post('buyers/logout', {}, bearer(user.token));
      expect(dataOf(out)).toEqual({});
      expect(await isLoggedIn(bearer(user.token))).toBe(false);
      const cart = await post('cart/get-items', {}, bearer(user.token));
      expect(cart.statusCode).toBe(401);
      const again = await post('buyers/logout', {}, bearer(user.token));
      expect(again.statusCode).toBe(401);
      const none = await post('buyers/logout', {});
      expect(none.statusCode).toBe(401);
      expect(failureOf(none).error.code).toBe('UNAUTHORIZED');
      const noBody = await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/buyers/logout',
        headers: bearer((await register()).token),
      });
      expect(noBody.statusCode).toBe(200);
    });

    it('tells whether a token is a live session, never with 401', async () => {
      expect(await isLoggedIn()).toBe(false);
      expect(await isLoggedIn({ authorization: 'Bearer null' })).toBe(false);
      expect(await isLoggedIn(bearer('made-up-token'))).toBe(false);
      const expired = await createMember(ctx.database, -1000);
      expect(await isLoggedIn(bearer(expired.token))).toBe(false);
      const live = await createMember(ctx.database);
      expect(await isLoggedIn(bearer(live.token))).toBe(true);
    });
  });

  describe('login throttling', () => {
    it('allows 5 failures per IP + e-mail in 15 minutes by default, then 429 with Retry-After', async () => {
      const email = freshEmail();
      await register(email);
      const ip = freshIp();
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await login(email, 'Wrong123', {}, ip)).statusCode).toBe(401);
      }
      const blocked = await login(email, 'Secret123', {}, ip);
      expect(blocked.statusCode).toBe(429);
      expect(failureOf(blocked).error).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many sign-in attempts. Please try again in 15 minutes.',
      });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Another address is not affected; the same e-mail signs in from there.
      expect((await login(email, 'Secret123', {}, freshIp())).statusCode).toBe(200);

      // The window slides: once the oldest failures are nearly 15 minutes old, one is about to go.
      await ctx.database.db
        .update(loginAttempts)
        .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '14 minutes 30 seconds'` })
        .where(eq(loginAttempts.ip, ip));
      const soon = await login(email, 'Secret123', {}, ip);
      expect(soon.statusCode).toBe(429);
      expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(30);
      expect(failureOf(soon).error.message).toBe('Too many sign-in attempts. Please try again in 1 minute.');
      await ctx.database.db
        .update(loginAttempts)
        .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '1 minute'` })
        .where(eq(loginAttempts.ip, ip));
      expect((await login(email, 'Secret123', {}, ip)).statusCode).toBe(200);
    });

    it('lets no more than the limit through when guesses arrive all at once', async () => {
      const email = freshEmail();
      await register(email);
      const ip = freshIp();
      const responses = await Promise.all(Array.from({ length: 12 }, () => login(email, 'Wrong123', {}, ip)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      // (Racing requests may refuse each other: the limit is an upper bound, never exceeded.)
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    });

    it('limits per IP and per IP + e-mail (configurable), and a success clears the e-mail counter', async () => {
      const strict = await buildApp({
        database: ctx.database,
        auth: { scryptLogN: TEST_SCRYPT_LOG_N, throttle: { perIp: 4, perIpAndEmail: 2, windowMs: 60_000 } },
      });
      try {
        const attempt = (email: string, password: string, ip: string) =>
          strict.inject({
            method: 'POST',
            url: '/backend/api/buyers/login',
            payload: { email, password },
            remoteAddress: ip,
          });
        const [a, b, c] = [freshEmail(), freshEmail(), freshEmail()];
        for (const email of [a, b, c]) await register(email);
        const ip = freshIp();

        // Per IP + e-mail: two failures, a success clears them, two more are allowed again.
        expect((await attempt(a, 'Wrong123', ip)).statusCode).toBe(401);
        expect((await attempt(a, 'Wrong123', ip)).statusCode).toBe(401);
        const blocked = await attempt(a, 'Secret123', ip);
        expect(blocked.statusCode).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(failureOf(blocked).error.message).toBe(
          'Too many sign-in attempts. Please try again in 1 minute.',
        );

        const other = freshIp();
        expect((await attempt(b, 'Wrong123', other)).statusCode).toBe(401);
        expect((await attempt(b, 'Secret123', other)).statusCode).toBe(200);
        expect((await attempt(b, 'Wrong123', other)).statusCode).toBe(401);
        expect((await attempt(b, 'Wrong123', other)).statusCode).toBe(401);
        expect((await attempt(b, 'Secret123', other)).statusCode).toBe(429);

        // Per IP: 'other' has 3 failures on record; one more (any e-mail) fills its 4.
        expect((await attempt(c, 'Wrong123', other)).statusCode).toBe(401);
        expect((await attempt(c, 'Secret123', other)).statusCode).toBe(429);
        expect((await attempt(freshEmail('ghost'), 'Secret123', other)).statusCode).toBe(429);
      } finally {
        await strict.close();
      }
    });
  });

  describe('guest cart merge', () => {
    let nextProduct = 1;
    const stockedProduct = async () => {
      const id = nextProduct++;
      await ctx.database.db.update(products).set({ stockQuantity: 50, price: 10 }).where(eq(products.id, id));
      return id;
    };
    const add = async (
      product_id: number,
      quantity: number,
      auth: { token?: string; guest?: string | null },
      currency?: string,
    ) =>
      dataOf<Cart>(
        await post(
          'cart/add',
          {
            product_id,
            quantity,
            guest_session_token: auth.guest ?? null,
            selected_currency_code: currency ?? null,
          },
          auth.token ? bearer(auth.token) : {},
        ),
      );
    const lines = (cart: Cart) =>
      cart.items.map((item) => [item.product.id, item.quantity]).sort((x, y) => Number(x[0]) - Number(y[0]));

    it("adds equal lines' quantities, keeps the others, keeps the member's currency, deletes the guest cart", async () => {
      const [shared, guestOnly, memberOnly] = [
        await stockedProduct(),
        await stockedProduct(),
        await stockedProduct(),
      ];
      const email = freshEmail();
      const member = await register(email);
      await add(shared, 1, { token: member.token }, 'AED');
      await add(memberOnly, 1, { token: member.token });

      const guest = (await add(shared, 2, {}, 'KWD')).guest_session_token;
      expect(guest).toEqual(expect.any(String));
      await add(guestOnly, 4, { guest });

      const { user } = dataOf<{ user: User }>(
        await login(email, 'Secret123', { guest_cart_session_token: guest }),
      );
      const cart = dataOf<Cart>(await post('cart/get-items', {}, bearer(user.token)));
      expect(lines(cart)).toEqual(
        [
          [shared, 3],
          [guestOnly, 4],
          [memberOnly, 1],
        ].sort((x, y) => Number(x[0]) - Number(y[0])),
      );
      expect(cart.selectedCurrency.code).toBe('AED');
      expect(cart.items).toHaveLength(3);
      // The guest cart is gone: its token now shows an empty cart.
      expect(dataOf<Cart>(await post('cart/get-items', { guest_session_token: guest })).items).toEqual([]);
      const guestCarts = await ctx.database.db.select().from(carts).where(eq(carts.buyerId, user.id));
      expect(guestCarts).toHaveLength(1);
    });

    it('cuts a merged line to the stock and says so; an out-of-stock line is removed and reported', async () => {
      const [product, gone, fine] = [await stockedProduct(), await stockedProduct(), await stockedProduct()];
      await ctx.database.db.update(products).set({ stockQuantity: 5 }).where(eq(products.id, product));
      const email = freshEmail();
      const member = await register(email);
      await add(product, 4, { token: member.token });
      const guest = (await add(product, 3, {})).guest_session_token;
      await add(gone, 2, { guest });
      await add(fine, 1, { guest });
      // The guest's product sold out while they were browsing.
      await ctx.database.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, gone));
      const [titles] = [
        await ctx.database.db.select({ id: products.id, title: products.title }).from(products),
      ];
      const titleOf = (id: number) => titles.find((row) => row.id === id)?.title;
      const answer = dataOf<SignedIn>(await login(email, 'Secret123', { guest_cart_session_token: guest }));
      expect(answer.cart_adjustments).toEqual([
        { product_id: product, title: titleOf(product), requested: 7, kept: 5 },
        { product_id: gone, title: titleOf(gone), requested: 2, kept: 0 },
      ]);
      const cart = dataOf<Cart>(await post('cart/get-items', {}, bearer(answer.user.token)));
      expect(lines(cart)).toEqual(
        [
          [product, 5],
          [fine, 1],
        ].sort((x, y) => Number(x[0]) - Number(y[0])),
      );
    });

    it('cuts a guest cart a new member takes over to the stock too', async () => {
      const product = await stockedProduct();
      const guest = (await add(product, 4, {})).guest_session_token;
      await ctx.database.db.update(products).set({ stockQuantity: 3 }).where(eq(products.id, product));
      const answer = createdOf<SignedIn>(
        await post('buyers/register', registration(freshEmail(), { guest_cart_session_token: guest })),
      );
      expect(answer.cart_adjustments).toEqual([expect.objectContaining({ requested: 4, kept: 3 })]);
    });

    it('hands a new member the guest cart, currency included, at registration', async () => {
      const product = await stockedProduct();
      const guest = (await add(product, 2, {}, 'LBP')).guest_session_token;
      const user = await register(freshEmail(), { guest_cart_session_token: guest });
      const cart = dataOf<Cart>(await post('cart/get-items', {}, bearer(user.token)));
      expect(lines(cart)).toEqual([[product, 2]]);
      expect(cart.selectedCurrency.code).toBe('LBP');
      expect(cart.guest_session_token).toBeNull();
    });

    it('ignores an unknown guest token', async () => {
      const email = freshEmail();
      await register(email);
      const response = await login(email, 'Secret123', { guest_cart_session_token: 'no-such-cart' });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('express (guest) and wishlist registration', () => {
    it('creates a new Guest buyer with a token each time, never returning an earlier guest, refuses a member e-mail', async () => {
      const email = freshEmail('guest');
      const first = createdOf<{ user: User }>(
        await post('buyers/register-guest', {
          type: 'Express',
          first_name: 'Sami',
          email,
          mobile: '+961 3123456',
          create_my_profile: false,
        }),
      ).user;
      expect(first).toMatchObject({
        type: 'Guest',
        first_name: 'Sami',
        last_name: '',
        email,
        mobile: '+961 3123456',
      });
      expect(await isLoggedIn(bearer(first.token))).toBe(true);

      // Somebody else who knows the e-mail gets a fresh identity: not the first guest's id,
      // token or mobile, and the first guest's session goes on.
      const again = createdOf<{ user: User }>(
        await post('buyers/register-guest', {
          type: 'Express',
          first_name: 'Eve',
          email: email.toUpperCase(),
          gender: 'male',
        }),
      ).user;
      expect(again.id).not.toBe(first.id);
      expect(again.token).not.toBe(first.token);
      expect(again).toMatchObject({ type: 'Guest', first_name: 'Eve', mobile: null, gender: 'Male' });
      expect(await isLoggedIn(bearer(first.token))).toBe(true);

      const memberEmail = freshEmail();
      await register(memberEmail);
      const taken = await post('buyers/register-guest', {
        type: 'Express',
        first_name: 'X',
        email: memberEmail,
      });
      expect(taken.statusCode).toBe(409);
      expect(failureOf(taken).error.message).toBe('Email is already exist');
      // Warned, the shopper may still check out as a guest: a new Guest identity, not the member.
      const anyway = await post('buyers/register-guest', {
        type: 'Express',
        first_name: 'X',
        email: memberEmail,
        continue_as_guest: true,
      });
      expect(anyway.statusCode).toBe(201);
      const guest = (JSON.parse(anyway.body) as { data: SignedIn }).data.user;
      expect(guest).toMatchObject({ type: 'Guest', email: memberEmail, first_name: 'X' });

      const invalid = await post('buyers/register-guest', { type: 'Express', email: 'bad' });
      expect(invalid.statusCode).toBe(422);
      expect(failureOf(invalid).error.fields).toEqual({
        first_name: MESSAGES.firstNameRequired,
        email: MESSAGES.emailInvalid,
      });
    });

    it("registers a guest's e-mail as a new member that takes nothing of the guest's", async () => {
      const email = freshEmail('convert');
      const [product] = await ctx.database.db
        .select({ id: products.id })
        .from(products)
        .where(gte(products.stockQuantity, 2))
        .limit(1);
      if (!product) throw new Error('need a product in stock');
      const guestCart = dataOf<{ guest_session_token: string }>(
        await post('cart/add', { product_id: product.id, quantity: 2 }),
      ).guest_session_token;
      const guest = createdOf<{ user: User }>(
        await post('buyers/register-guest', {
          type: 'Express',
          first_name: 'Rana',
          email,
          mobile: '+971 501234567',
          guest_cart_session_token: guestCart,
        }),
      ).user;
      expect(
        dataOf<{ emailExist: boolean }>(await post('buyers/check-email-exist', { email })).emailExist,
      ).toBe(false);
      const member = await register(email);
      expect(member.id).not.toBe(guest.id);
      expect(member).toMatchObject({ type: 'Member' });
      // The guest keeps their own session and cart; the new member's cart is empty.
      expect(await isLoggedIn(bearer(guest.token))).toBe(true);
      const memberCart = dataOf<{ items: unknown[] }>(await post('cart/get-items', {}, bearer(member.token)));
      expect(memberCart.items).toEqual([]);
      const guestCartNow = dataOf<{ items: unknown[] }>(
        await post('cart/get-items', {}, bearer(guest.token)),
      );
      expect(guestCartNow.items).toHaveLength(1);
      // A second member with the e-mail is refused.
      const twice = await post('buyers/register', registration(email));
      expect(twice.statusCode).toBe(409);
    });

    it("registers a wishlist e-mail once; then 'Email registered'", async () => {
      const email = freshEmail('wish');
      const created = createdOf<{ user: { id: number; email: string; token: string } }>(
        await post('buyers/register-wishlist', { email, type: 'Wishlist' }),
      );
      // The wishlist's own bearer token: 'wl.' and 32 random bytes (only its hash is stored).
      expect(created).toEqual({ user: { id: expect.any(Number), email, token: expect.any(String) } });
      expect(created.user.token).toMatch(/^wl\.[A-Za-z0-9_-]{43}$/);
      const [stored] = await ctx.database.db
        .select({ tokenHash: wishlistUsers.tokenHash })
        .from(wishlistUsers)
        .where(eq(wishlistUsers.id, created.user.id));
      expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored?.tokenHash).not.toContain(created.user.token);
      const memberEmail = freshEmail();
      await register(memberEmail);
      for (const taken of [email.toUpperCase(), memberEmail]) {
        const response = await post('buyers/register-wishlist', { email: taken, type: 'Wishlist' });
        expect(response.statusCode).toBe(409);
        expect(failureOf(response).error).toMatchObject({
          message: 'Email registered',
          fields: { email: 'Email registered' },
        });
      }
      const empty = await post('buyers/register-wishlist', { email: '', type: 'Wishlist' });
      expect(failureOf(empty).error.fields).toEqual({ email: MESSAGES.emailRequiredShort });
      const invalid = await post('buyers/register-wishlist', { email: 'x@', type: 'Wishlist' });
      expect(invalid.statusCode).toBe(422);
      expect(failureOf(invalid).error.fields).toEqual({ email: MESSAGES.emailInvalidShort });
    });
  });

  describe('password recovery', () => {
    /** Asks for a reset and returns the hash read from the mail that was written. */
    const resetHashFor = async (email: string) => {
      const before = new Set(outboxFiles());
      const response = await post('buyers/forgot-password', { email });
      expect(dataOf(response)).toEqual({ sent: true });
      await ctx.app.mailer.idle();
      const written = outboxFiles().filter((name) => !before.has(name));
      expect(written).toHaveLength(1);
      const name = written[0] ?? '';
      expect(name).toMatch(/^\d+-[0-9a-f]+\.eml$/);
      const mail = decodeQuotedPrintable(readFileSync(path.join(outbox, name), 'utf8'));
      expect(mail).toContain(`To: ${email}`);
      const links = [...mail.matchAll(/http:\/\/shop\.test\/reset-password\/([A-Za-z0-9_-]+)/g)].map(
        (m) => m[1],
      );
      // The link is in the text part and twice in the HTML part (href and label).
      expect(links.length).toBeGreaterThanOrEqual(3);
      expect(new Set(links).size).toBe(1);
      expect(mail).toContain('<a href="http://shop.test/reset-password/');
      return links[0] ?? '';
    };
    const checkHash = (hash: string) => post('buyers/check-reset-password-hash', { hash });

    it('resets the password through the mailed link, once', async () => {
      const email = freshEmail('reset');
      const member = await register(email);
      const hash = await resetHashFor(email);
      expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(dataOf(await checkHash(hash))).toEqual({ status: 'success' });

      const weak = await post('buyers/reset-password', { hash, password: 'weak', confirm_password: 'weak' });
      expect(weak.statusCode).toBe(422);
      expect(failureOf(weak).error.fields).toEqual({ password: MESSAGES.passwordRule });
      const differ = await post('buyers/reset-password', {
        hash,
        password: 'NewSecret1',
        confirm_password: 'NewSecret2',
      });
      expect(failureOf(differ).error.fields).toEqual({ confirm_password: MESSAGES.passwordsDiffer });

      const reset = await post('buyers/reset-password', {
        hash,
        password: 'NewSecret1',
        confirm_password: 'NewSecret1',
      });
      expect(dataOf(reset)).toEqual({});
      expect(await isLoggedIn(bearer(member.token))).toBe(false);
      expect((await login(email, 'Secret123', {}, freshIp())).statusCode).toBe(401);
      expect((await login(email, 'NewSecret1')).statusCode).toBe(200);

      const used = await checkHash(hash);
      expect(used.statusCode).toBe(404);
      expect(failureOf(used).error.code).toBe('NOT_FOUND');
      const again = await post('buyers/reset-password', {
        hash,
        password: 'Other1234',
        confirm_password: 'Other1234',
      });
      expect(again.statusCode).toBe(404);
      expect((await login(email, 'NewSecret1')).statusCode).toBe(200);
    });

    it('rejects an expired or made-up hash', async () => {
      const email = freshEmail('expire');
      await register(email);
      const hash = await resetHashFor(email);
      await ctx.database.db
        .update(passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(
          eq(
            passwordResets.buyerId,
            (await ctx.database.db.select().from(buyers).where(eq(buyers.email, email)))[0]?.id ?? 0,
          ),
        );
      expect((await checkHash(hash)).statusCode).toBe(404);
      const reset = await post('buyers/reset-password', {
        hash,
        password: 'NewSecret1',
        confirm_password: 'NewSecret1',
      });
      expect(reset.statusCode).toBe(404);
      expect((await checkHash('made-up')).statusCode).toBe(404);
      expect((await checkHash('')).statusCode).toBe(404);
    });

    it('answers an unknown e-mail the same way and sends nothing; never returns the hash', async () => {
      const before = outboxFiles().length;
      const unknown = await post('buyers/forgot-password', { email: freshEmail('nobody') });
      await ctx.app.mailer.idle();
      expect(unknown.statusCode).toBe(200);
      expect(JSON.parse(unknown.body)).toEqual({ status: true, data: { sent: true } });
      expect(outboxFiles()).toHaveLength(before);

      const email = freshEmail('known');
      await register(email);
      const known = await post('buyers/forgot-password', { email });
      expect(JSON.parse(known.body)).toEqual({ status: true, data: { sent: true } });
      await ctx.app.mailer.idle();
      expect(outboxFiles()).toHaveLength(before + 1);

      const invalid = await post('buyers/forgot-password', { email: 'x' });
      expect(invalid.statusCode).toBe(422);
      expect(failureOf(invalid).error.fields).toEqual({ email: MESSAGES.emailInvalid });
    });
  });

  it('documents every route, with bearer security where it applies', async () => {
    const doc = JSON.parse((await get('docs/json')).body) as {
      paths: Record<
        string,
        Record<string, { security?: unknown[]; requestBody?: unknown; responses: object }>
      >;
    };
    for (const route of [
      'buyers/login',
      'buyers/logout',
      'buyers/check-email-exist',
      'buyers/register',
      'buyers/register-guest',
      'buyers/register-wishlist',
      'buyers/forgot-password',
      'buyers/check-reset-password-hash',
      'buyers/reset-password',
    ]) {
      expect(doc.paths[`/backend/api/${route}`]?.post?.requestBody).toBeDefined();
    }
    expect(doc.paths['/backend/api/buyers/logout']?.post?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/backend/api/buyers/register']?.post?.responses).toHaveProperty('201');
    for (const route of [
      'buyers/is-logged-in',
      'countries',
      'gender',
      'age-group',
      'signin-slides',
      'signup-slides',
    ]) {
      expect(doc.paths[`/backend/api/${route}`]?.get?.responses).toHaveProperty('200');
    }
  });
});
