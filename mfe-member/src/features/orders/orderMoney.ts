import { formatMoney, MAX_DECIMAL_PLACES, type Order } from '@shop/shared';

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
