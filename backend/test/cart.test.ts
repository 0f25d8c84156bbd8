import type { Cart } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { currencies, products } from '../src/db/schema';
import { createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';

describe.each(targets)('cart on %s', (target) => {
  let ctx: TestContext;
  /** Products set aside per test so no two tests share stock or prices. */
  let nextProductId = 1;
  const freshProduct = async (changes: Partial<typeof products.$inferInsert> = {}) => {
    const id = nextProductId++;
    await ctx.database.db
      .update(products)
      .set({ stockQuantity: 50, price: 10, ...changes })
      .where(eq(products.id, id));
    return id;
  };
  const call = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/cart/${url}`, payload, headers });
  const cartOf = async (url: string, payload: object, headers?: Record<string, string>) =>
    dataOf<Cart>(await call(url, payload, headers));

  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('shows an empty USD cart to a guest without a cart', async () => {
    const cart = await cartOf('get-items', {});
    expect(cart).toEqual({
      items: [],
      invoice: {
        subTotal: 0,
        subTotalWithAdditional: 0,
        shippingCharges: 0,
        total: 0,
        vatRate: 5,
        vatIncluded: 0,
      },
      selectedCurrency: { code: 'USD', symbol: '$', exchange_rate: 1, decimal_places: 2 },
      shippingAddress: null,
      paymentMethod: null,
      guest_session_token: null,
    });
    expect((await cartOf('get-items', { guest_session_token: 'unknown-token' })).items).toEqual([]);
  });

  it('creates a guest session token on the first add and reuses it', async () => {
    const productId = await freshProduct({ price: 12.5 });
    const first = await cartOf('add', { product_id: productId });
    const token = first.guest_session_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      quantity: 1,
      price: 12.5,
      total: 12.5,
      product: { id: productId },
    });
    // Prices include 5 % VAT: 12.5 × 5 / 105 = 0.595… → 0.6.
    expect(first.invoice).toEqual({
      subTotal: 12.5,
      subTotalWithAdditional: 12.5,
      shippingCharges: 0,
      total: 12.5,
      vatRate: 5,
      vatIncluded: 0.6,
    });

    const again = await cartOf('get-items', { guest_session_token: token });
    expect(again.guest_session_token).toBe(token);
    expect(again.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
  });

  it('merges a product added twice into one line', async () => {
    const productId = await freshProduct({ price: 7.25 });
    const other = await freshProduct({ price: 3 });
    const { guest_session_token: token } = await cartOf('add', { product_id: productId });
    const merged = await cartOf('add', { product_id: productId, guest_session_token: token, quantity: 2 });
    expect(merged.guest_session_token).toBe(token);
    expect(merged.items).toHaveLength(1);
    expect(merged.items[0]).toMatchObject({ quantity: 3, total: 21.75 });
    const two = await cartOf('add', { product_id: other, guest_session_token: token, quantity: 4 });
    expect(two.items.map((item) => [item.product.id, item.quantity])).toEqual([
      [productId, 3],
      [other, 4],
    ]);
    expect(two.invoice.subTotal).toBe(33.75);
  });

  it('merges concurrent adds of one product into one line without losing any', async () => {
    const productId = await freshProduct();
    const { guest_session_token: token } = await cartOf('add', { product_id: productId });
    await Promise.all(
      [1, 2, 3, 4].map(() => cartOf('add', { product_id: productId, guest_session_token: token })),
    );
    const cart = await cartOf('get-items', { guest_session_token: token });
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(5);
  });

  it('updates a quantity and refuses 0, negatives and more than the stock', async () => {
    const productId = await freshProduct({ stockQuantity: 5, price: 2.5 });
    const added = await cartOf('add', { product_id: productId });
    const token = added.guest_session_token;
    const itemId = added.items[0]?.id;
    const updated = await cartOf('update-quantity', {
      item_id: itemId,
      guest_session_token: token,
      quantity: 4,
    });
    expect(updated.items[0]).toMatchObject({ quantity: 4, total: 10 });
    expect(updated.invoice.total).toBe(10);

    for (const quantity of [0, -1]) {
      const response = await call('update-quantity', {
        item_id: itemId,
        guest_session_token: token,
        quantity,
      });
      expect(response.statusCode).toBe(400);
      expect(failureOf(response).error.fields).toHaveProperty('quantity');
    }
    const tooMany = await call('update-quantity', {
      item_id: itemId,
      guest_session_token: token,
      quantity: 6,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(failureOf(tooMany).error).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      fields: { quantity: expect.any(String) },
    });
    expect(failureOf(tooMany).error.message).toContain('Only 5');
    expect((await cartOf('get-items', { guest_session_token: token })).items[0]?.quantity).toBe(4);
  });

  it('removes a line, and a second remove is 404', async () => {
    const productId = await freshProduct();
    const added = await cartOf('add', { product_id: productId });
    const token = added.guest_session_token;
    const itemId = added.items[0]?.id;
    const removed = await cartOf('remove', { cart_item_id: itemId, guest_session_token: token });
    expect(removed.items).toEqual([]);
    expect(removed.invoice.total).toBe(0);
    expect(removed.guest_session_token).toBe(token);
    const again = await call('remove', { cart_item_id: itemId, guest_session_token: token });
    expect(again.statusCode).toBe(404);
    expect(failureOf(again).error.code).toBe('NOT_FOUND');
  });

  it("never lets another guest touch my cart's lines", async () => {
    const productId = await freshProduct();
    const mine = await cartOf('add', { product_id: productId, quantity: 2 });
    const myItem = mine.items[0]?.id;
    const theirs = await cartOf('add', { product_id: await freshProduct() });
    expect(theirs.guest_session_token).not.toBe(mine.guest_session_token);

    for (const token of [theirs.guest_session_token, null, 'forged-token']) {
      const remove = await call('remove', { cart_item_id: myItem, guest_session_token: token });
      expect(remove.statusCode).toBe(404);
      const update = await call('update-quantity', {
        item_id: myItem,
        guest_session_token: token,
        quantity: 1,
      });
      expect(update.statusCode).toBe(404);
    }
    const untouched = await cartOf('get-items', { guest_session_token: mine.guest_session_token });
    expect(untouched.items.map((item) => [item.id, item.quantity])).toEqual([[myItem, 2]]);
  });

  it('refuses out-of-stock products and quantities beyond the stock with 409 naming the product', async () => {
    const soldOut = await freshProduct({ stockQuantity: 0 });
    const [soldOutRow] = await ctx.database.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, soldOut));
    const response = await call('add', { product_id: soldOut });
    expect(response.statusCode).toBe(409);
    expect(failureOf(response).error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `"${soldOutRow?.title}" is out of stock.`,
    });

    const lastPiece = await freshProduct({ stockQuantity: 1 });
    const first = await cartOf('add', { product_id: lastPiece });
    const second = await call('add', {
      product_id: lastPiece,
      guest_session_token: first.guest_session_token,
    });
    expect(second.statusCode).toBe(409);
    expect(failureOf(second).error.code).toBe('INSUFFICIENT_STOCK');
    expect(failureOf(second).error.message).toContain('Only 1 of "');
    const cart = await cartOf('get-items', { guest_session_token: first.guest_session_token });
    expect(cart.items[0]?.quantity).toBe(1);
    expect(cart.items[0]?.stock_problem).toBeNull();
  });

  it('keeps a line whose product sold out since, flagged with what is left', async () => {
    const productId = await freshProduct({ stockQuantity: 5 });
    const added = await cartOf('add', { product_id: productId, quantity: 3 });
    const token = added.guest_session_token;
    await ctx.database.db.update(products).set({ stockQuantity: 2 }).where(eq(products.id, productId));
    const fewer = await cartOf('get-items', { guest_session_token: token });
    expect(fewer.items[0]).toMatchObject({ quantity: 3, stock_problem: { available: 2 } });
    await ctx.database.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, productId));
    const gone = await cartOf('get-items', { guest_session_token: token });
    expect(gone.items[0]).toMatchObject({ quantity: 3, stock_problem: { available: 0 } });
    // The line can still be removed.
    const removed = await cartOf('remove', { cart_item_id: gone.items[0]?.id, guest_session_token: token });
    expect(removed.items).toEqual([]);
  });

  it('answers an unknown product with 404 and an unknown currency with 422', async () => {
    const unknownProduct = await call('add', { product_id: 999_999 });
    expect(unknownProduct.statusCode).toBe(404);
    const productId = await freshProduct();
    const unknownCurrency = await call('add', { product_id: productId, selected_currency_code: 'XYZ' });
    expect(unknownCurrency.statusCode).toBe(422);
    expect(failureOf(unknownCurrency).error).toMatchObject({
      code: 'UNKNOWN_CURRENCY',
      fields: { selected_currency_code: expect.any(String) },
    });
  });

  it('answers an archived product like an unknown one (404); a line of it already in the cart can still change or go', async () => {
    const productId = await freshProduct();
    const kept = await cartOf('add', { product_id: productId, quantity: 2 });
    const token = kept.guest_session_token;
    await ctx.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, productId));
    const archived = await call('add', { product_id: productId, guest_session_token: token });
    expect([archived.statusCode, failureOf(archived).error]).toEqual([
      404,
      expect.objectContaining({ code: 'NOT_FOUND', message: 'Product not found.' }),
    ]);
    const line = kept.items[0]?.id;
    const fewer = await cartOf('update-quantity', {
      item_id: line,
      quantity: 1,
      guest_session_token: token,
    });
    expect(fewer.items[0]?.quantity).toBe(1);
    expect((await cartOf('remove', { cart_item_id: line, guest_session_token: token })).items).toEqual([]);
  });

  it('prices the cart in the selected currency, rounding LBP up to a whole number', async () => {
    // 89 500.5 makes the rounding visible: 10.01 × 89 500.5 = 895 900.005 → 895 901.
    await ctx.database.db.update(currencies).set({ exchangeRate: 89500.5 }).where(eq(currencies.code, 'LBP'));
    try {
      const productId = await freshProduct({ price: 10.01 });
      const lbp = await cartOf('add', { product_id: productId, quantity: 3, selected_currency_code: 'LBP' });
      expect(lbp.selectedCurrency).toEqual({
        code: 'LBP',
        symbol: 'LBP',
        exchange_rate: 89500.5,
        decimal_places: 0,
      });
      expect(lbp.items[0]).toMatchObject({ price: 895901, total: 2687703 });
      expect(lbp.invoice.subTotal).toBe(2687703);
      expect(lbp.items[0]?.product.price).toBe(10.01); // cards stay in USD

      const token = lbp.guest_session_token;
      const aed = await cartOf('add', {
        product_id: productId,
        guest_session_token: token,
        quantity: 0 + 1,
        selected_currency_code: 'AED',
      });
      expect(aed.selectedCurrency.code).toBe('AED');
      expect(aed.items[0]).toMatchObject({ quantity: 4, price: 36.76, total: 147.04 }); // 10.01 × 3.6725 = 36.761725
      const kwd = await cartOf('add', {
        product_id: productId,
        guest_session_token: token,
        selected_currency_code: 'KWD',
      });
      expect(kwd.items[0]).toMatchObject({ quantity: 5, price: 3.073, total: 15.365 }); // 10.01 × 0.307 = 3.07307
      expect(kwd.invoice.total).toBe(15.365);
      // The cart keeps its currency on later calls that do not name one.
      expect((await cartOf('get-items', { guest_session_token: token })).selectedCurrency.code).toBe('KWD');
    } finally {
      await ctx.database.db.update(currencies).set({ exchangeRate: 89500 }).where(eq(currencies.code, 'LBP'));
    }
  });

  it('re-prices the whole cart when the shopper changes currency', async () => {
    const productId = await freshProduct({ price: 20 });
    const usd = await cartOf('add', { product_id: productId, quantity: 2 });
    const token = usd.guest_session_token;
    expect(usd.invoice.subTotal).toBe(40);
    const aed = await cartOf('change-currency', {
      selected_currency_code: 'AED',
      guest_session_token: token,
    });
    expect(aed.selectedCurrency.code).toBe('AED');
    expect(aed.items[0]).toMatchObject({ quantity: 2, price: 73.45, total: 146.9 });
    expect(aed.invoice.subTotal).toBe(146.9);
    expect((await cartOf('get-items', { guest_session_token: token })).selectedCurrency.code).toBe('AED');
    const unknown = await call('change-currency', {
      selected_currency_code: 'XYZ',
      guest_session_token: token,
    });
    expect(unknown.statusCode).toBe(422);
    expect((await cartOf('get-items', { guest_session_token: token })).selectedCurrency.code).toBe('AED');
    const none = await cartOf('change-currency', { selected_currency_code: 'KWD' });
    expect(none).toMatchObject({ items: [], guest_session_token: null, selectedCurrency: { code: 'KWD' } });
  });

  describe('with a member bearer token', () => {
    it("selects the member's own cart and ignores guest tokens", async () => {
      const { token } = await createMember(ctx.database);
      const auth = { authorization: `Bearer ${token}` };
      const productId = await freshProduct();
      const guest = await cartOf('add', { product_id: await freshProduct() });

      const added = await cartOf(
        'add',
        { product_id: productId, guest_session_token: guest.guest_session_token },
        auth,
      );
      expect(added.guest_session_token).toBeNull();
      expect(added.items.map((item) => item.product.id)).toEqual([productId]);

      const again = await cartOf('get-items', {}, auth);
      expect(again.items.map((item) => item.id)).toEqual(added.items.map((item) => item.id));
      // Without the token the same client is a guest with an empty cart.
      expect((await cartOf('get-items', {})).items).toEqual([]);
      // The guest cart is untouched.
      const guestCart = await cartOf('get-items', { guest_session_token: guest.guest_session_token });
      expect(guestCart.items).toHaveLength(1);

      // Another member cannot remove this member's line.
      const other = await createMember(ctx.database);
      const foreign = await call(
        'remove',
        { cart_item_id: added.items[0]?.id },
        { authorization: `Bearer ${other.token}` },
      );
      expect(foreign.statusCode).toBe(404);
    });

    it('refuses an unknown or expired token with 401 and treats "Bearer null" as a guest', async () => {
      const expired = await createMember(ctx.database, -1000);
      for (const header of ['Bearer not-a-real-token', `Bearer ${expired.token}`]) {
        const response = await call('get-items', {}, { authorization: header });
        expect(response.statusCode).toBe(401);
        expect(failureOf(response).error.code).toBe('UNAUTHORIZED');
      }
      const guest = await call('get-items', {}, { authorization: 'Bearer null' });
      expect(guest.statusCode).toBe(200);
    });
  });
});
