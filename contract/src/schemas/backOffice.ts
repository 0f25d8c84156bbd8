/**
 * The back office's API shapes (issue 21, backend/src/modules/admin): roles and staff, the audit
 * log, the order queue and its detail, held product questions, hidden reviews, contact inquiries,
 * the members a thread starts with, starting a thread, notifying every member and the settings. The endpoints are in admin.ts.
 */
import { type Static, Type } from '@sinclair/typebox';
import { Order } from './checkout';
import { Id, ListMeta, Nullable, PageNumber } from './common';
import { MessageThread, MessageThreadView, NOTE_MAX_LENGTH, Priority } from './member';
import { AdminOrderDetail, DURATIONS } from './memberOrders';

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)));

export const ADMIN_ROLES = ['owner', 'staff'] as const;
export const AdminRole = literals(ADMIN_ROLES);
/** A reason an owner gives (an override, disabling an admin): kept in the audit log. */
export const Reason = Type.String({ minLength: 1, maxLength: 500 });

export const AdminIdentity = Type.Object({ id: Type.Integer(), email: Type.String(), role: AdminRole });
export const AdminMe = Type.Object({ admin: AdminIdentity });
export const AdminAccount = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: AdminRole,
  disabled: Type.Boolean(),
  created_at: Type.String(),
});
export const AdminList = Type.Object({ items: Type.Array(AdminAccount) });
export const CreateStaffBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.Optional(
    Type.String({ minLength: 12, maxLength: 200, description: 'Generated (24 characters) when left out' }),
  ),
});
export const StaffCreated = Type.Object({
  admin: AdminAccount,
  password: Type.String({ description: 'Shown once: it is stored hashed' }),
});
export const AdminAccountAnswer = Type.Object({ admin: AdminAccount });
export const AdminIdParams = Type.Object({ id: Id() });
export const ReasonBody = Type.Object({ reason: Type.Optional(Reason) });

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  admin: Type.Object({ id: Nullable(Type.Integer()), email: Type.String() }),
  action: Type.String({ description: "The endpoint, e.g. 'POST admin/orders/:id/status'" }),
  object_type: Nullable(Type.String()),
  object_id: Nullable(Type.String({ description: "The route's parameters, joined with '/'" })),
  reason: Nullable(Type.String()),
  details: Nullable(Type.Record(Type.String(), Type.Unknown())),
  before: Type.Unknown({
    description: "The changed object's editable fields before a catalogue or content change (null otherwise)",
  }),
  after: Type.Unknown({ description: '… and after it (null for a removal)' }),
  created_at: Type.String(),
});
export const AuditPage = Type.Object({ items: Type.Array(AuditEntry), _meta: ListMeta });

const DAY = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' });
/** The audit log's filters: who, what, when (all optional, combined with AND). */
export const AuditQuery = Type.Object({
  admin: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 254,
      description: "The acting admin's e-mail, any part, any case",
    }),
  ),
  action: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: "The endpoint, any part, any case: 'POST admin/admins', 'remotes'",
    }),
  ),
  from: Type.Optional(DAY),
  to: Type.Optional(Type.String({ ...DAY, description: 'YYYY-MM-DD (UTC), the whole day included' })),
  page: Type.Optional(PageNumber()),
});
export const ADMIN_ORDER_STATUSES = [
  'Pending',
  'Payment Pending',
  'Dispatch',
  'Delivered',
  'Cancel',
] as const;
export const AdminOrderQueueQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Order number, e-mail or name (buyer or recipient), any part, any case',
    }),
  ),
  order_status: Type.Optional(literals(ADMIN_ORDER_STATUSES)),
  payment_status: Type.Optional(literals(['Pending', 'Received', 'Cancel'] as const)),
  payment_method: Type.Optional(
    literals(['Cash On Delivery', 'Money Exchange Transfer', 'Bank Transfer'] as const),
  ),
  duration: Type.Optional(literals(DURATIONS)),
  from: Type.Optional(DAY),
  to: Type.Optional(Type.String({ ...DAY, description: 'YYYY-MM-DD (UTC), the whole day included' })),
  new: Type.Optional(Type.Boolean({ description: 'Only the orders the calling admin has not opened' })),
  page: Type.Optional(PageNumber()),
});
const Buyer = Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() });
export const AdminQueueOrder = Type.Composite([
  Order,
  Type.Object({
    buyer: Buyer,
    is_new: Type.Boolean({ description: 'The calling admin has not opened it yet' }),
    proof_pending: Type.Boolean({ description: 'A proof of payment awaits a decision' }),
  }),
]);
export const AdminOrderQueue = Type.Object({ items: Type.Array(AdminQueueOrder), _meta: ListMeta });
/** "Mark all as seen": up to the newest order the admin had on screen, never one placed since. */
export const AdminOrdersSeenBody = Type.Object({
  until: Type.Optional(
    Type.String({
      format: 'date-time',
      description:
        'The created_at of the newest order shown: orders placed up to then are marked seen (a later time counts as now). Without it: every order placed so far',
    }),
  ),
});
export type AdminOrdersSeenBody = Static<typeof AdminOrdersSeenBody>;
export const Recipient = Type.Object({
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  country: Nullable(Type.String()),
  city: Nullable(Type.String()),
  address: Nullable(Type.String()),
});
export const AdminShippingDetail = Type.Composite([
  AdminOrderDetail,
  Type.Object({ recipient: Recipient, proof_pending: Type.Boolean() }),
]);
export const AdminShippingDetailAnswer = Type.Object({ order: AdminShippingDetail });
export const AdminOrderStatusBody = Type.Object({
  order_status: literals(['Dispatch', 'Delivered', 'Cancel'] as const),
  reason: Type.Optional(
    Type.String({
      ...Reason,
      description:
        "An owner's written reason to dispatch a transfer order whose payment is not Received (audited)",
    }),
  ),
});

