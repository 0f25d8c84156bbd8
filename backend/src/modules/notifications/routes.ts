import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { Empty } from '@shop/contract/schemas/auth';
import { responses } from '@shop/contract/schemas/common';
import { Notification, RemoveNotificationBody } from '@shop/contract/schemas/member';
import { callerId } from '../hooks/callerId';
import { assertMember, bearerTokenOf, optionalAuth, requireMember } from '../hooks/optionalAuth';
import { isWishlistToken } from '../services/auth';
import { dismissNotification, listNotifications } from '../services/notifications';
import type { RouteDeps } from './deps';

/**
 * Header notifications. The header asks on every page for every visitor, so a visitor without a
 * token gets an empty list (200, the popover says 'Notifications are not available'); a token
 * that is present but dead is still 401, and an express guest's is 403 MEMBERS_ONLY (notifications
 * are the member area's). Dismissing needs a member's token (spec 000: "offered only to users with
 * a token").
 */
export const notificationRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
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
        summary: "The member's notifications not dismissed, newest first; an empty list without a token",
        security: [{ bearer: [] }, {}],
        response: responses(Type.Object({ items: Type.Array(Notification) })),
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
        summary: "Dismiss one of the member's own notifications (anybody else's is 404)",
        security: [{ bearer: [] }],
        body: RemoveNotificationBody,
        response: responses(Empty),
      },
    },
    async (request) => {
      await dismissNotification(db, callerId(request), request.body.notification_id);
      return { status: true as const, data: {} };
    },
  );
};
