/**
 * Spec 001 §6: a Guest (express or chat-message checkout) may "browse, use the cart, customize and
 * package, check out as guest, sign in" and "Cannot use /member". Every member-area call answers a
 * guest's token with 403 MEMBERS_ONLY; the calls a guest checkout makes answer as for a member.
 */
import type { Cart, ChatCheckout, PlacedOrder, ShippingAddress, SignedIn } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { MEMBERS_ONLY_CODE } from '../src/hooks/optionalAuth';
import {
  bearer,
  createMember,
  createTestApp,
  dataOf,
  failureOf,
  shippingAddress,
  type TestContext,
  targets,
} from './db';
import { operationsOf } from './fuzz/openApiFuzz';

/** Every call of the member area (spec 001 §2.7, §7), as `METHOD path` of the OpenAPI document. */
const MEMBER_AREA = [
  'GET /buyers/dashboard-stats',
  'GET /buyers-log',
  'GET /buyers/profile',
  'GET /buyers/profile-stats',
  'GET /buyers/get-interest-options',
  'POST /buyers/update-interests',
  'GET /buyers/get-hear-about-us-options',
  'POST /buyers/update-hear-about-us',
  'POST /buyers/update/{id}',
  'POST /buyers/update-alternate-email',
  'POST /buyers/change-password',
  'GET /buyer-orders',
  'GET /buyer-orders/stats',
  'GET /buyer-orders/log',
  'GET /buyer-orders/{id}',
  'GET /buyer-orders/{id}/items/{itemId}/logo',
  'POST /buyer-orders/proof-of-payment',
  'POST /product-reviews/create',
  'POST /product-feedbacks/create',
  'GET /buyer-messages',
  'POST /buyer-messages/send-message',
  'GET /buyer-messages/get-thread/{id}',
  'POST /buyer-messages/send-reply/{id}',
  'GET /order-messages/get-messages/{orderId}',
  'POST /order-messages/send-message/{orderId}',
  'GET /order-messages/get-thread/{orderId}/{messageId}',
  'POST /order-messages/send-reply/{orderId}/{messageId}',
  'GET /notifications',
  'POST /notifications/remove',
  // The Shipping Address page manages addresses; checkout only lists and creates them.
  'POST /buyers-shipping-address/primary',
  'DELETE /buyers-shipping-address/{id}',
  'GET /buyers-shipping-address/{id}',
  'POST /buyers-shipping-address/update/{id}',
].sort();

/** Refused to a guest too, but as the wishlist's own rule (spec 000 §6), not as the member area. */
const WISHLIST = [
  'POST /wishlist/get-items',
  'POST /wishlist/add',
  'POST /wishlist/remove',
  'POST /wishlist/move-to-cart',
].sort();

const API = '/backend/api';

