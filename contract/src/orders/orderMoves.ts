/**
 * The order rules the back office's API enforces and its pages offer, written once (issue 11 and
 * 21): which status moves an admin may make, and which payment methods are transfers the shop
 * must see arrive (a proof of payment is sent for them; no Dispatch before the payment is
 * Received, unless an owner gives a reason). backend/src/modules/admin/orders.ts judges with them;
 * mfe-admin's order pages only decide which buttons to show.
 */
import type { OrderStatus, PaymentMethodName } from '../types';

/** Paid by a transfer the shop checks: a proof of payment, and no Dispatch before Received. */
export const TRANSFER_METHODS: readonly PaymentMethodName[] = ['Bank Transfer', 'Money Exchange Transfer'];

export const isTransferMethod = (method: string): boolean =>
  (TRANSFER_METHODS as readonly string[]).includes(method);

/** The statuses an admin moves an order to. */
export type OrderMove = Extract<OrderStatus, 'Dispatch' | 'Delivered' | 'Cancel'>;

/** The moves an admin may make (issue 11): forward one step, or Cancel before delivery. */
export function allowedMoves(from: OrderStatus): OrderMove[] {
  switch (from) {
    case 'Pending':
    case 'Payment Pending':
      return ['Dispatch', 'Cancel'];
    // Goods on their way are not put back on sale by a cancel: a dispatched order is delivered
    // (a return is handled outside the order's status).
    case 'Dispatch':
      return ['Delivered'];
    default:
      return [];
  }
}

export const canMove = (from: OrderStatus, to: OrderStatus): boolean =>
  allowedMoves(from).some((move) => move === to);
