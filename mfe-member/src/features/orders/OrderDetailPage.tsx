import { responsiveImage } from '@shop/contract/media';
import {
  dataCache,
  ErrorPanel,
  type OrderDetail,
  type OrderedProduct,
  Skeleton,
  useDocumentTitle,
  useLoaded,
} from '@shop/shared';
import { Dialog } from '@shop/shared/dialog';
import { formStyles } from '@shop/shared/form';
import { Link, useParams } from '@shop/shared/router';
import { type ReactNode, useState } from 'react';
import { DateTime } from '../../app/DateTime';
import { ORDER_MESSAGES_PATH } from '../messages/constants';
import {
  FEEDBACK_SUBMITTED,
  ORDER_DETAIL_TITLE,
  ORDER_LISTING_PATH,
  ORDER_NOT_FOUND,
  paymentStatusText,
  REVIEW_SUBMITTED,
} from './constants';
import { FeedbackForm, ReviewForm } from './OrderedItemDialogs';
import { OrderedLogo } from './OrderedLogo';
import { OrderStatusBadge } from './OrderStatusBadge';
import { orderLineAmounts, orderMoney } from './orderMoney';
import styles from './orders.module.css';
import { ordersApi } from './ordersApi';
import { PaymentInstructions } from './PaymentInstructions';
import { ProofOfPayment } from './ProofOfPayment';

/** An id the route may carry: a positive whole number, else no order can have it. */
const idOf = (param: string | undefined) => (param && /^[1-9]\d*$/.test(param) ? Number(param) : null);

/**
 * /member/orders/{id} (spec 001 §2.7): what was ordered with its gift options, where it goes, how
 * it is paid, the totals, the log and the proof of payment. Review and Feedback are offered per
 * product while the server allows them (`can_review`, `can_give_feedback`: every status but Cancel,
 * once each). Another buyer's or an unknown order is 'not found'.
 */
