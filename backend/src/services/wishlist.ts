/**
 * Wishlists (spec 000 §4, §7) of members and of shoppers who registered only an e-mail for one
 * (wishlist users). Who owns a list is decided by the bearer token alone: the body's `user_id`
 * must be the token's own id, and never selects a list by itself (a member and a wishlist user may
 * have equal ids). Every change runs in one transaction that locks the rows it changes.
 */
import type { WishlistItem, WishlistMovedToCart } from '@shop/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products, wishlistItems, wishlistUsers } from '../db/schema';
import { AppError } from '../errors';
import { hashToken, isWishlistToken, resolveBuyer, resolveWishlistUser } from './auth';
import { addToCartWithin, type CartOwner, lockProduct } from './cart';
import type { Pricing } from './money';
import { loadProductCards } from './productCards';

/** Whom a bearer token makes the caller of the wishlist calls. */
export type WishlistCaller =
  | { kind: 'member'; buyerId: number }
  | { kind: 'wishlistUser'; wishlistUserId: number };

const sessionOver = () => AppError.unauthorized('Your session has expired. Please sign in again.');

/**
 * A member's token or a wishlist user's token (told apart by the `wl.` prefix, see
 * newWishlistToken). An unknown token is 401. An express-checkout guest's token is 403: spec 000
 * §6 gives guests no wishlist (the front end asks them to sign in or give an e-mail).
 */
export async function resolveWishlistCaller(db: Database, token: string): Promise<WishlistCaller> {
  if (isWishlistToken(token)) {
    const user = await resolveWishlistUser(db, token);
    if (!user) throw sessionOver();
    return { kind: 'wishlistUser', wishlistUserId: user.id };
  }
  const buyer = await resolveBuyer(db, token);
  if (!buyer) throw sessionOver();
  if (buyer.type !== 'Member') {
    throw AppError.forbidden('A guest checkout has no wishlist: sign in, or register an e-mail for one.');
  }
  return { kind: 'member', buyerId: buyer.id };
}

/** The caller, once `user_id` is proved to be the caller's own id; any other id is 403. */
function ownListOf(caller: WishlistCaller, userId: number): WishlistCaller {
  const own = caller.kind === 'member' ? caller.buyerId : caller.wishlistUserId;
  if (userId !== own) {
    const whose = caller.kind === 'member' ? "the signed-in member's id" : "the wishlist user's id";
    throw AppError.forbidden(
      `This is not your wishlist: user_id must be ${whose} (the bearer token's owner).`,
      {
        user_id: `must be ${whose}`,
      },
    );
  }
  return caller;
}

const ownedBy = (owner: WishlistCaller) =>
  owner.kind === 'member'
    ? eq(wishlistItems.buyerId, owner.buyerId)
    : eq(wishlistItems.wishlistUserId, owner.wishlistUserId);

const ownerColumns = (owner: WishlistCaller) =>
  owner.kind === 'member' ? { buyerId: owner.buyerId } : { wishlistUserId: owner.wishlistUserId };

/** The owner's line of a product, locked for the rest of the transaction. */
async function lockLine(tx: Database, owner: WishlistCaller, productId: number) {
  const [line] = await tx
    .select()
    .from(wishlistItems)
    .where(and(ownedBy(owner), eq(wishlistItems.productId, productId)))
    .for('update');
  return line;
}

/** The whole list, newest first, each line with its product card (prices in USD). */
async function itemsOf(db: Database, owner: WishlistCaller): Promise<WishlistItem[]> {
  const lines = await db
    .select({ id: wishlistItems.id, productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(ownedBy(owner))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  const cards = await loadProductCards(
    db,
    lines.map((line) => line.productId),
  );
  return lines.flatMap((line) => {
    const product = cards.get(line.productId);
    return product ? [{ id: line.id, product_id: line.productId, product }] : [];
  });
}

export async function getWishlist(
  db: Database,
  caller: WishlistCaller,
  userId: number,
): Promise<WishlistItem[]> {
  return itemsOf(db, ownListOf(caller, userId));
}

/**
 * Adds a product; one already in the list answers its existing line (no duplicate, even for
 * concurrent adds: the unique constraint and ON CONFLICT DO NOTHING settle it). An out-of-stock
 * product may be wishlisted: a wishlist takes no stock, and the page flags it 'Out of stock'.
 */
export async function addToWishlist(
  db: Database,
  caller: WishlistCaller,
  userId: number,
  productId: number,
): Promise<WishlistItem> {
  const owner = ownListOf(caller, userId);
  return db.transaction(async (tx) => {
    // KEY SHARE: the product cannot be deleted under the new line, and nobody's stock change waits.
    // An archived product is no longer sold: refused like an unknown one.
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.archivedAt)))
      .for('key share');
    if (!product) throw AppError.notFound('Product not found.');
    await tx
      .insert(wishlistItems)
      .values({ ...ownerColumns(owner), productId })
      .onConflictDoNothing();
    const line = await lockLine(tx, owner, productId);
    const cards = await loadProductCards(tx, [productId]);
    const card = cards.get(productId);
    if (!line || !card) throw new Error('Wishlist line vanished while being added');
    return { id: line.id, product_id: productId, product: card };
  });
}

