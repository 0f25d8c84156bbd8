/**
 * `/notifications/*` (backend/src/modules/notifications): the header's notifications. The shapes
 * are in member.ts; an admin sends one with `POST admin/notifications` (admin.ts).
 */
import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Empty } from './auth';
import { Notification, RemoveNotificationBody } from './member';

export const NotificationList = Type.Object({ items: Type.Array(Notification) });

export const notificationsEndpoints = endpoints({
  'GET notifications': {
    summary: "The member's notifications not dismissed, newest first; an empty list without a token",
    response: NotificationList,
  },
  'POST notifications/remove': {
    summary: "Dismiss one of the member's own notifications (anybody else's is 404)",
    body: RemoveNotificationBody,
    response: Empty,
  },
});
