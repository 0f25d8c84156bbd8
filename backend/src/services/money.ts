/**
 * Cart amounts use the same conversion and rounding as the front ends (shared/src/money), so the
 * shopper sees exactly what the server charges. Imported by file, not through @shop/shared's
 * index, which would drag the React UI kit into the server.
 */
import type { Currency } from '@shop/contract';
import { convertFromUsd, decimalPlacesOf, roundTo } from '@shop/contract/money';

export { convertFromUsd };

/** What prices a cart beyond its goods: the VAT every price includes (config VAT_RATE). */
export interface Pricing {
  /** Percent, e.g. 5. */
  vatRate: number;
  /** Products (with their gift options) worth at least this many USD ship free; absent or null: no such rule. */
  freeShippingOverUsd?: number | null;
}

/** Adds amounts that are already in `currency`, keeping float noise out of the total. */
export function sumAmounts(amounts: readonly number[], currency: Currency): number {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return roundTo(total, decimalPlacesOf(currency));
}

/**
 * The VAT part of an amount that includes VAT at `vatRate` percent: amount × rate / (100 + rate),
 * rounded to the nearest unit of the currency's places (LBP: a whole pound). Not rounded up as
 * converted prices are: it is a share of an amount the shopper already pays, not a price.
 */
export function vatIncludedIn(amount: number, vatRate: number, currency: Currency): number {
  if (vatRate <= 0) return 0;
  return roundTo((amount * vatRate) / (100 + vatRate), decimalPlacesOf(currency));
}
