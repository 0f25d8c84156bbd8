/**
 * The owner's shop settings (issue 22) against a real database: currencies and rates (USD, the
 * currency of prices, keeps rate 1; exactly one default; the default is not removed), shipping
 * fees and the free-shipping threshold, site settings, and the content pages (owners and staff;
 * HTML sanitised on save, the preview the same). Each change has its audit row with the object
 * before and after, and the storefront's next answer (startup content, the cart, checkout-terms,
 * page-content) already holds it. Staff get 403 on every owners-only route, with nothing changed
 * and a refusal row.
 */
import type {
  AdminSession,
  Cart,
  CheckoutTerms,
  PageContent,
  ShippingAddress,
  StartupContent,
} from '@shop/contract';
import type { AdminAccountView } from '@shop/contract/schemas/backOffice';
import type {
  AdminCurrencyView,
  AdminPageView,
  AdminShippingView,
  AdminSiteSettingsView,
} from '@shop/contract/schemas/shopSettings';
import { desc, eq, like } from 'drizzle-orm';
import { adminAuditLog, carts, countries, currencies, pageContents, products } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import {
  createMember,
  createTestApp,
  dataOf,
  failureOf,
  shippingAddress,
  type TestContext,
  targets,
} from './db';

const OWNER_PASSWORD = 'owner-password-123';

