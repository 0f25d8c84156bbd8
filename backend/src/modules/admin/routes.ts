import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { Empty } from '@shop/contract/schemas/auth';
import { Order } from '@shop/contract/schemas/checkout';
import { Envelope, ErrorEnvelope, responses } from '@shop/contract/schemas/common';
import {
  AdminLoginBody,
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderPage,
  AdminSession,
  ConfirmProofBody,
  OrderIdParams,
  OrderItemParams,
  OrderStatusBody,
  ProofIdParams,
  ProofOfPayment,
  RejectProofBody,
} from '@shop/contract/schemas/memberOrders';
import { bearerTokenOf } from '../hooks/optionalAuth';
import { requireAdmin } from '../hooks/requireAdmin';
import {
  adminOrderDetail,
  listAllOrders,
  markPaymentReceived,
  moveOrderStatus,
  proofFile,
  reviewProof,
} from '../services/adminOrders';
import { loginAdmin, logoutAdmin } from '../services/admins';
import { orderedLogo } from '../services/memberOrders';
import { UploadStore } from '../services/uploads';
import type { RouteDeps } from './deps';
import { ImageBytes } from './memberOrders';

/** `admin/login`: the only admin endpoint without an admin token. */
export const adminLoginRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { accounts }) => {
  app.post(
    '/admin/login',
    {
      schema: {
        tags: ['admin'],
        summary: "An admin's sign-in: a bearer token for /backend/api/admin/* (12 hours)",
        description:
          "Admins are created with `npm run admin -- create-admin <email>`. Wrong e-mail or password: 401; throttled like buyers (429), with the admins' own limits and counters.",
        body: AdminLoginBody,
        response: responses(AdminSession),
      },
    },
    async (request) => ({
      status: true as const,
      data: await loginAdmin(
        accounts.db,
        { hasher: accounts.hasher, throttle: accounts.adminThrottle },
        request.ip,
        request.body.email,
        request.body.password,
      ),
    }),
  );
};

/** `admin/*` (issue 11): every buyer's orders and the actions the spec leaves to an admin. */
export const adminRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database, uploadsDir }) => {
  const { db } = database;
  const uploads = new UploadStore(uploadsDir);
  app.decorateRequest('admin', null);
  app.addHook('onRequest', requireAdmin(db));
  const schema = {
    tags: ['admin'],
    security: [{ bearer: [] }],
    description: "An admin's bearer token only: none or an expired one 401, a buyer's 403.",
  };
  const orderAnswer = responses(Type.Object({ order: Order }));

  app.post(
    '/admin/logout',
    {
      // Like buyers/logout: an empty body, or none at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        ...schema,
        summary: "Sign out: the admin's token stops working",
        body: Empty,
        response: responses(Empty),
      },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      if (token) await logoutAdmin(db, token);
      return { status: true as const, data: {} };
    },
  );

  app.get(
    '/admin/orders',
    {
      schema: {
        ...schema,
        summary: 'Every order, newest first, 20 a page',
        querystring: AdminOrderListQuery,
        response: responses(AdminOrderPage),
      },
    },
    async (request) => ({ status: true as const, data: await listAllOrders(db, request.query) }),
  );

  app.get(
    '/admin/orders/:id',
    {
      schema: {
        ...schema,
        summary: 'An order with its buyer and every proof of payment',
        params: OrderIdParams,
        response: responses(Type.Object({ order: AdminOrderDetail })),
      },
    },
    async (request) => ({
      status: true as const,
      data: { order: await adminOrderDetail(db, request.params.id) },
    }),
  );

  app.get(
    '/admin/orders/:id/items/:itemId/logo',
    {
      schema: {
        ...schema,
        summary: 'The customization logo of an ordered product',
        params: OrderItemParams,
        response: ImageBytes,
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
        summary:
          'Move an order: Pending/Payment Pending → Dispatch → Delivered; anything not delivered → Cancel',
        description: `${schema.description} Writes the order log, the buyer's activity and a notification; Cancel puts the stock back. Any other move: 409 STATUS_MOVE_NOT_ALLOWED.`,
        params: OrderIdParams,
        body: OrderStatusBody,
        response: orderAnswer,
      },
    },
    async (request) => ({
      status: true as const,
      data: { order: await moveOrderStatus(db, request.params.id, request.body.order_status) },
    }),
  );

  app.post(
    '/admin/orders/:id/payment-received',
    {
      schema: {
        ...schema,
        summary: "Mark an order's payment Received ('Payment Pending' becomes 'Pending')",
        params: OrderIdParams,
        response: orderAnswer,
      },
    },
    async (request) => ({
      status: true as const,
      data: { order: await markPaymentReceived(db, request.params.id) },
    }),
  );

  app.get(
    '/admin/proofs/:proofId/file',
    {
      schema: {
        ...schema,
        summary: 'The image of a proof of payment',
        params: ProofIdParams,
        response: ImageBytes,
      },
    },
    async (request, reply) => {
      const { bytes, type } = await proofFile(db, uploads, request.params.proofId);
      return reply.header('cache-control', 'private, no-store').type(type).send(bytes);
    },
  );

  const proofAnswer = {
    200: Envelope(Type.Object({ proofOfPayment: ProofOfPayment })),
    '4xx': ErrorEnvelope,
    '5xx': ErrorEnvelope,
  };
  app.post(
    '/admin/proofs/:proofId/confirm',
    {
      schema: {
        ...schema,
        summary: 'Confirm a Pending proof of payment (the payment is then Received)',
        params: ProofIdParams,
        body: ConfirmProofBody,
        response: proofAnswer,
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        proofOfPayment: await reviewProof(
          db,
          request.params.proofId,
          'Confirmed',
          request.body.comments ?? null,
        ),
      },
    }),
  );

  app.post(
    '/admin/proofs/:proofId/reject',
    {
      schema: {
        ...schema,
        summary: 'Reject a Pending proof of payment with comments (the buyer may upload again)',
        params: ProofIdParams,
        body: RejectProofBody,
        response: proofAnswer,
      },
    },
    async (request) => ({
      status: true as const,
      data: {
        proofOfPayment: await reviewProof(db, request.params.proofId, 'Rejected', request.body.comments),
      },
    }),
  );
};
