import { orderMoney } from '@shop/contract/money';
import type { AdminOrderQueueQuery, AdminQueueOrder } from '@shop/contract/schemas/backOffice';
import { type ApiAnswer, type Loaded, shownData, useDocumentTitle } from '@shop/shared';
import { Link, useSearchParams } from '@shop/shared/router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { formatAdminTime } from '../../app/formatAdminTime';
import { FailedListRead, ListCount } from '../../app/ListRead';
import { Pager } from '../../app/Pager';
import { Refusal } from '../../app/Refusal';
import type { QueueReturn } from './OrderDetail';
import styles from './OrderQueue.module.css';
import { seenBodyOf } from './orderMoves';
import {
  isNarrowed,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  queueQueryOf,
  SEARCH_MAX_LENGTH,
  searchOf,
} from './queueQuery';

export const QUEUE_TEXTS = {
  title: 'Orders',
  search: 'Search orders',
  searchHint: 'Order number, e-mail or name',
  any: 'Any',
  apply: 'Search',
  clear: 'Clear filters',
  onlyNew: 'Only new orders',
  moreFilters: 'More filters',
  markAllSeen: 'Mark all as seen',
  empty: 'No orders yet.',
  noMatch: 'No orders match this search.',
  newMark: 'New',
  proofMark: 'Proof to check',
} as const;

/**
 * The order queue: orders with a proof awaiting a decision first, then newest (the API's order),
 * each marked new until this admin opens it. Search and filters live in the address.
 */
export function OrderQueue(): ReactNode {
  useDocumentTitle(QUEUE_TEXTS.title);
  const [search, setSearch] = useSearchParams();
  const query = queueQueryOf(search);
  const queue = useAdminRead('admin/orders', { query });
  const [markFailed, setMarkFailed] = useState<string | null>(null);

  const show = (next: AdminOrderQueueQuery) => setSearch(searchOf(next).slice(1));

  const markAllSeen = async () => {
    const body = seenBodyOf(shownData(queue)?.items ?? []);
    if (!body) return;
    const answer = await adminApi.post('admin/orders/seen', body);
    setMarkFailed(answer.status ? null : (answer.error?.message ?? 'Could not mark the orders seen.'));
    refreshAdminReads('admin/orders');
  };

  return (
    <section aria-labelledby="orders-title" className={styles.queue}>
      <div className={styles.head}>
        <h1 id="orders-title">{QUEUE_TEXTS.title}</h1>
        <button type="button" onClick={markAllSeen}>
          {QUEUE_TEXTS.markAllSeen}
        </button>
      </div>
      <Refusal refusal={markFailed} />
      <QueueFilters key={search.toString()} query={query} onShow={show} />
      <QueueResults loaded={queue} narrowed={isNarrowed(query)} query={query} onShow={show} />
    </section>
  );
}

