/**
 * What can be done to an order from its detail, by the API's rules (the moves and the transfer
 * methods are @shop/contract/orders, which the API judges with): Pending or Payment Pending →
 * Dispatch or Cancel, Dispatch → Delivered. The API stays the judge (its 409s are shown as it
 * words them); this only decides which buttons to offer.
 */
import { allowedMoves, isTransferMethod, type OrderMove } from '@shop/contract/orders';
import type {
  AdminOrdersSeenBody,
  AdminQueueOrder,
  AdminShippingDetail,
} from '@shop/contract/schemas/backOffice';

export type { OrderMove };

type OrderFacts = Pick<AdminShippingDetail, 'order_status' | 'payment_status' | 'payment_method'>;

export const movesOf = (order: Pick<OrderFacts, 'order_status'>): OrderMove[] =>
  allowedMoves(order.order_status);

export const isTransfer = (order: Pick<OrderFacts, 'payment_method'>): boolean =>
  isTransferMethod(order.payment_method);

/** Dispatch is refused until the payment is Received, unless an owner writes why. */
export const dispatchNeedsPayment = (order: OrderFacts): boolean =>
  isTransfer(order) && order.payment_status !== 'Received';

/** The payment can still be marked Received. */
export const canMarkPaid = (order: OrderFacts): boolean =>
  order.payment_status === 'Pending' && order.order_status !== 'Cancel';

/**
 * Marking a transfer paid without a confirmed proof is an owner's call, with a reason such as the
 * bank reference (the API: staff 403, an owner without a reason 409 PROOF_NOT_CONFIRMED).
 */
export const markPaidNeedsReason = (order: OrderFacts & Pick<AdminShippingDetail, 'proofs'>): boolean =>
  isTransfer(order) && !order.proofs.some((proof) => proof.status === 'Confirmed');

/**
 * "Mark all as seen" marks the orders up to the newest one on screen (the queue puts proofs first,
 * so not always the first card): an order placed since the page loaded stays new. Null when no
 * order is shown: there is nothing to mark.
 */
export function seenBodyOf(
  shown: readonly Pick<AdminQueueOrder, 'created_at'>[],
): AdminOrdersSeenBody | null {
  const newest = shown.reduce<string | null>(
    (latest, order) =>
      latest === null || Date.parse(order.created_at) > Date.parse(latest) ? order.created_at : latest,
    null,
  );
  return newest === null ? null : { until: newest };
}
