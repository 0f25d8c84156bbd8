import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { INVOICE_RULES } from '@shop/contract/schemas/cart';
import { IdempotencyHeaders } from '@shop/contract/schemas/checkout';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors';
import { bearerTokenOf, optionalAuth } from '../../hooks/optionalAuth';
import { guestTokenOf, ownerOf } from '../../http/cartOwner';
import { endpointSchema } from '../../http/endpoint';
import {
  type CheckoutServices,
  chatCheckout,
  memberCheckout,
  setCartPaymentMethod,
  setCartShippingAddress,
} from './checkout';

/** After optionalAuth: a buyer (member or express guest) is required. */
const signedIn: onRequestAsyncHookHandler = async (request) => {
  if (!request.buyer) {
    throw AppError.unauthorized('Please sign in, or check out as a guest, to place an order.');
  }
};

function buyerOf(request: FastifyRequest) {
  if (!request.buyer) throw new Error('checkout route without its auth hooks');
  return request.buyer;
}

const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length > 0 ? key : null;
};

/** Checkout calls under cart/ (spec 001 §7): the cart's address and payment method, placing orders. */
export const checkoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, uploads, accounts, checkout } = app.deps;
  const { db } = database;
  const services: CheckoutServices = {
    db,
    uploads,
    accounts,
    settings: checkout,
  };
  const optionalBearer: { [label: string]: string[] }[] = [{ bearer: [] }, {}];
  const bearer: { [label: string]: string[] }[] = [{ bearer: [] }];
  const authenticated = [optionalAuth(db), signedIn];

  app.post(
    '/cart/add-shipping-address',
    {
      onRequest: authenticated,
      schema: {
        tags: ['checkout'],
        security: bearer,
        ...endpointSchema('POST cart/add-shipping-address'),
        description: `Bearer required (a member or an express guest: a guest cart without a buyer has no addresses, 401). address_id must be the caller's own (else 404); no cart: 409 CART_EMPTY. Answers the whole cart. ${INVOICE_RULES}`,
      },
    },
    async (request) => ({
      status: true as const,
      data: await setCartShippingAddress(db, buyerOf(request).id, request.body.address_id, checkout),
    }),
  );

  app.post(
    '/cart/add-payment-method',
    {
      onRequest: optionalAuth(db),
      schema: {
        tags: ['checkout'],
        security: optionalBearer,
        ...endpointSchema('POST cart/add-payment-method'),
        description:
          "'Cash On Delivery' or 'Money Exchange Transfer'. 'Bank Transfer' (displayed, never offered): 422 PAYMENT_METHOD_NOT_OFFERED; anything else: 422 VALIDATION_FAILED 'Please select a payment method'. No cart: 409 CART_EMPTY. Answers the whole cart.",
      },
    },
    async (request) => ({
      status: true as const,
      data: await setCartPaymentMethod(
        db,
        ownerOf(request, request.body.guest_session_token),
        request.body,
        checkout,
      ),
    }),
  );

  app.post(
    '/cart/member-checkout',
    {
      onRequest: authenticated,
      schema: {
        tags: ['checkout'],
        security: bearer,
        ...endpointSchema('POST cart/member-checkout'),
        description: [
          'Members and express guests (bearer). One transaction: the cart row is locked, then its products in id order; every product must cover its lines (else 409 OUT_OF_STOCK / INSUFFICIENT_STOCK naming the products, nothing changed); the cart needs a shipping address and a payment method (else 422 CHECKOUT_INCOMPLETE, fields shipping_address / payment_method); an empty cart (or one just ordered by a concurrent request) is 409 CART_EMPTY.',
          "The order freezes currency, rate, prices, customization (with its own copy of the logo), packaging, the address, shipping, VAT and totals; order_status 'Pending' (Cash On Delivery) or 'Payment Pending' (Money Exchange Transfer, until the payment is confirmed), payment_status 'Pending'. Stock decreases, the cart is emptied (address and method cleared), the order log and the buyer's activities get 'Order placed', a confirmation e-mail follows the commit.",
          "An express guest's session ends with the order: all the guest's tokens are revoked (the client signs out locally).",
          'Idempotency-Key (optional): a repeat by the same buyer within 24 hours answers the first placement, also while the first is still running; the same key on another endpoint: 422 IDEMPOTENCY_KEY_REUSED. 409 CART_BUSY: the cart changed during placement, try again.',
        ].join(' '),
        headers: IdempotencyHeaders,
      },
    },
    async (request) => ({
      status: true as const,
      data: await memberCheckout(services, buyerOf(request), idempotencyKeyOf(request)),
    }),
  );

  app.post(
    '/cart/whatsapp-checkout',
    {
      onRequest: optionalAuth(db),
      schema: {
        tags: ['checkout'],
        security: optionalBearer,
        ...endpointSchema('POST cart/whatsapp-checkout'),
        description: [
          "Signed in (bearer, member or express guest): the caller's cart is ordered; the body may be {}.",
          "Not signed in: {name, email, mobile, guest_session_token} (the Guest Checkout panel's rules: 422 with its messages); a NEW Guest identity is made (a Member's e-mail: 409 EMAIL_EXISTS, sign in instead), the guest cart becomes theirs and is ordered, all in one transaction; a cart line the stock no longer covers: 409, nothing made.",
          "A chat order needs no address (it is arranged in the chat; the cart's is used when set) and takes the cart's payment method, else Cash On Delivery. Stock, freezing, statuses, e-mail and Idempotency-Key as member-checkout (a replay by a shopper not signed in is keyed on the guest cart's token and answers a new token for the same guest). The guest's session does not end: the answer's user holds a token.",
          'chat_url: https://wa.me/<the configured phone>?text=<a message naming the order number>.',
        ].join(' '),
        headers: IdempotencyHeaders,
      },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      const caller = request.buyer && token ? { buyer: request.buyer, token } : null;
      return {
        status: true as const,
        data: await chatCheckout(
          services,
          caller,
          { ...request.body, guest_session_token: guestTokenOf(request.body.guest_session_token) },
          idempotencyKeyOf(request),
        ),
      };
    },
  );
};