export function OrderDetailPage(): ReactNode {
  useDocumentTitle(ORDER_DETAIL_TITLE);
  const id = idOf(useParams().id);
  const key = `member:order:${id}`;
  const loaded = useLoaded(
    key,
    () =>
      id === null
        ? Promise.resolve({ status: false, error: null, httpStatus: 404 } as const)
        : ordersApi.one(id),
    { maxAgeMs: 0 },
  );

  if (loaded.status === 'failed' && loaded.httpStatus !== 404) return <ErrorPanel onRetry={loaded.retry} />;
  if (loaded.status === 'failed') {
    return (
      <section aria-labelledby="order-title">
        <h1 id="order-title">{ORDER_DETAIL_TITLE}</h1>
        <p>{ORDER_NOT_FOUND}</p>
        <Link to={ORDER_LISTING_PATH}>Back to my orders</Link>
      </section>
    );
  }
  if (loaded.status !== 'ready') return <Skeleton shape="page" label="Loading the order" />;
  const order = loaded.data.order;
  const money = (amount: number) => orderMoney(amount, order.currency);
  /** Marks one ordered product's review or feedback as given, without a reload (the popup stays open). */
  const mark = (itemId: number, change: Partial<OrderedProduct>) =>
    dataCache.set(key, {
      order: {
        ...order,
        ordered_products: order.ordered_products.map((item) =>
          item.id === itemId ? { ...item, ...change } : item,
        ),
      },
    });

  return (
    <section aria-labelledby="order-title">
      <h1 id="order-title">
        {ORDER_DETAIL_TITLE}: {order.order_id}
      </h1>
      <p>
        Placed on <DateTime at={order.created_at} /> · <OrderStatusBadge status={order.order_status} /> ·
        Payment: {paymentStatusText(order.payment_status)}
      </p>
      <p>
        <Link to={`${ORDER_MESSAGES_PATH}/${order.id}`}>Messages about this order</Link>
      </p>

      <h2>Ordered products</h2>
      <ul className={styles.products}>
        {order.ordered_products.map((item) => (
          <li key={item.id}>
            <OrderedProductCard order={order} item={item} money={money} onMark={mark} />
          </li>
        ))}
      </ul>

      <div className={styles.card}>
        <h2>Delivery address</h2>
        <p>
          {[order.address.first_name, order.address.last_name].filter(Boolean).join(' ')}
          {order.address.mobile ? `, ${order.address.mobile}` : ''}
        </p>
        <p>{order.address.address}</p>
        <p>{[order.address.city, order.address.country].filter(Boolean).join(', ')}</p>
        <h2>Payment method</h2>
        <p>{order.payment_method}</p>
        <PaymentInstructions order={order} />
        <dl className={styles.totals}>
          <dt>Products</dt>
          <dd>{money(order.products_total_cost)}</dd>
          <dt>Shipping</dt>
          <dd>{money(order.shipping_cost)}</dd>
          <dt>Total</dt>
          <dd>{money(order.total_amount)}</dd>
        </dl>
      </div>

      <ProofOfPayment order={order} onUploaded={loaded.retry} />

      <section aria-labelledby="order-log-title" className={styles.card}>
        <h2 id="order-log-title">Order log</h2>
        <ul>
          {order.log.map((entry) => (
            <li key={`${entry.created_at} ${entry.action}`}>
              <DateTime at={entry.created_at} /> {entry.action}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

/** unit price × quantity = amount, the gift options on their own lines, then the line total. */
function LineAmounts({
  item,
  money,
}: {
  item: OrderedProduct;
  money: (amount: number) => string;
}): ReactNode {
  const line = orderLineAmounts(item);
  return (
    <dl className={styles.lineAmounts} aria-label={`Amounts for ${item.product.title}`}>
      <div>
        <dt>
          {money(line.unit)} × {line.quantity}
        </dt>
        <dd>{money(line.products)}</dd>
      </div>
      {line.customization !== null ? (
        <div>
          <dt>Customization</dt>
          <dd>{money(line.customization)}</dd>
        </div>
      ) : null}
      {line.packaging !== null ? (
        <div>
          <dt>Packaging</dt>
          <dd>{money(line.packaging)}</dd>
        </div>
      ) : null}
      <div className={styles.lineTotal}>
        <dt>Line total</dt>
        <dd>{money(line.total)}</dd>
      </div>
    </dl>
  );
}

function OrderedProductCard({
  order,
  item,
  money,
  onMark,
}: {
  order: OrderDetail;
  item: OrderedProduct;
  money: (amount: number) => string;
  onMark: (itemId: number, change: Partial<OrderedProduct>) => void;
}): ReactNode {
  const [open, setOpen] = useState<'review' | 'feedback' | null>(null);
  const { product, customization, packaging } = item;
  const ref = { product_id: product.id, item_id: item.id, order_id: order.id };
  const close = () => setOpen(null);
  return (
    <article className={`${styles.card} ${styles.product}`} aria-label={product.title}>
      <img {...responsiveImage(product.image, { fixed: 96 })} alt="" decoding="async" />
      <div>
        <h3>{product.title}</h3>
        <p>
          {product.category.name} · {product.subCategory.name} · {product.type.name}
        </p>
        <LineAmounts item={item} money={money} />
        {customization ? (
          <div>
            <h4>Customization</h4>
            {customization.logoMessage ? <p>{customization.logoMessage}</p> : null}
            {customization.image ? (
              <OrderedLogo orderId={order.id} itemId={item.id} alt={`Your logo for ${product.title}`} />
            ) : null}
            {customization.toWhom ? <p>To: {customization.toWhom}</p> : null}
            {customization.from ? <p>From: {customization.from}</p> : null}
            {customization.note ? <p>Note: {customization.note}</p> : null}
            {customization.brief ? <p>Brief: {customization.brief}</p> : null}
          </div>
        ) : null}
        {packaging ? (
          <div>
            <h4>Packaging</h4>
            <p>
              <img {...responsiveImage(packaging.image, { fixed: 48 })} alt="" decoding="async" />{' '}
              {packaging.title}
            </p>
          </div>
        ) : null}
        <div className={formStyles.actions}>
          {item.can_review ? (
            <button
              type="button"
              className={formStyles.secondary}
              aria-haspopup="dialog"
              onClick={() => setOpen('review')}
            >
              Review<span className={styles.hidden}> {product.title}</span>
            </button>
          ) : item.review_submitted ? (
            <span>{REVIEW_SUBMITTED}</span>
          ) : null}
          {item.can_give_feedback ? (
            <button
              type="button"
              className={formStyles.secondary}
              aria-haspopup="dialog"
              onClick={() => setOpen('feedback')}
            >
              Feedback<span className={styles.hidden}> {product.title}</span>
            </button>
          ) : item.feedback_submitted ? (
            <span>{FEEDBACK_SUBMITTED}</span>
          ) : null}
        </div>
      </div>
      {open === 'review' ? (
        <Dialog title={`Review ${product.title}`} onClose={close}>
          <ReviewForm
            item={ref}
            onClose={close}
            onSubmitted={() => onMark(item.id, { review_submitted: true, can_review: false })}
          />
        </Dialog>
      ) : null}
      {open === 'feedback' ? (
        <Dialog title={`Feedback on ${product.title}`} onClose={close}>
          <FeedbackForm
            item={ref}
            onClose={close}
            onSubmitted={() => onMark(item.id, { feedback_submitted: true, can_give_feedback: false })}
          />
        </Dialog>
      ) : null}
    </article>
  );
}
