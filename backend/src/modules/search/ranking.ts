/**
 * What a search text means, as a ranked list of product ids. A word matches a product when the
 * product's own text holds it (title over descriptions, its full-text vector) or when the product
 * sits under a type, category or sub-category whose name holds it ('gift' finds the Gifts
 * department), or in a line of that name ('exclusive'). Every word must match; the last one is a
 * prefix, since a shopper typing is in the middle of their last word.
 *
 * PostgreSQL only stems words no title holds (one round trip, no table read); the search index
 * (searchIndex.ts) finds and ranks the products in memory, as ts_rank and word_similarity would.
 */
import type { Database } from '../../db/client';
import { type SearchIndex, type SearchTerm, stemWords, type TextConfig } from './searchIndex';

export { SEARCH_CANDIDATES_MAX } from './searchIndex';

/** Typo matching (trigrams) only for texts long enough not to match half the catalogue. */
const TRIGRAM_MIN_LENGTH = 5;

/** Words are runs of letters and digits only, so nothing the shopper types is read as tsquery syntax. */
export const searchWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The words as the search asks for them. The English configuration stems words and drops stop
 * words ('her', 'can', 'all'): stop words among other words are left out (as English full text
 * does: 'gifts for her' means gifts), and a text of stop words only is matched word by word as
 * prefixes with the simple configuration ('her' finds Heritage, 'can' Candle, 'all' All-weather),
 * so no search is emptied by its stop words. Both configurations' lexemes of every word come from
 * the index when all are words of titles (stemmed as the catalogue loaded) or words searched
 * before (kept by the index, at most 10,000), else from one statement that reads no table.
 */
export async function searchTerms(
  db: Database,
  index: SearchIndex,
  words: readonly string[],
): Promise<{ config: TextConfig; terms: SearchTerm[] }> {
  let stems = index.stemsOf(words);
  if (!stems) {
    stems = await stemWords(db, words);
    index.rememberStems(words, stems);
  }
  const last = stems.length - 1;
  const termsOf = (config: TextConfig, prefixAll: boolean) =>
    stems.flatMap((stem, at) => stem[config].map((lexeme) => ({ lexeme, prefix: prefixAll || at === last })));
  const english = termsOf('english', false);
  if (english.length > 0) return { config: 'english', terms: english };
  // Stop words only (rare): asked again, as prefixes in the simple configuration.
  return { config: 'simple', terms: termsOf('simple', true) };
}

/**
 * The products a search text means, most relevant first. Only when nothing matches (a typo) and
 * the text has 5+ characters, titles similar to the text answer instead (`q <% title`), ranked
 * by word similarity. `index` must be current (the catalogue feed refreshed for this request).
 */
export async function rankSearch(db: Database, index: SearchIndex, text: string): Promise<number[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const { config, terms } = await searchTerms(db, index, words);
  const found = index.rankTerms(config, terms);
  if (found.length > 0 || text.length < TRIGRAM_MIN_LENGTH) return found;
  return index.similarTitles(text);
}
