import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { createdResponses } from '@shop/contract/schemas/auth';
import { Id, responses } from '@shop/contract/schemas/common';
import {
  Message,
  MessageThreadPage,
  MessageThreadView,
  Notification,
  PageQuery,
  SendNotificationBody,
} from '@shop/contract/schemas/member';
import { requireAdmin } from '../hooks/requireAdmin';
import { listThreads, readThread, reply } from '../services/messages';
import { sendNotification } from '../services/notifications';
import type { RouteDeps } from './deps';

/**
 * The admin's side of member messages and notifications (issue 11): every member's threads,
 * general and per order; answering one (the member gets a header notification); sending a
 * notification. The CLI (`npm run admin -- list-messages | show-thread | reply | notify`) calls
 * the same services.
 */
export const adminMessageRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  if (!app.hasRequestDecorator('admin')) app.decorateRequest('admin', null);
  app.addHook('onRequest', requireAdmin(db));
  const admin = { kind: 'admin' } as const;
  const base = {
    tags: ['admin'],
    security: [{ bearer: [] }],
    description: "An admin's bearer token only: none or an expired one 401, a buyer's 403.",
  };

  app.get(
    '/admin/messages',
    {
      schema: {
        ...base,
        summary:
          "Every member's threads, newest activity first; `unread=true`: only those with unread member messages",
        querystring: Type.Object({ page: PageQuery.properties.page, unread: Type.Optional(Type.Boolean()) }),
        response: responses(MessageThreadPage),
      },
    },
    async (request) => ({
      status: true as const,
      data: await listThreads(db, admin, request.query.page ?? 1, {
        onlyUnread: request.query.unread === true,
      }),
    }),
  );

  app.get(
    '/admin/messages/:id',
    {
      schema: {
        ...base,
        summary: "One thread by any of its messages' id; marks the member's messages read",
        params: Type.Object({ id: Id() }),
        querystring: PageQuery,
        response: responses(MessageThreadView),
      },
    },
    async (request) => ({
      status: true as const,
      data: await readThread(db, admin, request.params.id, request.query.page ?? 1),
    }),
  );

  app.post(
    '/admin/messages/:id/reply',
    {
      schema: {
        ...base,
        summary: "Answer a thread as the shop (the thread's subject is kept; the member is notified)",
        params: Type.Object({ id: Id() }),
        body: Type.Object({ message: Type.Optional(Type.String({ maxLength: 4000 })) }),
        response: createdResponses(Type.Object({ message: Message })),
      },
    },
    async (request, answer) =>
      answer.code(201).send({
        status: true as const,
        data: { message: await reply(db, admin, request.params.id, request.body) },
      }),
  );

  app.post(
    '/admin/notifications',
    {
      schema: {
        ...base,
        summary: 'Send a header notification to one member (404 for an unknown buyer)',
        body: SendNotificationBody,
        response: createdResponses(Type.Object({ notification: Notification })),
      },
    },
    async (request, answer) =>
      answer.code(201).send({
        status: true as const,
        data: { notification: await sendNotification(db, request.body) },
      }),
  );
};