describe.each(targets)("the owner's shop settings on %s", (target) => {
  let ctx: TestContext;
  let owner: string;
  let staff: string;
  let nextProductId = 1;

  const headers = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${url}`,
      headers: headers(token),
      ...(payload ? { payload } : {}),
    });
  const login = async (email: string, password: string) =>
    dataOf<AdminSession>(await send('POST', 'admin/login', null, { email, password }));
  const lastAudit = async (action: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, action))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    return row;
  };
  /** The data of a 201. */
  const created = <T>(response: { statusCode: number; body: string }): T => {
    expect(response.statusCode).toBe(201);
    return (JSON.parse(response.body) as { data: T }).data;
  };
  const startup = async () => dataOf<StartupContent>(await send('GET', 'startup-content', null));
  const freshProduct = async (price: number) => {
    const id = nextProductId++;
    await ctx.database.db
      .update(products)
      .set({ stockQuantity: 50, price, freeDelivery: false })
      .where(eq(products.id, id));
    return id;
  };
  const currencyBody = (changes: Partial<AdminCurrencyView> = {}) => ({
    symbol: 'AED',
    exchange_rate: 3.6725,
    decimal_places: 2,
    ...changes,
  });

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 }, checkout: { freeShippingOverUsd: 500 } });
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'owner@gifts.example', OWNER_PASSWORD);
    owner = (await login('owner@gifts.example', OWNER_PASSWORD)).token;
    const created = await send('POST', 'admin/admins', owner, { email: 'staff@gifts.example' });
    const body = JSON.parse(created.body) as { data: { admin: AdminAccountView; password: string } };
    staff = (await login('staff@gifts.example', body.data.password)).token;
  });
  afterAll(() => ctx.close());

  describe('currencies', () => {
    it('lists the currencies with the default marked', async () => {
      const { items } = dataOf<{ items: AdminCurrencyView[] }>(await send('GET', 'admin/currencies', owner));
      expect(items.map((currency) => [currency.code, currency.is_default])).toEqual([
        ['USD', true],
        ['AED', false],
        ['LBP', false],
        ['KWD', false],
      ]);
    });

    it('changes a rate, audited before and after, and the storefront and an AED cart use it at once', async () => {
      const productId = await freshProduct(10);
      const cart = dataOf<Cart>(
        await send('POST', 'cart/add', null, {
          product_id: productId,
          quantity: 1,
          selected_currency_code: 'AED',
        }),
      );
      expect(cart.invoice.subTotal).toBe(36.73);

      const answer = await send('PUT', 'admin/currencies/AED', owner, currencyBody({ exchange_rate: 4 }));
      expect(answer.statusCode).toBe(200);
      expect(dataOf<{ currency: AdminCurrencyView }>(answer).currency).toMatchObject({
        code: 'AED',
        exchange_rate: 4,
      });

      expect((await startup()).currencies.list.AED).toEqual({
        code: 'AED',
        symbol: 'AED',
        exchange_rate: 4,
        decimal_places: 2,
      });
      const again = dataOf<Cart>(
        await send('POST', 'cart/get-items', null, { guest_session_token: cart.guest_session_token }),
      );
      expect(again.invoice.subTotal).toBe(40);
      expect(again.selectedCurrency.exchange_rate).toBe(4);

      const row = await lastAudit('PUT admin/currencies/:code');
      expect(row).toMatchObject({ objectId: 'AED' });
      expect(row?.before).toMatchObject({ code: 'AED', exchange_rate: 3.6725 });
      expect(row?.after).toMatchObject({ code: 'AED', exchange_rate: 4 });
      await send('PUT', 'admin/currencies/AED', owner, currencyBody());
    });

    it('refuses bad input with 400 naming the field, and changes nothing', async () => {
      const bad: [string, object][] = [
        ['symbol', currencyBody({ symbol: '' })],
        ['exchange_rate', currencyBody({ exchange_rate: 0 })],
        ['exchange_rate', currencyBody({ exchange_rate: -2 })],
        ['exchange_rate', currencyBody({ exchange_rate: 1.1234567 })],
        ['exchange_rate', currencyBody({ exchange_rate: 1.3e-74 })],
        ['decimal_places', currencyBody({ decimal_places: 4 })],
      ];
      for (const [field, body] of bad) {
        const answer = await send('PUT', 'admin/currencies/AED', owner, body);
        expect([field, answer.statusCode]).toEqual([field, 400]);
        expect(Object.keys(failureOf(answer).error.fields ?? {}).join()).toContain(field);
      }
      const usd = await send(
        'PUT',
        'admin/currencies/USD',
        owner,
        currencyBody({ symbol: '$', exchange_rate: 2 }),
      );
      expect(usd.statusCode).toBe(400);
      expect(failureOf(usd).error.fields).toHaveProperty('exchange_rate');
      const lowerCase = await send('POST', 'admin/currencies', owner, { code: 'eur', ...currencyBody() });
      expect(lowerCase.statusCode).toBe(400);
      expect((await send('PUT', 'admin/currencies/EUR', owner, currencyBody())).statusCode).toBe(404);
      const [aed] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'AED'));
      expect(aed?.exchangeRate).toBe(3.6725);
    });

    it('adds a currency (409 for a code the shop has), which the storefront lists at once', async () => {
      const added = await send('POST', 'admin/currencies', owner, {
        code: 'EUR',
        symbol: '€',
        exchange_rate: 0.92,
        decimal_places: 2,
      });
      expect(added.statusCode).toBe(201);
      expect(created<{ currency: AdminCurrencyView }>(added).currency).toMatchObject({
        code: 'EUR',
        position: 4,
        is_default: false,
      });
      expect((await startup()).currencies.list.EUR?.exchange_rate).toBe(0.92);
      const row = await lastAudit('POST admin/currencies');
      expect(row).toMatchObject({ objectId: 'EUR', before: null });
      expect(row?.after).toMatchObject({ code: 'EUR', symbol: '€' });

      const again = await send('POST', 'admin/currencies', owner, { code: 'EUR', ...currencyBody() });
      expect(again.statusCode).toBe(409);
      expect(failureOf(again).error.code).toBe('CURRENCY_EXISTS');
    });

    it('moves the default, keeping exactly one, and refuses to remove the default or USD (409)', async () => {
      const moved = await send('POST', 'admin/currencies/AED/default', owner, {});
      expect(moved.statusCode).toBe(200);
      const { items } = dataOf<{ items: AdminCurrencyView[] }>(moved);
      expect(items.filter((currency) => currency.is_default).map((currency) => currency.code)).toEqual([
        'AED',
      ]);
      expect((await startup()).currencies.default).toBe('AED');
      const row = await lastAudit('POST admin/currencies/:code/default');
      expect(row).toMatchObject({ before: { default: 'USD' }, after: { default: 'AED' } });

      const removeDefault = await send('DELETE', 'admin/currencies/AED', owner);
      expect(removeDefault.statusCode).toBe(409);
      expect(failureOf(removeDefault).error.code).toBe('DEFAULT_CURRENCY');
      const removeUsd = await send('DELETE', 'admin/currencies/USD', owner);
      expect(removeUsd.statusCode).toBe(409);
      expect(failureOf(removeUsd).error.code).toBe('PRICE_CURRENCY');
      expect((await send('POST', 'admin/currencies/XYZ/default', owner, {})).statusCode).toBe(404);

      // A new shopper's cart is in the default now; prices stay USD × rate.
      const productId = await freshProduct(10);
      const cart = dataOf<Cart>(await send('POST', 'cart/add', null, { product_id: productId, quantity: 1 }));
      expect(cart.selectedCurrency.code).toBe('AED');
      expect(cart.invoice.subTotal).toBe(36.73);

      await send('POST', 'admin/currencies/USD/default', owner, {});
      const defaults = await ctx.database.db.select().from(currencies).where(eq(currencies.isDefault, true));
      expect(defaults.map((currency) => currency.code)).toEqual(['USD']);
    });

    it('removes a currency, moving the carts in it to the default; the storefront no longer lists it', async () => {
      const productId = await freshProduct(10);
      const cart = dataOf<Cart>(
        await send('POST', 'cart/add', null, {
          product_id: productId,
          quantity: 1,
          selected_currency_code: 'EUR',
        }),
      );
      expect(cart.selectedCurrency.code).toBe('EUR');

      const removed = await send('DELETE', 'admin/currencies/EUR', owner);
      expect(removed.statusCode).toBe(200);
      expect(
        dataOf<{ items: AdminCurrencyView[] }>(removed).items.map((currency) => currency.code),
      ).not.toContain('EUR');
      expect((await startup()).currencies.list).not.toHaveProperty('EUR');
      const row = await lastAudit('DELETE admin/currencies/:code');
      expect(row).toMatchObject({ objectId: 'EUR', after: null });
      expect(row?.before).toMatchObject({ code: 'EUR', exchange_rate: 0.92 });

      const after = dataOf<Cart>(
        await send('POST', 'cart/get-items', null, { guest_session_token: cart.guest_session_token }),
      );
      expect(after.selectedCurrency.code).toBe('USD');
      expect(after.invoice.subTotal).toBe(10);
      const inEur = await ctx.database.db.select().from(carts).where(eq(carts.currencyCode, 'EUR'));
      expect(inEur).toEqual([]);
    });
  });

  describe('shipping', () => {
    it('shows each country fee and the threshold in effect (FREE_SHIPPING_OVER_USD until an owner sets one)', async () => {
      const shipping = dataOf<AdminShippingView>(await send('GET', 'admin/shipping', owner));
      expect(shipping.free_shipping_over).toBe(500);
      expect(shipping.fees.slice(0, 2)).toEqual([
        { country_id: 1, country: 'United Arab Emirates', fee: 5 },
        { country_id: 2, country: 'Lebanon', fee: 10 },
      ]);
    });

    it('changes a fee and the threshold, audited; checkout-terms and the cart charge them at once', async () => {
      const { buyer, token } = await createMember(ctx.database);
      const productId = await freshProduct(20);
      await send('POST', 'cart/add', token, { product_id: productId, quantity: 1 });
      const address = created<{ item: ShippingAddress }>(
        await send(
          'POST',
          'buyers-shipping-address/create',
          token,
          shippingAddress({ country_id: 2, city: 'Beirut' }),
        ),
      ).item;
      const before = dataOf<Cart>(
        await send('POST', 'cart/add-shipping-address', token, { address_id: address.id }),
      );
      expect(before.invoice.shippingCharges).toBe(10);
      expect(buyer.id).toBeGreaterThan(0);

      const answer = await send('PUT', 'admin/shipping', owner, {
        fees: [{ country_id: 2, fee: 12.5 }],
        free_shipping_over: 100,
      });
      expect(answer.statusCode).toBe(200);
      expect(dataOf<AdminShippingView>(answer)).toMatchObject({ free_shipping_over: 100 });

      const terms = dataOf<CheckoutTerms>(await send('GET', 'checkout-terms', null));
      expect(terms.shipping.free_shipping_over).toBe(100);
      expect(terms.shipping.fees.find((entry) => entry.country_id === 2)?.fee).toBe(12.5);
      const cart = dataOf<Cart>(await send('POST', 'cart/get-items', token, {}));
      expect(cart.invoice.shippingCharges).toBe(12.5);
      expect(cart.invoice.total).toBe(32.5);

      const row = await lastAudit('PUT admin/shipping');
      const audited = { before: row?.before as AdminShippingView, after: row?.after as AdminShippingView };
      expect(audited.before.free_shipping_over).toBe(500);
      expect(audited.after.free_shipping_over).toBe(100);
      expect(audited.after.fees.find((entry) => entry.country_id === 2)?.fee).toBe(12.5);

      // Over the threshold: free. No threshold at all (null overrides FREE_SHIPPING_OVER_USD): charged.
      await send('POST', 'cart/add', token, { product_id: productId, quantity: 4 });
      expect(dataOf<Cart>(await send('POST', 'cart/get-items', token, {})).invoice.shippingCharges).toBe(0);
      // 0 is taken as null (the schema's number branch refuses it, the null branch takes it).
      await send('PUT', 'admin/shipping', owner, { fees: [], free_shipping_over: 0 });
      expect(
        dataOf<CheckoutTerms>(await send('GET', 'checkout-terms', null)).shipping.free_shipping_over,
      ).toBeNull();
      expect(dataOf<Cart>(await send('POST', 'cart/get-items', token, {})).invoice.shippingCharges).toBe(
        12.5,
      );
    });

    it('refuses an unknown country, a country twice and a fee with three decimals (400), changing nothing', async () => {
      const bad: [string, object][] = [
        ['fees.0.country_id', { fees: [{ country_id: 99999, fee: 1 }], free_shipping_over: null }],
        [
          'fees.1.country_id',
          {
            fees: [
              { country_id: 1, fee: 1 },
              { country_id: 1, fee: 2 },
            ],
            free_shipping_over: null,
          },
        ],
        ['fees.0.fee', { fees: [{ country_id: 1, fee: 1.005 }], free_shipping_over: null }],
        ['free_shipping_over', { fees: [], free_shipping_over: 10.555 }],
        ['fee', { fees: [{ country_id: 1, fee: -1 }], free_shipping_over: null }],
      ];
      for (const [field, body] of bad) {
        const answer = await send('PUT', 'admin/shipping', owner, body);
        expect([field, answer.statusCode]).toEqual([field, 400]);
        expect(Object.keys(failureOf(answer).error.fields ?? {}).join()).toContain(field);
      }
      const [uae] = await ctx.database.db.select().from(countries).where(eq(countries.id, 1));
      expect(uae?.shippingFee).toBe(5);
    });
  });

  describe('site settings', () => {
    it('changes the phone, the hashtag and the channels, audited; the startup content has them at once', async () => {
      const current = dataOf<AdminSiteSettingsView>(await send('GET', 'admin/site-settings', owner));
      expect(current).toMatchObject({ phone: '+971 50 123 4567', hashtag: '#GiftsThatSpeak' });
      const changed: AdminSiteSettingsView = {
        phone: '+971 4 555 0000',
        hashtag: '#Gifts2026',
        social_channels: { ...current.social_channels, twitter: 'https://x.com/gifts', facebook: null },
      };
      const answer = await send('PUT', 'admin/site-settings', owner, changed);
      expect(answer.statusCode).toBe(200);
      expect(dataOf<AdminSiteSettingsView>(answer)).toEqual(changed);
      const content = await startup();
      expect(content.config).toEqual({ phone: '+971 4 555 0000', hashtag: '#Gifts2026' });
      expect(content.socialChannels.twitter).toBe('https://x.com/gifts');
      expect(content.socialChannels).not.toHaveProperty('facebook');
      const row = await lastAudit('PUT admin/site-settings');
      expect(row?.before).toEqual(current);
      expect(row?.after).toEqual(changed);
    });

    it('refuses a phone with letters, two hashtags and a channel that is not https (400)', async () => {
      const current = dataOf<AdminSiteSettingsView>(await send('GET', 'admin/site-settings', owner));
      for (const [field, change] of [
        ['phone', { phone: 'call me' }],
        ['hashtag', { hashtag: '#one #two' }],
        [
          'social_channels',
          { social_channels: { ...current.social_channels, youtube: 'javascript:alert(1)' } },
        ],
      ] as const) {
        const answer = await send('PUT', 'admin/site-settings', owner, { ...current, ...change });
        expect([field, answer.statusCode]).toEqual([field, 400]);
      }
      expect(dataOf<AdminSiteSettingsView>(await send('GET', 'admin/site-settings', owner))).toEqual(current);
    });
  });

  describe('content pages', () => {
    it('saves sanitised HTML (owners and staff), audited; the storefront serves it at once', async () => {
      const list = dataOf<{ items: { page: string; heading: string }[] }>(
        await send('GET', 'admin/pages', staff),
      );
      expect(list.items.map((item) => item.page)).toEqual([
        'about',
        'shipping',
        'payments',
        'cancellation-returns',
      ]);
      const before = dataOf<{ page: AdminPageView }>(await send('GET', 'admin/pages/shipping', staff)).page;

      const answer = await send('PUT', 'admin/pages/shipping', staff, {
        heading: ' Shipping, updated ',
        content:
          '<h2>Fees</h2><p onclick="steal()">We ship <strong>fast</strong>.</p><script>steal()</script><a href="javascript:x()">x</a><ul><li>one</li></ul>',
      });
      expect(answer.statusCode).toBe(200);
      const saved = dataOf<{ page: AdminPageView }>(answer).page;
      expect(saved).toEqual({
        page: 'shipping',
        heading: 'Shipping, updated',
        content:
          '<h2>Fees</h2><p>We ship <strong>fast</strong>.</p><a rel="noopener">x</a><ul><li>one</li></ul>',
      });
      const [row] = await ctx.database.db
        .select()
        .from(pageContents)
        .where(eq(pageContents.page, 'shipping'));
      expect(row?.content).toBe(saved.content);
      expect(dataOf<PageContent>(await send('GET', 'page-content/shipping', null))).toMatchObject({
        heading: 'Shipping, updated',
        content: saved.content,
      });
      const audit = await lastAudit('PUT admin/pages/:page');
      expect(audit).toMatchObject({ objectId: 'shipping', before, after: saved });
    });

    it('previews a draft as the save would store it, changing nothing and writing no audit row', async () => {
      const rows = await ctx.database.db.select().from(adminAuditLog);
      const answer = await send('POST', 'admin/pages/preview', staff, {
        content: '<p>Hi <img src="x" onerror="steal()"><iframe src="https://evil.example"></iframe></p>',
      });
      expect(answer.statusCode).toBe(200);
      expect(dataOf<{ content: string }>(answer).content).toBe('<p>Hi <img src="x" /></p>');
      expect(await ctx.database.db.select().from(adminAuditLog)).toHaveLength(rows.length);
      expect((await send('POST', 'admin/pages/preview', null, { content: 'x' })).statusCode).toBe(401);
    });

    it('refuses an unknown page, an empty heading and content over the limit (400)', async () => {
      expect((await send('GET', 'admin/pages/contact', owner)).statusCode).toBe(400);
      expect(
        (await send('PUT', 'admin/pages/privacy', owner, { heading: 'x', content: '' })).statusCode,
      ).toBe(400);
      expect((await send('PUT', 'admin/pages/about', owner, { heading: '  ', content: '' })).statusCode).toBe(
        400,
      );
      const long = await send('PUT', 'admin/pages/about', owner, {
        heading: 'About',
        content: 'x'.repeat(20_001),
      });
      expect(long.statusCode).toBe(400);
    });
  });

  describe('a staff admin', () => {
    const ownersOnly: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object][] = [
      ['GET', 'admin/currencies'],
      ['POST', 'admin/currencies', { code: 'CHF', symbol: 'CHF', exchange_rate: 0.9, decimal_places: 2 }],
      ['PUT', 'admin/currencies/AED', { symbol: 'AED', exchange_rate: 9, decimal_places: 2 }],
      ['DELETE', 'admin/currencies/KWD'],
      ['POST', 'admin/currencies/LBP/default', {}],
      ['GET', 'admin/shipping'],
      ['PUT', 'admin/shipping', { fees: [{ country_id: 1, fee: 99 }], free_shipping_over: 1 }],
      ['GET', 'admin/site-settings'],
      [
        'PUT',
        'admin/site-settings',
        {
          phone: '1',
          hashtag: 'x',
          social_channels: { facebook: null, twitter: null, instagram: null, linkedin: null, youtube: null },
        },
      ],
    ];

    // Rows as objects: a row shorter than the function's parameters would make jest pass `done`.
    it.each(ownersOnly.map(([method, url, body]) => ({ method, url, body })))(
      'cannot $method $url: 403, nothing changed, a refusal row',
      async ({ method, url, body }) => {
        const shopBefore = {
          currencies: await ctx.database.db.select().from(currencies),
          countries: await ctx.database.db.select().from(countries),
          startup: await startup(),
        };
        const answer = await send(method, url, staff, body);
        expect(answer.statusCode).toBe(403);
        expect(failureOf(answer).error.message).toBe('Owners only.');
        expect({
          currencies: await ctx.database.db.select().from(currencies),
          countries: await ctx.database.db.select().from(countries),
          startup: await startup(),
        }).toEqual(shopBefore);
        const [refusal] = await ctx.database.db
          .select()
          .from(adminAuditLog)
          .where(like(adminAuditLog.action, `refused ${method} admin/%`))
          .orderBy(desc(adminAuditLog.id))
          .limit(1);
        expect(refusal).toMatchObject({ adminEmail: 'staff@gifts.example' });
        expect(refusal?.action).toBe(
          `refused ${method} ${url.replace(/(currencies)\/[A-Z]{3}/, '$1/:code')}`,
        );
        expect(refusal?.details).toMatchObject({ status: 403 });
      },
    );
  });
});
