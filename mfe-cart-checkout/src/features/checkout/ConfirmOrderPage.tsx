import { useBusState, useDocumentTitle } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import styles from './checkout.module.css';
import { loadLastOrder } from './lastOrder';
import { OrderConfirmation, ShoppingLinks } from './OrderConfirmation';

export const NO_RECENT_ORDER = 'There is no order placed in this tab to show.';

/**
 * /confirmorder (spec 001 §2.1: "exists as a route; its content is not shown"). What a shopper
 * expects there: the confirmation of the order just placed in this tab (kept in sessionStorage, so a
 * reload still shows it), or, without one, a short word and the way on. Never a made-up order.
 */
export function ConfirmOrderPage(): ReactNode {
  const [order] = useState(loadLastOrder);
  const { user } = useBusState('session');
  useDocumentTitle('Order Confirmation');
  if (order) return <OrderConfirmation order={order} />;
  return (
    <section className={styles.message} aria-labelledby="confirm-order-title">
      <h1 id="confirm-order-title">Order Confirmation</h1>
      <p>{NO_RECENT_ORDER}</p>
      <ShoppingLinks member={user?.type === 'Member'} />
    </section>
  );
}
