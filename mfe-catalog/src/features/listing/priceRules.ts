/**
 * Price filter rules (spec 000, section 5): negatives are made positive, zero counts as empty,
 * min must be less than max, and Go is disabled while an error shows.
 */
import { MESSAGES } from '@shop/shared/validation/messages';

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
