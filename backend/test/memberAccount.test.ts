import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  ActivityPage,
  DashboardStats,
  InterestOption,
  Notification,
  Profile,
  ProfileStats,
  SignedIn,
} from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { eq } from 'drizzle-orm';
import { buyerActivities, buyers, cartItems, carts, wishlistItems } from '../src/db/schema';
import { notifyBuyer } from '../src/services/notifications';
import {
  createMember,
  createTestApp,
  dataOf,
  failureOf,
  freshEmail,
  registration,
  type TestContext,
  targets,
} from './db';

const profileInput = (changes: Record<string, unknown> = {}) => ({
  first_name: 'Rania',
  last_name: 'Khoury',
  mobile: '+971 501234567',
  country_id: 2,
  gender: 'Female',
  age_group: 3,
  ...changes,
});

describe.each(targets)('member account on %s', (target) => {
  let ctx: TestContext;
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  /** A member registered through the API (so it has a password), signed in. */
  const registered = async () => {
    const email = freshEmail('account');
    const response = await call('POST', 'buyers/register', undefined, registration(email));
    expect(response.statusCode).toBe(201);
    const { user } = (JSON.parse(response.body) as { data: SignedIn }).data;
    return { id: user.id, token: user.token, email };
  };

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      auth: { scryptLogN: 10, mail: { outboxDir: mkdtempSync(path.join(tmpdir(), 'shop-member-outbox-')) } },
    });
  });
  afterAll(() => ctx.close());

  describe('notifications', () => {
    it('lists the member’s notifications newest first, High priority kept, and lets them dismiss their own', async () => {
      const { buyer, token } = await createMember(ctx.database);
      await notifyBuyer(ctx.database.db, buyer.id, 'Your order is shipped', 'Normal');
      const urgent = await notifyBuyer(ctx.database.db, buyer.id, 'Payment proof rejected', 'High');
      const { items } = dataOf<{ items: Notification[] }>(await call('GET', 'notifications', token));
      expect(items.map((item) => [item.note, item.priority])).toEqual([
        ['Payment proof rejected', 'High'],
        ['Your order is shipped', 'Normal'],
      ]);
      expect(
        dataOf(await call('POST', 'notifications/remove', token, { notification_id: urgent.id })),
      ).toEqual({});
      const after = dataOf<{ items: Notification[] }>(await call('GET', 'notifications', token));
      expect(after.items.map((item) => item.note)).toEqual(['Your order is shipped']);
      // Dismissed once: a second dismissal finds nothing.
      expect(
        (await call('POST', 'notifications/remove', token, { notification_id: urgent.id })).statusCode,
      ).toBe(404);
    });

    it('gives a visitor without a token an empty list, and refuses dismissal without one (401)', async () => {
      expect(dataOf(await call('GET', 'notifications'))).toEqual({ items: [] });
      expect((await call('GET', 'notifications', 'not-a-live-token')).statusCode).toBe(401);
      // A wishlist-only visitor has a token of another kind: no notifications, and no 401.
      const wishlist = await call('POST', 'buyers/register-wishlist', undefined, {
        email: freshEmail('account'),
      });
      const wishlistToken = (JSON.parse(wishlist.body) as { data: { user: { token: string } } }).data.user
        .token;
      expect(dataOf(await call('GET', 'notifications', wishlistToken))).toEqual({ items: [] });
      expect(
        (await call('POST', 'notifications/remove', wishlistToken, { notification_id: 1 })).statusCode,
      ).toBe(401);
      expect((await call('POST', 'notifications/remove', undefined, { notification_id: 1 })).statusCode).toBe(
        401,
      );
    });
  });

  describe('dashboard', () => {
    it('counts orders, message threads, pieces in the cart and wishlist items', async () => {
      const { buyer, token } = await createMember(ctx.database);
      expect(dataOf<DashboardStats>(await call('GET', 'buyers/dashboard-stats', token))).toEqual({
        ordersCount: 0,
        messagesCount: 0,
        cartItemsCount: 0,
        wishlistItemsCount: 0,
      });
      const { db } = ctx.database;
      const [cart] = await db.insert(carts).values({ buyerId: buyer.id, currencyCode: 'USD' }).returning();
      await db.insert(cartItems).values([
        { cartId: cart?.id ?? 0, productId: 1, quantity: 2 },
        { cartId: cart?.id ?? 0, productId: 2, quantity: 1 },
      ]);
      await db.insert(wishlistItems).values({ buyerId: buyer.id, productId: 3 });
      await call('POST', 'buyer-messages/send-message', token, { subject: 'Hello', message: 'A question' });
      const stats = dataOf<DashboardStats>(await call('GET', 'buyers/dashboard-stats', token));
      expect(stats).toMatchObject({ cartItemsCount: 3, wishlistItemsCount: 1, ordersCount: 0 });
    });

    it('lists Recent Activities newest first, paged by ten', async () => {
      const { buyer, token } = await createMember(ctx.database);
      const base = Date.parse('2026-01-01T00:00:00Z');
      await ctx.database.db.insert(buyerActivities).values(
        Array.from({ length: 12 }, (_, index) => ({
          buyerId: buyer.id,
          actionType: `Action ${index}`,
          actionDatetime: new Date(base + index * 60_000),
        })),
      );
      const first = dataOf<ActivityPage>(await call('GET', 'buyers-log', token));
      expect(first.items).toHaveLength(10);
      expect(first.items[0]?.action_type).toBe('Action 11');
      expect(first._meta).toMatchObject({ totalCount: 12, pageCount: 2, currentPage: 1 });
      const second = dataOf<ActivityPage>(await call('GET', 'buyers-log?page=2', token));
      expect(second.items.map((item) => item.action_type)).toEqual(['Action 1', 'Action 0']);
    });
  });

  describe('profile', () => {
    it('raises the four prompt flags for a new member and drops each once it is done', async () => {
      const member = await registered();
      const stats = async () => dataOf<ProfileStats>(await call('GET', 'buyers/profile-stats', member.token));
      expect(await stats()).toEqual({
        profileUpdateRequired: true, // no age group yet
        alternateEmailUpdateRequired: true,
        interestsUpdatedRequired: true,
        passwordUpdatedRequired: false,
      });
      dataOf(await call('POST', `buyers/update/${member.id}`, member.token, profileInput()));
      dataOf(
        await call('POST', 'buyers/update-alternate-email', member.token, {
          alternate_email: freshEmail('account'),
        }),
      );
      dataOf(await call('POST', 'buyers/update-interests', member.token, { interests: [1] }));
      expect(await stats()).toEqual({
        profileUpdateRequired: false,
        alternateEmailUpdateRequired: false,
        interestsUpdatedRequired: false,
        passwordUpdatedRequired: false,
      });
      // A password last set 181 days ago asks for a new one.
      await ctx.database.db
        .update(buyers)
        .set({ passwordChangedAt: new Date(Date.now() - 181 * 24 * 60 * 60 * 1000) })
        .where(eq(buyers.id, member.id));
      expect((await stats()).passwordUpdatedRequired).toBe(true);
    });

    it('updates the profile and answers with it, the primary e-mail untouched', async () => {
      const member = await registered();
      const { user } = dataOf<{ user: Profile }>(
        await call(
          'POST',
          `buyers/update/${member.id}`,
          member.token,
          profileInput({ email: 'new@example.com' }),
        ),
      );
      expect(user).toMatchObject({ ...profileInput(), id: member.id, email: member.email });
      expect(dataOf<{ user: Profile }>(await call('GET', 'buyers/profile', member.token)).user).toEqual(user);
      const log = dataOf<ActivityPage>(await call('GET', 'buyers-log', member.token));
      expect(log.items[0]?.action_type).toBe('Profile updated');
    });

    it("answers the profile form's rules with the spec's messages (422)", async () => {
      const member = await registered();
      const empty = await call('POST', `buyers/update/${member.id}`, member.token, {});
      expect(empty.statusCode).toBe(422);
      expect(failureOf(empty).error.fields).toEqual({
        first_name: 'Please enter your first name',
        last_name: 'Please enter your last name',
        mobile: 'Please enter your mobile',
        country_id: 'Please select your country',
        gender: 'Please select your gender',
        age_group: 'Please select your age group',
      });
      const wrong = await call(
        'POST',
        `buyers/update/${member.id}`,
        member.token,
        profileInput({ mobile: 'call me', country_id: 999_999, gender: 'Other', age_group: 99 }),
      );
      expect(failureOf(wrong).error.fields).toEqual({
        mobile: 'Mobile number is not valid',
        country_id: 'Please select your country',
        gender: 'Please select your gender',
        age_group: 'Please select your age group',
      });
    });

    it('sets, refuses and clears the alternate e-mail', async () => {
      const member = await registered();
      const other = await registered();
      const set = async (alternate_email: string | null) =>
        call('POST', 'buyers/update-alternate-email', member.token, { alternate_email });
      const invalid = await set('not-an-email');
      expect(invalid.statusCode).toBe(422);
      expect(failureOf(invalid).error.fields).toEqual({
        alternate_email: 'Please enter a valid email address.',
      });
      expect(failureOf(await set(member.email.toUpperCase())).error.fields).toEqual({
        alternate_email: MESSAGES.alternateEmailSameAsPrimary,
      });
      expect(failureOf(await set(other.email)).error.fields).toEqual({
        alternate_email: MESSAGES.alternateEmailTaken,
      });
      const mine = freshEmail('account');
      expect(dataOf<{ user: Profile }>(await set(mine)).user.alternate_email).toBe(mine);
      // Taken as another member's alternate e-mail, too.
      expect(
        failureOf(await call('POST', 'buyers/update-alternate-email', other.token, { alternate_email: mine }))
          .error.fields,
      ).toEqual({ alternate_email: MESSAGES.alternateEmailTaken });
      expect(dataOf<{ user: Profile }>(await set('')).user.alternate_email).toBeNull();
    });
  });

  describe('interests and hear about us', () => {
    it('offers the options, saves the choice and answers with the options checked', async () => {
      const { token } = await createMember(ctx.database);
      const { interests } = dataOf<{ interests: InterestOption[] }>(
        await call('GET', 'buyers/get-interest-options', token),
      );
      expect(interests.length).toBeGreaterThan(3);
      expect(interests.every((option) => !option.isChecked)).toBe(true);
      const saved = dataOf<{ interests: InterestOption[] }>(
        await call('POST', 'buyers/update-interests', token, { interests: [2, 4, 4] }),
      );
      expect(saved.interests.filter((option) => option.isChecked).map((option) => option.id)).toEqual([2, 4]);
      const replaced = dataOf<{ interests: InterestOption[] }>(
        await call('POST', 'buyers/update-interests', token, { interests: [1] }),
      );
      expect(replaced.interests.filter((option) => option.isChecked).map((option) => option.id)).toEqual([1]);

      const { options } = dataOf<{ options: InterestOption[] }>(
        await call('GET', 'buyers/get-hear-about-us-options', token),
      );
      expect(options.length).toBeGreaterThan(3);
      const answered = dataOf<{ options: InterestOption[] }>(
        await call('POST', 'buyers/update-hear-about-us', token, { options: [3] }),
      );
      expect(answered.options.filter((option) => option.isChecked).map((option) => option.id)).toEqual([3]);
    });

    it("refuses no option (or an unknown one) with 'Select at-least one option'", async () => {
      const { token } = await createMember(ctx.database);
      for (const [url, field, value] of [
        ['buyers/update-interests', 'interests', []],
        ['buyers/update-interests', 'interests', undefined],
        ['buyers/update-interests', 'interests', [9999]],
        ['buyers/update-hear-about-us', 'options', []],
        ['buyers/update-hear-about-us', 'options', [9999]],
      ] as const) {
        const response = await call('POST', url, token, value === undefined ? {} : { [field]: value });
        expect(response.statusCode).toBe(422);
        expect(failureOf(response).error.fields).toEqual({ [field]: 'Select at-least one option' });
      }
    });
  });

  describe('change password', () => {
    it("answers the form's rules with the spec's messages", async () => {
      const { token } = await registered();
      const change = (body: object) => call('POST', 'buyers/change-password', token, body);
      expect(failureOf(await change({})).error.fields).toEqual({
        old_password: 'Please enter your old password',
        new_password: 'Please enter your new password',
        confirm_password: 'Please retype your password',
      });
      expect(
        failureOf(
          await change({ old_password: 'Secret123', new_password: 'weak', confirm_password: 'other' }),
        ).error.fields,
      ).toEqual({
        new_password: 'Please select a strong password',
        confirm_password: 'Your new password and confirmation password do not match',
      });
      const wrongOld = await change({
        old_password: 'Wrong1234',
        new_password: 'Better123',
        confirm_password: 'Better123',
      });
      expect(wrongOld.statusCode).toBe(422);
      expect(failureOf(wrongOld).error).toMatchObject({
        code: 'OLD_PASSWORD_WRONG',
        message: MESSAGES.oldPasswordWrong,
      });
    });

    it("changes the password and ends the member's other sessions, keeping this one", async () => {
      const member = await registered();
      const login = async (password: string) =>
        call('POST', 'buyers/login', undefined, { email: member.email, password });
      const other = (JSON.parse((await login('Secret123')).body) as { data: SignedIn }).data.user.token;
      const stranger = await registered();
      expect((await call('GET', 'buyers/dashboard-stats', other)).statusCode).toBe(200);
      const changed = await call('POST', 'buyers/change-password', member.token, {
        old_password: 'Secret123',
        new_password: 'Better123',
        confirm_password: 'Better123',
      });
      expect(dataOf(changed)).toEqual({});
      expect((await call('GET', 'buyers/dashboard-stats', member.token)).statusCode).toBe(200);
      expect((await call('GET', 'buyers/dashboard-stats', other)).statusCode).toBe(401);
      // Another member's session is not touched.
      expect((await call('GET', 'buyers/dashboard-stats', stranger.token)).statusCode).toBe(200);
      expect((await login('Secret123')).statusCode).toBe(401);
      expect((await login('Better123')).statusCode).toBe(200);
      const log = dataOf<ActivityPage>(await call('GET', 'buyers-log', member.token));
      expect(log.items[0]?.action_type).toBe('Password changed');
    });
  });

  describe('change password throttling', () => {
    it('answers 429 after too many wrong old passwords, like sign-in', async () => {
      const member = await registered();
      const guess = (old_password: string) =>
        call('POST', 'buyers/change-password', member.token, {
          old_password,
          new_password: 'Better123',
          confirm_password: 'Better123',
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1)
        statuses.push((await guess(`Wrong${attempt}x1`)).statusCode);
      expect(statuses).toContain(422);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('another member’s token, and none (IDOR)', () => {
    it("never shows or changes another member's data", async () => {
      const owner = await registered();
      const intruder = await registered();
      const note = await notifyBuyer(ctx.database.db, owner.id, 'For the owner only', 'High');
      dataOf(await call('POST', 'buyers/update-interests', owner.token, { interests: [5] }));

      // Updating the owner's profile with the intruder's token: 403, and nothing changes.
      const update = await call(
        'POST',
        `buyers/update/${owner.id}`,
        intruder.token,
        profileInput({ first_name: 'X' }),
      );
      expect(update.statusCode).toBe(403);
      expect(
        dataOf<{ user: Profile }>(await call('GET', 'buyers/profile', owner.token)).user.first_name,
      ).toBe('Lina');
      // Dismissing the owner's notification: 404, and it is still there.
      expect(
        (await call('POST', 'notifications/remove', intruder.token, { notification_id: note.id })).statusCode,
      ).toBe(404);
      expect(
        dataOf<{ items: Notification[] }>(await call('GET', 'notifications', owner.token)).items,
      ).toHaveLength(1);
      // Every read answers with the intruder's own data.
      expect(
        dataOf<{ items: Notification[] }>(await call('GET', 'notifications', intruder.token)).items,
      ).toEqual([]);
      const theirs = dataOf<{ interests: InterestOption[] }>(
        await call('GET', 'buyers/get-interest-options', intruder.token),
      );
      expect(theirs.interests.some((option) => option.isChecked)).toBe(false);
      expect(dataOf<{ user: Profile }>(await call('GET', 'buyers/profile', intruder.token)).user.id).toBe(
        intruder.id,
      );

      const memberCalls: [method: 'GET' | 'POST', url: string, body?: object][] = [
        ['GET', 'buyers/dashboard-stats'],
        ['GET', 'buyers-log'],
        ['GET', 'buyers/profile'],
        ['GET', 'buyers/profile-stats'],
        ['GET', 'buyers/get-interest-options'],
        ['POST', 'buyers/update-interests', { interests: [1] }],
        ['GET', 'buyers/get-hear-about-us-options'],
        ['POST', 'buyers/update-hear-about-us', { options: [1] }],
        ['POST', `buyers/update/${owner.id}`, profileInput()],
        ['POST', 'buyers/update-alternate-email', { alternate_email: freshEmail('account') }],
        [
          'POST',
          'buyers/change-password',
          { old_password: 'Secret123', new_password: 'Better123', confirm_password: 'Better123' },
        ],
        ['POST', 'notifications/remove', { notification_id: note.id }],
      ];
      for (const [method, url, body] of memberCalls) {
        const anonymous = await call(method, url, undefined, body);
        expect([url, anonymous.statusCode]).toEqual([url, 401]);
        expect(failureOf(anonymous).status).toBe(false);
      }
      // The owner's password still works: nothing above changed it.
      expect(
        (await call('POST', 'buyers/login', undefined, { email: owner.email, password: 'Secret123' }))
          .statusCode,
      ).toBe(200);
    });
  });
});
