import { formatMoney, MAX_DECIMAL_PLACES, type Order, type OrderedProduct, roundTo } from '@shop/shared';

/** The decimals an amount is written with (3.845 → 3). */
const decimalsOf = (amount: number) => (String(amount).split('.')[1] ?? '').length;

/**
 * An order amount, already in the order's currency, with its symbol (spec §9: the symbol comes
 * from the order). An order carries only `{code, symbol}`, not the currency's decimal places, so
 * cents are shown as 2 places, or 3 when the amount has 3 (KD); LBP stays whole (formatMoney).
 */
export function orderMoney(amount: number, currency: Order['currency']): string {
  const places = Math.min(Math.max(2, decimalsOf(amount)), MAX_DECIMAL_PLACES);
  return formatMoney(amount, { ...currency, exchange_rate: 1, decimal_places: places });
}

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
