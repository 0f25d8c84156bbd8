import { MESSAGES } from '@shop/contract/validation/messages';
import { ErrorPanel, Skeleton, transferInstructions, useBusState, useLoaded } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect, useRef } from 'react';
import styles from './checkout.module.css';
import { checkoutApi } from './checkoutApi';
import { CHAT_OPEN_LINK } from './constants';
import type { LastOrder } from './lastOrder';

/** Spec 001 §2.3: "Confirmation text: 'Your order has been received and will be processed soon.' with the order number." */
export function OrderReceived({ order }: { order: LastOrder }): ReactNode {
  return (
    <>
      <p>{MESSAGES.orderReceived}</p>
      <p>
        Order number: <strong data-testid="order-number">{order.order_id}</strong>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Total</dt>
          <dd>{order.total}</dd>
        </div>
        {order.payment_method ? (
          <div>
            <dt>Payment method</dt>
            <dd>{order.payment_method}</dd>
          </div>
        ) : null}
      </dl>
      {order.payment_method === 'Money Exchange Transfer' ? <HowToPay order={order} /> : null}
      {order.chat_url ? (
        <p>
          <a href={order.chat_url} target="_blank" rel="noopener noreferrer">
            {CHAT_OPEN_LINK}
          </a>
        </p>
      ) : null}
    </>
  );
}

/**
 * A Money Exchange Transfer order: whom to send the money to (the payee of the shop's settings) and
 * where the slip goes: a member uploads it under My Orders, a guest (who has no member area) e-mails
 * it (spec 001 §2.7). The same words as the order e-mail (shared `transferInstructions`).
 */
function HowToPay({ order }: { order: LastOrder }): ReactNode {
  const terms = useLoaded('cart-checkout:checkout-terms', () => checkoutApi.terms(), { maxAgeMs: 0 });
  if (terms.status === 'failed') return <ErrorPanel onRetry={terms.retry} />;
  if (terms.status !== 'ready') return <Skeleton shape="lines" label="Loading how to pay" />;
  const steps = transferInstructions({
    amount: order.total,
    orderNumber: order.order_id,
    payee: terms.data.payment_details.personal,
    placedBy: order.placedBy,
    slipEmail: terms.data.payment_slip_email,
  });
  return (
    <section className={styles.details} aria-labelledby="how-to-pay-title" data-testid="how-to-pay">
      <h2 id="how-to-pay-title">How to pay</h2>
      <p>{steps.payTo}</p>
      <p>{steps.slip}</p>
    </section>
  );
}

/**
 * The confirmation screen, on /checkout right after the order and on /confirmorder. Focus moves to
 * its heading, since whatever the shopper pressed is gone. 'My Order(s)' shows to a member only:
 * a guest is signed out by the order and has no member area.
 */
export function OrderConfirmation({ order }: { order: LastOrder }): ReactNode {
  const heading = useRef<HTMLHeadingElement>(null);
  const { user } = useBusState('session');
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className={styles.confirmation} aria-labelledby="order-confirmation-title">
      <h1 id="order-confirmation-title" ref={heading} tabIndex={-1}>
        Thank you for your order
      </h1>
      <OrderReceived order={order} />
      <ShoppingLinks member={user?.type === 'Member'} />
    </section>
  );
}

/** Where to go after an order, or when there is none to show. */
export function ShoppingLinks({ member }: { member: boolean }): ReactNode {
  return (
    <p className={styles.panelActions}>
      <Link to="/products" className={styles.primaryButton}>
        Continue shopping
      </Link>
      {member ? <Link to="/member/orders">My Order(s)</Link> : null}
    </p>
  );
}
