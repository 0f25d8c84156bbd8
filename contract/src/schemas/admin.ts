/**
 * `/admin/*` (backend/src/modules/admin): an admin's sign-in, every buyer's orders and proofs of
 * payment, every member's message threads and sending a notification. The order shapes are in
 * memberOrders.ts, the message shapes in member.ts.
 */
import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Empty } from './auth';
import { Order } from './checkout';
import { Id } from './common';
import {
  MessageThreadPage,
  MessageThreadView,
  Notification,
  PageQuery,
  SendNotificationBody,
} from './member';
import {
  AdminLoginBody,
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderPage,
  AdminSession,
  ConfirmProofBody,
  ImageFile,
  OrderIdParams,
  OrderItemParams,
  OrderStatusBody,
  ProofIdParams,
  ProofOfPayment,
  RejectProofBody,
} from './memberOrders';
import { MessageSent } from './messages';

export const AdminOrderAnswer = Type.Object({ order: Order });
export const AdminOrderDetailAnswer = Type.Object({ order: AdminOrderDetail });
export const ProofReviewed = Type.Object({ proofOfPayment: ProofOfPayment });
export const AdminThreadsQuery = Type.Object({
  page: PageQuery.properties.page,
  unread: Type.Optional(Type.Boolean()),
});
export const AdminThreadParams = Type.Object({ id: Id() });
export const AdminReplyBody = Type.Object({ message: Type.Optional(Type.String({ maxLength: 4000 })) });

export const adminEndpoints = endpoints({
  'POST admin/login': {
    summary: "An admin's sign-in: a bearer token for /backend/api/admin/* (12 hours)",
    body: AdminLoginBody,
    response: AdminSession,
  },
  'POST admin/logout': { summary: "Sign out: the admin's token stops working", body: Empty, response: Empty },
  'GET admin/orders': {
    summary: 'Every order, newest first, 20 a page',
    querystring: AdminOrderListQuery,
    response: AdminOrderPage,
  },
  'GET admin/orders/:id': {
    summary: 'An order with its buyer and every proof of payment',
    params: OrderIdParams,
    response: AdminOrderDetailAnswer,
  },
  'GET admin/orders/:id/items/:itemId/logo': {
    summary: 'The customization logo of an ordered product',
    params: OrderItemParams,
    file: true,
    response: ImageFile,
  },
  'POST admin/orders/:id/status': {
    summary: 'Move an order: Pending/Payment Pending → Dispatch → Delivered; anything not delivered → Cancel',
    params: OrderIdParams,
    body: OrderStatusBody,
    response: AdminOrderAnswer,
  },
  'POST admin/orders/:id/payment-received': {
    summary: "Mark an order's payment Received ('Payment Pending' becomes 'Pending')",
    params: OrderIdParams,
    response: AdminOrderAnswer,
  },
  'GET admin/proofs/:proofId/file': {
    summary: 'The image of a proof of payment',
    params: ProofIdParams,
    file: true,
    response: ImageFile,
  },
  'POST admin/proofs/:proofId/confirm': {
    summary: 'Confirm a Pending proof of payment (the payment is then Received)',
    params: ProofIdParams,
    body: ConfirmProofBody,
    response: ProofReviewed,
  },
  'POST admin/proofs/:proofId/reject': {
    summary: 'Reject a Pending proof of payment with comments (the buyer may upload again)',
    params: ProofIdParams,
    body: RejectProofBody,
    response: ProofReviewed,
  },
  'GET admin/messages': {
    summary:
      "Every member's threads, newest activity first; `unread=true`: only those with unread member messages",
    querystring: AdminThreadsQuery,
    response: MessageThreadPage,
  },
  'GET admin/messages/:id': {
    summary: "One thread by any of its messages' id; marks the member's messages read",
    params: AdminThreadParams,
    querystring: PageQuery,
    response: MessageThreadView,
  },
  'POST admin/messages/:id/reply': {
    summary: "Answer a thread as the shop (the thread's subject is kept; the member is notified)",
    params: AdminThreadParams,
    body: AdminReplyBody,
    response: MessageSent,
    created: true,
  },
  'POST admin/notifications': {
    summary: 'Send a header notification to one member (404 for an unknown buyer)',
    body: SendNotificationBody,
    response: Type.Object({ notification: Notification }),
    created: true,
  },
});
