import type { Cart, WishlistItem, WishlistMovedToCart } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { buyers, products, wishlistItems, wishlistUsers } from '../src/db/schema';
import { hashToken, issueToken, newWishlistToken } from '../src/services/auth';
import {
  addToWishlist,
  bearer,
  createMember,
  createTestApp,
  dataOf,
  failureOf,
  freshEmail,
  registerWishlistUser,
  type TestContext,
  targets,
  type WishlistOwner,
  wishlistOf,
} from './db';

describe.each(targets)('wishlist on %s', (target) => {
  let ctx: TestContext;
  /** Products set aside per test so no two tests share stock. */
  let nextProductId = 1;
  const freshProduct = async (changes: Partial<typeof products.$inferInsert> = {}) => {
    const id = nextProductId++;
    await ctx.database.db
      .update(products)
      .set({ stockQuantity: 50, price: 10, ...changes })
      .where(eq(products.id, id));
    return id;
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers });

  type Owner = WishlistOwner;
  const member = async (): Promise<Owner> => {
    const { buyer, token } = await createMember(ctx.database);
    return { id: buyer.id, token };
  };
  const wishlistUser = () => registerWishlistUser(ctx, freshEmail('wish'));
  const itemsOf = (owner: Owner) => wishlistOf(ctx, owner);
  const add = (owner: Owner, productId: number) => addToWishlist(ctx, owner, productId);
  const remove = async (owner: Owner, productId: number) =>
    dataOf<{ items: WishlistItem[] }>(
      await post('wishlist/remove', { user_id: owner.id, product_id: productId }, bearer(owner.token)),
    ).items;
  const move = (owner: Owner, productId: number, guestSessionToken: string | null = null) =>
    post(
      'wishlist/move-to-cart',
      { user_id: owner.id, product_id: productId, guest_session_token: guestSessionToken },
      bearer(owner.token),
    );
  const productIdsOf = (items: WishlistItem[]) => items.map((item) => item.product_id);

  beforeAll(async () => {
    ctx = await createTestApp(target);
    // Wishlist users' ids far from members' ids, so a cross-kind user_id is never by chance one's own
    // (the test of equal ids makes its pair on purpose).
    await ctx.database.db.execute(sql`SELECT setval(pg_get_serial_sequence('wishlist_users', 'id'), 100000)`);
  });
  afterAll(() => ctx.close());

  it("keeps a member's wishlist newest first with product cards; a second add answers the same line", async () => {
    const owner = await member();
    expect(await itemsOf(owner)).toEqual([]);
    const first = await freshProduct({ price: 12.5 });
    const second = await freshProduct();
    const added = await add(owner, first);
    expect(added).toMatchObject({
      id: expect.any(Number),
      product_id: first,
      product: { id: first, price: 12.5 },
    });
    await add(owner, second);

    const items = await itemsOf(owner);
    expect(productIdsOf(items)).toEqual([second, first]);
    expect(items[1]).toEqual(added);

    const again = await add(owner, first);
    expect(again.id).toBe(added.id);
    expect(productIdsOf(await itemsOf(owner))).toEqual([second, first]);
  });

  it('removes a product, and removing one that is not listed is no error', async () => {
    const owner = await member();
    const [kept, dropped] = [await freshProduct(), await freshProduct()];
    await add(owner, kept);
    await add(owner, dropped);
    expect(productIdsOf(await remove(owner, dropped))).toEqual([kept]);
    expect(productIdsOf(await remove(owner, dropped))).toEqual([kept]);
    expect(productIdsOf(await itemsOf(owner))).toEqual([kept]);
  });

  it("keeps a wishlist e-mail user's list with the token from register-wishlist", async () => {
    const owner = await wishlistUser();
    expect(owner.token).toMatch(/^wl\./);
    const productId = await freshProduct();
    const item = await add(owner, productId);
    expect(item.product.id).toBe(productId);
    expect(productIdsOf(await itemsOf(owner))).toEqual([productId]);
    expect(await remove(owner, productId)).toEqual([]);
    // Stored against the wishlist user, not against a buyer.
    await add(owner, productId);
    const rows = await ctx.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.wishlistUserId, owner.id));
    expect(rows).toEqual([expect.objectContaining({ buyerId: null, productId })]);
  });

  it('answers 401 without a token, with "Bearer null" and with an unknown or expired token', async () => {
    const owner = await member();
    const productId = await freshProduct();
    const expired = await createMember(ctx.database, -1000);
    const calls: [string, object][] = [
      ['wishlist/get-items', { user_id: owner.id }],
      ['wishlist/add', { user_id: owner.id, product_id: productId }],
      ['wishlist/remove', { user_id: owner.id, product_id: productId }],
      ['wishlist/move-to-cart', { user_id: owner.id, product_id: productId }],
    ];
    const headers = [
      {},
      { authorization: 'Bearer null' },
      bearer('not-a-real-token'),
      bearer(newWishlistToken()),
      bearer(expired.token),
    ];
    for (const [url, payload] of calls) {
      for (const header of headers) {
        const response = await post(url, payload, header);
        expect(response.statusCode).toBe(401);
        expect(failureOf(response)).toMatchObject({ status: false, error: { code: 'UNAUTHORIZED' } });
      }
    }
    expect(await itemsOf(owner)).toEqual([]);
  });

  it("answers 403 for another user's id, of either kind, and changes nothing", async () => {
    const [memberA, memberB] = [await member(), await member()];
    const [wishA, wishB] = [await wishlistUser(), await wishlistUser()];
    const productId = await freshProduct();
    await add(memberB, productId);
    await add(wishB, productId);

    const attempts: [Owner, number][] = [
      [memberA, memberB.id], // another member
      [wishA, wishB.id], // another wishlist user
      [memberA, wishB.id], // a member token with a wishlist user's id
      [wishA, memberB.id], // a wishlist token with a member's id
    ];
    for (const [caller, victimId] of attempts) {
      for (const [url, payload] of [
        ['wishlist/get-items', { user_id: victimId }],
        ['wishlist/add', { user_id: victimId, product_id: productId }],
        ['wishlist/remove', { user_id: victimId, product_id: productId }],
        ['wishlist/move-to-cart', { user_id: victimId, product_id: productId }],
      ] as const) {
        const response = await post(url, payload, bearer(caller.token));
        expect(response.statusCode).toBe(403);
        expect(failureOf(response).error).toMatchObject({
          code: 'FORBIDDEN',
          message: expect.stringContaining('This is not your wishlist'),
          fields: { user_id: expect.any(String) },
        });
      }
    }
    expect(productIdsOf(await itemsOf(memberB))).toEqual([productId]);
    expect(productIdsOf(await itemsOf(wishB))).toEqual([productId]);
    expect(await itemsOf(memberA)).toEqual([]);
    expect(await itemsOf(wishA)).toEqual([]);
  });

  it('keeps a member and a wishlist user with the same id apart: the token decides whose list it is', async () => {
    const owner = await member();
    // A wishlist user whose id equals the member's id (ids come from two sequences).
    await ctx.database.db.delete(wishlistUsers).where(eq(wishlistUsers.id, owner.id));
    const token = newWishlistToken();
    await ctx.database.db
      .insert(wishlistUsers)
      .values({ id: owner.id, email: `same-id.${owner.id}@example.com`, tokenHash: hashToken(token) });
    const twin: Owner = { id: owner.id, token };
    const [forMember, forTwin] = [await freshProduct(), await freshProduct()];
    await add(owner, forMember);
    await add(twin, forTwin);
    expect(productIdsOf(await itemsOf(owner))).toEqual([forMember]);
    expect(productIdsOf(await itemsOf(twin))).toEqual([forTwin]);
    expect(productIdsOf(await remove(twin, forMember))).toEqual([forTwin]);
    expect(productIdsOf(await itemsOf(owner))).toEqual([forMember]);
  });

  it('answers 403 to an express-checkout guest: guests have no wishlist', async () => {
    const [guest] = await ctx.database.db
      .insert(buyers)
      .values({ type: 'Guest', email: 'express.guest@example.com', firstName: 'Sami' })
      .returning();
    if (!guest) throw new Error('guest not created');
    const token = await issueToken(ctx.database.db, guest.id);
    const response = await post('wishlist/get-items', { user_id: guest.id }, bearer(token));
    expect(response.statusCode).toBe(403);
    expect(failureOf(response).error.code).toBe('FORBIDDEN');
  });

  it('answers 404 for an unknown product, and lists an out-of-stock product', async () => {
    const owner = await wishlistUser();
    const unknown = await post(
      'wishlist/add',
      { user_id: owner.id, product_id: 999_999 },
      bearer(owner.token),
    );
    expect(unknown.statusCode).toBe(404);
    expect(failureOf(unknown).error.code).toBe('NOT_FOUND');
    const soldOut = await freshProduct({ stockQuantity: 0 });
    const item = await add(owner, soldOut);
    expect(item.product).toMatchObject({ id: soldOut, in_stock: false });
    expect(productIdsOf(await itemsOf(owner))).toEqual([soldOut]);
  });

  it('answers 404 for an archived product, as for an unknown one, on add and on move to the cart', async () => {
    const owner = await wishlistUser();
    const productId = await freshProduct();
    await add(owner, productId);
    await ctx.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, productId));
    const again = await post(
      'wishlist/add',
      { user_id: owner.id, product_id: productId },
      bearer(owner.token),
    );
    expect([again.statusCode, failureOf(again).error.code]).toEqual([404, 'NOT_FOUND']);
    const other = await freshProduct({ archivedAt: new Date() });
    const fresh = await post('wishlist/add', { user_id: owner.id, product_id: other }, bearer(owner.token));
    expect([fresh.statusCode, failureOf(fresh).error.code]).toEqual([404, 'NOT_FOUND']);
    const moved = await move(owner, productId);
    expect([moved.statusCode, failureOf(moved).error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it("moves a product into a member's own cart and off the wishlist", async () => {
    const owner = await member();
    const [moved, stays] = [await freshProduct({ price: 20 }), await freshProduct()];
    await add(owner, moved);
    await add(owner, stays);
    // A guest token sent by a member is ignored: the member's own cart takes the piece.
    const strangerCart = dataOf<Cart>(await post('cart/add', { product_id: stays }));
    const answer = dataOf<WishlistMovedToCart>(await move(owner, moved, strangerCart.guest_session_token));
    expect(answer.guest_session_token).toBeNull();
    expect(answer.cart.guest_session_token).toBeNull();
    expect(answer.cart.items.map((item) => [item.product.id, item.quantity])).toEqual([[moved, 1]]);
    expect(answer.cart.invoice.subTotal).toBe(20);
    expect(productIdsOf(answer.items)).toEqual([stays]);

    const cart = dataOf<Cart>(await post('cart/get-items', {}, bearer(owner.token)));
    expect(cart.items.map((item) => [item.product.id, item.quantity])).toEqual([[moved, 1]]);
    const stranger = dataOf<Cart>(
      await post('cart/get-items', { guest_session_token: strangerCart.guest_session_token }),
    );
    expect(stranger.items.map((item) => item.product.id)).toEqual([stays]);

    // Not (or no longer) in the wishlist: 404, and the cart keeps its one piece.
    const again = await move(owner, moved);
    expect(again.statusCode).toBe(404);
    // Listed again and moved again: the cart line grows.
    await add(owner, moved);
    const twice = dataOf<WishlistMovedToCart>(await move(owner, moved));
    expect(twice.cart.items.map((item) => [item.product.id, item.quantity])).toEqual([[moved, 2]]);
  });

  it("moves a wishlist user's product into a guest cart, returning its token and reusing it", async () => {
    const owner = await wishlistUser();
    const [first, second] = [await freshProduct(), await freshProduct()];
    await add(owner, first);
    await add(owner, second);

    const created = dataOf<WishlistMovedToCart>(await move(owner, first));
    const token = created.guest_session_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.cart.guest_session_token).toBe(token);
    expect(productIdsOf(created.items)).toEqual([second]);

    const reused = dataOf<WishlistMovedToCart>(await move(owner, second, token));
    expect(reused.guest_session_token).toBe(token);
    expect(reused.cart.items.map((item) => item.product.id)).toEqual([first, second]);
    expect(reused.items).toEqual([]);

    // The guest cart is an ordinary one: cart calls reach it by its token.
    const cart = dataOf<Cart>(await post('cart/get-items', { guest_session_token: token }));
    expect(cart.items.map((item) => [item.product.id, item.quantity])).toEqual([
      [first, 1],
      [second, 1],
    ]);
  });

  it('refuses to move an out-of-stock or short product with 409 naming it; the wishlist and cart stay as they were', async () => {
    const owner = await member();
    const soldOut = await freshProduct({ stockQuantity: 0 });
    const [row] = await ctx.database.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, soldOut));
    await add(owner, soldOut);
    const refused = await move(owner, soldOut);
    expect(refused.statusCode).toBe(409);
    expect(failureOf(refused).error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `"${row?.title}" is out of stock.`,
    });
    expect(productIdsOf(await itemsOf(owner))).toEqual([soldOut]);
    expect(dataOf<Cart>(await post('cart/get-items', {}, bearer(owner.token))).items).toEqual([]);

    // The last piece is already in the cart: one more is short.
    const lastPiece = await freshProduct({ stockQuantity: 1 });
    dataOf<Cart>(await post('cart/add', { product_id: lastPiece }, bearer(owner.token)));
    await add(owner, lastPiece);
    const short = await move(owner, lastPiece);
    expect(short.statusCode).toBe(409);
    expect(failureOf(short).error.code).toBe('INSUFFICIENT_STOCK');
    expect(failureOf(short).error.message).toContain('Only 1 of "');
    expect(productIdsOf(await itemsOf(owner))).toEqual([lastPiece, soldOut]);
    const cart = dataOf<Cart>(await post('cart/get-items', {}, bearer(owner.token)));
    expect(cart.items.map((item) => [item.product.id, item.quantity])).toEqual([[lastPiece, 1]]);
  });

  it('keeps one line for concurrent adds of one product', async () => {
    const owner = await wishlistUser();
    const productId = await freshProduct();
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => add(owner, productId)));
    expect(new Set(answers.map((item) => item.id)).size).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.wishlistUserId, owner.id), eq(wishlistItems.productId, productId)));
    expect(rows).toHaveLength(1);
  });

  it('moves one piece when the same move is sent twice at once', async () => {
    const owner = await member();
    const productId = await freshProduct();
    await add(owner, productId);
    const answers = await Promise.all([move(owner, productId), move(owner, productId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const cart = dataOf<Cart>(await post('cart/get-items', {}, bearer(owner.token)));
    expect(cart.items.map((item) => [item.product.id, item.quantity])).toEqual([[productId, 1]]);
    expect(await itemsOf(owner)).toEqual([]);
  });

  it('documents the wishlist calls with bearer security', async () => {
    const doc = JSON.parse((await ctx.app.inject({ method: 'GET', url: '/backend/api/docs/json' })).body) as {
      paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
    };
    for (const route of ['get-items', 'add', 'remove', 'move-to-cart']) {
      const operation = doc.paths[`/backend/api/wishlist/${route}`]?.post;
      expect(operation?.requestBody).toBeDefined();
      expect(operation?.security).toEqual([{ bearer: [] }]);
    }
  });
});
