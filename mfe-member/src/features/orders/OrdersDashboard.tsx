import { ErrorPanel, type OrderStats, Skeleton, useDocumentTitle, useLoaded } from '@shop/shared';
import type { ReactNode } from 'react';
import { StatBoxes } from '../../app/StatBoxes';
import { NO_ORDERS, ORDER_LISTING_PATH, ORDERS_TITLE } from './constants';
import { ordersApi } from './ordersApi';

/** The status boxes and the listing filter each opens ('' for the total: every order). */
const BOXES: { key: keyof OrderStats; label: string; orderStatus: string }[] = [
  { key: 'totalOrders', label: 'Total Orders', orderStatus: '' },
  { key: 'pendingOrders', label: 'Pending Orders', orderStatus: 'Pending' },
  { key: 'dispatchedOrders', label: 'Dispatched Orders', orderStatus: 'Dispatch' },
  { key: 'deliveredOrders', label: 'Delivered Orders', orderStatus: 'Delivered' },
  { key: 'canceledOrders', label: 'Canceled Orders', orderStatus: 'Cancel' },
];

const listingOf = (orderStatus: string) =>
  orderStatus ? `${ORDER_LISTING_PATH}?order_status=${encodeURIComponent(orderStatus)}` : ORDER_LISTING_PATH;

/**
 * /member/orders (spec 001 §2.7): a box per order status from `buyer-orders/stats`, each opening
 * the listing filtered by it. A box shows only when its count is above 0 and the total is too.
 */
export function OrdersDashboard(): ReactNode {
  useDocumentTitle(ORDERS_TITLE);
  const loaded = useLoaded('member:order-stats', () => ordersApi.stats(), { maxAgeMs: 0 });
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">{ORDERS_TITLE}</h1>
      {loaded.status === 'loading' ? (
        <Skeleton shape="cards" label="Loading your orders" />
      ) : loaded.status !== 'ready' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : loaded.data.stats.totalOrders > 0 ? (
        <StatBoxes
          label="Orders by status"
          boxes={BOXES.filter((box) => loaded.data.stats[box.key] > 0).map((box) => ({
            key: box.key,
            label: box.label,
            count: loaded.data.stats[box.key],
            to: listingOf(box.orderStatus),
          }))}
        />
      ) : (
        <p>{NO_ORDERS}</p>
      )}
    </section>
  );
}
