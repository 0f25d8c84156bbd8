/**
 * Issue 16, orders and payments: the shop's pages read the rules checkout applies (GET
 * checkout-terms), a Money Exchange Transfer order's mail says whom to pay and where the slip goes
 * (a guest e-mails it; a member uploads it), every mail has the shop's Reply-To, and a
 * notification about an order names it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  AdminSession,
  Cart,
  CheckoutTerms,
  Notification,
  PlacedOrder,
  ShippingAddress,
  User,
} from '@shop/contract';
import { PAYMENT_METHODS } from '@shop/contract/validation';
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_PAYMENT_DETAILS, loadConfig } from '../src/config';
import { countries, products } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import {
  createMember,
  createTestApp,
  dataOf,
  mailsTo as mailsToIn,
  shippingAddress,
  type TestContext,
  targets,
} from './db';

/** The `data` of a 201 (created) envelope. */
function createdOf<T>(response: { statusCode: number; body: string }): T {
  expect(response.statusCode).toBe(201);
  return (JSON.parse(response.body) as { data: T }).data;
}

const SHOP_EMAIL = 'orders@gifts.example';
const ADMIN_PASSWORD = 'Admin-Secret-123';

describe('checkout settings read from the environment', () => {
  it('takes FREE_SHIPPING_OVER_USD and SHOP_EMAIL, and refuses what they cannot be', () => {
    const config = loadConfig({ FREE_SHIPPING_OVER_USD: '150', SHOP_EMAIL: SHOP_EMAIL });
    expect(config.checkout.freeShippingOverUsd).toBe(150);
    expect(config.checkout.shopEmail).toBe(SHOP_EMAIL);
    expect(loadConfig({}).checkout.freeShippingOverUsd).toBeNull();
    for (const bad of ['0', '-5', 'lots', '10.555'])
      expect(() => loadConfig({ FREE_SHIPPING_OVER_USD: bad })).toThrow(/FREE_SHIPPING_OVER_USD/);
    for (const bad of ['nobody', 'a@b.c, d@e.f', 'Shop <shop@example.com>'])
      expect(() => loadConfig({ SHOP_EMAIL: bad })).toThrow(/SHOP_EMAIL/);
  });
});

