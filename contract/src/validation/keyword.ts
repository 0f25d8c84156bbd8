import { MESSAGES } from './messages';

/** Shortest keyword the listing filter, the search box and the search API act on. */
export const KEYWORD_MIN = 3;
/**
 * Longest search text the API takes (q of products and suggestions); the search box and the
 * keyword filter stop typing there, so a shopper never sends what the API refuses.
 */
export const SEARCH_TEXT_MAX = 200;

/**
 * The listing keyword filter's message for a text, or null when it may be applied (spec 000,
 * section 5): 'Please enter value' when empty, at least 3 letters after trimming. A plain rule,
 * not a Yup schema: it runs on every keystroke of the listing page, which does not load Yup.
 */
export function keywordError(text: string): string | null {
  const keyword = text.trim();
  if (keyword === '') return MESSAGES.keywordRequired;
  if (keyword.length < KEYWORD_MIN) return MESSAGES.keywordTooShort;
  return null;
}
