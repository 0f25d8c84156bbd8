/** Member orders and the admin's order API (issue 11) */

import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Order } from './checkout';
import { Id, ListMeta, Nullable, PageNumber } from './common';

export const DURATIONS = ['last_7_days', 'last_30_days', 'last_3_months'] as const;
export type Duration = (typeof DURATIONS)[number];

/** The member list's order-status filter (spec 001 §2.7); 'Pending' also means 'Payment Pending'. */
export const ORDER_STATUS_FILTERS = ['Pending', 'Dispatch', 'Delivered', 'Cancel'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
export const PAYMENT_STATUS_FILTERS = ['Pending', 'Received'] as const;
export type PaymentStatusFilter = (typeof PAYMENT_STATUS_FILTERS)[number];

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)));

export const OrderListQuery = Type.Object({
  duration: Type.Optional(literals(DURATIONS)),
  order_status: Type.Optional(
    Type.Union(
      ORDER_STATUS_FILTERS.map((value) => Type.Literal(value)),
      {
        description: "'Pending' lists 'Pending' and 'Payment Pending' orders (both not yet dispatched)",
      },
    ),
  ),
  payment_status: Type.Optional(literals(PAYMENT_STATUS_FILTERS)),
  page: Type.Optional(PageNumber()),
});

export const OrderPage = Type.Object({ items: Type.Array(Order), _meta: ListMeta });

export const OrderStats = Type.Object({
  totalOrders: Type.Integer(),
  pendingOrders: Type.Integer({ description: "'Pending' and 'Payment Pending'" }),
  dispatchedOrders: Type.Integer(),
  deliveredOrders: Type.Integer(),
  canceledOrders: Type.Integer(),
});

export const OrderLogEntry = Type.Object({ created_at: Type.String(), action: Type.String() });

export const ProofStatus = Type.Union([
  Type.Literal('Pending'),
  Type.Literal('Confirmed'),
  Type.Literal('Rejected'),
]);
export const ProofOfPayment = Type.Object({
  id: Type.Integer(),
  status: ProofStatus,
  comments: Type.String(),
  admin_comments: Nullable(Type.String()),
  created_at: Type.String(),
});

const OrderedProduct = Type.Object({
  id: Type.Integer({ description: 'The ordered product (item_id of review and feedback)' }),
  price: Type.Number(),
  quantity: Type.Integer(),
  total: Type.Number(),
  product: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    slug: Type.String(),
    image: Type.String(),
    category: Type.Object({ name: Type.String() }),
    subCategory: Type.Object({ name: Type.String() }),
    type: Type.Object({ name: Type.String() }),
  }),
  customization: Nullable(
    Type.Object({
      id: Type.Integer(),
      image: Nullable(Type.String({ description: 'The logo, read with the bearer of the order' })),
      logoMessage: Nullable(Type.String()),
      toWhom: Nullable(Type.String()),
      from: Nullable(Type.String()),
      note: Nullable(Type.String()),
      brief: Nullable(Type.String()),
      price: Type.Number(),
    }),
  ),
  packaging: Nullable(
    Type.Object({ id: Type.Integer(), title: Type.String(), image: Type.String(), price: Type.Number() }),
  ),
  review_submitted: Type.Boolean(),
  feedback_submitted: Type.Boolean(),
  can_review: Type.Boolean(),
  can_give_feedback: Type.Boolean(),
});

export const OrderDetail = Type.Composite([
  Order,
  Type.Object({
    ordered_products: Type.Array(OrderedProduct),
    proofOfPayment: Nullable(ProofOfPayment),
    can_upload_proof: Type.Boolean(),
    address: Type.Object({
      first_name: Nullable(Type.String()),
      last_name: Nullable(Type.String()),
      mobile: Nullable(Type.String()),
      address: Nullable(Type.String()),
      city: Nullable(Type.String()),
      country: Nullable(Type.String()),
    }),
    log: Type.Array(OrderLogEntry),
  }),
]);

export const OrderIdParams = Type.Object({ id: Id() });
export const OrderItemParams = Type.Object({ id: Id(), itemId: Id() });
export const OrderLogQuery = Type.Object({ order_id: Id() });

