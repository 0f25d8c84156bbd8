import { orderMoney } from '@shop/contract/money';
import { ErrorPanel, useDocumentTitle } from '@shop/shared';
import { Link, useLocation, useParams } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { formatAdminTime } from '../../app/formatAdminTime';
import { useAdminSession } from '../../session/useAdminSession';
import { OrderActions } from './OrderActions';
import styles from './OrderDetail.module.css';
import { Fact, GiftOptions, RecipientBlock, type ShippingOrder } from './orderParts';
import { ProofReview } from './ProofReview';

/** What the queue passes along, so "Back to orders" returns to the same search. */
export interface QueueReturn {
  queueSearch: string;
}

const queueSearchOf = (state: unknown): string =>
  typeof state === 'object' && state !== null && typeof (state as QueueReturn).queueSearch === 'string'
    ? (state as QueueReturn).queueSearch
    : '';

/** Reads /admin/orders/:id's order (opening it marks it seen for this admin). */
export function useShippingOrder() {
  const { id = '' } = useParams();
  const orderId = Number(id);
  const valid = Number.isInteger(orderId) && orderId > 0;
  return { orderId, loaded: useAdminRead('admin/orders/:id', { params: { id: orderId } }, valid), valid };
}

export function OrderDetail(): ReactNode {
  const { loaded, valid } = useShippingOrder();
  const { state } = useLocation();
  const back = `/admin/orders${queueSearchOf(state)}`;
  useDocumentTitle(loaded.status === 'ready' ? `Order ${loaded.data.order.order_id}` : 'Order');

  if (!valid || (loaded.status === 'failed' && loaded.httpStatus === 404)) {
    return (
      <section aria-labelledby="order-missing">
        <h1 id="order-missing">Order not found</h1>
        <p>
          <Link to={back}>Back to orders</Link>
        </p>
      </section>
    );
  }
  if (loaded.status === 'failed') return <ErrorPanel onRetry={loaded.retry} />;
  if (loaded.status !== 'ready') return <p role="status">Loading the order…</p>;
  return <OrderView order={loaded.data.order} back={back} />;
}

function OrderView({ order, back }: { order: ShippingOrder; back: string }): ReactNode {
  const { session } = useAdminSession();
  const role = session?.admin.role ?? 'staff';
  const money = (amount: number) => orderMoney(amount, order.currency);
  return (
    <article aria-labelledby="order-title" className={styles.detail}>
      <p className={styles.back}>
        <Link to={back}>Back to orders</Link>
      </p>
      <header className={styles.header}>
        <h1 id="order-title">Order {order.order_id}</h1>
        <p>
          Placed {formatAdminTime(order.created_at)} ·{' '}
          <span className={styles.strong}>{order.order_status}</span> · payment {order.payment_status} (
          {order.payment_method})
          {order.proof_pending ? <span className={styles.badge}>Proof to check</span> : null}
        </p>
        <p>
          <Link to="packing-slip">Packing slip</Link>
        </p>
      </header>

      <div className={styles.columns}>
        <OrderActions order={order} role={role} />
        <section aria-labelledby="order-recipient" className={styles.panel}>
          <h2 id="order-recipient">Recipient</h2>
          <RecipientBlock order={order} />
          <h3>Buyer</h3>
          <p>
            {order.buyer.name}
            <br />
            {order.buyer.email}
          </p>
        </section>
      </div>

      <section aria-labelledby="order-items" className={styles.panel}>
        <h2 id="order-items">Items</h2>
        <ul className={styles.items}>
          {order.ordered_products.map((item) => (
            <li key={item.id}>
              <p className={styles.strong}>
                {item.quantity} × {item.product.title}
              </p>
              <p className={styles.muted}>
                {money(item.price)} each · line {money(item.total)}
              </p>
              <GiftOptions order={order} item={item} withLogo />
            </li>
          ))}
        </ul>
      </section>

      <div className={styles.columns}>
        <section aria-labelledby="order-totals" className={styles.panel}>
          <h2 id="order-totals">Totals</h2>
          <dl className={styles.totals}>
            <Fact term="Products">{money(order.products_total_cost)}</Fact>
            <Fact term="Shipping">{money(order.shipping_cost)}</Fact>
            <Fact term={`VAT (${order.vat_rate}%, included)`}>{money(order.vat_amount)}</Fact>
            <Fact term="Total">{money(order.total_amount)}</Fact>
          </dl>
        </section>
        <ProofReview order={order} />
      </div>

      <section aria-labelledby="order-log" className={styles.panel}>
        <h2 id="order-log">Log</h2>
        <ol className={styles.log}>
          {order.log.map((entry, index) => (
            // The log has no ids: its entries never move, so their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index}>
              <time dateTime={entry.created_at}>{formatAdminTime(entry.created_at)}</time> {entry.action}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
