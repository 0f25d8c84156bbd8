/**
 * What can be done to an order from its detail, by the API's rules (backend/src/modules/admin/
 * orders.ts): Pending or Payment Pending → Dispatch or Cancel, Dispatch → Delivered. The API stays
 * the judge (its 409s are shown as it words them); this only decides which buttons to offer.
 */
import type { AdminShippingDetail } from '@shop/contract/schemas/backOffice';

export type OrderMove = 'Dispatch' | 'Delivered' | 'Cancel';

/** Paid by a transfer the shop checks: a proof of payment, and no Dispatch before Received. */
export const TRANSFER_METHODS: readonly string[] = ['Money Exchange Transfer', 'Bank Transfer'];

type OrderFacts = Pick<AdminShippingDetail, 'order_status' | 'payment_status' | 'payment_method'>;

export function movesOf(order: Pick<OrderFacts, 'order_status'>): OrderMove[] {
  switch (order.order_status) {
    case 'Pending':
    case 'Payment Pending':
      return ['Dispatch', 'Cancel'];
    case 'Dispatch':
      return ['Delivered'];
    default:
      return [];
  }
}

export const isTransfer = (order: Pick<OrderFacts, 'payment_method'>): boolean =>
  TRANSFER_METHODS.includes(order.payment_method);

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
