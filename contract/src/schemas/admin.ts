/**
 * `/admin/*` (backend/src/modules/admin): an admin's sign-in, every buyer's orders and proofs of
 * payment, every member's message threads and sending a notification; the back office (issue 21:
 * roles, audit log, order queue, moderation, inquiries, settings). The order shapes are in
 * memberOrders.ts, the message shapes in member.ts, the back office's in backOffice.ts.
 * "Owners only" endpoints answer a staff admin's token 403.
 */
import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Empty } from './auth';
import {
  AdminAccountAnswer,
  AdminBuyerPage,
  AdminBuyerQuery,
  AdminIdParams,
  AdminList,
  AdminMe,
  AdminOrderQueue,
  AdminOrderQueueQuery,
  AdminOrderStatusBody,
  AdminOrdersSeenBody,
  AdminQuestionAnswer,
  AdminQuestionPage,
  AdminQuestionQuery,
  AdminReviewAnswer,
  AdminReviewPage,
  AdminReviewQuery,
  AdminSettings,
  AdminSettingsBody,
  AdminShippingDetailAnswer,
  AdminThreadPage,
  AdminThreadView,
  AnswerInquiryBody,
  AnswerQuestionBody,
  AuditPage,
  AuditQuery,
  CreateStaffBody,
  InquiryAnswer,
  InquiryPage,
  InquiryQuery,
  NotifiedAll,
  NotifyAllBody,
  PendingProofPage,
  ReasonBody,
  RequeuedMail,
  StaffCreated,
  StartThreadBody,
} from './backOffice';
import { Order } from './checkout';
import { Id } from './common';
import { Notification, PageQuery, SendNotificationBody } from './member';
import {
  AdminLoginBody,
  AdminSession,
  ConfirmProofBody,
  ImageFile,
  OrderIdParams,
  OrderItemParams,
  ProofIdParams,
  ProofOfPayment,
  RejectProofBody,
} from './memberOrders';
import { MessageSent } from './messages';

