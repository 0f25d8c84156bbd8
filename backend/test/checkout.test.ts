import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Cart, ChatCheckout, PaymentDetails, PlacedOrder, ShippingAddress, User } from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { asc, count, eq, sql } from 'drizzle-orm';
import { DEFAULT_PAYMENT_DETAILS, loadConfig } from '../src/config';
import {
  buyerActivities,
  buyers,
  cartItems,
  carts,
  currencies,
  orderItems,
  orderLogs,
  orders,
  productCustomizations,
  products,
} from '../src/db/schema';
import { vatIncludedIn } from '../src/services/money';
import { ORDER_NUMBER_PATTERN } from '../src/services/orders';
import {
  bearer,
  createMember,
  createTestApp,
  dataOf,
  failureOf,
  mailsTo as mailsToIn,
  shippingAddress,
  type TestContext,
  targets,
} from './db';
import { storedBytes } from './uploadedFiles';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const USD = { code: 'USD', symbol: '$', exchange_rate: 1, decimal_places: 2 };

describe('checkout settings', () => {
  it('reads VAT_RATE and the payment details from the environment, with demo defaults', () => {
    expect(loadConfig({}).checkout).toEqual({
      vatRate: 5,
      paymentDetails: DEFAULT_PAYMENT_DETAILS,
      freeShippingOverUsd: null,
      shopEmail: 'hello@example.com',
    });
    const configured = loadConfig({
      VAT_RATE: '7.5',
      BANK_IBAN: 'LB00 0000',
      TRANSFER_PERSON_NAME: 'Nadia',
      TRANSFER_PERSON_PHONE: '+961 70 000 000',
    }).checkout;
    expect(configured.vatRate).toBe(7.5);
    expect(configured.paymentDetails.bank.ibanNumber).toBe('LB00 0000');
    expect(configured.paymentDetails.personal).toEqual({
      personName: 'Nadia',
      personPhoneNumber: '+961 70 000 000',
    });
    for (const bad of ['-1', '101', 'five', '5.555'])
      expect(() => loadConfig({ VAT_RATE: bad })).toThrow(/VAT_RATE/);
  });

  it('takes the VAT part out of a VAT-inclusive amount, rounded by the currency', () => {
    expect(vatIncludedIn(105, 5, USD)).toBe(5);
    expect(vatIncludedIn(45, 5, USD)).toBe(2.14);
    expect(
      vatIncludedIn(2237500, 5, { code: 'LBP', symbol: 'LBP', exchange_rate: 89500, decimal_places: 0 }),
    ).toBe(106548);
    expect(
      vatIncludedIn(7.675, 5, { code: 'KWD', symbol: 'KD', exchange_rate: 0.307, decimal_places: 3 }),
    ).toBe(0.365);
    expect(vatIncludedIn(120, 20, USD)).toBe(20);
    expect(vatIncludedIn(99, 0, USD)).toBe(0);
  });
});