export const PendingProof = Type.Object({
  id: Type.Integer(),
  comments: Type.String(),
  created_at: Type.String(),
  order: Type.Object({
    id: Type.Integer(),
    order_number: Type.String(),
    payment_method: Type.String(),
    total_amount: Type.Number(),
    currency_code: Type.String(),
  }),
  buyer: Buyer,
});
export const PendingProofPage = Type.Object({ items: Type.Array(PendingProof), _meta: ListMeta });

const ProductRef = Type.Object({ id: Type.Integer(), title: Type.String(), slug: Type.String() });
export const AdminQuestion = Type.Object({
  id: Type.Integer(),
  product: ProductRef,
  question: Type.String(),
  questioner_name: Type.String(),
  questioner_email: Type.String(),
  question_time: Type.String(),
  answer: Nullable(Type.String()),
  answer_time: Nullable(Type.String()),
  held: Type.Boolean({ description: 'Not shown on the product page until answered or approved' }),
});
export const AdminQuestionPage = Type.Object({ items: Type.Array(AdminQuestion), _meta: ListMeta });
export const AdminQuestionQuery = Type.Object({
  held: Type.Optional(Type.Boolean({ description: 'true: only held questions (oldest first)' })),
  page: Type.Optional(PageNumber()),
});
export const AnswerQuestionBody = Type.Object({ answer: Type.String({ minLength: 1, maxLength: 2000 }) });
export const AdminQuestionAnswer = Type.Object({ question: AdminQuestion });

export const AdminReview = Type.Object({
  id: Type.Integer(),
  product: ProductRef,
  rating: Type.Integer(),
  comments: Type.String(),
  buyer: Type.Object({ name: Type.String() }),
  created_at: Type.String(),
  hidden: Type.Boolean(),
});
export const AdminReviewPage = Type.Object({ items: Type.Array(AdminReview), _meta: ListMeta });
export const AdminReviewQuery = Type.Object({
  hidden: Type.Optional(Type.Boolean()),
  page: Type.Optional(PageNumber()),
});
export const AdminReviewAnswer = Type.Object({ review: AdminReview });

export const Inquiry = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  email: Type.String(),
  message: Type.String(),
  created_at: Type.String(),
  read: Type.Boolean(),
  answer: Nullable(Type.String()),
  answered_at: Nullable(Type.String()),
});
export const InquiryPage = Type.Object({ items: Type.Array(Inquiry), _meta: ListMeta });
export const InquiryQuery = Type.Object({
  unanswered: Type.Optional(Type.Boolean()),
  page: Type.Optional(PageNumber()),
});
export const InquiryAnswer = Type.Object({ inquiry: Inquiry });
export const AnswerInquiryBody = Type.Object({ message: Type.String({ minLength: 1, maxLength: 4000 }) });

