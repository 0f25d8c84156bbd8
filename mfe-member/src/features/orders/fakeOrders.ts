/**
 * The network edge of the orders and dashboard tests: `fetch` answers each 'METHOD path' from a
 * table of replies (the backend's envelopes), records every call with its query and its body
 * (JSON, or the fields of a multipart form), and answers image bytes for a logo address.
 */
import type { Order, OrderDetail, OrderedProduct } from '@shop/shared';
import { CHECKOUT_TERMS } from '@shop/shared/test/checkout-terms';
import { type FakeRequest, installFakeFetch, ok, refused as refusedWith } from '../../test/fakeFetch';

export type OrderCall = FakeRequest;
export type Reply = { status: number; body: unknown };
export { ok };

export const refused = (status: number, message: string, fields?: Record<string, string>): Reply =>
  refusedWith(status, 'REFUSED', message, fields);

export type Routes = Record<string, (call: OrderCall) => Reply>;

/** `routes`, over a `checkout-terms` that answers CHECKOUT_TERMS unless a test says otherwise. */
export function installOrdersBackend(routes: Routes) {
  const table: Routes = { 'GET checkout-terms': () => ok(CHECKOUT_TERMS), ...routes };
  const calls = installFakeFetch((call) =>
    call.path.endsWith('/logo')
      ? { status: 200, blob: new Blob(['png'], { type: 'image/png' }) }
      : (table[`${call.method} ${call.path}`]?.(call) ?? refused(404, 'Not found')),
  );
  return {
    calls,
    callsTo: (methodAndPath: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === methodAndPath),
  };
}

const AED = { code: 'AED', symbol: 'AED' };

export function order(id: number, changes: Partial<Order> = {}): Order {
  return {
    id,
    order_id: `GS-2611-00004${id}`,
    created_at: '2026-11-20 10:15',
    order_status: 'Pending',
    payment_status: 'Pending',
    payment_method: 'Money Exchange Transfer',
    products_total_cost: 120,
    shipping_cost: 15,
    total_amount: 135.5,
    vat_rate: 5,
    vat_amount: 6.43,
    currency: AED,
    ...changes,
  };
}

export function orderedProduct(id: number, changes: Partial<OrderedProduct> = {}): OrderedProduct {
  return {
    id,
    price: 60,
    quantity: 2,
    total: 120,
    product: {
      id: 50 + id,
      title: `Rose Box ${id}`,
      slug: `rose-box-${id}`,
      image: `/images/products/${50 + id}.jpg`,
      category: { name: 'Flowers' },
      subCategory: { name: 'Roses' },
      type: { name: 'Gifts' },
    },
    customization: null,
    packaging: null,
    review_submitted: false,
    feedback_submitted: false,
    can_review: true,
    can_give_feedback: true,
    ...changes,
  };
}

export function orderDetail(id: number, changes: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...order(id),
    ordered_products: [orderedProduct(1)],
    proofOfPayment: null,
    can_upload_proof: true,
    address: {
      first_name: 'Omar',
      last_name: 'Khan',
      mobile: '0501234567',
      address: '1 Palm Street',
      city: 'Dubai',
      country: 'United Arab Emirates',
    },
    log: [{ created_at: '2026-11-20 10:15', action: 'Order placed' }],
    ...changes,
  };
}