describe.each(targets)('checkout on %s', (target) => {
  let ctx: TestContext;
  let outbox: string;
  let uploadsDir: string;
  /** Products set aside per test so no two tests share stock or prices (the seed has 60). */
  let nextProductId = 1;
  const freshProduct = async (changes: Partial<typeof products.$inferInsert> = {}) => {
    const id = nextProductId++;
    await ctx.database.db
      .update(products)
      .set({ stockQuantity: 50, price: 10, freeDelivery: false, ...changes })
      .where(eq(products.id, id));
    return id;
  };
  const onPostgres = target === 'postgres' ? it : it.skip;

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers });
  const cartOf = async (url: string, payload: object, headers: Record<string, string> = {}) =>
    dataOf<Cart>(await post(url, payload, headers));

  const addressInput = (countryId = 1) =>
    shippingAddress({
      country_id: countryId,
      city: countryId === 2 ? 'Beirut' : 'Dubai',
      address: 'Villa 12, Al Wasl Road',
    });
  const createAddress = async (token: string, countryId = 1) => {
    const response = await post('buyers-shipping-address/create', addressInput(countryId), bearer(token));
    return (JSON.parse(response.body) as { data: { item: ShippingAddress } }).data.item;
  };

  interface Shopper {
    buyerId: number;
    token: string;
    email: string;
  }
  const member = async (): Promise<Shopper> => {
    const { buyer, token } = await createMember(ctx.database);
    return { buyerId: buyer.id, token, email: buyer.email };
  };
  /** A buyer's cart with these lines, an address in `countryId` and a payment method. */
  const readyCart = async (
    shopper: Shopper,
    lines: [productId: number, quantity: number][],
    options: { countryId?: number; method?: string | null; currency?: string } = {},
  ) => {
    for (const [productId, quantity] of lines) {
      await post(
        'cart/add',
        { product_id: productId, quantity, selected_currency_code: options.currency ?? null },
        bearer(shopper.token),
      );
    }
    const address = await createAddress(shopper.token, options.countryId ?? 1);
    await post('cart/add-shipping-address', { address_id: address.id }, bearer(shopper.token));
    if (options.method !== null) {
      await post(
        'cart/add-payment-method',
        { payment_method: options.method ?? 'Cash On Delivery' },
        bearer(shopper.token),
      );
    }
    return address;
  };
  const placeOrder = (token: string, key?: string) =>
    post(
      'cart/member-checkout',
      { member_checkout: true },
      { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    );

  const stockOf = async (productId: number) => {
    const [row] = await ctx.database.db
      .select({ stock: products.stockQuantity, sales: products.salesCount })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  };
  const ordersOf = (buyerId: number) =>
    ctx.database.db.select().from(orders).where(eq(orders.buyerId, buyerId)).orderBy(asc(orders.id));
  const countOrdersOf = async (buyerId: number) => (await ordersOf(buyerId)).length;
  const mailsTo = (email: string) => mailsToIn(ctx, outbox, email);

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'shop-checkout-outbox-'));
    uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-checkout-uploads-'));
    ctx = await createTestApp(target, {
      products: 60,
      uploadsDir,
      auth: { scryptLogN: 10, mail: { outboxDir: outbox } },
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(outbox, { recursive: true, force: true });
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  describe('shipping fee and VAT', () => {
    it("charges the delivery country's flat fee once the cart has an address; prices include 5 % VAT", async () => {
      const shopper = await member();
      const productId = await freshProduct({ price: 20 });
      const added = await cartOf('cart/add', { product_id: productId, quantity: 2 }, bearer(shopper.token));
      expect(added.invoice).toEqual({
        subTotal: 40,
        subTotalWithAdditional: 40,
        shippingCharges: 0,
        total: 40,
        vatRate: 5,
        vatIncluded: 1.9,
      });
      for (const [countryId, fee, vat] of [
        [1, 5, 2.14],
        [2, 10, 2.38],
        [3, 15, 2.62],
      ] as const) {
        const address = await createAddress(shopper.token, countryId);
        const cart = await cartOf(
          'cart/add-shipping-address',
          { address_id: address.id },
          bearer(shopper.token),
        );
        expect(cart.shippingAddress).toEqual(address);
        expect(cart.invoice).toEqual({
          subTotal: 40,
          subTotalWithAdditional: 40,
          shippingCharges: fee,
          total: 40 + fee,
          vatRate: 5,
          vatIncluded: vat,
        });
      }
    });

    it('waives the fee when every product of the cart ships free', async () => {
      const shopper = await member();
      const free = await freshProduct({ freeDelivery: true });
      const alsoFree = await freshProduct({ freeDelivery: true });
      await readyCart(shopper, [
        [free, 1],
        [alsoFree, 1],
      ]);
      const cart = await cartOf('cart/get-items', {}, bearer(shopper.token));
      expect(cart.invoice).toMatchObject({ subTotal: 20, shippingCharges: 0, total: 20 });
      const paid = await freshProduct();
      const mixed = await cartOf('cart/add', { product_id: paid }, bearer(shopper.token));
      expect(mixed.invoice).toMatchObject({ subTotal: 30, shippingCharges: 5, total: 35 });
    });

    it('converts the fee and rounds the VAT by the currency: AED, LBP (whole pounds), KWD', async () => {
      const productId = await freshProduct({ price: 10 });
      const shopper = await member();
      await readyCart(shopper, [[productId, 2]]);
      const expected = {
        AED: { subTotal: 73.46, shippingCharges: 18.36, total: 91.82, vatIncluded: 4.37 },
        LBP: { subTotal: 1790000, shippingCharges: 447500, total: 2237500, vatIncluded: 106548 },
        KWD: { subTotal: 6.14, shippingCharges: 1.535, total: 7.675, vatIncluded: 0.365 },
      };
      for (const [code, invoice] of Object.entries(expected)) {
        const cart = await cartOf(
          'cart/change-currency',
          { selected_currency_code: code },
          bearer(shopper.token),
        );
        expect(cart.invoice).toEqual({ ...invoice, subTotalWithAdditional: invoice.subTotal, vatRate: 5 });
      }
    });
  });

  describe('the cart: address and payment method', () => {
    it("ships only a buyer's cart: 401 without a bearer token, 409 without a cart", async () => {
      const productId = await freshProduct();
      const guest = await cartOf('cart/add', { product_id: productId });
      const anonymous = await post('cart/add-shipping-address', {
        address_id: 1,
        guest_session_token: guest.guest_session_token,
      });
      expect(anonymous.statusCode).toBe(401);
      const shopper = await member();
      const address = await createAddress(shopper.token);
      const noCart = await post(
        'cart/add-shipping-address',
        { address_id: address.id },
        bearer(shopper.token),
      );
      expect(noCart.statusCode).toBe(409);
      expect(failureOf(noCart).error.code).toBe('CART_EMPTY');
    });

    it('takes Cash On Delivery or Money Exchange Transfer; Bank Transfer and others are 422', async () => {
      const productId = await freshProduct();
      const shopper = await member();
      await post('cart/add', { product_id: productId }, bearer(shopper.token));
      for (const method of ['Money Exchange Transfer', 'Cash On Delivery'] as const) {
        const cart = await cartOf(
          'cart/add-payment-method',
          { payment_method: method },
          bearer(shopper.token),
        );
        expect(cart.paymentMethod).toBe(method);
      }
      const bank = await post(
        'cart/add-payment-method',
        { payment_method: 'Bank Transfer' },
        bearer(shopper.token),
      );
      expect(bank.statusCode).toBe(422);
      expect(failureOf(bank).error).toMatchObject({
        code: 'PAYMENT_METHOD_NOT_OFFERED',
        message: expect.stringContaining('Cash On Delivery or Money Exchange Transfer'),
        fields: { payment_method: expect.any(String) },
      });
      for (const payment_method of ['Cheque', '', null, 'cash on delivery']) {
        const other = await post('cart/add-payment-method', { payment_method }, bearer(shopper.token));
        expect(other.statusCode).toBe(422);
        expect(failureOf(other).error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { payment_method: MESSAGES.paymentMethodRequired },
        });
      }
      expect((await cartOf('cart/get-items', {}, bearer(shopper.token))).paymentMethod).toBe(
        'Cash On Delivery',
      );
    });

    it('lets a guest cart hold a payment method; without a cart it is 409', async () => {
      const productId = await freshProduct();
      const { guest_session_token: token } = await cartOf('cart/add', { product_id: productId });
      const cart = await cartOf('cart/add-payment-method', {
        payment_method: 'Money Exchange Transfer',
        guest_session_token: token,
      });
      expect(cart).toMatchObject({ paymentMethod: 'Money Exchange Transfer', guest_session_token: token });
      const none = await post('cart/add-payment-method', { payment_method: 'Cash On Delivery' });
      expect(none.statusCode).toBe(409);
    });

    it('answers the payment details from configuration', async () => {
      expect(dataOf<PaymentDetails>(await get('money-transfer-details'))).toEqual(DEFAULT_PAYMENT_DETAILS);
    });
  });

  describe('member-checkout', () => {
    it('places the order: stock down, cart emptied, log, activity and a confirmation e-mail', async () => {
      const shopper = await member();
      const a = await freshProduct({ price: 12.5, stockQuantity: 5 });
      const b = await freshProduct({ price: 4, stockQuantity: 9 });
      const address = await readyCart(shopper, [
        [a, 2],
        [b, 3],
      ]);
      const salesBefore = (await stockOf(a))?.sales ?? 0;
      const response = await placeOrder(shopper.token);
      const placed = dataOf<PlacedOrder>(response);
      expect(placed.order_id).toMatch(ORDER_NUMBER_PATTERN);
      const yymm = new Date().toISOString().slice(2, 7).replace('-', '');
      expect(placed.order_id.slice(3, 7)).toBe(yymm);
      expect(placed.order).toEqual({
        id: expect.any(Number),
        order_id: placed.order_id,
        created_at: expect.any(String),
        order_status: 'Pending',
        payment_status: 'Pending',
        payment_method: 'Cash On Delivery',
        products_total_cost: 37,
        shipping_cost: 5,
        total_amount: 42,
        vat_rate: 5,
        vat_amount: 2,
        currency: { code: 'USD', symbol: '$' },
      });
      expect(await stockOf(a)).toEqual({ stock: 3, sales: salesBefore + 2 });
      expect((await stockOf(b))?.stock).toBe(6);

      const cart = await cartOf('cart/get-items', {}, bearer(shopper.token));
      expect(cart).toMatchObject({ items: [], shippingAddress: null, paymentMethod: null });
      expect(cart.invoice.total).toBe(0);

      const [row] = await ordersOf(shopper.buyerId);
      expect(row).toMatchObject({
        orderNumber: placed.order_id,
        channel: 'checkout',
        exchangeRate: 1,
        shipFirstName: address.first_name,
        shipCity: address.city,
        shipCountry: 'United Arab Emirates',
        shipAddress: address.address,
      });
      const lines = await ctx.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, placed.order.id))
        .orderBy(asc(orderItems.id));
      expect(lines.map((line) => [line.productId, line.quantity, line.unitPrice, line.lineTotal])).toEqual([
        [a, 2, 12.5, 25],
        [b, 3, 4, 12],
      ]);
      expect(lines[0]).toMatchObject({ typeName: expect.any(String), categoryName: expect.any(String) });
      const log = await ctx.database.db
        .select()
        .from(orderLogs)
        .where(eq(orderLogs.orderId, placed.order.id));
      expect(log.map((entry) => entry.action)).toEqual(['Order placed']);
      const activities = await ctx.database.db
        .select()
        .from(buyerActivities)
        .where(eq(buyerActivities.buyerId, shopper.buyerId));
      expect(activities).toEqual([
        expect.objectContaining({ actionType: 'Order placed', orderId: placed.order.id }),
      ]);

      const [mail, ...more] = await mailsTo(shopper.email);
      expect(more).toHaveLength(0);
      expect(mail).toContain(`Subject: Your order ${placed.order_id} has been received`);
      expect(mail).toContain('Your order has been received and will be processed soon.');
      expect(mail).toContain('Total inclusive of VAT: $42.00');
      expect(mail).toContain('2 × ');
    });

    it("marks a Money Exchange Transfer order 'Payment Pending' and mails whom to pay", async () => {
      const shopper = await member();
      await readyCart(shopper, [[await freshProduct(), 1]], { method: 'Money Exchange Transfer' });
      const { order } = dataOf<PlacedOrder>(await placeOrder(shopper.token));
      expect(order).toMatchObject({
        order_status: 'Payment Pending',
        payment_status: 'Pending',
        payment_method: 'Money Exchange Transfer',
      });
      const [mail] = await mailsTo(shopper.email);
      expect(mail).toContain(DEFAULT_PAYMENT_DETAILS.personal.personName);
    });

    it('refuses without a bearer token (401), an empty cart (409) and a cart without address or method (422)', async () => {
      expect((await post('cart/member-checkout', { member_checkout: true })).statusCode).toBe(401);
      const shopper = await member();
      expect((await post('cart/member-checkout', {}, bearer(shopper.token))).statusCode).toBe(400);
      const empty = await placeOrder(shopper.token);
      expect(empty.statusCode).toBe(409);
      expect(failureOf(empty).error).toMatchObject({
        code: 'CART_EMPTY',
        message: expect.stringContaining('empty'),
      });

      const productId = await freshProduct();
      await post('cart/add', { product_id: productId }, bearer(shopper.token));
      const nothing = await placeOrder(shopper.token);
      expect(nothing.statusCode).toBe(422);
      expect(failureOf(nothing).error).toMatchObject({
        code: 'CHECKOUT_INCOMPLETE',
        message: 'Please choose a shipping address and a payment method before placing the order.',
        fields: { shipping_address: expect.any(String), payment_method: MESSAGES.paymentMethodRequired },
      });
      await post('cart/add-payment-method', { payment_method: 'Cash On Delivery' }, bearer(shopper.token));
      const noAddress = await placeOrder(shopper.token);
      expect(failureOf(noAddress).error.fields).toEqual({
        shipping_address: 'Please choose a shipping address',
      });
      const address = await createAddress(shopper.token);
      await post('cart/add-shipping-address', { address_id: address.id }, bearer(shopper.token));
      await post('cart/add-payment-method', { payment_method: 'Bank Transfer' }, bearer(shopper.token));
      expect((await placeOrder(shopper.token)).statusCode).toBe(200);
      expect(await countOrdersOf(shopper.buyerId)).toBe(1);
    });

    it('refuses a cart the stock no longer covers (409 naming the product) and changes nothing', async () => {
      const shopper = await member();
      const short = await freshProduct({ stockQuantity: 5, title: 'Amber Candle' });
      const gone = await freshProduct({ stockQuantity: 5, title: 'Olive Soap' });
      const fine = await freshProduct({ stockQuantity: 5 });
      await readyCart(shopper, [
        [short, 3],
        [fine, 1],
      ]);
      await ctx.database.db.update(products).set({ stockQuantity: 2 }).where(eq(products.id, short));
      const refused = await placeOrder(shopper.token);
      expect(refused.statusCode).toBe(409);
      expect(failureOf(refused).error).toMatchObject({
        code: 'INSUFFICIENT_STOCK',
        message: 'Only 2 of "Amber Candle" left in stock. Please update your cart.',
      });
      // A flagged line (sold out) is refused the same way, every short product named.
      await post('cart/add', { product_id: gone }, bearer(shopper.token));
      await ctx.database.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, gone));
      const cart = await cartOf('cart/get-items', {}, bearer(shopper.token));
      expect(cart.items.find((item) => item.product.id === gone)?.stock_problem).toEqual({ available: 0 });
      const soldOut = await placeOrder(shopper.token);
      expect(failureOf(soldOut).error).toMatchObject({
        code: 'OUT_OF_STOCK',
        message:
          'Only 2 of "Amber Candle" left in stock; "Olive Soap" is out of stock. Please update your cart.',
      });
      expect((await stockOf(short))?.stock).toBe(2);
      expect((await stockOf(fine))?.stock).toBe(5);
      const after = await cartOf('cart/get-items', {}, bearer(shopper.token));
      expect(after.items).toHaveLength(3);
      expect(after.shippingAddress).not.toBeNull();
      expect(after.paymentMethod).toBe('Cash On Delivery');
      expect(await countOrdersOf(shopper.buyerId)).toBe(0);
    });

    it('refuses a cart holding a product archived since it was added (409 PRODUCT_UNAVAILABLE naming it) and changes nothing', async () => {
      const shopper = await member();
      const retired = await freshProduct({ stockQuantity: 5, title: 'Retired Lantern' });
      const fine = await freshProduct({ stockQuantity: 5 });
      await readyCart(shopper, [
        [retired, 1],
        [fine, 1],
      ]);
      await ctx.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, retired));
      const refused = await placeOrder(shopper.token);
      expect([refused.statusCode, failureOf(refused).error]).toEqual([
        409,
        expect.objectContaining({
          code: 'PRODUCT_UNAVAILABLE',
          message: '"Retired Lantern" is no longer sold. Please remove it from your cart.',
          fields: { [`product_${retired}`]: 'no longer sold' },
        }),
      ]);
      expect((await stockOf(retired))?.stock).toBe(5);
      expect((await stockOf(fine))?.stock).toBe(5);
      expect(await countOrdersOf(shopper.buyerId)).toBe(0);
      expect((await cartOf('cart/get-items', {}, bearer(shopper.token))).items).toHaveLength(2);
    });

    it('counts every line of one product against its stock', async () => {
      const shopper = await member();
      const productId = await freshProduct({ stockQuantity: 3 });
      await readyCart(shopper, [[productId, 2]]);
      // A second line of the same product (customized differently, say): 2 + 2 > 3.
      const [cart] = await ctx.database.db.select().from(carts).where(eq(carts.buyerId, shopper.buyerId));
      if (!cart) throw new Error('no cart');
      await ctx.database.db.insert(cartItems).values({
        cartId: cart.id,
        productId,
        quantity: 2,
        customizationOptions: ['to_whom'],
        customizationToWhom: 'Sam',
      });
      const refused = await placeOrder(shopper.token);
      expect(refused.statusCode).toBe(409);
      expect(failureOf(refused).error.code).toBe('INSUFFICIENT_STOCK');
      expect((await stockOf(productId))?.stock).toBe(3);
    });

    it('freezes the order: later price, rate and address changes leave it as placed', async () => {
      const shopper = await member();
      const productId = await freshProduct({ price: 10 });
      const address = await readyCart(shopper, [[productId, 2]], { currency: 'AED', countryId: 2 });
      const { order } = dataOf<PlacedOrder>(await placeOrder(shopper.token));
      // 36.73 × 2 + Lebanon's 10 USD (36.73 AED); VAT 5 % of 110.19.
      expect(order).toMatchObject({
        products_total_cost: 73.46,
        shipping_cost: 36.73,
        total_amount: 110.19,
        vat_amount: 5.25,
        currency: { code: 'AED', symbol: 'AED' },
      });
      const [before] = await ordersOf(shopper.buyerId);
      await ctx.database.db.update(products).set({ price: 99 }).where(eq(products.id, productId));
      await ctx.database.db.update(currencies).set({ exchangeRate: 4 }).where(eq(currencies.code, 'AED'));
      try {
        await post(
          `buyers-shipping-address/update/${address.id}`,
          { ...addressInput(1), city: 'Elsewhere' },
          bearer(shopper.token),
        );
        const [after] = await ordersOf(shopper.buyerId);
        expect(after).toEqual(before);
        expect(after).toMatchObject({ exchangeRate: 3.6725, shipCity: 'Beirut', shipCountry: 'Lebanon' });
        const [line] = await ctx.database.db
          .select()
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id));
        expect(line).toMatchObject({ unitPriceUsd: 10, unitPrice: 36.73, quantity: 2, lineTotal: 73.46 });
      } finally {
        await ctx.database.db
          .update(currencies)
          .set({ exchangeRate: 3.6725 })
          .where(eq(currencies.code, 'AED'));
      }
    });

    it("keeps the customization logo under the order's own name; the cart's file goes", async () => {
      const [customizable] = await ctx.database.db
        .select({ id: productCustomizations.productId })
        .from(productCustomizations)
        .where(eq(productCustomizations.logo, true))
        .orderBy(sql`${productCustomizations.productId} DESC`)
        .limit(1);
      if (!customizable) throw new Error('the seed has no logo customization');
      await ctx.database.db
        .update(products)
        .set({ stockQuantity: 10, freeDelivery: false })
        .where(eq(products.id, customizable.id));
      const shopper = await member();
      await readyCart(shopper, [[customizable.id, 1]]);
      const [line] = (await cartOf('cart/get-items', {}, bearer(shopper.token))).items;
      const form = new FormData();
      form.append('cart_item_id', String(line?.id));
      form.append('selectedItems', JSON.stringify(['logo']));
      form.append('logo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const customized = await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/cart/add-customization',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { ...bearer(shopper.token), 'content-type': request.headers.get('content-type') ?? '' },
      });
      expect(customized.statusCode).toBe(200);
      const [cartLine] = await ctx.database.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.productId, customizable.id));
      const cartLogo = cartLine?.customizationLogo ?? '';
      const cartLogoBytes = await storedBytes(ctx.database, cartLogo);
      expect(cartLogoBytes).not.toBeNull();

      const { order } = dataOf<PlacedOrder>(await placeOrder(shopper.token));
      const [ordered] = await ctx.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      expect(ordered?.customizationOptions).toEqual(['logo']);
      expect(ordered?.customizationLogo).toMatch(/^order-[0-9a-f]{32}\.png$/);
      expect(await storedBytes(ctx.database, ordered?.customizationLogo ?? '')).toEqual(cartLogoBytes);
      expect(await storedBytes(ctx.database, cartLogo)).toBeNull();
    });

    it("ends an express guest's session with the order: every token of the guest revoked", async () => {
      const productId = await freshProduct();
      const { guest_session_token: guestCart } = await cartOf('cart/add', {
        product_id: productId,
        quantity: 2,
      });
      const registered = await post('buyers/register-guest', {
        type: 'Express',
        first_name: 'Rana',
        email: `rana.${Date.now()}@example.com`,
        mobile: '+971 501234567',
        guest_cart_session_token: guestCart,
      });
      const { user } = (JSON.parse(registered.body) as { data: { user: User } }).data;
      const shopper = { buyerId: user.id, token: user.token, email: user.email };
      await readyCart(shopper, []);
      const { order } = dataOf<PlacedOrder>(await placeOrder(user.token));
      expect(order.total_amount).toBe(25);
      const isLoggedIn = dataOf<{ is_logged_in: boolean }>(
        await get('buyers/is-logged-in', bearer(user.token)),
      );
      expect(isLoggedIn.is_logged_in).toBe(false);
      expect((await post('cart/get-items', {}, bearer(user.token))).statusCode).toBe(401);
      expect(await mailsTo(user.email)).toHaveLength(1);
    });

    it('answers a repeat with the same Idempotency-Key with the first order, placing one', async () => {
      const shopper = await member();
      const productId = await freshProduct({ stockQuantity: 10 });
      await readyCart(shopper, [[productId, 1]]);
      const first = dataOf<PlacedOrder>(await placeOrder(shopper.token, 'order-key-1'));
      const again = await placeOrder(shopper.token, 'order-key-1');
      expect(dataOf<PlacedOrder>(again)).toEqual(first);
      // Without the key the emptied cart is a clear 409; another key the same.
      expect(failureOf(await placeOrder(shopper.token)).error.code).toBe('CART_EMPTY');
      expect(failureOf(await placeOrder(shopper.token, 'order-key-2')).error.code).toBe('CART_EMPTY');
      expect(await countOrdersOf(shopper.buyerId)).toBe(1);
      expect((await stockOf(productId))?.stock).toBe(9);
      expect(await mailsTo(shopper.email)).toHaveLength(1);
      // The key belongs to this buyer's member-checkout: not to whatsapp-checkout, not to others.
      const reused = await post(
        'cart/whatsapp-checkout',
        {},
        { ...bearer(shopper.token), 'idempotency-key': 'order-key-1' },
      );
      expect(reused.statusCode).toBe(422);
      expect(failureOf(reused).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      const other = await member();
      await readyCart(other, [[productId, 1]]);
      const theirs = dataOf<PlacedOrder>(await placeOrder(other.token, 'order-key-1'));
      expect(theirs.order_id).not.toBe(first.order_id);
    });

    it('answers concurrent repeats of one key with one order', async () => {
      const shopper = await member();
      const productId = await freshProduct({ stockQuantity: 10 });
      await readyCart(shopper, [[productId, 2]]);
      const answers = await Promise.all([1, 2, 3].map(() => placeOrder(shopper.token, 'same-click')));
      const placed = answers.map((answer) => dataOf<PlacedOrder>(answer));
      expect(new Set(placed.map((answer) => answer.order_id)).size).toBe(1);
      expect(await countOrdersOf(shopper.buyerId)).toBe(1);
      expect((await stockOf(productId))?.stock).toBe(8);
    });

    it('bounds the Idempotency-Key (1 to 255 printable characters)', async () => {
      const shopper = await member();
      for (const key of ['x'.repeat(256), 'has space']) {
        const response = await placeOrder(shopper.token, key);
        expect(response.statusCode).toBe(400);
        expect(failureOf(response).error.fields).toHaveProperty('idempotency-key');
      }
    });
  });

  describe('whatsapp-checkout', () => {
    let guestEmails = 0;
    const guestEmail = () => `chat${++guestEmails}.${Date.now().toString(36)}@example.com`;
    const chat = (payload: object, headers: Record<string, string> = {}) =>
      post('cart/whatsapp-checkout', payload, headers);

    it('orders a guest cart for a shopper not signed in: a new Guest with a token, no address needed', async () => {
      const productId = await freshProduct({ price: 15, stockQuantity: 4 });
      const { guest_session_token: guestCart } = await cartOf('cart/add', {
        product_id: productId,
        quantity: 2,
      });
      const email = guestEmail();
      const answer = dataOf<ChatCheckout>(
        await chat({
          name: 'Maya Haddad',
          email,
          mobile: '+971 50 123 4567',
          guest_session_token: guestCart,
        }),
      );
      expect(answer.order_id).toMatch(ORDER_NUMBER_PATTERN);
      expect(answer.order).toMatchObject({
        order_id: answer.order_id,
        order_status: 'Pending',
        payment_method: 'Cash On Delivery',
        products_total_cost: 30,
        shipping_cost: 0,
        total_amount: 30,
        vat_amount: 1.43,
      });
      expect(answer.user).toMatchObject({
        type: 'Guest',
        first_name: 'Maya',
        last_name: 'Haddad',
        email,
        mobile: '+971 50 123 4567',
        token: expect.any(String),
      });
      expect(answer.chat_url).toBe(
        `https://wa.me/971501234567?text=${encodeURIComponent(`Hello! I would like to confirm my order ${answer.order_id}.`)}`,
      );
      // The guest stays signed in; the guest cart is theirs now, and empty.
      expect(
        dataOf<{ is_logged_in: boolean }>(await get('buyers/is-logged-in', bearer(answer.user.token)))
          .is_logged_in,
      ).toBe(true);
      expect((await cartOf('cart/get-items', {}, bearer(answer.user.token))).items).toEqual([]);
      expect((await cartOf('cart/get-items', { guest_session_token: guestCart })).items).toEqual([]);
      expect((await stockOf(productId))?.stock).toBe(2);
      const [row] = await ordersOf(answer.user.id);
      expect(row).toMatchObject({ channel: 'chat', shipAddress: null });
      const log = await ctx.database.db
        .select()
        .from(orderLogs)
        .where(eq(orderLogs.orderId, answer.order.id));
      expect(log.map((entry) => entry.action)).toEqual(['Order placed through the chat']);
      const [mail] = await mailsTo(email);
      expect(mail).toContain(answer.order_id);
      expect(mail).toContain('we arrange the address with you in the chat');
    });

    it("answers the Guest Checkout panel's rules (422) and a Member's e-mail (409), making nothing", async () => {
      const productId = await freshProduct();
      const { guest_session_token: guestCart } = await cartOf('cart/add', { product_id: productId });
      const invalid = await chat({
        name: ' ',
        email: 'nope',
        mobile: '12345',
        guest_session_token: guestCart,
      });
      expect(invalid.statusCode).toBe(422);
      expect(failureOf(invalid).error.fields).toEqual({
        name: MESSAGES.guestNameRequired,
        email: MESSAGES.emailInvalid,
        mobile: MESSAGES.mobileIncomplete,
      });
      const empty = await chat({ guest_session_token: guestCart });
      expect(failureOf(empty).error.fields).toEqual({
        name: MESSAGES.guestNameRequired,
        email: MESSAGES.emailRequired,
        mobile: MESSAGES.mobileRequired,
      });
      const owner = await member();
      const [guestsBefore] = await ctx.database.db
        .select({ n: count() })
        .from(buyers)
        .where(eq(buyers.type, 'Guest'));
      const taken = await chat({
        name: 'Maya',
        email: owner.email.toUpperCase(),
        mobile: '+971501234567',
        guest_session_token: guestCart,
      });
      expect(taken.statusCode).toBe(409);
      expect(failureOf(taken).error).toMatchObject({
        code: 'EMAIL_EXISTS',
        fields: { email: MESSAGES.emailExists },
      });
      const [guestsAfter] = await ctx.database.db
        .select({ n: count() })
        .from(buyers)
        .where(eq(buyers.type, 'Guest'));
      expect(guestsAfter?.n).toBe(guestsBefore?.n);
      expect((await cartOf('cart/get-items', { guest_session_token: guestCart })).items).toHaveLength(1);
      for (const token of [undefined, 'null', 'unknown-cart']) {
        const noCart = await chat({
          name: 'Maya',
          email: guestEmail(),
          mobile: '+971501234567',
          guest_session_token: token,
        });
        expect(noCart.statusCode).toBe(409);
        expect(failureOf(noCart).error.code).toBe('CART_EMPTY');
      }
      const [guestsLast] = await ctx.database.db
        .select({ n: count() })
        .from(buyers)
        .where(eq(buyers.type, 'Guest'));
      expect(guestsLast?.n).toBe(guestsBefore?.n);
    });

    it('refuses a guest cart the stock no longer covers (409) and makes no guest', async () => {
      const productId = await freshProduct({ stockQuantity: 3, title: 'Cedar Box' });
      const { guest_session_token: guestCart } = await cartOf('cart/add', {
        product_id: productId,
        quantity: 3,
      });
      await ctx.database.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, productId));
      const email = guestEmail();
      const refused = await chat({
        name: 'Maya',
        email,
        mobile: '+971501234567',
        guest_session_token: guestCart,
      });
      expect(refused.statusCode).toBe(409);
      expect(failureOf(refused).error).toMatchObject({
        code: 'INSUFFICIENT_STOCK',
        message: 'Only 1 of "Cedar Box" left in stock. Please update your cart.',
      });
      expect(await ctx.database.db.select().from(buyers).where(eq(buyers.email, email))).toEqual([]);
      expect((await cartOf('cart/get-items', { guest_session_token: guestCart })).items[0]?.quantity).toBe(3);
    });

    it("orders a signed-in buyer's cart with its address and method; the member keeps the session", async () => {
      const shopper = await member();
      const productId = await freshProduct({ price: 20 });
      const address = await readyCart(shopper, [[productId, 1]], {
        method: 'Money Exchange Transfer',
        countryId: 2,
      });
      const answer = dataOf<ChatCheckout>(await chat({}, bearer(shopper.token)));
      expect(answer.order).toMatchObject({
        order_status: 'Payment Pending',
        payment_method: 'Money Exchange Transfer',
        shipping_cost: 10,
        total_amount: 30,
      });
      expect(answer.user).toMatchObject({ id: shopper.buyerId, type: 'Member', token: shopper.token });
      const [row] = await ordersOf(shopper.buyerId);
      expect(row).toMatchObject({ channel: 'chat', shipCity: address.city });
      expect((await post('cart/get-items', {}, bearer(shopper.token))).statusCode).toBe(200);
    });

    it('replays a chat order with the same Idempotency-Key: same order and guest, a fresh token', async () => {
      const productId = await freshProduct({ stockQuantity: 5 });
      const { guest_session_token: guestCart } = await cartOf('cart/add', { product_id: productId });
      const body = {
        name: 'Omar',
        email: guestEmail(),
        mobile: '+961 3 123 4567',
        guest_session_token: guestCart,
      };
      const headers = { 'idempotency-key': 'chat-1' };
      const first = dataOf<ChatCheckout>(await chat(body, headers));
      const again = dataOf<ChatCheckout>(await chat(body, headers));
      expect(again.order_id).toBe(first.order_id);
      expect({ ...again.user, token: '' }).toEqual({ ...first.user, token: '' });
      expect(again.user.token).not.toBe(first.user.token);
      expect(
        dataOf<{ is_logged_in: boolean }>(await get('buyers/is-logged-in', bearer(again.user.token)))
          .is_logged_in,
      ).toBe(true);
      expect(await countOrdersOf(first.user.id)).toBe(1);
      expect((await stockOf(productId))?.stock).toBe(4);
      const stored = await ctx.database.db.execute(
        sql`SELECT response::text AS response FROM idempotency_keys`,
      );
      expect(JSON.stringify(stored)).not.toContain(first.user.token);
    });
  });

  describe('races', () => {
    onPostgres('sells the last piece once among 100 buyers ordering at the same moment', async () => {
      const productId = await freshProduct({ stockQuantity: 100, title: 'Last Lantern' });
      const shoppers: Shopper[] = [];
      for (let i = 0; i < 100; i++) {
        const shopper = await member();
        await readyCart(shopper, [[productId, 1]]);
        shoppers.push(shopper);
      }
      await ctx.database.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, productId));
      const answers = await Promise.all(shoppers.map((shopper) => placeOrder(shopper.token)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(99);
      for (const answer of answers.filter((a) => a.statusCode === 409)) {
        expect(failureOf(answer).error).toMatchObject({
          code: 'OUT_OF_STOCK',
          message: '"Last Lantern" is out of stock. Please update your cart.',
        });
      }
      expect((await stockOf(productId))?.stock).toBe(0);
      const [sold] = await ctx.database.db
        .select({ n: count() })
        .from(orderItems)
        .where(eq(orderItems.productId, productId));
      expect(sold?.n).toBe(1);
    });

    onPostgres(
      'turns ten concurrent placements of one cart into one order (409 CART_EMPTY for the rest)',
      async () => {
        const shopper = await member();
        const productId = await freshProduct({ stockQuantity: 30 });
        await readyCart(shopper, [[productId, 3]]);
        const answers = await Promise.all(Array.from({ length: 10 }, () => placeOrder(shopper.token)));
        expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
        for (const answer of answers.filter((a) => a.statusCode !== 200)) {
          expect(answer.statusCode).toBe(409);
          expect(failureOf(answer).error.code).toBe('CART_EMPTY');
        }
        expect(await countOrdersOf(shopper.buyerId)).toBe(1);
        expect((await stockOf(productId))?.stock).toBe(27);
      },
    );

    onPostgres(
      'never deadlocks (or answers 5xx) when the cart changes while its order is placed',
      async () => {
        const productId = await freshProduct({ stockQuantity: 1000 });
        const other = await freshProduct({ stockQuantity: 1000 });
        const outcomes: string[] = [];
        for (let round = 0; round < 10; round++) {
          const shopper = await member();
          await readyCart(shopper, [[productId, 1]]);
          const answers = await Promise.all([
            post('cart/add', { product_id: productId }, bearer(shopper.token)),
            placeOrder(shopper.token),
            post('cart/add', { product_id: other }, bearer(shopper.token)),
            post('cart/get-items', {}, bearer(shopper.token)),
          ]);
          for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
          const placed = answers[1];
          outcomes.push(
            placed?.statusCode === 200 ? 'placed' : failureOf(placed ?? { body: '{}' }).error.code,
          );
        }
        expect(outcomes.filter((outcome) => outcome !== 'placed' && outcome !== 'CART_BUSY')).toEqual([]);
        // Whatever each round's interleaving, the stock fell by exactly what the orders hold.
        for (const id of [productId, other]) {
          const [sold] = await ctx.database.db
            .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
            .from(orderItems)
            .where(eq(orderItems.productId, id));
          expect((await stockOf(id))?.stock).toBe(1000 - (sold?.n ?? 0));
        }
      },
    );

    onPostgres(
      'answers ten concurrent placements sharing an Idempotency-Key with the one order',
      async () => {
        const shopper = await member();
        const productId = await freshProduct({ stockQuantity: 30 });
        await readyCart(shopper, [[productId, 3]]);
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => placeOrder(shopper.token, 'ten-clicks')),
        );
        const placed = answers.map((answer) => dataOf<PlacedOrder>(answer));
        expect(new Set(placed.map((answer) => answer.order_id)).size).toBe(1);
        expect(await countOrdersOf(shopper.buyerId)).toBe(1);
        expect((await stockOf(productId))?.stock).toBe(27);
        expect(await mailsTo(shopper.email)).toHaveLength(1);
      },
    );
  });
});
