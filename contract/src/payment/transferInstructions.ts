/**
 * How a Money Exchange Transfer order is paid, worded once for the confirmation screen, the
 * confirmation e-mail and the member's order page (spec 001 §2.3: the person's name and phone
 * number to send money to; §2.7: "Signed-in users upload the transfer slip from the dashboard.
 * Guests are told to e-mail the slip.").
 */
import type { PaymentDetails, User } from '../types';

export interface TransferOrder {
  /** The order's total, already formatted in its currency. */
  amount: string;
  orderNumber: string;
  payee: PaymentDetails['personal'];
  /** Who placed it: a Member uploads the slip; anyone else (a Guest) e-mails it. */
  placedBy: User['type'] | null;
  /** Where a guest e-mails the slip (the shop's address, `checkout-terms` payment_slip_email). */
  slipEmail: string;
}

export interface TransferSteps {
  payTo: string;
  slip: string;
}

export const MEMBER_SLIP_STEP =
  "Then upload the transfer slip under My Orders, on this order's page (Proof of payment).";

export function transferInstructions(order: TransferOrder): TransferSteps {
  const { amount, orderNumber, payee, placedBy, slipEmail } = order;
  return {
    payTo: `Please send ${amount} by Money Exchange Transfer to ${payee.personName}, ${payee.personPhoneNumber}, naming your order number ${orderNumber}.`,
    slip:
      placedBy === 'Member'
        ? MEMBER_SLIP_STEP
        : `Then e-mail the transfer slip to ${slipEmail}, naming your order number ${orderNumber}.`,
  };
}
