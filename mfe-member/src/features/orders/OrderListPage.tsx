import { ErrorPanel, Skeleton, useDocumentTitle, useLoaded } from '@shop/shared';
import { formStyles } from '@shop/shared/form';
import { Link, useSearchParams } from '@shop/shared/router';
import { type ReactNode, useId } from 'react';
import { DateTime } from '../../app/DateTime';
import {
  CLEAR_FILTERS,
  DURATIONS,
  FILTER_PARAMS,
  NO_ORDERS,
  NO_ORDERS_MATCH,
  ORDER_LISTING_TITLE,
  ORDER_STATUS_FILTERS,
  orderDetailPath,
  PAYMENT_STATUS_FILTERS,
  paymentStatusText,
} from './constants';
import { readListingQuery } from './listingQuery';
import { OrderStatusBadge } from './OrderStatusBadge';
import { orderMoney } from './orderMoney';
import styles from './orders.module.css';
import { ordersApi } from './ordersApi';

type Filter = (typeof FILTER_PARAMS)[number];

/**
 * /member/orders/listing (spec 001 §2.7): the member's orders, filtered by duration, order status
 * and payment status, page by page. Every filter and the page live in the address, so a link, a
 * reload or Back shows the same list; the same parameters go to `buyer-orders`.
 */
export function OrderListPage(): ReactNode {
  useDocumentTitle(ORDER_LISTING_TITLE);
  const [params, setParams] = useSearchParams();
  const query = readListingQuery(params);
  const loaded = useLoaded(`member:orders:${JSON.stringify(query)}`, () => ordersApi.list(query), {
    maxAgeMs: 0,
  });
  const filtered = FILTER_PARAMS.some((name) => query[name] !== '');

  /** A new filter starts again at page 1. */
  const choose = (name: Filter | 'page', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next);
  };

  return (
    <section aria-labelledby="order-listing-title">
      <h1 id="order-listing-title">{ORDER_LISTING_TITLE}</h1>
      <fieldset className={styles.filters}>
        <legend className={styles.hidden}>Filter orders</legend>
        <FilterSelect
          label="Duration"
          name="duration"
          options={DURATIONS}
          value={query.duration}
          onChange={choose}
        />
        <FilterSelect
          label="Order status"
          name="order_status"
          options={ORDER_STATUS_FILTERS}
          value={query.order_status}
          onChange={choose}
        />
        <FilterSelect
          label="Payment status"
          name="payment_status"
          options={PAYMENT_STATUS_FILTERS}
          value={query.payment_status}
          onChange={choose}
        />
      </fieldset>

      {loaded.status === 'loading' ? (
        <Skeleton shape="rows" count={5} label="Loading your orders" />
      ) : loaded.status !== 'ready' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : loaded.data.items.length === 0 ? (
        filtered ? (
          <p>
            {NO_ORDERS_MATCH}{' '}
            <button
              type="button"
              className={formStyles.secondary}
              onClick={() => setParams(new URLSearchParams())}
            >
              {CLEAR_FILTERS}
            </button>
          </p>
        ) : (
          <p>{NO_ORDERS}</p>
        )
      ) : (
        <>
          <div className={styles.tableBox}>
            <table className={styles.table}>
              <caption className={styles.hidden}>Your orders</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Order status</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.items.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <Link to={orderDetailPath(order.id)}>{order.order_id}</Link>
                    </th>
                    <td>
                      <DateTime at={order.created_at} />
                    </td>
                    <td>
                      <OrderStatusBadge status={order.order_status} />
                    </td>
                    <td>{paymentStatusText(order.payment_status)}</td>
                    <td>{orderMoney(order.total_amount, order.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pages
            current={loaded.data._meta.currentPage}
            count={loaded.data._meta.pageCount}
            onChoose={(page) => choose('page', page === 1 ? '' : String(page))}
          />
        </>
      )}
    </section>
  );
}

function FilterSelect({
  label,
  name,
  options,
  value,
  onChange,
}: {
  label: string;
  name: Filter;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (name: Filter, value: string) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={formStyles.input}
        value={value}
        onChange={(event) => onChange(name, event.target.value)}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Pages({
  current,
  count,
  onChoose,
}: {
  current: number;
  count: number;
  onChoose: (page: number) => void;
}): ReactNode {
  if (count <= 1) return null;
  return (
    <nav className={styles.pages} aria-label="Order pages">
      <button
        type="button"
        className={formStyles.secondary}
        disabled={current <= 1}
        onClick={() => onChoose(current - 1)}
      >
        Previous
      </button>
      <span>
        Page {current} of {count}
      </span>
      <button
        type="button"
        className={formStyles.secondary}
        disabled={current >= count}
        onClick={() => onChoose(current + 1)}
      >
        Next
      </button>
    </nav>
  );
}
