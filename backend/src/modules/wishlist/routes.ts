import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { responses } from '@shop/contract/schemas/common';
import {
  WishlistAdded,
  WishlistGetItemsBody,
  WishlistItems,
  WishlistMovedToCart,
  WishlistMoveToCartBody,
  WishlistProductBody,
} from '@shop/contract/schemas/wishlist';
import type { FastifyRequest } from 'fastify';
import { requireWishlistCaller } from '../hooks/wishlistAuth';
import {
  addToWishlist,
  getWishlist,
  moveToCart,
  removeFromWishlist,
  type WishlistCaller,
} from '../services/wishlist';
import { guestTokenOf } from './cart';
import type { RouteDeps } from './deps';

/** Set by the onRequest hook, which answers 401 / 403 before any handler runs. */
function callerOf(request: FastifyRequest): WishlistCaller {
  if (!request.wishlistCaller) throw new Error('wishlist route without its auth hook');
  return request.wishlistCaller;
}

export const wishlistRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database, checkout }) => {
  const { db } = database;
  app.decorateRequest('wishlistCaller', null);
  app.addHook('onRequest', requireWishlistCaller(db));
  const schema = {
    tags: ['wishlist'],
    security: [{ bearer: [] }],
    description:
      "Bearer: a member's token or a wishlist user's token ('wl.…' from buyers/register-wishlist); none or unknown is 401. user_id must be the token owner's own id, else 403 (an express-checkout guest has no wishlist: 403).",
  };

  app.post(
    '/wishlist/get-items',
    {
      schema: {
        ...schema,
        summary: 'The wishlist, newest first',
        body: WishlistGetItemsBody,
        response: responses(WishlistItems),
      },
    },
    async (request) => ({
      status: true as const,
      data: { items: await getWishlist(db, callerOf(request), request.body.user_id) },
    }),
  );

  app.post(
    '/wishlist/add',
    {
      schema: {
        ...schema,
        summary: 'Add a product (one already listed answers its line; out of stock is allowed)',
        body: WishlistProductBody,
        response: responses(WishlistAdded),
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        item: await addToWishlist(db, callerOf(request), request.body.user_id, request.body.product_id),
      },
    }),
  );

  app.post(
    '/wishlist/remove',
    {
      schema: {
        ...schema,
        summary: 'Remove a product (one not listed is no error); answers the list',
        body: WishlistProductBody,
        response: responses(WishlistItems),
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        items: await removeFromWishlist(db, callerOf(request), request.body.user_id, request.body.product_id),
      },
    }),
  );

  app.post(
    '/wishlist/move-to-cart',
    {
      schema: {
        ...schema,
        summary: 'Put one piece in the cart and take the product off the wishlist, at once',
        description: `${schema.description} A member's own cart; a wishlist user's guest cart of guest_session_token (created when absent: keep the returned token). Out of stock or short: 409 as cart/add, and nothing changes. A product not in the wishlist: 404.`,
        body: WishlistMoveToCartBody,
        response: responses(WishlistMovedToCart),
      },
    },
    async (request) => ({
      status: true as const,
      data: await moveToCart(
        db,
        callerOf(request),
        request.body.user_id,
        {
          productId: request.body.product_id,
          guestSessionToken: guestTokenOf(request.body.guest_session_token),
        },
        checkout,
      ),
    }),
  );
};
