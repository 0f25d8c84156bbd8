import type { Cart, ShippingAddress, ShippingAddressInput } from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { MAX_ADDRESSES_PER_BUYER } from '../src/services/shippingAddresses';
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

describe.each(targets)('shipping addresses on %s', (target) => {
  let ctx: TestContext;
  const request = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const create = async (token: string, changes: Partial<ShippingAddressInput> = {}) => {
    const response = await request('POST', 'buyers-shipping-address/create', token, shippingAddress(changes));
    expect(response.statusCode).toBe(201);
    return (JSON.parse(response.body) as { data: { item: ShippingAddress } }).data.item;
  };
  const list = async (token: string) =>
    dataOf<{ items: ShippingAddress[] }>(await request('GET', 'buyers-shipping-address', token)).items;
  const member = async () => (await createMember(ctx.database)).token;

  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('saves an address with its country name and makes a first address primary', async () => {
    const token = await member();
    const first = await create(token);
    expect(first).toMatchObject({
      ...shippingAddress(),
      country: 'United Arab Emirates',
      is_primary: true,
      id: expect.any(Number),
      buyer_id: expect.any(Number),
    });
    const second = await create(token, { city: 'Beirut', country_id: 2 });
    expect(second).toMatchObject({ country: 'Lebanon', is_primary: false });
    const items = await list(token);
    expect(items.map((item) => [item.id, item.is_primary])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect(
      dataOf<{ address: ShippingAddress }>(
        await request('GET', `buyers-shipping-address/${second.id}`, token),
      ),
    ).toEqual({ address: second });
  });

  it('answers the form rules with the address form messages (422), an unknown country included', async () => {
    const token = await member();
    const empty = await request('POST', 'buyers-shipping-address/create', token, {});
    expect(empty.statusCode).toBe(422);
    expect(failureOf(empty).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        first_name: MESSAGES.addressFirstNameRequired,
        last_name: MESSAGES.addressLastNameRequired,
        email: MESSAGES.addressEmailRequired,
        mobile: MESSAGES.addressMobileRequired,
        country_id: MESSAGES.addressCountryRequired,
        city: "Please enter receiver's city",
        address: "Please enter receiver's full address",
      },
    });
    const long = await request(
      'POST',
      'buyers-shipping-address/create',
      token,
      shippingAddress({ address: 'x'.repeat(501) }),
    );
    expect(failureOf(long).error.fields).toEqual({ address: MESSAGES.addressTooLong });
    for (const country_id of [999, '2147483648', 'abc']) {
      const unknown = await request('POST', 'buyers-shipping-address/create', token, {
        ...shippingAddress(),
        country_id,
      });
      expect(unknown.statusCode).toBe(422);
      expect(failureOf(unknown).error.fields).toEqual({ country_id: MESSAGES.addressCountryRequired });
    }
    const badEmail = await request(
      'POST',
      'buyers-shipping-address/create',
      token,
      shippingAddress({ email: 'nope' }),
    );
    expect(failureOf(badEmail).error.fields).toEqual({ email: MESSAGES.emailInvalid });
    expect(await list(token)).toEqual([]);
  });

  it('requires a bearer token (401) for every call', async () => {
    for (const [method, url] of [
      ['GET', 'buyers-shipping-address'],
      ['POST', 'buyers-shipping-address/create'],
      ['POST', 'buyers-shipping-address/primary'],
      ['DELETE', 'buyers-shipping-address/1'],
      ['GET', 'buyers-shipping-address/1'],
      ['POST', 'buyers-shipping-address/update/1'],
    ] as const) {
      const response = await request(method, url, undefined, method === 'POST' ? { id: 1 } : undefined);
      expect(response.statusCode).toBe(401);
      const stale = await request(method, url, 'not-a-token', method === 'POST' ? { id: 1 } : undefined);
      expect(stale.statusCode).toBe(401);
    }
  });

  it('sets one address primary and clears the flag on every other', async () => {
    const token = await member();
    const a = await create(token);
    const b = await create(token, { city: 'Sharjah' });
    const c = await create(token, { city: 'Ajman' });
    const items = dataOf<{ items: ShippingAddress[] }>(
      await request('POST', 'buyers-shipping-address/primary', token, { id: b.id }),
    ).items;
    expect(items.filter((item) => item.is_primary).map((item) => item.id)).toEqual([b.id]);
    expect(items[0]?.id).toBe(b.id);
    // A new address sent as primary takes the flag over.
    const d = await create(token, { city: 'Fujairah', is_primary: true });
    expect(d.is_primary).toBe(true);
    const after = await list(token);
    expect(after.filter((item) => item.is_primary).map((item) => item.id)).toEqual([d.id]);
    expect(after.map((item) => item.id).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
  });

  it('keeps exactly one primary under concurrent set-primary calls', async () => {
    const token = await member();
    const ids = [];
    for (const city of ['A', 'B', 'C', 'D']) ids.push((await create(token, { city })).id);
    await Promise.all(ids.map((id) => request('POST', 'buyers-shipping-address/primary', token, { id })));
    expect((await list(token)).filter((item) => item.is_primary)).toHaveLength(1);
  });

  it('updates an address (is_primary true takes the flag; false never clears it)', async () => {
    const token = await member();
    const a = await create(token);
    const b = await create(token, { city: 'Sharjah' });
    const updated = dataOf<{ item: ShippingAddress }>(
      await request(
        'POST',
        `buyers-shipping-address/update/${b.id}`,
        token,
        shippingAddress({ city: 'Abu Dhabi', country_id: 3 }),
      ),
    ).item;
    expect(updated).toMatchObject({
      id: b.id,
      city: 'Abu Dhabi',
      country: 'Saudi Arabia',
      is_primary: false,
    });
    const primary = dataOf<{ item: ShippingAddress }>(
      await request(
        'POST',
        `buyers-shipping-address/update/${b.id}`,
        token,
        shippingAddress({ is_primary: true }),
      ),
    ).item;
    expect(primary).toMatchObject({ city: 'Dubai', is_primary: true });
    const kept = dataOf<{ item: ShippingAddress }>(
      await request(
        'POST',
        `buyers-shipping-address/update/${b.id}`,
        token,
        shippingAddress({ is_primary: false }),
      ),
    ).item;
    expect(kept.is_primary).toBe(true);
    expect((await list(token)).find((item) => item.id === a.id)?.is_primary).toBe(false);
    const invalid = await request(
      'POST',
      `buyers-shipping-address/update/${b.id}`,
      token,
      shippingAddress({ city: ' ' }),
    );
    expect(invalid.statusCode).toBe(422);
    expect(failureOf(invalid).error.fields).toEqual({ city: "Please enter receiver's city" });
  });

  it('deletes an address; a deleted primary passes to the newest remaining one', async () => {
    const token = await member();
    const a = await create(token);
    const b = await create(token, { city: 'Sharjah' });
    const c = await create(token, { city: 'Ajman' });
    const afterB = dataOf<{ items: ShippingAddress[] }>(
      await request('DELETE', `buyers-shipping-address/${b.id}`, token),
    ).items;
    expect(afterB.map((item) => [item.id, item.is_primary])).toEqual([
      [a.id, true],
      [c.id, false],
    ]);
    const afterA = dataOf<{ items: ShippingAddress[] }>(
      await request('DELETE', `buyers-shipping-address/${a.id}`, token),
    ).items;
    expect(afterA.map((item) => [item.id, item.is_primary])).toEqual([[c.id, true]]);
    expect((await request('GET', `buyers-shipping-address/${a.id}`, token)).statusCode).toBe(404);
    expect((await request('DELETE', `buyers-shipping-address/${a.id}`, token)).statusCode).toBe(404);
  });

  it("never reveals or touches another buyer's address: read, update, delete, primary and cart → 404", async () => {
    const owner = await member();
    const other = await member();
    const mine = await create(owner);
    await create(other);
    const attempts = [
      request('GET', `buyers-shipping-address/${mine.id}`, other),
      request(
        'POST',
        `buyers-shipping-address/update/${mine.id}`,
        other,
        shippingAddress({ city: 'Stolen' }),
      ),
      request('DELETE', `buyers-shipping-address/${mine.id}`, other),
      request('POST', 'buyers-shipping-address/primary', other, { id: mine.id }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(failureOf(response).error.code).toBe('NOT_FOUND');
    }
    // The other buyer's cart cannot ship to it either.
    const productId = 3;
    await ctx.database.db.update(products).set({ stockQuantity: 20 }).where(eq(products.id, productId));
    await request('POST', 'cart/add', other, { product_id: productId });
    const toCart = await request('POST', 'cart/add-shipping-address', other, { address_id: mine.id });
    expect(toCart.statusCode).toBe(404);
    expect(await list(owner)).toEqual([mine]);
    expect((await list(other)).map((item) => item.id)).not.toContain(mine.id);
  });

  it('clears the address of a cart that ships to a deleted address', async () => {
    const token = await member();
    const productId = 4;
    await ctx.database.db
      .update(products)
      .set({ stockQuantity: 20, price: 10, freeDelivery: false })
      .where(eq(products.id, productId));
    await request('POST', 'cart/add', token, { product_id: productId });
    const address = await create(token, { country_id: 2 });
    const shipped = dataOf<Cart>(
      await request('POST', 'cart/add-shipping-address', token, { address_id: address.id }),
    );
    expect(shipped.shippingAddress).toEqual(address);
    expect(shipped.invoice.shippingCharges).toBe(10);
    await request('DELETE', `buyers-shipping-address/${address.id}`, token);
    const cart = dataOf<Cart>(await request('POST', 'cart/get-items', token, {}));
    expect(cart.shippingAddress).toBeNull();
    expect(cart.invoice).toMatchObject({ shippingCharges: 0, total: 10 });
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_BUYER} addresses per buyer`, async () => {
    const token = await member();
    for (let i = 0; i < MAX_ADDRESSES_PER_BUYER; i++) await create(token, { city: `City ${i}` });
    const refused = await request('POST', 'buyers-shipping-address/create', token, shippingAddress());
    expect(refused.statusCode).toBe(422);
    expect(failureOf(refused).error.code).toBe('TOO_MANY_ADDRESSES');
  });

  it('gives express guests addresses of their own', async () => {
    const response = await request('POST', 'buyers/register-guest', undefined, {
      type: 'Express',
      first_name: 'Guest',
      email: `guest.${Date.now()}@example.com`,
    });
    const { token } = (JSON.parse(response.body) as { data: { user: { token: string } } }).data.user;
    const address = await create(token);
    expect(address.is_primary).toBe(true);
    expect(await list(token)).toEqual([address]);
  });
});
