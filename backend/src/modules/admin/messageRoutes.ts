import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { listThreads, readThread, reply } from '../../services/messages';
import { sendNotification } from '../../services/notifications';
import { audited, guardAdminRoutes } from './audit';
import { withAuthors } from './moderation';

/**
 * The admin's side of member messages and notifications (issue 11): every member's threads,
 * general and per order; answering one (the member gets a header notification); sending a
 * notification. The CLI (`npm run admin -- list-messages | show-thread | reply | notify`) calls
 * the same services.
 */
export const adminMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.deps;
  const { db } = database;
  guardAdminRoutes(app, db);
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
        ...endpointSchema('GET admin/messages'),
      },
    },
    async (request) => {
      const page = await listThreads(db, admin, request.query.page ?? 1, {
        onlyUnread: request.query.unread === true,
      });
      return { status: true as const, data: { ...page, items: await withAuthors(db, page.items) } };
    },
  );

  app.get(
    '/admin/messages/:id',
    {
      schema: {
        ...base,
        ...endpointSchema('GET admin/messages/:id'),
      },
    },
    async (request) => {
      const view = await readThread(db, admin, request.params.id, request.query.page ?? 1);
      const [author] = await withAuthors(db, [view.thread]);
      return {
        status: true as const,
        data: {
          ...view,
          buyer: author?.buyer ?? { id: view.thread.buyer_id, email: '', name: '' },
          order_number: author?.order_number ?? null,
        },
      };
    },
  );

  app.post(
    '/admin/messages/:id/reply',
    {
      schema: {
        ...base,
        ...endpointSchema('POST admin/messages/:id/reply'),
      },
    },
    async (request, answer) =>
      answer.code(201).send({
        status: true as const,
        data: {
          message: await audited(db, request, (tx) => reply(tx, admin, request.params.id, request.body)),
        },
      }),
  );

  app.post(
    '/admin/notifications',
    {
      schema: {
        ...base,
        ...endpointSchema('POST admin/notifications'),
      },
    },
    async (request, answer) =>
      answer.code(201).send({
        status: true as const,
        data: { notification: await audited(db, request, (tx) => sendNotification(tx, request.body)) },
      }),
  );
};
