import { type ApiBody, type ApiResult, api } from '@shop/shared';
import { type ListingQuery, orderQueryOf } from './listingQuery';

export type ReviewInput = ApiBody<'POST', 'product-reviews/create'>;

/** Which ordered product a feedback is about. */
export interface OrderedItemRef {
  product_id: number;
  item_id: number;
  order_id: number;
}

const formOf = (fields: Record<string, string | number>, file: File | null): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (file) form.append('file', file);
  return form;
};

/** The order calls of spec 001 §7 (Orders); the bearer token says whose orders they are. */
export const ordersApi = {
  stats: () => api.get('buyer-orders/stats'),
  list: (listing: ListingQuery) => api.get('buyer-orders', { query: orderQueryOf(listing) }),
  one: (id: number) => api.get('buyer-orders/:id', { params: { id } }),
  /** Whom a transfer goes to and the bank details: the shop's settings, as checkout shows them. */
  checkoutTerms: () => api.get('checkout-terms'),
  uploadProof: (orderId: number, comments: string, file: File) =>
    api.post('buyer-orders/proof-of-payment', formOf({ order_id: orderId, comments }, file)),
  review: (review: ReviewInput) => api.post('product-reviews/create', review),
  feedback: (item: OrderedItemRef, comments: string, file: File | null) =>
    api.post('product-feedbacks/create', formOf({ ...item, comments }, file)),
};

export type Failure = Extract<ApiResult<unknown>, { status: false }>;
