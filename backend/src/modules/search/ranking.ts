/**
 * What a search text means, as a ranked list of product ids. A word matches a product when the
 * product's own text holds it (title over descriptions, the full-text index) or when the product
 * sits under a type, category or sub-category whose name holds it ('gift' finds the Gifts
 * department), or in a line of that name ('exclusive'). Every word must match; the last one is a
 * prefix, since a shopper typing is in the middle of their last word.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { PRODUCT_LINES } from '../../db/schema';
import {
  type TextConfig as IndexConfig,
  parseVector,
  SEARCH_CANDIDATES_MAX,
  type SearchIndex,
  type SearchTerm,
} from './searchIndex';

export { SEARCH_CANDIDATES_MAX };

/** Typo matching (trigrams) only for texts long enough not to match half the catalogue. */
const TRIGRAM_MIN_LENGTH = 5;
/**
 * What a word found in a product's taxonomy or line adds to its rank: below any word found in its
 * own text (ts_rank gives one description word about 0.024, one title word about 0.06), so text
 * matches come first and the taxonomy orders ties and brings in the rest of the department.
 */
const TAXONOMY_RANK = 0.01;

/** Words are runs of letters and digits only, so nothing the shopper types is read as tsquery syntax. */
export const searchWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The text search configurations a search uses: English (stemmed), simple for stop words. */
type TextConfig = 'english' | 'simple';

/** One word as the search asks for it: its tsquery text and where its taxonomy finds it. */
interface WordMatch {
  term: string;
  subCategoryIds: number[];
  lines: string[];
}

interface WordRow {
  content: boolean;
  subs: number[];
  lines: string[];
}

/** A text[] parameter (one parameter whatever the count); every element quoted, so 'null' is a word. */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`}::text[]`;
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The words as the search asks for them. The English configuration stems words and drops stop
 * words ('her', 'can', 'all'): stop words among other words are left out (as English full text
 * does: 'gifts for her' means gifts), and a text of stop words only is matched word by word as
 * prefixes with the simple configuration ('her' finds Heritage, 'can' Candle, 'all' All-weather),
 * so no search is emptied by its stop words.
 */
async function wordMatches(
  db: Database,
  words: readonly string[],
): Promise<{ config: TextConfig; matches: WordMatch[] }> {
  const last = words.length - 1;
  const english = await taxonomyOfWords(
    db,
    'english',
    words,
    words.map((word, index) => (index === last ? `${word}:*` : word)),
  );
  const content = english.filter((match) => match.content);
  if (content.length > 0) return { config: 'english', matches: content };
  // Stop words only (rare): asked again, as prefixes in the simple configuration.
  const simple = await taxonomyOfWords(
    db,
    'simple',
    words,
    words.map((word) => `${word}:*`),
  );
  return { config: 'simple', matches: simple };
}

/**
 * Per word: whether English full text keeps it (not a stop word), and the sub-categories and
 * lines whose names match its term. Taxonomy paths (type, category and sub-category names) and
 * lines are a few dozen rows: their vectors are built here rather than kept.
 */
async function taxonomyOfWords(
  db: Database,
  config: TextConfig,
  words: readonly string[],
  terms: readonly string[],
): Promise<(WordMatch & { content: boolean })[]> {
  const rows = rowsOf<WordRow>(
    await db.execute(sql`WITH tax AS MATERIALIZED (
        SELECT s.id, to_tsvector(${config}::regconfig, t.name || ' ' || c.name || ' ' || s.name) AS v
        FROM sub_categories s JOIN categories c ON c.id = s.category_id JOIN product_types t ON t.id = c.type_id
      )
      SELECT length(to_tsvector('english', u.word)) > 0 AS content,
        ARRAY(SELECT tax.id FROM tax WHERE tax.v @@ to_tsquery(${config}::regconfig, u.term) ORDER BY tax.id) AS subs,
        ARRAY(SELECT l FROM unnest(${textArray(PRODUCT_LINES)}) l
          WHERE to_tsvector(${config}::regconfig, l) @@ to_tsquery(${config}::regconfig, u.term)) AS lines
      FROM unnest(${textArray(words)}, ${textArray(terms)}) WITH ORDINALITY AS u(word, term, n)
      ORDER BY u.n`),
  );
  return rows.flatMap((row, index) => {
    const term = terms[index];
    return term === undefined
      ? []
      : [{ term, content: row.content, subCategoryIds: row.subs.map(Number), lines: row.lines }];
  });
}