function QueueFilters({
  query,
  onShow,
}: {
  query: AdminOrderQueueQuery;
  onShow: (query: AdminOrderQueueQuery) => void;
}): ReactNode {
  const id = useId();
  // On a phone the filters past the search fold away, so the orders come first; a filter in force
  // keeps them open. On wider screens they always show (the toggle is hidden there: CSS).
  const narrowed = Object.entries(query).some(([name, value]) => name !== 'q' && name !== 'page' && value);
  const [moreOpen, setMoreOpen] = useState(narrowed);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [name, value] of form) if (typeof value === 'string' && value !== '') params.set(name, value);
    onShow(queueQueryOf(params));
  };
  const select = (name: keyof AdminOrderQueueQuery, label: string, choices: readonly string[]) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} name={name} defaultValue={String(query[name] ?? '')}>
        <option value="">{QUEUE_TEXTS.any}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: React 19 warns that it does not know <search> yet.
    <form role="search" aria-label={QUEUE_TEXTS.search} className={styles.filters} onSubmit={submit}>
      <div className={`${styles.field} ${styles.searchField}`}>
        <label htmlFor={`${id}-q`}>{QUEUE_TEXTS.search}</label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={QUEUE_TEXTS.searchHint}
          defaultValue={query.q ?? ''}
        />
      </div>
      <button
        type="button"
        className={styles.moreToggle}
        aria-expanded={moreOpen}
        aria-controls={`${id}-more`}
        onClick={() => setMoreOpen((open) => !open)}
      >
        {QUEUE_TEXTS.moreFilters}
      </button>
      <div id={`${id}-more`} className={styles.more} data-open={moreOpen}>
        {select('order_status', 'Order status', ORDER_STATUSES)}
        {select('payment_status', 'Payment status', PAYMENT_STATUSES)}
        {select('payment_method', 'Payment method', PAYMENT_METHODS)}
        <div className={styles.field}>
          <label htmlFor={`${id}-from`}>Placed from</label>
          <input id={`${id}-from`} name="from" type="date" defaultValue={query.from ?? ''} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-to`}>Placed to</label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={query.to ?? ''} />
        </div>
        <div className={styles.check}>
          <input
            id={`${id}-new`}
            name="new"
            type="checkbox"
            value="true"
            defaultChecked={query.new === true}
          />
          <label htmlFor={`${id}-new`}>{QUEUE_TEXTS.onlyNew}</label>
        </div>
      </div>
      <div className={styles.actions}>
        <button type="submit">{QUEUE_TEXTS.apply}</button>
        <button type="button" onClick={() => onShow({})}>
          {QUEUE_TEXTS.clear}
        </button>
      </div>
    </form>
  );
}

type QueueRead = Loaded<ApiAnswer<'GET', 'admin/orders'>>;

function QueueResults({
  loaded,
  narrowed,
  query,
  onShow,
}: {
  loaded: QueueRead;
  narrowed: boolean;
  query: AdminOrderQueueQuery;
  onShow: (query: AdminOrderQueueQuery) => void;
}): ReactNode {
  if (loaded.status === 'failed') return <FailedListRead failed={loaded} />;
  const page = shownData(loaded);
  if (!page) return <p role="status">Loading orders…</p>;
  const { items, _meta: meta } = page;
  return (
    <div aria-busy={loaded.status === 'loading'}>
      <ListCount meta={meta} noun={{ one: 'order', many: 'orders' }} />
      {items.length === 0 ? (
        <p>{narrowed ? QUEUE_TEXTS.noMatch : QUEUE_TEXTS.empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((order) => (
            <QueueCard key={order.id} order={order} queueSearch={searchOf(query)} />
          ))}
        </ul>
      )}
      <Pager meta={meta} label="Order pages" onPage={(next) => onShow({ ...query, page: next })} />
    </div>
  );
}

/** One order: a card on a phone, a row of columns on a wide screen (same markup). */
function QueueCard({ order, queueSearch }: { order: AdminQueueOrder; queueSearch: string }): ReactNode {
  const back: QueueReturn = { queueSearch };
  return (
    <li className={order.is_new ? `${styles.card} ${styles.new}` : styles.card} data-testid="queue-order">
      <div className={styles.number}>
        <Link to={`/admin/orders/${order.id}`} state={back}>
          {order.order_id}
        </Link>
        {order.is_new ? <span className={styles.badge}>{QUEUE_TEXTS.newMark}</span> : null}
        {order.proof_pending ? (
          <span className={`${styles.badge} ${styles.proof}`}>{QUEUE_TEXTS.proofMark}</span>
        ) : null}
      </div>
      <div className={styles.buyer}>
        <span>{order.buyer.name}</span>
        <span className={styles.muted}>{order.buyer.email}</span>
      </div>
      <div className={styles.when}>{formatAdminTime(order.created_at)}</div>
      <dl className={styles.facts}>
        <div>
          <dt>Order</dt>
          <dd>{order.order_status}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {order.payment_status} · {order.payment_method}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{orderMoney(order.total_amount, order.currency)}</dd>
        </div>
      </dl>
    </li>
  );
}
