import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { createdResponses } from '@shop/contract/schemas/auth';
import { Id, responses } from '@shop/contract/schemas/common';
import {
  Message,
  MessageBody,
  MessageThreadPage,
  MessageThreadView,
  PageQuery,
  ReplyBody,
} from '@shop/contract/schemas/member';
import { callerId } from '../hooks/callerId';
import { requireMember } from '../hooks/optionalAuth';
import { assertOwnOrder, listThreads, readThread, reply, startThread } from '../services/messages';
import type { RouteDeps } from './deps';

/**
 * The member's messages with the shop (spec 001 §7 Messages): the general family (buyer-messages)
 * and the per-order family (order-messages), both behind a token. Another member's thread or
 * order is 404. Sending answers 201 with the message.
 */
export const messageRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['messages'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', requireMember(db));
  const sent = createdResponses(Type.Object({ message: Message }));

  app.get(
    '/buyer-messages',
    {
      schema: {
        tags,
        security,
        summary: 'General threads, newest activity first (an empty page: No communication found)',
        querystring: PageQuery,
        response: responses(MessageThreadPage),
      },
    },
    async (request) => ({
      status: true as const,
      data: await listThreads(db, { kind: 'general', buyerId: callerId(request) }, request.query.page ?? 1),
    }),
  );

  app.post(
    '/buyer-messages/send-message',
    { schema: { tags, security, summary: 'Start a general thread', body: MessageBody, response: sent } },
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
        security,
        summary: "A general thread by its root's or any of its messages' id; marks the shop's messages read",
        params: Type.Object({ id: Id() }),
        querystring: PageQuery,
        response: responses(MessageThreadView),
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
        security,
        summary: "Reply in a general thread (the thread's subject is kept)",
        params: Type.Object({ id: Id() }),
        body: ReplyBody,
        response: sent,
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

  const OrderParams = Type.Object({ orderId: Id() });
  const OrderMessageParams = Type.Object({ orderId: Id(), messageId: Id() });

  app.get(
    '/order-messages/get-messages/:orderId',
    {
      schema: {
        tags,
        security,
        summary: "One of the member's orders' threads (404 for anybody else's order)",
        params: OrderParams,
        querystring: PageQuery,
        response: responses(MessageThreadPage),
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
        security,
        summary: 'Start a thread about an order',
        params: OrderParams,
        body: MessageBody,
        response: sent,
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
        security,
        summary: "An order's thread; marks the shop's messages read",
        params: OrderMessageParams,
        querystring: PageQuery,
        response: responses(MessageThreadView),
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
        security,
        summary: "Reply in an order's thread (the thread's subject is kept)",
        params: OrderMessageParams,
        body: ReplyBody,
        response: sent,
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
