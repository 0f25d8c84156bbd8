import { MAX_DECIMAL_PLACES, type OrderedProduct, roundTo } from '@shop/shared';

/** An order amount in the order's currency: one rule for the member's pages and the back office. */
export { orderMoney } from '@shop/contract/money';

/** One ordered product's amounts, each on its own line of the order page. */
export interface OrderLineAmounts {
  unit: number;
  quantity: number;
  /** unit × quantity: the products alone. */
  products: number;
  customization: number | null;
  packaging: number | null;
  /** The line with its gift options (the server's `total`). */
  total: number;
}

/**
 * Splits an ordered product into unit × quantity = products, then its customization and its
 * packaging, then the line total, so the page never writes "60 × 2 = 135" (the total carries the
 * gift options, the product line does not).
 */
export function orderLineAmounts(item: OrderedProduct): OrderLineAmounts {
  return {
    unit: item.price,
    quantity: item.quantity,
    products: roundTo(item.price * item.quantity, MAX_DECIMAL_PLACES),
    customization: item.customization ? item.customization.price : null,
    packaging: item.packaging ? item.packaging.price : null,
    total: item.total,
  };
}
