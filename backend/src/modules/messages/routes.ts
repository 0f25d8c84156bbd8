/**
 * Module messages: `/buyer-messages/*` and `/order-messages/*` (one team: the member's messages,
 * general and per order). The admin's side is in modules/admin/messageRoutes.ts; both use
 * services/messages.ts. Endpoints: contract/src/schemas/messages.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerId } from '../../hooks/callerId';
import { requireMember } from '../../hooks/optionalAuth';
import { endpointSchema } from '../../http/endpoint';
import { assertOwnOrder, listThreads, readThread, reply, startThread } from '../../services/messages';

/**
 * The member's messages with the shop (spec 001 §7 Messages): the general family (buyer-messages)
 * and the per-order family (order-messages), both behind a token. Another member's thread or
 * order is 404. Sending answers 201 with the message.
 */
export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.deps;
  const { db } = database;
  const tags = ['messages'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', requireMember(db));

  app.get(
    '/buyer-messages',
    {
      schema: {
        tags,
        ...endpointSchema('GET buyer-messages'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: await listThreads(db, { kind: 'general', buyerId: callerId(request) }, request.query.page ?? 1),
    }),
  );

  app.post(
    '/buyer-messages/send-message',
    { schema: { tags, security, ...endpointSchema('POST buyer-messages/send-message') } },
    async (request, reply_) =>
      reply_.code(201).send({
        status: true as const,
        data: { message: await startThread(db, callerId(request), null, request.body) },
      }),
  );

  app.get(
    '/buyer-messages/get-thread/:id',
    {
      schema: {
        tags,
        ...endpointSchema('GET buyer-messages/get-thread/:id'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: await readThread(
        db,
        { kind: 'general', buyerId: callerId(request) },
        request.params.id,
        request.query.page ?? 1,
      ),
    }),
  );

  app.post(
    '/buyer-messages/send-reply/:id',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyer-messages/send-reply/:id'),
        security,
      },
    },
    async (request, reply_) =>
      reply_.code(201).send({
        status: true as const,
        data: {
          message: await reply(
            db,
            { kind: 'general', buyerId: callerId(request) },
            request.params.id,
            request.body,
          ),
        },
      }),
  );

  app.get(
    '/order-messages/get-messages/:orderId',
    {
      schema: {
        tags,
        ...endpointSchema('GET order-messages/get-messages/:orderId'),
        security,
      },
    },
    async (request) => {
      const buyerId = callerId(request);
      await assertOwnOrder(db, buyerId, request.params.orderId);
      return {
        status: true as const,
        data: await listThreads(
          db,
          { kind: 'order', buyerId, orderId: request.params.orderId },
          request.query.page ?? 1,
        ),
      };
    },
  );

  app.post(
    '/order-messages/send-message/:orderId',
    {
      schema: {
        tags,
        ...endpointSchema('POST order-messages/send-message/:orderId'),
        security,
      },
    },
    async (request, reply_) =>
      reply_.code(201).send({
        status: true as const,
        data: { message: await startThread(db, callerId(request), request.params.orderId, request.body) },
      }),
  );

  app.get(
    '/order-messages/get-thread/:orderId/:messageId',
    {
      schema: {
        tags,
        ...endpointSchema('GET order-messages/get-thread/:orderId/:messageId'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: await readThread(
        db,
        { kind: 'order', buyerId: callerId(request), orderId: request.params.orderId },
        request.params.messageId,
        request.query.page ?? 1,
      ),
    }),
  );

  app.post(
    '/order-messages/send-reply/:orderId/:messageId',
    {
      schema: {
        tags,
        ...endpointSchema('POST order-messages/send-reply/:orderId/:messageId'),
        security,
      },
    },
    async (request, reply_) =>
      reply_.code(201).send({
        status: true as const,
        data: {
          message: await reply(
            db,
            { kind: 'order', buyerId: callerId(request), orderId: request.params.orderId },
            request.params.messageId,
            request.body,
          ),
        },
      }),
  );
};