/** The word's taxonomy condition; an empty list is left out so the planner can use the other index. */
function inTaxonomy(match: WordMatch): SQL {
  const parts = [
    ...(match.subCategoryIds.length > 0
      ? [sql`products.sub_category_id = ANY(${intArray(match.subCategoryIds)})`]
      : []),
    ...(match.lines.length > 0 ? [sql`products.line = ANY(${textArray(match.lines)})`] : []),
  ];
  return parts.length === 0 ? sql`FALSE` : sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * The ranking, in two parts so the full-text vectors are only read for products whose text holds
 * one of the words (the GIN index finds them): those are checked word by word and ranked by
 * ts_rank; products found by their taxonomy alone come from the sub-category index, ranked by
 * the taxonomy only. A product in both keeps its better rank.
 */
async function rankedByMeaning(
  db: Database,
  config: TextConfig,
  matches: readonly WordMatch[],
): Promise<number[]> {
  const queryOf = (term: string) => sql`to_tsquery(${config}::regconfig, ${term})`;
  if (matches.every((match) => match.subCategoryIds.length + match.lines.length === 0)) {
    // No word names a department or line: plain full text, every word through the index at once.
    const everyWord = queryOf(matches.map((match) => match.term).join(' & '));
    return rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM products WHERE search_vector @@ ${everyWord}
        ORDER BY ts_rank(search_vector, ${everyWord}) DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`),
    ).map((row) => Number(row.id));
  }
  const anyWord = queryOf(matches.map((match) => match.term).join(' | '));
  const taxonomyRank = sql.join(
    matches.map((match) => sql`CASE WHEN ${inTaxonomy(match)} THEN ${TAXONOMY_RANK}::float8 ELSE 0 END`),
    sql` + `,
  );
  const everyWord = sql.join(
    matches.map((match) => sql`(products.search_vector @@ ${queryOf(match.term)} OR ${inTaxonomy(match)})`),
    sql` AND `,
  );
  const byText = sql`SELECT products.id, ts_rank(products.search_vector, ${anyWord}) + ${taxonomyRank} AS rank
    FROM products WHERE products.search_vector @@ ${anyWord} AND ${everyWord}`;
  const taxonomyFinds = matches.every((match) => match.subCategoryIds.length + match.lines.length > 0);
  const byTaxonomy = sql`SELECT products.id, ${matches.length * TAXONOMY_RANK}::float8 AS rank
    FROM products WHERE ${sql.join(matches.map(inTaxonomy), sql` AND `)}`;
  const ranked = taxonomyFinds
    ? sql`SELECT id FROM (${byText} UNION ALL ${byTaxonomy}) found GROUP BY id
        ORDER BY max(rank) DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`
    : sql`${byText} ORDER BY rank DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`;
  return rowsOf<{ id: number }>(await db.execute(ranked)).map((row) => Number(row.id));
}

/**
 * The products a search text means, most relevant first. Only when nothing matches (a typo) and
 * the text has 5+ characters, the title trigram index answers `q <% title` instead, ranked by
 * word similarity.
 */
export async function rankSearch(db: Database, text: string): Promise<number[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const { config, matches } = await wordMatches(db, words);
  const found = await rankedByMeaning(db, config, matches);
  if (found.length > 0 || text.length < TRIGRAM_MIN_LENGTH) return found;
  return rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM products WHERE ${text} <% title
      ORDER BY word_similarity(${text}, title) DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`),
  ).map((row) => Number(row.id));
}

/**
 * The words as the search index asks for them (the stop-word rule of wordMatches): English
 * lexemes, the last word a prefix; a text of stop words only as simple prefixes. Both
 * configurations' lexemes of every word come back in one statement that reads no table.
 */
export async function searchTerms(
  db: Database,
  words: readonly string[],
): Promise<{ config: IndexConfig; terms: SearchTerm[] }> {
  const rows = rowsOf<{ english: string; simple: string }>(
    await db.execute(sql`SELECT to_tsvector('english', u.word)::text AS english, to_tsvector('simple', u.word)::text AS simple
      FROM unnest(${textArray(words)}) WITH ORDINALITY AS u(word, n) ORDER BY u.n`),
  );
  const last = rows.length - 1;
  const termsOf = (config: IndexConfig, prefixAll: boolean) =>
    rows.flatMap((row, index) =>
      parseVector(row[config]).map((entry) => ({
        lexeme: entry.lexeme,
        prefix: prefixAll || index === last,
      })),
    );
  const english = termsOf('english', false);
  if (english.length > 0) return { config: 'english', terms: english };
  return { config: 'simple', terms: termsOf('simple', true) };
}

/** rankSearch over the search index (not yet wired: the catalogue feed brings it up to date). */
export async function rankWithIndex(db: Database, index: SearchIndex, text: string): Promise<number[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const { config, terms } = await searchTerms(db, words);
  const found = index.rankTerms(config, terms);
  if (found.length > 0 || text.length < TRIGRAM_MIN_LENGTH) return found;
  return index.similarTitles(text);
}
