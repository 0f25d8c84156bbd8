/**
 * Module memberOrders: `/buyer-orders/*`, `/product-reviews/create`, `/product-feedbacks/create`
 * (one team: the member's orders and what is said about their products; services: reviews.ts and
 * the shared services/memberOrders.ts). The proof of payment and the feedback are multipart forms.
 * Endpoints: contract/src/schemas/memberOrders.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireMember } from '../../hooks/optionalAuth';
import { endpointSchema } from '../../http/endpoint';
import { multipartLimits, readMultipartForm, requiredId } from '../../http/multipartForm';
import {
  buyerOrderDetail,
  buyerOrderLog,
  buyerOrderStats,
  listBuyerOrders,
  orderedLogo,
  submitProofOfPayment,
} from '../../services/memberOrders';
import { createFeedback, createReview } from './reviews';

function buyerIdOf(request: FastifyRequest): number {
  if (!request.buyer) throw new Error('member order route without its auth hook');
  return request.buyer.id;
}

const PROOF_FIELDS = ['order_id', 'comments'] as const;
const FEEDBACK_FIELDS = ['product_id', 'item_id', 'order_id', 'comments'] as const;

/**
 * `buyer-orders*`, `product-reviews/create`, `product-feedbacks/create` (spec 001 §7 Orders): the
 * caller's own orders only; another buyer's order answers 404, no token 401.
 */
export const memberOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, uploads } = app.deps;
  const { db } = database;
  app.addHook('onRequest', requireMember(db));
  await app.register(multipart, { limits: multipartLimits(FEEDBACK_FIELDS.length) });
  const schema = {
    tags: ['member orders'],
    security: [{ bearer: [] }],
    description:
      "Bearer required (no token, or an unknown one: 401). Only the caller's own orders exist for them: another buyer's order answers 404.",
  };

  app.get(
    '/buyer-orders',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET buyer-orders'),
      },
    },
    async (request) => ({
      status: true as const,
      data: await listBuyerOrders(db, buyerIdOf(request), request.query),
    }),
  );

  app.get(
    '/buyer-orders/stats',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET buyer-orders/stats'),
      },
    },
    async (request) => ({
      status: true as const,
      data: { stats: await buyerOrderStats(db, buyerIdOf(request)) },
    }),
  );

  app.get(
    '/buyer-orders/log',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET buyer-orders/log'),
      },
    },
    async (request) => ({
      status: true as const,
      data: { items: await buyerOrderLog(db, buyerIdOf(request), request.query.order_id) },
    }),
  );

  app.get(
    '/buyer-orders/:id',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET buyer-orders/:id'),
      },
    },
    async (request) => ({
      status: true as const,
      data: { order: await buyerOrderDetail(db, buyerIdOf(request), request.params.id) },
    }),
  );

  app.get(
    '/buyer-orders/:id/items/:itemId/logo',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET buyer-orders/:id/items/:itemId/logo'),
      },
    },
    async (request, reply) => {
      const { bytes, type } = await orderedLogo(
        db,
        uploads,
        buyerIdOf(request),
        request.params.id,
        request.params.itemId,
      );
      return reply.header('cache-control', 'private, no-store').type(type).send(bytes);
    },
  );

  app.post(
    '/buyer-orders/proof-of-payment',
    {
      schema: {
        ...schema,
        ...endpointSchema('POST buyer-orders/proof-of-payment'),
        description: `${schema.description} Fields: order_id, comments (optional, at most 500), file (JPEG or PNG of at most 1 MB, recognised by its bytes). Taken for Bank Transfer and Money Exchange Transfer orders when no proof exists or the last was Rejected; otherwise 409 (PROOF_NOT_EXPECTED, PROOF_PENDING, PROOF_CONFIRMED, PAYMENT_RECEIVED, ORDER_CANCELED). No file: 422 'Upload an image.'; not an image 415, over 1 MB 413, each with the spec's message in error.fields.file.`,
      },
    },
    async (request) => {
      const { fields, file } = await readMultipartForm(request, PROOF_FIELDS, 'file');
      return {
        status: true as const,
        data: await submitProofOfPayment(db, uploads, buyerIdOf(request), {
          orderId: requiredId(fields.order_id, 'order_id'),
          comments: fields.comments ?? '',
          file,
        }),
      };
    },
  );

  app.post(
    '/product-reviews/create',
    {
      schema: {
        ...schema,
        ...endpointSchema('POST product-reviews/create'),
        tags: ['member orders', 'reviews'],
        description: `${schema.description} Once per ordered product (409 REVIEW_EXISTS), for any order status but Cancel (409 ORDER_CANCELED). 422 'Please rate this product' / 'Please enter your comments'. The product's rating and review count follow.`,
      },
    },
    async (request) => {
      const { product_id, item_id, order_id, rating, comments } = request.body;
      return {
        status: true as const,
        data: await createReview(
          db,
          buyerIdOf(request),
          { orderId: order_id, itemId: item_id, productId: product_id },
          { rating: rating || undefined, comments: comments ?? undefined },
        ),
      };
    },
  );

  app.post(
    '/product-feedbacks/create',
    {
      schema: {
        ...schema,
        ...endpointSchema('POST product-feedbacks/create'),
        tags: ['member orders'],
        description: `${schema.description} Fields: product_id, item_id, order_id, comments (required: 422 'Please enter your comments'), file (optional, checked like the logo: 415/413). Once per ordered product (409 FEEDBACK_EXISTS), any order status but Cancel.`,
      },
    },
    async (request) => {
      const { fields, file } = await readMultipartForm(request, FEEDBACK_FIELDS, 'file');
      return {
        status: true as const,
        data: await createFeedback(
          db,
          uploads,
          buyerIdOf(request),
          {
            orderId: requiredId(fields.order_id, 'order_id'),
            itemId: requiredId(fields.item_id, 'item_id'),
            productId: requiredId(fields.product_id, 'product_id'),
          },
          { comments: fields.comments ?? '', file },
        ),
      };
    },
  );
};