export const ReviewBody = Type.Object({
  product_id: Id(),
  item_id: Id(),
  order_id: Id(),
  rating: Type.Optional(
    Nullable(Type.Integer({ minimum: 0, maximum: 5, description: '1 to 5; 0 or none: 422' })),
  ),
  comments: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
});

export const ReviewCreated = Type.Object({
  review: Type.Object({
    id: Type.Integer(),
    rating: Type.Number(),
    comments: Type.String(),
    buyer: Type.Object({ name: Type.String() }),
    created_at: Type.String(),
  }),
  message: Type.String(),
});

export const SubmissionDone = Type.Object({ message: Type.String() });

export const ProofSubmitted = Type.Object({ message: Type.String(), proofOfPayment: ProofOfPayment });

// ---------------------------------------------------------------- admin

export const AdminLoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

export const AdminSession = Type.Object({
  token: Type.String(),
  expires_at: Type.String(),
  admin: Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    role: Type.Union([Type.Literal('owner'), Type.Literal('staff')], {
      description: 'owner: also admins, remote releases, settings and the audit log',
    }),
  }),
});

const AdminOrder = Type.Composite([
  Order,
  Type.Object({ buyer: Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() }) }),
]);
export const AdminOrderPage = Type.Object({ items: Type.Array(AdminOrder), _meta: ListMeta });

export const AdminOrderListQuery = Type.Object({
  duration: Type.Optional(literals(DURATIONS)),
  order_status: Type.Optional(
    literals(['Pending', 'Payment Pending', 'Dispatch', 'Delivered', 'Cancel'] as const),
  ),
  payment_status: Type.Optional(literals(['Pending', 'Received', 'Cancel'] as const)),
  page: Type.Optional(PageNumber()),
});

export const AdminOrderDetail = Type.Composite([
  OrderDetail,
  Type.Object({
    buyer: Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() }),
    proofs: Type.Array(ProofOfPayment),
  }),
]);

export const OrderStatusBody = Type.Object({
  order_status: literals(['Dispatch', 'Delivered', 'Cancel'] as const),
});
export const ProofIdParams = Type.Object({ proofId: Id() });
export const ConfirmProofBody = Type.Object({ comments: Type.Optional(Type.String({ maxLength: 500 })) });
export const RejectProofBody = Type.Object({ comments: Type.String({ minLength: 1, maxLength: 500 }) });

// ---------------------------------------------------------------- endpoints

export const OrderStatsAnswer = Type.Object({ stats: OrderStats });
export const OrderLog = Type.Object({ items: Type.Array(OrderLogEntry) });
export const OrderDetailAnswer = Type.Object({ order: OrderDetail });
/** An image's bytes (an ordered logo, a proof of payment): the answer of a `file: true` entry. */
export const ImageFile = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'image/png or image/jpeg',
});

/**
 * `/buyer-orders/*`, `/product-reviews/create` and `/product-feedbacks/create`
 * (backend/src/modules/member-orders): the member's own orders and what is said about their
 * products. The admin's order API is in admin.ts.
 */
export const memberOrdersEndpoints = endpoints({
  'GET buyer-orders': {
    summary: "The caller's orders, newest first, 10 a page",
    querystring: OrderListQuery,
    response: OrderPage,
  },
  'GET buyer-orders/stats': { summary: 'Order counts per status box', response: OrderStatsAnswer },
  'GET buyer-orders/log': {
    summary: "An order's log, oldest first",
    querystring: OrderLogQuery,
    response: OrderLog,
  },
  'GET buyer-orders/:id': {
    summary: 'An order with its products, gift options, address, proof of payment and log',
    params: OrderIdParams,
    response: OrderDetailAnswer,
  },
  'GET buyer-orders/:id/items/:itemId/logo': {
    summary: 'The customization logo of an ordered product (the bytes)',
    params: OrderItemParams,
    file: true,
    response: ImageFile,
  },
  'POST buyer-orders/proof-of-payment': {
    summary: 'Upload the proof of payment of a transfer order (multipart/form-data)',
    multipart: true,
    response: ProofSubmitted,
  },
  'POST product-reviews/create': {
    summary: "Review a product of one of the caller's orders (shown on the product page)",
    body: ReviewBody,
    response: ReviewCreated,
  },
  'POST product-feedbacks/create': {
    summary: "Feedback on a product of one of the caller's orders (multipart/form-data)",
    multipart: true,
    response: SubmissionDone,
  },
});
