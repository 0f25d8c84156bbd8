/**
 * The cart module owns every path under `/cart/*`: the cart's lines here, gift options (and the
 * products/* reads of what a product offers for gifts) in giftOptionRoutes.ts, the checkout calls
 * (address, payment method, placing the order) in checkoutRoutes.ts. Each is its own plugin (own
 * hooks, the multipart parser only where a form has files); app.ts registers `cartModule`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { INVOICE_RULES } from '@shop/contract/schemas/cart';
import { optionalAuth } from '../../hooks/optionalAuth';
import { ownerOf } from '../../http/cartOwner';
import { endpointSchema } from '../../http/endpoint';
import { addToCart, changeCurrency, getCart, removeFromCart, updateQuantity } from '../../services/cart';
import { checkoutRoutes } from './checkoutRoutes';
import { giftOptionRoutes } from './giftOptionRoutes';

/** The cart's lines: read, add, remove, change the quantity, re-price in another currency. */
export const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, uploads, checkout } = app.deps;
  const { db } = database;
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

/** Everything under /cart/* (and the gift option reads), as one registration. */
export const cartModule: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(cartRoutes);
  await app.register(giftOptionRoutes);
  await app.register(checkoutRoutes);
};