/** Removes a product; one that is not in the list is no error (the answer is the list either way). */
export async function removeFromWishlist(
  db: Database,
  caller: WishlistCaller,
  userId: number,
  productId: number,
): Promise<WishlistItem[]> {
  const owner = ownListOf(caller, userId);
  return db.transaction(async (tx) => {
    const line = await lockLine(tx, owner, productId);
    if (line) await tx.delete(wishlistItems).where(eq(wishlistItems.id, line.id));
    return itemsOf(tx, owner);
  });
}

export interface MoveToCart {
  productId: number;
  /** A wishlist user's guest cart (created when absent or unknown); ignored for a member. */
  guestSessionToken: string | null;
}

/**
 * Adds one piece to the caller's cart and takes the product off the wishlist, in one transaction:
 * a member's own cart, or for a wishlist user the guest cart of `guestSessionToken`. Locks in the
 * order product → wishlist line → cart (the cart calls lock product → cart). When the stock cannot
 * take one more piece the answer is the cart's 409 and nothing changes: the product stays listed.
 * A product not in the list is 404, so a double click moves one piece, not two.
 */
export async function moveToCart(
  db: Database,
  caller: WishlistCaller,
  userId: number,
  input: MoveToCart,
  pricing: Pricing,
): Promise<WishlistMovedToCart> {
  const owner = ownListOf(caller, userId);
  const cartOwner: CartOwner =
    owner.kind === 'member'
      ? { buyerId: owner.buyerId }
      : { buyerId: null, guestToken: input.guestSessionToken };
  return db.transaction(async (tx) => {
    await lockProduct(tx, input.productId);
    const line = await lockLine(tx, owner, input.productId);
    if (!line) throw AppError.notFound('This product is not in your wishlist.');
    const cart = await addToCartWithin(
      tx,
      cartOwner,
      { productId: input.productId, quantity: 1, currencyCode: null },
      pricing,
    );
    await tx.delete(wishlistItems).where(eq(wishlistItems.id, line.id));
    return { cart, guest_session_token: cart.guest_session_token, items: await itemsOf(tx, owner) };
  });
}

/**
 * A wishlist-e-mail user (buyers/register-wishlist) who signs up or signs in keeps their wishlist:
 * its lines move to the member, a product the member has listed already stays one line (the
 * member's, with its date), and the wishlist user is deleted, so its token opens nothing any more
 * and its e-mail is free. The wishlist token is the proof: it is what the shopper's browser holds
 * (wishlistUser.token), while typing the same e-mail at sign-up proves nothing about owning it.
 * An unknown token (already taken over, or never issued) keeps nothing and is no error: the
 * sign-up itself must not fail over it. Runs in the caller's sign-up or sign-in transaction.
 */
export async function takeOverWishlist(
  tx: Database,
  buyerId: number,
  wishlistToken: string | null | undefined,
): Promise<number> {
  if (!wishlistToken || !isWishlistToken(wishlistToken)) return 0;
  // Locked: a second sign-up with the same token waits here and then finds nothing to take.
  const [owner] = await tx
    .select({ id: wishlistUsers.id })
    .from(wishlistUsers)
    .where(eq(wishlistUsers.tokenHash, hashToken(wishlistToken)))
    .for('update');
  if (!owner) return 0;
  const lines = await tx
    .select({ productId: wishlistItems.productId, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistUserId, owner.id));
  const moved =
    lines.length === 0
      ? []
      : await tx
          .insert(wishlistItems)
          .values(lines.map((line) => ({ buyerId, productId: line.productId, createdAt: line.createdAt })))
          .onConflictDoNothing()
          .returning({ id: wishlistItems.id });
  // Its own lines go with it (ON DELETE CASCADE).
  await tx.delete(wishlistUsers).where(eq(wishlistUsers.id, owner.id));
  return moved.length;
}
