/**
 * One lock order for stock and carts (services/productLocks.ts): the guest-cart merge at sign-in
 * locks the products first, like placing an order, so the two wait for each other instead of
 * deadlocking. Proved on PostgreSQL with a second connection holding a product's row: the merge
 * waits for that product before it touches either cart.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cart, User } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Client } from 'pg';
import { products } from '../src/db/schema';
import { createTestApp, dataOf, registration, secondConnection, type TestContext } from './db';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres('lock order of the guest-cart merge on postgres', () => {
  let ctx: TestContext;
  let other: Client;

  beforeAll(async () => {
    ctx = await createTestApp('postgres', { products: 10, auth: { scryptLogN: 10 } });
    other = await secondConnection(ctx);
  });
  afterAll(async () => {
    await other.end();
    await ctx.close();
  });

  const post = (path: string, payload: object, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/backend/api/${path}`,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('waits for a product held by another transaction before locking either cart', async () => {
    await ctx.database.db.update(products).set({ stockQuantity: 50 });
    const email = `merge.lock.${Date.now()}@example.com`;
    const registered = await post('buyers/register', registration(email));
    expect(registered.statusCode).toBe(201);
    const member = (JSON.parse(registered.body) as { data: { user: User } }).data.user;
    dataOf<Cart>(await post('cart/add', { product_id: 2, quantity: 1 }, member.token));
    const guest = dataOf<Cart>(await post('cart/add', { product_id: 5, quantity: 1 })).guest_session_token;

    // Another transaction (an order being placed) holds product 5.
    await other.query('BEGIN');
    await other.query('SELECT id FROM products WHERE id = 5 FOR UPDATE');
    const signIn = post('buyers/login', { email, password: 'Secret123', guest_cart_session_token: guest });
    await sleep(500);
    // The merge is waiting on the product, holding neither cart: both can be locked at once.
    const carts = await other.query(
      'SELECT id FROM carts WHERE buyer_id = $1 OR guest_token_hash IS NOT NULL FOR UPDATE NOWAIT',
      [member.id],
    );
    expect(carts.rowCount).toBeGreaterThanOrEqual(2);
    await other.query('COMMIT');

    const answer = await signIn;
    expect(answer.statusCode).toBe(200);
    const { user } = dataOf<{ user: User }>(answer);
    const cart = dataOf<Cart>(await post('cart/get-items', {}, user.token));
    expect(cart.items.map((item) => [item.product.id, item.quantity]).sort()).toEqual([
      [2, 1],
      [5, 1],
    ]);
    const [held] = await ctx.database.db.select().from(products).where(eq(products.id, 5));
    expect(held?.stockQuantity).toBe(50);
  });
});
