/**
 * A wishlist-e-mail user (spec 000: "a separate wishlist-email popup registers only an e-mail")
 * who signs up, or signs in, keeps the wishlist: the wishlist token their browser holds moves its
 * lines into the account, in the sign-up's transaction.
 */
import type { SignedIn, WishlistItem } from '@shop/contract';
import { MESSAGES } from '@shop/contract/validation';
import { eq, sql } from 'drizzle-orm';
import { products, wishlistItems, wishlistUsers } from '../src/db/schema';
import {
  addToWishlist,
  bearer,
  createTestApp,
  failureOf,
  freshEmail,
  registerWishlistUser,
  registration,
  type TestContext,
  targets,
  type WishlistOwner,
  wishlistOf,
} from './db';

describe.each(targets)('a wishlist kept at sign-up, on %s', (target) => {
  let ctx: TestContext;
  let nextProductId = 1;
  const freshProduct = async () => {
    const id = nextProductId++;
    await ctx.database.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, id));
    return id;
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers });
  type Owner = WishlistOwner;
  const wishlistUser = (email: string) => registerWishlistUser(ctx, email);
  const listOf = (owner: Owner) => wishlistOf(ctx, owner);
  const add = (owner: Owner, productId: number) => addToWishlist(ctx, owner, productId);
  const signUp = async (email: string, changes: Record<string, unknown> = {}): Promise<Owner> => {
    const response = await post('buyers/register', registration(email, changes));
    expect(response.statusCode).toBe(201);
    const { user } = (JSON.parse(response.body) as { data: SignedIn }).data;
    return { id: user.id, token: user.token };
  };
  const productIds = (items: WishlistItem[]) => items.map((item) => item.product_id);

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    // Wishlist users' ids far from members' ids, so a kept list is never by chance the same ids.
    await ctx.database.db.execute(sql`SELECT setval(pg_get_serial_sequence('wishlist_users', 'id'), 100000)`);
  });
  afterAll(() => ctx.close());

  it('moves the wishlist into the new account, newest first as it was, and forgets the wishlist user', async () => {
    const email = freshEmail('keeper');
    const visitor = await wishlistUser(email);
    const [older, newer] = [await freshProduct(), await freshProduct()];
    await add(visitor, older);
    await add(visitor, newer);

    const member = await signUp(email, { wishlist_token: visitor.token });
    expect(productIds(await listOf(member))).toEqual([newer, older]);
    // The wishlist user is gone: its token opens nothing, its lines are the member's now.
    expect(
      (await post('wishlist/get-items', { user_id: visitor.id }, bearer(visitor.token))).statusCode,
    ).toBe(401);
    expect(
      await ctx.database.db.select().from(wishlistUsers).where(eq(wishlistUsers.id, visitor.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(wishlistItems).where(eq(wishlistItems.wishlistUserId, visitor.id)),
    ).toEqual([]);
    // The e-mail is a member's now: registering it for a wishlist again says so.
    const again = await post('buyers/register-wishlist', { email, type: 'Wishlist' });
    expect(again.statusCode).toBe(409);
    expect(failureOf(again).error.message).toBe(MESSAGES.wishlistEmailRegistered);
  });

  it('merges into a member who signs in: a product on both lists stays one line', async () => {
    const memberEmail = freshEmail('keeper');
    const member = await signUp(memberEmail);
    const [both, onlyWishlisted, onlyMember] = [
      await freshProduct(),
      await freshProduct(),
      await freshProduct(),
    ];
    await add(member, onlyMember);
    await add(member, both);
    const visitor = await wishlistUser(freshEmail('keeper'));
    await add(visitor, both);
    await add(visitor, onlyWishlisted);

    const signedIn = await post('buyers/login', {
      email: memberEmail,
      password: 'Secret123',
      wishlist_token: visitor.token,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(productIds(await listOf(member)).sort((a, b) => a - b)).toEqual(
      [both, onlyWishlisted, onlyMember].sort((a, b) => a - b),
    );
    const lines = await ctx.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.buyerId, member.id));
    expect(lines).toHaveLength(3);
  });

  it('keeps nothing for a sign-up that only types the same e-mail (it proves nothing)', async () => {
    const email = freshEmail('keeper');
    const visitor = await wishlistUser(email);
    const listed = await freshProduct();
    await add(visitor, listed);
    const member = await signUp(email);
    expect(await listOf(member)).toEqual([]);
    // The wishlist stays with whoever holds its token.
    expect(productIds(await listOf(visitor))).toEqual([listed]);
  });

  it('signs up all the same with a wishlist token that is unknown or already taken over', async () => {
    const visitor = await wishlistUser(freshEmail('keeper'));
    await add(visitor, await freshProduct());
    const first = await signUp(freshEmail('keeper'), { wishlist_token: visitor.token });
    expect(await listOf(first)).toHaveLength(1);
    const second = await signUp(freshEmail('keeper'), { wishlist_token: visitor.token });
    expect(await listOf(second)).toEqual([]);
    const madeUp = await signUp(freshEmail('keeper'), { wishlist_token: 'wl.no-such-token' });
    expect(await listOf(madeUp)).toEqual([]);
  });
});
