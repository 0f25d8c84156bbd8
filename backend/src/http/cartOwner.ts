/**
 * Whose cart a request is about, for every route that reads or changes a cart (cart/*, the
 * checkout calls under cart/, wishlist/move-to-cart).
 */
import type { FastifyRequest } from 'fastify';
import type { CartOwner } from '../services/cart';

/** A guest session token as sent, or null for none (including the text 'null'). */
export const guestTokenOf = (token: string | null | undefined): string | null =>
  token && token !== 'null' ? token : null;

/**
 * A member's bearer token wins; a guest is identified by the token from an earlier cart/add. The
 * text 'null' (what the packaging calls send for a guest without one) is no token.
 */
export function ownerOf(request: FastifyRequest, guestToken: string | null | undefined): CartOwner {
  if (request.buyer) return { buyerId: request.buyer.id };
  return { buyerId: null, guestToken: guestTokenOf(guestToken) };
}
