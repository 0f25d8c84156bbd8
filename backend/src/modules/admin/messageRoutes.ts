import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { listThreads, readThread, reply } from '../../services/messages';
import { sendNotification } from '../../services/notifications';
import { guardAdminRoutes } from './audit';

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
        ...endpointSchema('GET admin/messages/:id'),
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
        ...endpointSchema('POST admin/messages/:id/reply'),
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
        ...endpointSchema('POST admin/notifications'),
      },
    },
    async (request, answer) =>
      answer.code(201).send({
        status: true as const,
        data: { notification: await sendNotification(db, request.body) },
      }),
  );
};
