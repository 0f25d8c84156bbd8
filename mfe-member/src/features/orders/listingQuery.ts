import type { QueryOf } from '@shop/contract/endpoint';
import type { ApiEndpoint } from '@shop/shared';
import { DURATIONS, type LISTING_PARAMS, ORDER_STATUS_FILTERS, PAYMENT_STATUS_FILTERS } from './constants';

export type ListingQuery = Record<(typeof LISTING_PARAMS)[number], string>;

/** The values each filter may take; anything else in the address is not a filter the list knows. */
const KNOWN_VALUES: Record<Exclude<keyof ListingQuery, 'page'>, readonly { value: string }[]> = {
  duration: DURATIONS,
  order_status: ORDER_STATUS_FILTERS,
  payment_status: PAYMENT_STATUS_FILTERS,
};

/** A page number as the address may carry it: a whole number from 1 up ('' for the first page). */
const PAGE = /^[1-9]\d{0,5}$/;

/**
 * The order listing's query from the address. A value the list does not know (a mistyped or
 * outdated link: `order_status=bogus`, `page=-1`) is ignored, as if absent, so the member sees
 * their orders rather than a refusal.
 */
export function readListingQuery(params: URLSearchParams): ListingQuery {
  const known = (name: keyof typeof KNOWN_VALUES) => {
    const value = params.get(name) ?? '';
    return KNOWN_VALUES[name].some((option) => option.value === value) ? value : '';
  };
  const page = params.get('page') ?? '';
  return {
    duration: known('duration'),
    order_status: known('order_status'),
    payment_status: known('payment_status'),
    page: PAGE.test(page) ? page : '',
  };
}

/** What `buyer-orders` is asked with. */
export type OrderListQuery = QueryOf<ApiEndpoint<'GET', 'buyer-orders'>>;

/** The listing's query as `buyer-orders` takes it: the filters it knows, the page as a number. */
export function orderQueryOf(listing: ListingQuery): OrderListQuery {
  return {
    duration: DURATIONS.find((option) => option.value === listing.duration)?.value,
    order_status: ORDER_STATUS_FILTERS.find((option) => option.value === listing.order_status)?.value,
    payment_status: PAYMENT_STATUS_FILTERS.find((option) => option.value === listing.payment_status)?.value,
    page: listing.page ? Number(listing.page) : undefined,
  };
}