describe.each(targets)('what a guest may call, on %s', (target) => {
  let ctx: TestContext;
  let nextProductId = 1;
  const call = (method: string, url: string, token: string | null, payload?: object) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `${API}/${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const inStock = async () => {
    const id = nextProductId++;
    await ctx.database.db.update(products).set({ stockQuantity: 20 }).where(eq(products.id, id));
    return id;
  };
  /** A visitor's guest cart with one product, then express checkout's sign-up: a Guest's token. */
  const expressGuest = async () => {
    const cart = dataOf<Cart>(
      await call('POST', 'cart/add', null, { product_id: await inStock(), quantity: 1 }),
    );
    const answer = await call('POST', 'buyers/register-guest', null, {
      type: 'Express',
      first_name: 'Guest',
      last_name: 'Shopper',
      email: `guest.${nextProductId}.${Date.now()}@example.com`,
      mobile: '+971 501234567',
      create_my_profile: false,
      continue_as_guest: false,
      guest_cart_session_token: cart.guest_session_token,
    });
    expect(answer.statusCode).toBe(201);
    const { user } = (JSON.parse(answer.body) as { data: SignedIn }).data;
    expect(user.type).toBe('Guest');
    return user.token;
  };

  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('refuses every member-area call to an express-checkout guest with 403 MEMBERS_ONLY', async () => {
    const token = await expressGuest();
    for (const endpoint of MEMBER_AREA) {
      const [method = '', path = ''] = endpoint.split(' ');
      const answer = await call(
        method,
        path.slice(1).replace(/\{\w+\}/g, '1'),
        token,
        method === 'GET' ? undefined : {},
      );
      expect({ endpoint, status: answer.statusCode }).toEqual({ endpoint, status: 403 });
      expect(failureOf(answer).error).toEqual({
        code: MEMBERS_ONLY_CODE,
        message:
          'This is for members only: a guest checkout has no member area. Sign in, or sign up, to use it.',
      });
    }
  });

  it('answers 403 to a guest on exactly the member area and the wishlist, among all the shop’s calls', async () => {
    const token = await expressGuest();
    const refused: string[] = [];
    for (const operation of operationsOf(ctx.app)) {
      const path = operation.path.slice(API.length);
      // Sign-out would end the guest's session for the calls after it; the admin's calls are
      // another realm, refusing every buyer's token.
      if (path === '/buyers/logout' || path.startsWith('/admin/')) continue;
      const url = path.slice(1).replace(/\{\w+\}/g, '1');
      const answer = await call(operation.method, url, token, operation.method === 'GET' ? undefined : {});
      if (answer.statusCode === 403) refused.push(`${operation.method} ${path}`);
    }
    expect(refused.sort()).toEqual([...MEMBER_AREA, ...WISHLIST].sort());
  });

  it('still answers every member-area call for a member (the guard looks at the buyer type only)', async () => {
    const { token } = await createMember(ctx.database);
    for (const url of [
      'buyers/dashboard-stats',
      'buyers-log',
      'buyer-orders',
      'buyer-messages',
      'notifications',
    ]) {
      expect({ url, status: (await call('GET', url, token)).statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('lets an express guest check out: its own addresses, the cart’s address and payment method, the order', async () => {
    const token = await expressGuest();
    expect(
      dataOf<{ items: ShippingAddress[] }>(await call('GET', 'buyers-shipping-address', token)).items,
    ).toEqual([]);
    const created = await call('POST', 'buyers-shipping-address/create', token, shippingAddress());
    expect(created.statusCode).toBe(201);
    const { item } = (JSON.parse(created.body) as { data: { item: ShippingAddress } }).data;
    expect(
      dataOf<{ items: ShippingAddress[] }>(await call('GET', 'buyers-shipping-address', token)).items.map(
        (a) => a.id,
      ),
    ).toEqual([item.id]);
    const withAddress = dataOf<Cart>(
      await call('POST', 'cart/add-shipping-address', token, { address_id: item.id }),
    );
    expect(withAddress.shippingAddress?.id).toBe(item.id);
    dataOf<Cart>(
      await call('POST', 'cart/add-payment-method', token, { payment_method: 'Cash On Delivery' }),
    );
    expect(
      dataOf<{ is_logged_in: boolean }>(await call('GET', 'buyers/is-logged-in', token)).is_logged_in,
    ).toBe(true);
    const placed = dataOf<PlacedOrder>(
      await call('POST', 'cart/member-checkout', token, { member_checkout: true }),
    );
    expect(placed.order_id).toEqual(expect.any(String));
  });

  it('lets an express guest sign out', async () => {
    const token = await expressGuest();
    dataOf(await call('POST', 'buyers/logout', token, {}));
    expect((await call('GET', 'buyers-shipping-address', token)).statusCode).toBe(401);
  });

  it('refuses the member area to a chat-checkout guest, who stays signed in after the order', async () => {
    const cart = dataOf<Cart>(
      await call('POST', 'cart/add', null, { product_id: await inStock(), quantity: 1 }),
    );
    const chat = dataOf<ChatCheckout>(
      await call('POST', 'cart/whatsapp-checkout', null, {
        name: 'Maya Haddad',
        email: `chat.${Date.now()}@example.com`,
        mobile: '+971 50 123 4567',
        guest_session_token: cart.guest_session_token,
      }),
    );
    expect(chat.user.type).toBe('Guest');
    const orders = await call('GET', 'buyer-orders', chat.user.token);
    expect(orders.statusCode).toBe(403);
    expect(failureOf(orders).error.code).toBe(MEMBERS_ONLY_CODE);
  });
});
