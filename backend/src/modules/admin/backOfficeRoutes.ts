/**
 * The back office's routes (issue 21), registered inside adminRoutes, so behind its guard (admin
 * token; every change audited in its transaction): the caller, admins and the audit log and the settings (owners only), finding
 * a member and starting a thread, notifying every member, held product questions, reviews, contact inquiries.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { createAdmin, listAdmins, setAdminDisabled } from '../../services/admins';
import { adminOf, audited, auditPage, ownersOnly } from './audit';
import { findBuyers } from './buyers';
import {
  answerInquiry,
  listInquiries,
  listQuestions,
  listReviews,
  notifyAllMembers,
  readInquiry,
  readSettings,
  releaseQuestion,
  setReviewHidden,
  startAdminThread,
  writeSettings,
} from './moderation';
import { adminState, reviewState, stateOf } from './stateSnapshots';

export const backOfficeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, accounts, checkout } = app.deps;
  const { db } = database;
  const schema = {
    tags: ['admin'],
    security: [{ bearer: [] }],
    description: "An admin's bearer token only: none or an expired one 401, a buyer's 403.",
  };
  const owners = {
    ...schema,
    description:
      "An owner's bearer token only: none or an expired one 401, a buyer's or a staff admin's 403.",
  };

  app.get('/admin/me', { schema: { ...schema, ...endpointSchema('GET admin/me') } }, async (request) => ({
    status: true as const,
    data: { admin: adminOf(request) },
  }));

  // ------------------------------------------------------------ owners only
  app.get(
    '/admin/admins',
    { onRequest: ownersOnly, schema: { ...owners, ...endpointSchema('GET admin/admins') } },
    async () => ({ status: true as const, data: { items: await listAdmins(db) } }),
  );

  app.post(
    '/admin/admins',
    { onRequest: ownersOnly, schema: { ...owners, ...endpointSchema('POST admin/admins') } },
    async (request, reply) => {
      const { created, account } = await audited(db, request, async (tx) => {
        const created = await createAdmin(tx, accounts.hasher, request.body.email, request.body.password, {
          role: 'staff',
          createdBy: adminOf(request).id,
        });
        const account = (await listAdmins(tx)).find((admin) => admin.id === created.admin.id);
        if (!account) throw new Error('admin not saved');
        return { created, account };
      });
      return reply
        .code(201)
        .send({ status: true as const, data: { admin: account, password: created.password } });
    },
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/admin/admins/:id/${action}`,
      { onRequest: ownersOnly, schema: { ...owners, ...endpointSchema(`POST admin/admins/:id/${action}`) } },
      async (request) => ({
        status: true as const,
        data: {
          admin: await audited(
            db,
            request,
            (tx) => setAdminDisabled(tx, request.params.id, disabled),
            stateOf(adminState, request.params.id),
          ),
        },
      }),
    );
  }

  app.get(
    '/admin/audit',
    { onRequest: ownersOnly, schema: { ...owners, ...endpointSchema('GET admin/audit') } },
    async (request) => ({ status: true as const, data: await auditPage(db, request.query) }),
  );

  app.get(
    '/admin/settings',
    { onRequest: ownersOnly, schema: { ...owners, ...endpointSchema('GET admin/settings') } },
    async () => ({ status: true as const, data: await readSettings(db, checkout.shopEmail) }),
  );

  app.put(
    '/admin/settings',
    { onRequest: ownersOnly, schema: { ...owners, ...endpointSchema('PUT admin/settings') } },
    async (request) => ({
      status: true as const,
      data: await audited(db, request, (tx) => writeSettings(tx, request.body, checkout.shopEmail), {
        before: (tx) => readSettings(tx, checkout.shopEmail),
        after: async (_tx, settings) => settings,
      }),
    }),
  );

  // ------------------------------------------------------------ conversations
  app.get(
    '/admin/buyers',
    { schema: { ...schema, ...endpointSchema('GET admin/buyers') } },
    async (request) => ({ status: true as const, data: await findBuyers(db, request.query) }),
  );

  app.post(
    '/admin/messages',
    { schema: { ...schema, ...endpointSchema('POST admin/messages') } },
    async (request, reply) =>
      reply.code(201).send({
        status: true as const,
        data: { message: await audited(db, request, (tx) => startAdminThread(tx, request.body)) },
      }),
  );

  app.post(
    '/admin/notifications/all',
    { schema: { ...schema, ...endpointSchema('POST admin/notifications/all') } },
    async (request, reply) =>
      reply.code(201).send({
        status: true as const,
        data: { sent: await audited(db, request, (tx) => notifyAllMembers(tx, request.body)) },
      }),
  );

  // ------------------------------------------------------------ product questions and reviews
  app.get(
    '/admin/questions',
    { schema: { ...schema, ...endpointSchema('GET admin/questions') } },
    async (request) => ({ status: true as const, data: await listQuestions(db, request.query) }),
  );

  app.post(
    '/admin/questions/:id/answer',
    { schema: { ...schema, ...endpointSchema('POST admin/questions/:id/answer') } },
    async (request) => {
      const question = await audited(db, request, (tx) =>
        releaseQuestion(tx, request.params.id, request.body.answer),
      );
      accounts.mailer.wake();
      return { status: true as const, data: { question } };
    },
  );

  app.post(
    '/admin/questions/:id/approve',
    { schema: { ...schema, ...endpointSchema('POST admin/questions/:id/approve') } },
    async (request) => ({
      status: true as const,
      data: { question: await audited(db, request, (tx) => releaseQuestion(tx, request.params.id, null)) },
    }),
  );

  app.get(
    '/admin/reviews',
    { schema: { ...schema, ...endpointSchema('GET admin/reviews') } },
    async (request) => ({ status: true as const, data: await listReviews(db, request.query) }),
  );

  for (const [action, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    app.post(
      `/admin/reviews/:id/${action}`,
      { schema: { ...schema, ...endpointSchema(`POST admin/reviews/:id/${action}`) } },
      async (request) => ({
        status: true as const,
        data: {
          review: await audited(
            db,
            request,
            (tx) => setReviewHidden(tx, request.params.id, hidden),
            stateOf(reviewState, request.params.id),
          ),
        },
      }),
    );
  }

  // ------------------------------------------------------------ contact inquiries
  app.get(
    '/admin/inquiries',
    { schema: { ...schema, ...endpointSchema('GET admin/inquiries') } },
    async (request) => ({ status: true as const, data: await listInquiries(db, request.query) }),
  );

  app.get(
    '/admin/inquiries/:id',
    { schema: { ...schema, ...endpointSchema('GET admin/inquiries/:id') } },
    async (request) => ({
      status: true as const,
      data: { inquiry: await readInquiry(db, request.params.id) },
    }),
  );

  app.post(
    '/admin/inquiries/:id/answer',
    { schema: { ...schema, ...endpointSchema('POST admin/inquiries/:id/answer') } },
    async (request) => {
      const inquiry = await audited(db, request, (tx) =>
        answerInquiry(tx, request.params.id, adminOf(request).id, request.body.message),
      );
      accounts.mailer.wake();
      return { status: true as const, data: { inquiry } };
    },
  );
};
