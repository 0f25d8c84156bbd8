/**
 * Bearer authentication of the wishlist calls: a member's token or a wishlist user's token
 * (services/wishlist.ts resolveWishlistCaller tells them apart). No token is 401; the body's
 * user_id is checked against the caller by the service.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { resolveWishlistCaller, type WishlistCaller } from '../services/wishlist';
import { bearerTokenOf } from './optionalAuth';

declare module 'fastify' {
  interface FastifyRequest {
    wishlistCaller: WishlistCaller | null;
  }
}

export function requireWishlistCaller(db: Database): onRequestAsyncHookHandler {
  return async (request) => {
    request.wishlistCaller = null;
    const token = bearerTokenOf(request);
    if (token === null) {
      throw AppError.unauthorized('Please sign in, or register an e-mail, to keep a wishlist.');
    }
    request.wishlistCaller = await resolveWishlistCaller(db, token);
  };
}