describe.each(targets)('orders and payments on %s', (target) => {
  let ctx: TestContext;
  let outbox: string;
  let nextProductId = 1;
  const freshProduct = async (price = 10) => {
    const id = nextProductId++;
    await ctx.database.db
      .update(products)
      .set({ stockQuantity: 50, price, freeDelivery: false })
      .where(eq(products.id, id));
    return id;
  };

  const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const post = (url: string, payload: object, token: string | null = null) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers: auth(token) });
  const get = (url: string, token: string | null = null) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers: auth(token) });

  const address = (countryId: number) =>
    shippingAddress({ country_id: countryId, address: 'Villa 12, Al Wasl Road' });
  /** The buyer's cart: these lines, an address in `countryId`, and the method when given. */
  const fillCart = async (token: string, lines: [number, number][], countryId: number, method?: string) => {
    for (const [product_id, quantity] of lines) await post('cart/add', { product_id, quantity }, token);
    const created = createdOf<{ item: ShippingAddress }>(
      await post('buyers-shipping-address/create', address(countryId), token),
    );
    let cart = dataOf<Cart>(await post('cart/add-shipping-address', { address_id: created.item.id }, token));
    if (method) cart = dataOf<Cart>(await post('cart/add-payment-method', { payment_method: method }, token));
    return cart;
  };
  const mailsTo = (email: string) => mailsToIn(ctx, outbox, email);

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'shop-orders-outbox-'));
    ctx = await createTestApp(target, {
      products: 40,
      auth: { scryptLogN: 10, mail: { outboxDir: outbox, replyTo: SHOP_EMAIL } },
      checkout: { freeShippingOverUsd: 100, shopEmail: SHOP_EMAIL },
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  describe('GET checkout-terms', () => {
    it('answers the methods, payee, slip address, every country fee and the threshold checkout applies', async () => {
      const response = await get('checkout-terms');
      expect(response.statusCode).toBe(200);
      const terms = dataOf<CheckoutTerms>(response);
      expect(terms.payment_methods).toEqual([...PAYMENT_METHODS]);
      expect(terms.payment_details).toEqual(DEFAULT_PAYMENT_DETAILS);
      expect(terms.payment_slip_email).toBe(SHOP_EMAIL);
      expect(terms.shipping.free_shipping_over).toBe(100);
      const table = await ctx.database.db
        .select({ country_id: countries.id, country: countries.name, fee: countries.shippingFee })
        .from(countries)
        .orderBy(asc(countries.position));
      expect(terms.shipping.fees).toEqual(table);
      expect(terms.shipping.fees.slice(0, 2)).toEqual([
        { country_id: 1, country: 'United Arab Emirates', fee: 5 },
        { country_id: 2, country: 'Lebanon', fee: 10 },
      ]);
    });

    it("charges, at checkout, exactly the fee the terms state for the address's country", async () => {
      const terms = dataOf<CheckoutTerms>(await get('checkout-terms'));
      for (const { country_id, fee } of terms.shipping.fees.slice(0, 3)) {
        const { token } = await createMember(ctx.database);
        const cart = await fillCart(token, [[await freshProduct(10), 1]], country_id);
        expect(cart.invoice.shippingCharges).toBe(fee);
      }
    });

    it('ships free from the stated threshold on, and charges the fee below it', async () => {
      const below = await createMember(ctx.database);
      const belowCart = await fillCart(below.token, [[await freshProduct(99.99), 1]], 2);
      expect(belowCart.invoice).toMatchObject({ subTotal: 99.99, shippingCharges: 10, total: 109.99 });
      const at = await createMember(ctx.database);
      const atCart = await fillCart(at.token, [[await freshProduct(50), 2]], 2);
      expect(atCart.invoice).toMatchObject({ subTotal: 100, shippingCharges: 0, total: 100 });
    });
  });

  describe('the order e-mail of a Money Exchange Transfer', () => {
    it("tells a guest whom to pay and to e-mail the slip to the shop, with the shop's Reply-To", async () => {
      const guestCart = dataOf<Cart>(
        await post('cart/add', { product_id: await freshProduct(20), quantity: 1 }),
      );
      const email = `guest.${Date.now()}@example.com`;
      const registered = createdOf<{ user: User }>(
        await post('buyers/register-guest', {
          type: 'Express',
          first_name: 'Nour',
          last_name: 'Saleh',
          email,
          mobile: '+971 501234567',
          guest_cart_session_token: guestCart.guest_session_token,
        }),
      );
      const token = registered.user.token;
      await fillCart(token, [], 1, 'Money Exchange Transfer');
      const placed = dataOf<PlacedOrder>(
        await post('cart/member-checkout', { member_checkout: true }, token),
      );

      const [mail, ...more] = await mailsTo(email);
      expect(more).toHaveLength(0);
      expect(mail).toMatch(new RegExp(`^Reply-To: ${SHOP_EMAIL}\\r?$`, 'm'));
      expect(mail).toContain(
        `Please send $25.00 by Money Exchange Transfer to ${DEFAULT_PAYMENT_DETAILS.personal.personName}, ${DEFAULT_PAYMENT_DETAILS.personal.personPhoneNumber}, naming your order number ${placed.order_id}.`,
      );
      expect(mail).toContain(
        `Then e-mail the transfer slip to ${SHOP_EMAIL}, naming your order number ${placed.order_id}.`,
      );
      expect(mail).not.toContain('My Orders');
    });

    it('tells a member to upload the slip under My Orders; a Cash On Delivery mail says nothing of a transfer', async () => {
      const member = await createMember(ctx.database);
      await fillCart(member.token, [[await freshProduct(20), 1]], 1, 'Money Exchange Transfer');
      await post('cart/member-checkout', { member_checkout: true }, member.token);
      const [transfer] = await mailsTo(member.buyer.email);
      expect(transfer).toContain('Then upload the transfer slip under My Orders');
      expect(transfer).not.toContain(`e-mail the transfer slip to ${SHOP_EMAIL}`);

      const cod = await createMember(ctx.database);
      await fillCart(cod.token, [[await freshProduct(20), 1]], 1, 'Cash On Delivery');
      await post('cart/member-checkout', { member_checkout: true }, cod.token);
      const [cash] = await mailsTo(cod.buyer.email);
      expect(cash).toMatch(new RegExp(`^Reply-To: ${SHOP_EMAIL}\\r?$`, 'm'));
      expect(cash).not.toContain('Money Exchange Transfer to');
    });
  });

  describe('notifications about an order', () => {
    it("carry the order's id, so the header links the note to the order; others carry none", async () => {
      await createAdmin(ctx.database.db, new PasswordHasher(10), 'ops@gifts.example', ADMIN_PASSWORD);
      const admin = dataOf<AdminSession>(
        await post('admin/login', { email: 'ops@gifts.example', password: ADMIN_PASSWORD }),
      );
      const member = await createMember(ctx.database);
      await fillCart(member.token, [[await freshProduct(20), 1]], 1, 'Cash On Delivery');
      const { order } = dataOf<PlacedOrder>(
        await post('cart/member-checkout', { member_checkout: true }, member.token),
      );
      const changed = await post(
        `admin/orders/${order.id}/status`,
        { order_status: 'Dispatch' },
        admin.token,
      );
      expect(changed.statusCode).toBe(200);
      const sent = await post(
        'admin/notifications',
        { buyer_id: member.buyer.id, note: 'Happy holidays' },
        admin.token,
      );
      expect(sent.statusCode).toBeLessThan(300);

      const { items } = dataOf<{ items: Notification[] }>(await get('notifications', member.token));
      const about = items.find((item) => item.note.startsWith(`Your order ${order.order_id}`));
      expect(about?.order_id).toBe(order.id);
      expect(items.find((item) => item.note === 'Happy holidays')?.order_id).toBeNull();
    });
  });
});
