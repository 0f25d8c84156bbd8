/**
 * Prices are kept in USD and shown in the selected currency. The backend uses the same functions
 * to price a cart, so the shopper sees exactly what the order will charge. Pure: no DOM, no React.
 */
import type { Currency } from '../types';

/** Spec: price display up to 3 decimals. */
export const MAX_DECIMAL_PLACES = 3;
/** Spec: LBP is rounded up to a whole number. */
export const ROUND_UP_TO_WHOLE_CURRENCIES: readonly string[] = ['LBP'];
/**
 * amount × rate carries binary noise in the last bits (1119000.0000000002); rounding to this many
 * places first removes it without touching any real digit of a price.
 */
const FLOAT_NOISE_PLACES = 6;

/** Moves the decimal point through the number's text, so 1.005 stays 1.005 and not 1.00499… */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Rounds half away from zero at `places` decimals, on the decimal value as written. */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const rounded = shiftDecimal(Math.round(shiftDecimal(Math.abs(value), places)), -places);
  return rounded === 0 ? 0 : sign * rounded;
}

export function decimalPlacesOf(currency: Currency): number {
  const places = Math.trunc(currency.decimal_places);
  return Number.isFinite(places) ? Math.min(Math.max(places, 0), MAX_DECIMAL_PLACES) : 0;
}

function roundsUpToWhole(currency: Currency): boolean {
  return ROUND_UP_TO_WHOLE_CURRENCIES.includes(currency.code);
}

/** A USD amount in `currency`, rounded by the currency's rules. */
export function convertFromUsd(amountUsd: number, currency: Currency): number {
  const exact = roundTo(amountUsd * currency.exchange_rate, FLOAT_NOISE_PLACES);
  if (roundsUpToWhole(currency)) return Math.ceil(exact);
  return roundTo(exact, decimalPlacesOf(currency));
}

/** A symbol that ends in a letter ('AED', 'KD') is followed by a space; '$' is not. */
function symbolPrefix(symbol: string): string {
  return /\p{L}$/u.test(symbol) ? `${symbol} ` : symbol;
}

/** An amount already in `currency`: '$12.50', 'AED 45.91', 'LBP 1,119,000', 'KD 3.845'. */
export function formatMoney(amount: number, currency: Currency): string {
  const places = roundsUpToWhole(currency) ? 0 : decimalPlacesOf(currency);
  const rounded = roundTo(amount, places);
  const [whole = '0', fraction] = Math.abs(rounded).toFixed(places).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${symbolPrefix(currency.symbol)}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A USD price as the shopper sees it in `currency`. */
export function formatPrice(amountUsd: number, currency: Currency): string {
  return formatMoney(convertFromUsd(amountUsd, currency), currency);
}

/** Discount badge: rounded percent of (old price − price) over old price; null when no discount. */
export function discountPercent(price: number, oldPrice: number | null | undefined): number | null {
  if (oldPrice === null || oldPrice === undefined || !(oldPrice > 0) || !(oldPrice > price)) return null;
  return Math.round(roundTo(((oldPrice - price) / oldPrice) * 100, FLOAT_NOISE_PLACES));
}

/** The decimals an amount is written with (3.845 → 3). */
const decimalsOf = (amount: number) => (String(amount).split('.')[1] ?? '').length;

/**
 * An order amount, already in the order's currency, with its symbol (spec §9: the symbol comes
 * from the order). An order carries only `{code, symbol}`, not the currency's decimal places, so
 * cents are shown as 2 places, or 3 when the amount has 3 (KD); LBP stays whole (formatMoney).
 * The member's order pages and the back office write order amounts with it.
 */
export function orderMoney(amount: number, currency: { code: string; symbol: string }): string {
  const places = Math.min(Math.max(2, decimalsOf(amount)), MAX_DECIMAL_PLACES);
  return formatMoney(amount, { ...currency, exchange_rate: 1, decimal_places: places });
}
