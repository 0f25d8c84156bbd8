/**
 * Price filter rules (spec 000, section 5): negatives are made positive, zero counts as empty,
 * min must be less than max, and Go is disabled while an error shows.
 */
import { MESSAGES } from '@shop/contract/validation/messages';

export interface PriceInput {
  min: string;
  max: string;
}
export interface PriceErrors {
  min?: string;
  max?: string;
}

/** What a typed value becomes: the minus sign dropped (negatives made positive). */
export function normalizePriceText(raw: string): string {
  return raw.replace(/-/g, '').trim();
}

/** The number a field stands for; null when empty, zero or not a number (zero counts as empty). */
export function priceValue(text: string): number | null {
  const normalized = normalizePriceText(text);
  if (normalized === '') return null;
  const n = Number(normalized);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * Errors for a pair of bounds. The message sits on the field the shopper just changed: a min at
 * or above max reads 'less than max', a max at or below min reads 'more than min'.
 */
export function validatePrice(input: PriceInput, edited: 'min' | 'max'): PriceErrors {
  const min = priceValue(input.min);
  const max = priceValue(input.max);
  if (min === null || max === null || min < max) return {};
  return edited === 'min' ? { min: MESSAGES.priceLessThanMax } : { max: MESSAGES.priceMoreThanMin };
}

export function hasPriceErrors(errors: PriceErrors): boolean {
  return Boolean(errors.min || errors.max);
}

/** The API's base currency: product prices, price-min-usd and price-max-usd are in it. */
export const BASE_CURRENCY = 'USD';

export interface PriceBounds {
  priceMin: number | null;
  priceMax: number | null;
  /** The currency of priceMin / priceMax; null: USD. */
  currency: string | null;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
}

export interface UsdBounds {
  min: number | null;
  max: number | null;
}

/**
 * The USD bounds a listing URL puts in force, read as the API reads them: bounds in a currency
 * are divided by its rate (units per 1 USD), and where both kinds are given the tighter wins. A
 * currency whose rate is not known (yet) adds nothing.
 */
export function activeUsdBounds(
  bounds: PriceBounds,
  rateOf: (code: string) => number | undefined,
): UsdBounds {
  let min = bounds.priceMinUsd;
  let max = bounds.priceMaxUsd;
  const code = (bounds.currency ?? BASE_CURRENCY).toUpperCase();
  const rate = code === BASE_CURRENCY ? 1 : rateOf(code);
  if (rate !== undefined && rate > 0) {
    if (bounds.priceMin !== null) min = Math.max(min ?? 0, bounds.priceMin / rate);
    if (bounds.priceMax !== null)
      max = max === null ? bounds.priceMax / rate : Math.min(max, bounds.priceMax / rate);
  }
  return { min, max };
}

/** A USD amount in a currency (`rate` units per USD), rounded to its decimal places. */
export function usdIn(usd: number, rate: number, decimalPlaces: number): number {
  const factor = 10 ** decimalPlaces;
  return Math.round(usd * rate * factor) / factor;
}

/** 'from 20 USD to 60 USD', 'from 20 USD', 'up to 60 USD'; null when no bound is in force. */
export function describeUsdBounds({ min, max }: UsdBounds): string | null {
  const usd = (amount: number) => `${usdIn(amount, 1, 2)} ${BASE_CURRENCY}`;
  if (min !== null && max !== null) return `from ${usd(min)} to ${usd(max)}`;
  if (min !== null) return `from ${usd(min)}`;
  if (max !== null) return `up to ${usd(max)}`;
  return null;
}
