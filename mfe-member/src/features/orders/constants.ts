/**
 * The orders section's routes, filters and texts (spec 001 §2.7, §4, §5, §8, §9). The spec's own
 * words are marked; the others are ours, worded after them.
 */
import type { OrderStatus, ProofStatus } from '@shop/shared';

export const ORDERS_PATH = '/member/orders';
export const ORDER_LISTING_PATH = `${ORDERS_PATH}/listing`;
export const orderDetailPath = (id: number): string => `${ORDERS_PATH}/${id}`;

export const ORDERS_TITLE = 'My Orders';
export const ORDER_LISTING_TITLE = 'Order History';
export const ORDER_DETAIL_TITLE = 'Order Details';

/** Spec §2.7, §8. */
export const NO_ORDERS = "You don't have any order(s) yet";
export const ORDER_NOT_FOUND = 'We could not find this order.';
/** The listing filtered to nothing: the member has orders, just none that match. */
export const NO_ORDERS_MATCH = 'No orders match this filter.';
export const CLEAR_FILTERS = 'Show all orders';

/** The listing's filters, exactly the values the spec and `buyer-orders` take (§9). */
export const DURATIONS = [
  { value: 'last_7_days', label: 'Last 7 days' },
  { value: 'last_30_days', label: 'Last 30 days' },
  { value: 'last_3_months', label: 'Last 3 months' },
] as const;
export const ORDER_STATUS_FILTERS = [
  { value: 'Pending', label: 'Pending' },
  { value: 'Dispatch', label: 'Dispatched' },
  { value: 'Delivered', label: 'Delivered' },
  { value: 'Cancel', label: 'Canceled' },
] as const;
export const PAYMENT_STATUS_FILTERS = [
  { value: 'Pending', label: 'Pending' },
  { value: 'Received', label: 'Received' },
] as const;
/** The query parameters of /member/orders/listing, also those of `buyer-orders` (§2.7). */
export const LISTING_PARAMS = ['duration', 'order_status', 'payment_status', 'page'] as const;
/** The parameters that narrow the list (the page only moves along it). */
export const FILTER_PARAMS = ['duration', 'order_status', 'payment_status'] as const;

export type BadgeTone = 'warning' | 'success' | 'secondary' | 'danger';
/** Spec §2.7: Pending and Payment Pending warning, Delivered success, Dispatch secondary, else danger. */
export function orderStatusTone(status: OrderStatus | string): BadgeTone {
  if (status === 'Pending' || status === 'Payment Pending') return 'warning';
  if (status === 'Delivered') return 'success';
  if (status === 'Dispatch') return 'secondary';
  return 'danger';
}

/**
 * Spec §2.7 gives two readings of the payment status; the first is taken: 'Received' reads
 * 'Done', every other status (Pending, Cancel) is shown as the server names it.
 */
export const paymentStatusText = (status: string): string => (status === 'Received' ? 'Done' : status);

/** Spec §2.7: Pending is shown as submitted, Confirmed as confirmed, Rejected with the admin's comments. */
export const PROOF_STATUS_TEXT: Record<ProofStatus, string> = {
  Pending: 'Your proof of payment is submitted and waits for our check.',
  Confirmed: 'Your proof of payment is confirmed.',
  Rejected: 'Your proof of payment was rejected.',
};
export const PROOF_UPLOAD_AGAIN = 'Please upload a new proof of payment.';
/** Spec §5. */
export const PROOF_IMAGE_REQUIRED = 'Upload an image.';
export const PROOF_SUBMITTED = 'Your proof of payment is submitted.';
export const PROOF_COMMENTS_MAX = 500;

/** Spec §4: the review's and the feedback's success text. */
export const THANK_YOU_FEEDBACK = 'Thank you for your feedback';
export const REVIEW_SUBMITTED = 'Review submitted';
export const FEEDBACK_SUBMITTED = 'Feedback submitted';

/** Spec §4, §9: a form's failure returns to initial, and a done popup closes, after 5 s. */
export const FORM_FEEDBACK_MS = 5000;
export const POPUP_CLOSE_MS = 5000;
