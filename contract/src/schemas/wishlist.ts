/** Wishlist shapes (spec 000 §7). */

import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Cart, GuestSessionToken } from './cart';
import { ProductCard } from './catalogue';
import { Id, Nullable } from './common';

export const WishlistItem = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  product: ProductCard,
});

export const WishlistItems = Type.Object({
  items: Type.Array(WishlistItem, { description: 'Newest first' }),
});

export const WishlistAdded = Type.Object({ item: WishlistItem });

export const WishlistMovedToCart = Type.Object({
  cart: Cart,
  guest_session_token: Nullable(
    Type.String({ description: "A wishlist user's guest cart token (keep it); null for a member" }),
  ),
  items: Type.Array(WishlistItem, { description: 'The wishlist without the product, newest first' }),
});

const UserId = Id({
  description:
    "The caller's own id: the member's for a member token, the wishlist user's for a wishlist token (else 403)",
});

export const WishlistGetItemsBody = Type.Object({ user_id: UserId });

export const WishlistProductBody = Type.Object({ user_id: UserId, product_id: Id() });

export const WishlistMoveToCartBody = Type.Object({
  user_id: UserId,
  product_id: Id(),
  guest_session_token: GuestSessionToken,
});

/** `/wishlist/*` (backend/src/modules/wishlist): a member's or a wishlist user's list. */
export const wishlistEndpoints = endpoints({
  'POST wishlist/get-items': {
    summary: 'The wishlist, newest first',
    body: WishlistGetItemsBody,
    response: WishlistItems,
  },
  'POST wishlist/add': {
    summary: 'Add a product (one already listed answers its line; out of stock is allowed)',
    body: WishlistProductBody,
    response: WishlistAdded,
  },
  'POST wishlist/remove': {
    summary: 'Remove a product (one not listed is no error); answers the list',
    body: WishlistProductBody,
    response: WishlistItems,
  },
  'POST wishlist/move-to-cart': {
    summary: 'Put one piece in the cart and take the product off the wishlist, at once',
    body: WishlistMoveToCartBody,
    response: WishlistMovedToCart,
  },
});
