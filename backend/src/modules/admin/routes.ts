/**
 * Module admin: `/admin/*`. This file: sign-in, every buyer's orders, proofs of payment (services:
 * orders.ts). Every member's message threads and sending a notification are in messageRoutes.ts;
 * the back office's admins, audit log, moderation, inquiries and settings in backOfficeRoutes.ts,
 * a failed mail queued again in mailRoutes.ts (both registered here, under the same guard).
 * Endpoints: contract/src/schemas/admin.ts. Every route but the sign-in checks the admin token
 * (and, for owners-only ones, the role) and writes every successful action to the audit log in
 * the action's transaction; a failed sign-in and a 403 leave a row of their own (audit.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerTokenOf } from '../../hooks/optionalAuth';
import { endpointSchema } from '../../http/endpoint';
import { loginAdmin, logoutAdmin } from '../../services/admins';
import { orderedLogo } from '../../services/memberOrders';
import { adminOf, audited, auditIn, guardAdminRoutes, writeRefusal } from './audit';
import { backOfficeRoutes } from './backOfficeRoutes';
import { catalogueCsvRoutes } from './catalogueCsvRoutes';
import { categoryTreeRoutes } from './categoryTreeRoutes';
import { homeContentRoutes } from './homeContentRoutes';
import { adminImageRoutes } from './imageRoutes';
import { adminMailRoutes } from './mailRoutes';
import {
  markAllOrdersSeen,
  markPaymentReceived,
  moveOrderStatus,
  orderQueue,
  pendingProofs,
  proofFile,
  reviewProof,
  shippingDetail,
} from './orders';
import { productRoutes } from './productRoutes';
import { shopSettingsRoutes } from './shopSettingsRoutes';
import { orderState, proofState, stateOf } from './stateSnapshots';
import { stockRoutes } from './stockRoutes';

/** `admin/login`: the only admin endpoint without an admin token. */
export const adminLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts } = app.deps;
  app.post(
    '/admin/login',
    {
      schema: {
        tags: ['admin'],
        ...endpointSchema('POST admin/login'),
        description:
          "Admins are created with `npm run admin -- create-admin <email>`. Wrong e-mail or password: 401; throttled like buyers (429), with the admins' own limits and counters.",
      },
    },
    async (request) => {
      const session = await loginAdmin(
        accounts.db,
        {
          hasher: accounts.hasher,
          throttle: accounts.adminThrottle,
          audit: (tx, admin) => auditIn(request, admin)(tx),
          refused: (email) => writeRefusal(accounts.db, request, { id: null, email }, 401),
        },
        request.ip,
        request.body.email,
        request.body.password,
      );
      return { status: true as const, data: session };
    },
  );
};

