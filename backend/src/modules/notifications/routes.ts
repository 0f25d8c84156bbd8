/**
 * Module notifications: `/notifications/*`, the header's notifications (services/notifications.ts,
 * also used by the admin's `POST admin/notifications`). Endpoints:
 * contract/src/schemas/notifications.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerId } from '../../hooks/callerId';
import { assertMember, bearerTokenOf, optionalAuth, requireMember } from '../../hooks/optionalAuth';
import { endpointSchema } from '../../http/endpoint';
import { isWishlistToken } from '../../services/auth';
import { dismissNotification, listNotifications } from '../../services/notifications';

/**
 * Header notifications. The header asks on every page for every visitor, so a visitor without a
 * token gets an empty list (200, the popover says 'Notifications are not available'); a token
 * that is present but dead is still 401, and an express guest's is 403 MEMBERS_ONLY (notifications
 * are the member area's). Dismissing needs a member's token (spec 000: "offered only to users with
 * a token").
 */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.deps;
  const { db } = database;
  const tags = ['notifications'];
  const readerAuth = optionalAuth(db);

  app.get(
    '/notifications',
    {
      // A wishlist-only visitor (`wl.` token) has no notifications either; any other dead token is 401.
      onRequest: async (request, reply) => {
        const token = bearerTokenOf(request);
        if (token && isWishlistToken(token)) {
          request.buyer = null;
          return;
        }
        await readerAuth.call(app, request, reply);
        // Notifications are the member's (spec 001 §6): a guest checkout's token is 403, and the
        // header does not ask for a guest.
        if (request.buyer) assertMember(request.buyer);
      },
      schema: {
        tags,
        ...endpointSchema('GET notifications'),
        security: [{ bearer: [] }, {}],
      },
    },
    async (request) => ({
      status: true as const,
      data: { items: request.buyer ? await listNotifications(db, request.buyer.id) : [] },
    }),
  );

  app.post(
    '/notifications/remove',
    {
      onRequest: requireMember(db),
      schema: {
        tags,
        ...endpointSchema('POST notifications/remove'),
        security: [{ bearer: [] }],
      },
    },
    async (request) => {
      await dismissNotification(db, callerId(request), request.body.notification_id);
      return { status: true as const, data: {} };
    },
  );
};
