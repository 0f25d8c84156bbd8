/**
 * The order queue's search and filters, kept in the address (`/admin/orders?q=…&page=2`) so a
 * filtered queue can be reloaded, bookmarked and returned to from an order. Only values the API
 * takes are read from the address; anything else is dropped rather than sent to be refused.
 */
import type { AdminOrderQueueQuery } from '@shop/contract/schemas/backOffice';

type Choice<K extends keyof AdminOrderQueueQuery> = NonNullable<AdminOrderQueueQuery[K]>;

export const ORDER_STATUSES: readonly Choice<'order_status'>[] = [
  'Pending',
  'Payment Pending',
  'Dispatch',
  'Delivered',
  'Cancel',
];
export const PAYMENT_STATUSES: readonly Choice<'payment_status'>[] = ['Pending', 'Received', 'Cancel'];
export const PAYMENT_METHODS: readonly Choice<'payment_method'>[] = [
  'Cash On Delivery',
  'Money Exchange Transfer',
  'Bank Transfer',
];

/** The API's limit on `q`. */
export const SEARCH_MAX_LENGTH = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined =>
  choices.find((choice) => choice === value);

const day = (value: string | null): string | undefined => (value && DAY.test(value) ? value : undefined);

/** The queue's query as the address gives it. */
export function queueQueryOf(search: URLSearchParams): AdminOrderQueueQuery {
  const q = search.get('q')?.trim().slice(0, SEARCH_MAX_LENGTH);
  const page = Number(search.get('page'));
  const query: AdminOrderQueueQuery = {
    q: q || undefined,
    order_status: oneOf(ORDER_STATUSES, search.get('order_status')),
    payment_status: oneOf(PAYMENT_STATUSES, search.get('payment_status')),
    payment_method: oneOf(PAYMENT_METHODS, search.get('payment_method')),
    from: day(search.get('from')),
    to: day(search.get('to')),
    new: search.get('new') === 'true' ? true : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
  // Left-out fields are not keys at all: the data kit keys a read by what it sends.
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as AdminOrderQueueQuery;
}

/** The address's search for a query (page 1 and empty filters left out). */
export function searchOf(query: AdminOrderQueueQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === false) continue;
    if (name === 'page' && value === 1) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether any filter or search narrows the queue (the empty text differs). */
export const isNarrowed = (query: AdminOrderQueueQuery): boolean =>
  Object.keys(query).some((name) => name !== 'page');