export const AdminOrderAnswer = Type.Object({ order: Order });
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
  'GET admin/me': { summary: 'The calling admin and their role', response: AdminMe },
  'GET admin/admins': { summary: 'Every admin account (owners only)', response: AdminList },
  'POST admin/admins': {
    summary: 'Create a staff admin (owners only); 409 ADMIN_EXISTS for a taken e-mail',
    body: CreateStaffBody,
    response: StaffCreated,
    created: true,
  },
  'POST admin/admins/:id/disable': {
    summary: 'Disable a staff admin: no sign-in, their tokens end (owners only; an owner: 409)',
    params: AdminIdParams,
    body: ReasonBody,
    response: AdminAccountAnswer,
  },
  'POST admin/admins/:id/enable': {
    summary: 'Enable a disabled staff admin again (owners only)',
    params: AdminIdParams,
    body: ReasonBody,
    response: AdminAccountAnswer,
  },
  'GET admin/audit': {
    summary: 'The audit log of every admin action, newest first, 50 a page (owners only)',
    querystring: AuditQuery,
    response: AuditPage,
  },
  'POST admin/mails/:id/requeue': {
    summary:
      'Queue a failed mail again, due at once with all its attempts ahead (owners only); 404 for an unknown mail, 409 MAIL_NOT_FAILED for one not failed, 409 MAIL_BODY_CLEARED for one that carried a secret (a reset link)',
    params: AdminIdParams,
    body: ReasonBody,
    response: RequeuedMail,
  },
  'GET admin/settings': { summary: "The back office's settings (owners only)", response: AdminSettings },
  'PUT admin/settings': {
    summary: "Change the back office's settings (owners only)",
    body: AdminSettingsBody,
    response: AdminSettings,
  },
  'GET admin/orders': {
    summary:
      'The order queue, 20 a page: orders with a proof awaiting a decision first, then newest first; each marked new (placed after the calling admin’s account was made or last marked all seen) until that admin opens it',
    querystring: AdminOrderQueueQuery,
    response: AdminOrderQueue,
  },
  'POST admin/orders/seen': {
    summary:
      "Mark the orders placed up to `until` (the newest one shown; without it, every order so far) seen for the calling admin: none of them is new to that admin any more, and an order placed since stays new (an admin's account starts with the orders of before seen)",
    body: AdminOrdersSeenBody,
    response: Empty,
  },
  'GET admin/orders/:id': {
    summary:
      'Everything to ship an order: recipient, items with gift texts and logo links, packaging, totals, log, buyer, proofs (marks it seen for the caller)',
    params: OrderIdParams,
    response: AdminShippingDetailAnswer,
  },
  'GET admin/proofs': {
    summary: 'Proofs of payment awaiting a decision, oldest first, 20 a page',
    querystring: AuditQuery,
    response: PendingProofPage,
  },
  'GET admin/orders/:id/items/:itemId/logo': {
    summary: 'The customization logo of an ordered product',
    params: OrderItemParams,
    file: true,
    response: ImageFile,
  },
  'POST admin/orders/:id/status': {
    summary:
      "Move an order: Pending/Payment Pending → Dispatch → Delivered; Pending/Payment Pending → Cancel (not once dispatched). A transfer order goes to Dispatch only once paid, or with an owner's reason",
    params: OrderIdParams,
    body: AdminOrderStatusBody,
    response: AdminOrderAnswer,
  },
  'POST admin/orders/:id/payment-received': {
    summary:
      "Mark an order's payment Received ('Payment Pending' becomes 'Pending'). A transfer order with no Confirmed proof: owners only (staff 403), with a reason such as the bank reference (409 PROOF_NOT_CONFIRMED without)",
    params: OrderIdParams,
    body: ReasonBody,
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
      "Every member's threads (with the member and the order's number), newest activity first; `unread=true`: only those with unread member messages",
    querystring: AdminThreadsQuery,
    response: AdminThreadPage,
  },
  'GET admin/messages/:id': {
    summary: "One thread by any of its messages' id; marks the member's messages read",
    params: AdminThreadParams,
    querystring: PageQuery,
    response: AdminThreadView,
  },
  'POST admin/messages/:id/reply': {
    summary: "Answer a thread as the shop (the thread's subject is kept; the member is notified)",
    params: AdminThreadParams,
    body: AdminReplyBody,
    response: MessageSent,
    created: true,
  },
  'GET admin/buyers': {
    summary:
      'Members to start a thread with or notify (guests never), newest first, 20 a page, each with their newest orders; `q`: an e-mail (exact), a part of an e-mail or name, or an order number',
    querystring: AdminBuyerQuery,
    response: AdminBuyerPage,
  },
  'POST admin/messages': {
    summary: 'Start a thread with a member, general or about one of their orders (the member is notified)',
    body: StartThreadBody,
    response: MessageSent,
    created: true,
  },
  'POST admin/notifications/all': {
    summary: 'Send a header notification to every member',
    body: NotifyAllBody,
    response: NotifiedAll,
    created: true,
  },
  'GET admin/questions': {
    summary: 'Product questions, newest first (held=true: only held ones, oldest first), 20 a page',
    querystring: AdminQuestionQuery,
    response: AdminQuestionPage,
  },
  'POST admin/questions/:id/answer': {
    summary:
      'Answer a product question: it is shown on the product page with the answer, mailed to the asker; 409 QUESTION_ANSWERED when it already has an answer (the first is kept, no second mail)',
    params: AdminIdParams,
    body: AnswerQuestionBody,
    response: AdminQuestionAnswer,
  },
  'POST admin/questions/:id/approve': {
    summary: 'Show a held product question on the product page without an answer yet',
    params: AdminIdParams,
    response: AdminQuestionAnswer,
  },
  'GET admin/reviews': {
    summary: 'Product reviews, newest first, 20 a page',
    querystring: AdminReviewQuery,
    response: AdminReviewPage,
  },
  'POST admin/reviews/:id/hide': {
    summary: 'Hide a review from the product page and its rating summary',
    params: AdminIdParams,
    body: ReasonBody,
    response: AdminReviewAnswer,
  },
  'POST admin/reviews/:id/show': {
    summary: 'Show a hidden review again',
    params: AdminIdParams,
    body: ReasonBody,
    response: AdminReviewAnswer,
  },
  'GET admin/inquiries': {
    summary: 'Contact-us inquiries, newest first, 20 a page',
    querystring: InquiryQuery,
    response: InquiryPage,
  },
  'GET admin/inquiries/:id': {
    summary: 'One inquiry (marks it read)',
    params: AdminIdParams,
    response: InquiryAnswer,
  },
  'POST admin/inquiries/:id/answer': {
    summary:
      'Answer an inquiry by e-mail to its sender (queued; the answer is kept); 409 INQUIRY_ANSWERED when it is already answered (the first answer is kept, no second mail)',
    params: AdminIdParams,
    body: AnswerInquiryBody,
    response: InquiryAnswer,
  },
  'POST admin/notifications': {
    summary: 'Send a header notification to one member (404 for an unknown buyer)',
    body: SendNotificationBody,
    response: Type.Object({ notification: Notification }),
    created: true,
  },
});
