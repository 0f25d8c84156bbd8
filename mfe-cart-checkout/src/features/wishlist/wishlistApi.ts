import { type ApiClient, api, type SessionState } from '@shop/shared';

/**
 * Whose wishlist this is: a signed-in member, or a shopper who registered only an e-mail for the
 * wishlist. Each carries its own token; the server checks that `user_id` is the token's own.
 */
export interface WishlistOwner {
  userId: number;
  token: string;
}

/** A member's own wishlist wins; a guest who checked out has none (spec 000 §6). */
export function wishlistOwnerOf(session: SessionState): WishlistOwner | null {
  if (session.user?.type === 'Member') return { userId: session.user.id, token: session.user.token };
  if (session.wishlistUser) return { userId: session.wishlistUser.id, token: session.wishlistUser.token };
  return null;
}

const as = (owner: WishlistOwner) => ({ headers: { Authorization: `Bearer ${owner.token}` } });

/** The wishlist calls of spec 000 §7, each with the owner's token. */
export const createWishlistApi = (client: ApiClient = api) => ({
  getItems: (owner: WishlistOwner) => client.post('wishlist/get-items', { user_id: owner.userId }, as(owner)),
  add: (owner: WishlistOwner, product_id: number) =>
    client.post('wishlist/add', { user_id: owner.userId, product_id }, as(owner)),
  remove: (owner: WishlistOwner, product_id: number) =>
    client.post('wishlist/remove', { user_id: owner.userId, product_id }, as(owner)),
  moveToCart: (owner: WishlistOwner, product_id: number, guest_session_token: string | null) =>
    client.post(
      'wishlist/move-to-cart',
      { user_id: owner.userId, product_id, guest_session_token },
      as(owner),
    ),
});

export const wishlistApi = createWishlistApi();
