import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { INVOICE_RULES } from '@shop/contract/schemas/cart';
import type { FastifyRequest } from 'fastify';
import { optionalAuth } from '../hooks/optionalAuth';
import { endpointSchema } from '../http/endpoint';
import {
  addToCart,
  type CartOwner,
  changeCurrency,
  getCart,
  removeFromCart,
  updateQuantity,
} from '../services/cart';
import { UploadStore } from '../services/uploads';

/**
 * A member's bearer token wins; a guest is identified by the token from an earlier cart/add. The
 * text 'null' (what the packaging calls send for a guest without one) is no token.
 */
export function ownerOf(request: FastifyRequest, guestToken: string | null | undefined): CartOwner {
  if (request.buyer) return { buyerId: request.buyer.id };
  return { buyerId: null, guestToken: guestTokenOf(guestToken) };
}

/** A guest session token as sent, or null for none (including the text 'null'). */
export const guestTokenOf = (token: string | null | undefined): string | null =>
  token && token !== 'null' ? token : null;

export const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, uploadsDir, checkout } = app.deps;
  const { db } = database;
  const uploads = new UploadStore(uploadsDir);
  app.addHook('onRequest', optionalAuth(db));
  // Bearer is optional: guests call without it.
  const security: { [label: string]: string[] }[] = [{ bearer: [] }, {}];
  const schema = { tags: ['cart'], security, description: INVOICE_RULES };

  app.post(
    '/cart/get-items',
    { schema: { ...schema, ...endpointSchema('POST cart/get-items') } },
    async (request) => ({
      status: true as const,
      data: await getCart(db, ownerOf(request, request.body.guest_session_token), checkout),
    }),
  );

  app.post('/cart/add', { schema: { ...schema, ...endpointSchema('POST cart/add') } }, async (request) => ({
    status: true as const,
    data: await addToCart(
      db,
      ownerOf(request, request.body.guest_session_token),
      {
        productId: request.body.product_id,
        quantity: request.body.quantity ?? 1,
        currencyCode: request.body.selected_currency_code ?? null,
      },
      checkout,
    ),
  }));

  app.post(
    '/cart/remove',
    { schema: { ...schema, ...endpointSchema('POST cart/remove') } },
    async (request) => ({
      status: true as const,
      data: await removeFromCart(
        db,
        uploads,
        ownerOf(request, request.body.guest_session_token),
        request.body.cart_item_id,
        checkout,
      ),
    }),
  );

  app.post(
    '/cart/update-quantity',
    { schema: { ...schema, ...endpointSchema('POST cart/update-quantity') } },
    async (request) => ({
      status: true as const,
      data: await updateQuantity(
        db,
        ownerOf(request, request.body.guest_session_token),
        request.body.item_id,
        request.body.quantity,
        checkout,
      ),
    }),
  );

  app.post(
    '/cart/change-currency',
    { schema: { ...schema, ...endpointSchema('POST cart/change-currency') } },
    async (request) => ({
      status: true as const,
      data: await changeCurrency(
        db,
        ownerOf(request, request.body.guest_session_token),
        request.body.selected_currency_code,
        checkout,
      ),
    }),
  );
};
