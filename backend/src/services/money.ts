/**
 * Cart amounts use the same conversion and rounding as the front ends (shared/src/money), so the
 * shopper sees exactly what the server charges. Imported by file, not through @shop/shared's
 * index, which would drag the React UI kit into the server.
 */
import type { Currency } from '@shop/shared/api-types';
import { convertFromUsd, decimalPlacesOf, roundTo } from '@shop/shared/money';

export { convertFromUsd };

/** Adds amounts that are already in `currency`, keeping float noise out of the total. */
export function sumAmounts(amounts: readonly number[], currency: Currency): number {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return roundTo(total, decimalPlacesOf(currency));
}