/** `admin/*` (issue 11): every buyer's orders and the actions the spec leaves to an admin. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, uploads, accounts } = app.deps;
  const { db } = database;
  guardAdminRoutes(app, db);
  await app.register(backOfficeRoutes);
  await app.register(categoryTreeRoutes);
  await app.register(adminMailRoutes);
  await app.register(productRoutes);
  await app.register(shopSettingsRoutes);
  await app.register(stockRoutes);
  await app.register(catalogueCsvRoutes);
  await app.register(adminImageRoutes);
  await app.register(homeContentRoutes);
  const schema = {
    tags: ['admin'],
    security: [{ bearer: [] }],
    description: "An admin's bearer token only: none or an expired one 401, a buyer's 403.",
  };

  app.post(
    '/admin/logout',
    {
      // Like buyers/logout: an empty body, or none at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        ...schema,
        ...endpointSchema('POST admin/logout'),
      },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      await audited(db, request, async (tx) => {
        if (token) await logoutAdmin(tx, token);
      });
      return { status: true as const, data: {} };
    },
  );

  app.get(
    '/admin/orders',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET admin/orders'),
      },
    },
    async (request) => ({
      status: true as const,
      data: await orderQueue(db, adminOf(request).id, request.query),
    }),
  );

  app.post(
    '/admin/orders/seen',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { ...schema, ...endpointSchema('POST admin/orders/seen') },
    },
    async (request) => {
      await audited(db, request, (tx) => markAllOrdersSeen(tx, adminOf(request).id, request.body.until));
      return { status: true as const, data: {} };
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET admin/orders/:id'),
      },
    },
    async (request) => ({
      status: true as const,
      data: { order: await shippingDetail(db, request.params.id, adminOf(request).id) },
    }),
  );

  app.get(
    '/admin/orders/:id/items/:itemId/logo',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET admin/orders/:id/items/:itemId/logo'),
      },
    },
    async (request, reply) => {
      const { bytes, type } = await orderedLogo(db, uploads, null, request.params.id, request.params.itemId);
      return reply.header('cache-control', 'private, no-store').type(type).send(bytes);
    },
  );

  app.post(
    '/admin/orders/:id/status',
    {
      schema: {
        ...schema,
        ...endpointSchema('POST admin/orders/:id/status'),
        description: `${schema.description} Writes the order log, the buyer's activity, a notification and a mail to the buyer; Cancel puts the stock back. Any other move: 409 STATUS_MOVE_NOT_ALLOWED. A Money Exchange or Bank Transfer order whose payment is not Received: 409 PAYMENT_NOT_RECEIVED, unless an owner sends a reason (staff with a reason: 403).`,
      },
    },
    async (request) => {
      const { order_status, reason } = request.body;
      const order = await audited(
        db,
        request,
        (tx) =>
          moveOrderStatus(tx, request.params.id, order_status, {
            role: adminOf(request).role,
            ...(reason === undefined ? {} : { reason }),
          }),
        stateOf(orderState, request.params.id),
      );
      accounts.mailer.wake();
      return { status: true as const, data: { order } };
    },
  );

  app.get(
    '/admin/proofs',
    { schema: { ...schema, ...endpointSchema('GET admin/proofs') } },
    async (request) => ({ status: true as const, data: await pendingProofs(db, request.query.page ?? 1) }),
  );

  app.post(
    '/admin/orders/:id/payment-received',
    {
      schema: {
        ...schema,
        ...endpointSchema('POST admin/orders/:id/payment-received'),
      },
      // An empty body, or none at all (the reason is optional).
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        order: await audited(
          db,
          request,
          (tx) =>
            markPaymentReceived(tx, request.params.id, {
              role: adminOf(request).role,
              ...(request.body?.reason === undefined ? {} : { reason: request.body.reason }),
            }),
          stateOf(orderState, request.params.id),
        ),
      },
    }),
  );

  app.get(
    '/admin/proofs/:proofId/file',
    {
      schema: {
        ...schema,
        ...endpointSchema('GET admin/proofs/:proofId/file'),
      },
    },
    async (request, reply) => {
      const { bytes, type } = await proofFile(db, uploads, request.params.proofId);
      return reply.header('cache-control', 'private, no-store').type(type).send(bytes);
    },
  );

  app.post(
    '/admin/proofs/:proofId/confirm',
    {
      schema: {
        ...schema,
        ...endpointSchema('POST admin/proofs/:proofId/confirm'),
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        proofOfPayment: await audited(
          db,
          request,
          (tx) => reviewProof(tx, request.params.proofId, 'Confirmed', request.body.comments ?? null),
          stateOf(proofState, request.params.proofId),
        ),
      },
    }),
  );

  app.post(
    '/admin/proofs/:proofId/reject',
    {
      schema: {
        ...schema,
        ...endpointSchema('POST admin/proofs/:proofId/reject'),
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        proofOfPayment: await audited(
          db,
          request,
          (tx) => reviewProof(tx, request.params.proofId, 'Rejected', request.body.comments),
          stateOf(proofState, request.params.proofId),
        ),
      },
    }),
  );
};
