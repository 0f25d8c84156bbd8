import {
  type CheckoutTerms,
  ErrorPanel,
  formatPrice,
  PayeeFacts,
  type ShippingFee,
  Skeleton,
  useBusState,
} from '@shop/shared';
import type { ReactNode } from 'react';
import { useCheckoutTermsQuery } from './api';
import styles from './content.module.css';

/** The pages whose rules are checkout's own, shown from `checkout-terms`, never from their HTML. */
export const TERMS_PAGES = ['payments', 'shipping'] as const;
export type TermsPage = (typeof TERMS_PAGES)[number];
export const isTermsPage = (page: string): page is TermsPage =>
  (TERMS_PAGES as readonly string[]).includes(page);

export const FEE_PER_ORDER = "One flat fee per order, set by the delivery address's country:";
export const FREE_PRODUCTS_RULE = 'An order whose items all ship free has no delivery fee.';
export const MEMBER_SLIP_RULE = "Members upload it under My Orders, on the order's page.";
export const BANK_TRANSFER_NOTE = 'Bank Transfer is not offered at checkout.';

/** Countries grouped by their fee, cheapest first, each group in the countries' own order. */
export function feesByAmount(fees: readonly ShippingFee[]): { fee: number; countries: string[] }[] {
  const groups = new Map<number, string[]>();
  for (const { fee, country } of fees) groups.set(fee, [...(groups.get(fee) ?? []), country]);
  return [...groups.entries()].map(([fee, countries]) => ({ fee, countries })).sort((a, b) => a.fee - b.fee);
}

/**
 * What checkout applies, on the payments or the shipping page: the same settings checkout reads
 * (GET checkout-terms), so the shop's own pages cannot contradict it. USD amounts are shown in the
 * shopper's currency the way the cart converts them.
 */
export function CheckoutTermsFacts({ page }: { page: TermsPage }): ReactNode {
  const terms = useCheckoutTermsQuery();
  if (terms.status === 'failed') return <ErrorPanel onRetry={terms.retry} />;
  if (terms.status !== 'ready') return <Skeleton shape="lines" count={4} label="Loading the rules" />;
  return page === 'payments' ? <PaymentTerms terms={terms.data} /> : <ShippingTerms terms={terms.data} />;
}

function PaymentTerms({ terms }: { terms: CheckoutTerms }): ReactNode {
  return (
    <section aria-labelledby="payment-terms-title" className={styles.terms}>
      <h2 id="payment-terms-title">Payment methods offered at checkout</h2>
      <ul data-testid="payment-methods">
        {terms.payment_methods.map((method) => (
          <li key={method}>{method}</li>
        ))}
      </ul>
      {terms.payment_methods.includes('Money Exchange Transfer') ? (
        <>
          <h3>Money Exchange Transfer</h3>
          <PayeeFacts
            payee={terms.payment_details.personal}
            nameLabel="Send the money to"
            className={styles.facts}
          />
          <p>Name your order number with the transfer, then send us the transfer slip:</p>
          <ul>
            <li>{MEMBER_SLIP_RULE}</li>
            <li>
              Guests e-mail it to{' '}
              <a href={`mailto:${terms.payment_slip_email}`} data-testid="slip-email">
                {terms.payment_slip_email}
              </a>
              .
            </li>
          </ul>
        </>
      ) : null}
      <p>{BANK_TRANSFER_NOTE}</p>
    </section>
  );
}

function ShippingTerms({ terms }: { terms: CheckoutTerms }): ReactNode {
  const currency = useBusState('currency');
  if (!currency) return null;
  const { fees, free_shipping_over: freeOver } = terms.shipping;
  return (
    <section aria-labelledby="shipping-terms-title" className={styles.terms}>
      <h2 id="shipping-terms-title">Delivery fees</h2>
      <p>{FEE_PER_ORDER}</p>
      <table className={styles.feeTable}>
        <thead>
          <tr>
            <th scope="col">Countries</th>
            <th scope="col">Fee</th>
          </tr>
        </thead>
        <tbody>
          {feesByAmount(fees).map((group) => (
            <tr key={group.fee}>
              <td>{group.countries.join(', ')}</td>
              <td data-testid="shipping-fee">{formatPrice(group.fee, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{FREE_PRODUCTS_RULE}</p>
      {freeOver !== null ? (
        <p data-testid="free-shipping-over">
          Orders of {formatPrice(freeOver, currency)} or more (items with their gift options) ship free.
        </p>
      ) : null}
    </section>
  );
}
