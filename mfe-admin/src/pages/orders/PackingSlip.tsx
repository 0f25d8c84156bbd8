import { ErrorPanel, useDocumentTitle } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { useShippingOrder } from './OrderDetail';
import styles from './OrderDetail.module.css';
import { GiftOptions, RecipientBlock } from './orderParts';

/**
 * /admin/orders/:id/packing-slip: what the packer needs on paper, printed with the browser's
 * print (the frame and the buttons are left out by the print styles): the recipient, the items
 * with their gift texts and packaging. No prices: the slip travels with the gift.
 */
export function PackingSlip(): ReactNode {
  const { loaded } = useShippingOrder();
  useDocumentTitle(loaded.status === 'ready' ? `Packing slip ${loaded.data.order.order_id}` : 'Packing slip');
  if (loaded.status === 'failed') return <ErrorPanel onRetry={loaded.retry} />;
  if (loaded.status !== 'ready') return <p role="status">Loading the order…</p>;
  const { order } = loaded.data;
  return (
    <article aria-labelledby="slip-title" className={styles.slip}>
      <div className={styles.noPrint}>
        <Link to=".." relative="path">
          Back to the order
        </Link>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <h1 id="slip-title">Packing slip · {order.order_id}</h1>
      <section aria-labelledby="slip-to">
        <h2 id="slip-to">Ship to</h2>
        <RecipientBlock order={order} />
      </section>
      <section aria-labelledby="slip-items">
        <h2 id="slip-items">Items</h2>
        <table className={styles.slipTable}>
          <thead>
            <tr>
              <th scope="col">Qty</th>
              <th scope="col">Product</th>
              <th scope="col">Gift options</th>
            </tr>
          </thead>
          <tbody>
            {order.ordered_products.map((item) => (
              <tr key={item.id}>
                <td>{item.quantity}</td>
                <td>{item.product.title}</td>
                <td>
                  <GiftOptions order={order} item={item} withLogo={false} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p>
        Payment: {order.payment_method} ({order.payment_status})
      </p>
    </article>
  );
}
