/**
 * What a search text means, as a ranked list of product ids. A word matches a product when the
 * product's own text holds it (title over descriptions, the full-text index) or when the product
 * sits under a type, category or sub-category whose name holds it ('gift' finds the Gifts
 * department), or in a line of that name ('exclusive'). Every word must match; the last one is a
 * prefix, since a shopper typing is in the middle of their last word.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { PRODUCT_LINES } from '../db/schema';

/** A search ranks at most this many products; `_meta.totalCount` stops there. */
export const SEARCH_CANDIDATES_MAX = 10_000;
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

/** One word as the search asks for it: its tsquery text and where its taxonomy finds it. */
interface WordMatch {
  term: string;
  subCategoryIds: number[];
  lines: string[];
}

interface WordRow {
  content: boolean;
  english_subs: number[];
  english_lines: string[];
  simple_subs: number[];
  simple_lines: string[];
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
): Promise<{ config: 'english' | 'simple'; matches: WordMatch[] }> {
  const last = words.length - 1;
  const englishTerms = words.map((word, index) => (index === last ? `${word}:*` : word));
  const simpleTerms = words.map((word) => `${word}:*`);
  // Taxonomy paths (type, category and sub-category names) and lines are a few dozen rows: their
  // vectors are built here rather than kept.
  const taxonomy = (config: string, term: SQL) => sql`
    ARRAY(SELECT s.id FROM sub_categories s JOIN categories c ON c.id = s.category_id
      JOIN product_types t ON t.id = c.type_id
      WHERE to_tsvector(${config}::regconfig, t.name || ' ' || c.name || ' ' || s.name) @@ to_tsquery(${config}::regconfig, ${term})
      ORDER BY s.id),
    ARRAY(SELECT l FROM unnest(${textArray(PRODUCT_LINES)}) l
      WHERE to_tsvector(${config}::regconfig, l) @@ to_tsquery(${config}::regconfig, ${term}))`;
  const rows = rowsOf<WordRow>(
    await db.execute(sql`SELECT length(to_tsvector('english', u.word)) > 0 AS content,
      e.subs AS english_subs, e.lines AS english_lines, s.subs AS simple_subs, s.lines AS simple_lines
      FROM unnest(${textArray(words)}, ${textArray(englishTerms)}, ${textArray(simpleTerms)})
        WITH ORDINALITY AS u(word, english_term, simple_term, n)
      CROSS JOIN LATERAL (SELECT ${taxonomy('english', sql`u.english_term`)}) AS e(subs, lines)
      CROSS JOIN LATERAL (SELECT ${taxonomy('simple', sql`u.simple_term`)}) AS s(subs, lines)
      ORDER BY u.n`),
  );
  const content = rows.flatMap((row, index) => {
    const term = englishTerms[index];
    if (!row.content || term === undefined) return [];
    return [{ term, subCategoryIds: row.english_subs.map(Number), lines: row.english_lines }];
  });
  if (content.length > 0) return { config: 'english', matches: content };
  return {
    config: 'simple',
    matches: rows.flatMap((row, index) => {
      const term = simpleTerms[index];
      return term === undefined
        ? []
        : [{ term, subCategoryIds: row.simple_subs.map(Number), lines: row.simple_lines }];
    }),
  };
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
  config: 'english' | 'simple',
  matches: readonly WordMatch[],
): Promise<number[]> {
  const queryOf = (term: string) => sql`to_tsquery(${config}::regconfig, ${term})`;
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