export const StartThreadBody = Type.Object({
  buyer_id: Id(),
  order_id: Type.Optional(Id({ description: "One of the buyer's orders: an order thread" })),
  subject: Type.String({ minLength: 1, maxLength: 200 }),
  message: Type.String({ minLength: 1, maxLength: 4000 }),
});
/** The buyers a thread or a notification can go to (GET admin/buyers): members only, never guests. */
export const AdminBuyerQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        "A member's e-mail (whole: matched exactly, any case; or any part), name (first, last or both, any part, any case) or one of their order numbers",
    }),
  ),
  page: Type.Optional(PageNumber()),
});
export const ADMIN_BUYER_ORDERS = 10;
export const AdminBuyer = Type.Composite([
  Buyer,
  Type.Object({
    orders: Type.Array(Type.Object({ id: Type.Integer(), order_id: Type.String() }), {
      maxItems: ADMIN_BUYER_ORDERS,
      description: `The member's newest orders (at most ${ADMIN_BUYER_ORDERS}), for an order thread`,
    }),
  }),
]);
export const AdminBuyerPage = Type.Object({ items: Type.Array(AdminBuyer), _meta: ListMeta });
export type AdminBuyerQuery = Static<typeof AdminBuyerQuery>;
export type AdminBuyer = Static<typeof AdminBuyer>;
export type AdminBuyerPage = Static<typeof AdminBuyerPage>;

/** The inbox: each thread with who wrote it (the member's name and e-mail) and the order's number. */
const ThreadBuyer = Type.Object({
  buyer: Buyer,
  order_number: Nullable(Type.String({ description: "An order thread's order number" })),
});
export const AdminThreadPage = Type.Object({
  items: Type.Array(Type.Intersect([MessageThread, ThreadBuyer])),
  _meta: ListMeta,
});
export const AdminThreadView = Type.Intersect([MessageThreadView, ThreadBuyer]);
export type AdminThreadPage = Static<typeof AdminThreadPage>;
export type AdminThreadView = Static<typeof AdminThreadView>;

export const NotifyAllBody = Type.Object({
  note: Type.String({ minLength: 1, maxLength: NOTE_MAX_LENGTH }),
  priority: Type.Optional(Priority),
});
export const NotifiedAll = Type.Object({ sent: Type.Integer({ description: 'Members notified' }) });

export const AdminSettings = Type.Object({
  order_email: Type.String({
    description: "Where the shop's mail about every new order goes (SHOP_EMAIL unless an owner set another)",
  }),
});
export const AdminSettingsBody = Type.Object({
  order_email: Nullable(
    Type.String({ minLength: 3, maxLength: 254, description: 'null: back to SHOP_EMAIL' }),
  ),
});
export type AdminSettingsInput = Static<typeof AdminSettingsBody>;

/** A failed mail an owner queued again: due at once, with every attempt of the retry policy ahead. */
export const RequeuedMail = Type.Object({
  mail: Type.Object({
    id: Type.Integer(),
    recipient: Type.String(),
    subject: Type.String(),
    status: Type.Literal('queued'),
  }),
});

export type AdminRoleName = Static<typeof AdminRole>;
export type AdminAccountView = Static<typeof AdminAccount>;
export type AuditEntry = Static<typeof AuditEntry>;
export type AuditPage = Static<typeof AuditPage>;
export type AuditQuery = Static<typeof AuditQuery>;
export type AdminOrderQueueQuery = Static<typeof AdminOrderQueueQuery>;
export type AdminQueueOrder = Static<typeof AdminQueueOrder>;
export type AdminOrderQueue = Static<typeof AdminOrderQueue>;
export type AdminShippingDetail = Static<typeof AdminShippingDetail>;
export type PendingProof = Static<typeof PendingProof>;
export type PendingProofPage = Static<typeof PendingProofPage>;
export type AdminQuestion = Static<typeof AdminQuestion>;
export type AdminQuestionPage = Static<typeof AdminQuestionPage>;
export type AdminReview = Static<typeof AdminReview>;
export type AdminReviewPage = Static<typeof AdminReviewPage>;
export type Inquiry = Static<typeof Inquiry>;
export type InquiryPage = Static<typeof InquiryPage>;
export type AdminSettingsView = Static<typeof AdminSettings>;
export type RequeuedMail = Static<typeof RequeuedMail>;
