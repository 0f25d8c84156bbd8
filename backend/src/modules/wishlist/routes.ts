/**
 * The wishlist module owns `/wishlist/*`: a member's or a wishlist user's list, and moving a
 * product from it to the cart. The list itself (services/wishlist.ts) is shared with sign-in,
 * which takes a wishlist user's list over.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireWishlistCaller } from '../../hooks/wishlistAuth';
import { guestTokenOf } from '../../http/cartOwner';
import { endpointSchema } from '../../http/endpoint';
import {
  addToWishlist,
  getWishlist,
  moveToCart,
  removeFromWishlist,
  type WishlistCaller,
} from '../../services/wishlist';

/** Set by the onRequest hook, which answers 401 / 403 before any handler runs. */
function callerOf(request: FastifyRequest): WishlistCaller {
  if (!request.wishlistCaller) throw new Error('wishlist route without its auth hook');
  return request.wishlistCaller;
}

export const wishlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, checkout } = app.deps;
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
        ...endpointSchema('POST wishlist/get-items'),
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
        ...endpointSchema('POST wishlist/add'),
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
        ...endpointSchema('POST wishlist/remove'),
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
        ...endpointSchema('POST wishlist/move-to-cart'),
        description: `${schema.description} A member's own cart; a wishlist user's guest cart of guest_session_token (created when absent: keep the returned token). Out of stock or short: 409 as cart/add, and nothing changes. A product not in the wishlist: 404.`,
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
