import {
  type CheckoutTerms,
  ErrorPanel,
  type OrderDetail,
  type PaymentDetails,
  Skeleton,
  transferInstructions,
  useLoaded,
} from '@shop/shared';
import type { ReactNode } from 'react';
import { orderMoney } from './orderMoney';
import { ordersApi } from './ordersApi';

/**
 * How this order is paid, while its payment is awaited, only for a method that needs details: a
 * Money Exchange Transfer shows whom to pay and that the slip is uploaded here (spec 001 §2.7); a
 * Bank Transfer order (set by the shop; never chosen at checkout) shows the bank details. Cash On
 * Delivery needs none. The details are the shop's settings (`checkout-terms`), as at checkout.
 */
export function PaymentInstructions({ order }: { order: OrderDetail }): ReactNode {
  const needsDetails =
    order.payment_method === 'Money Exchange Transfer' || order.payment_method === 'Bank Transfer';
  if (!needsDetails || order.payment_status !== 'Pending') return null;
  return <LoadedInstructions order={order} />;
}

function LoadedInstructions({ order }: { order: OrderDetail }): ReactNode {
  const loaded = useLoaded('member:checkout-terms', () => ordersApi.checkoutTerms(), { maxAgeMs: 0 });
  if (loaded.status === 'loading') return <Skeleton shape="lines" label="Loading how to pay" />;
  if (loaded.status !== 'ready') return <ErrorPanel onRetry={loaded.retry} />;
  return order.payment_method === 'Bank Transfer' ? (
    <BankDetails bank={loaded.data.payment_details.bank} />
  ) : (
    <TransferSteps order={order} terms={loaded.data} />
  );
}

function TransferSteps({ order, terms }: { order: OrderDetail; terms: CheckoutTerms }): ReactNode {
  const steps = transferInstructions({
    amount: orderMoney(order.total_amount, order.currency),
    orderNumber: order.order_id,
    payee: terms.payment_details.personal,
    placedBy: 'Member',
    slipEmail: terms.payment_slip_email,
  });
  return (
    <div data-testid="how-to-pay">
      <p>{steps.payTo}</p>
      <p>{steps.slip}</p>
    </div>
  );
}

function BankDetails({ bank }: { bank: PaymentDetails['bank'] }): ReactNode {
  const facts: [string, string][] = [
    ['Account title', bank.accountTitle],
    ['Bank name', bank.bankName],
    ['Account number', bank.accountNumber],
    ['IBAN', bank.ibanNumber],
    ['Swift code', bank.swiftCode],
  ];
  return (
    <dl aria-label="Bank details" data-testid="bank-details">
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
