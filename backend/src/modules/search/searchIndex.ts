/**
 * The search index: every product's full-text vector (search_vector: English lexemes, weights A
 * title / B descriptions, positions), its title words, its sub-category and line, kept in memory
 * per API instance as typed arrays, so a search is a pass over posting lists instead of a scan in
 * PostgreSQL. It is not a result cache: the catalogue feed brings it up to date with every
 * committed change before each request reads it (a CatalogueSubscriber), so it is never stale.
 *
 * Layout: a base built in one go (forward lists per product id, in id order, and from them the
 * inverted lists per lexeme and per title word, ids ascending) and, for products changed since,
 * a small overlay (their new data, which voids their base entries). When the overlay grows past
 * a share of the catalogue, the base is rebuilt from memory.
 *
 * What a search means (every word, taxonomy, prefixes, stop words, typos) is ranking.ts; this
 * file answers the two questions it asks: the products matching terms, ranked as ts_rank, and
 * the products whose title is like a text, ranked as word_similarity (textRank.ts).
 */
import { sql } from 'drizzle-orm';
import { type Database, WORD_SIMILARITY_THRESHOLD } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { PRODUCT_LINES, type ProductLine } from '../../db/schema';
import { type CatalogueSubscriber, onePerFeed } from '../products/catalogueFeed';
import {
  addEntry,
  anyWordRank,
  type DocumentMatches,
  entryWeight,
  rankAnyWord,
  rankEveryWord,
  trigramWords,
  WEIGHT_SHIFT,
} from './textRank';
import { TitleDictionary } from './titleDictionary';

/** The text search configurations a search uses: English (stemmed), simple for stop words. */
export type TextConfig = 'english' | 'simple';
/** One query term: a lexeme as the configuration made it, matched exactly or as a prefix. */
export interface SearchTerm {
  lexeme: string;
  prefix: boolean;
}

/** A search ranks at most this many products; `_meta.totalCount` stops there. */
export const SEARCH_CANDIDATES_MAX = 10_000;
/**
 * What a word found in a product's taxonomy or line adds to its rank: below any word found in its
 * own text (ts_rank gives one description word about 0.24, one title word about 0.6), so text
 * matches come first and the taxonomy orders ties and brings in the rest of the department.
 */
export const TAXONOMY_RANK = 0.01;
/**
 * Steps of reading a candidate's document (its entries, per query item) that one posting's step
 * is worth: summing ts_rank from the postings pays when they are fewer than this many per candidate.
 */
const SUM_STEPS_PER_DOCUMENT = 16;
/**
 * Steps of reading a candidate's document that one posting's step is worth when a term filters
 * the candidates: marking the term's postings pays when they are fewer than this many per candidate.
 */
const FILTER_STEPS_PER_DOCUMENT = 8;
/** productsOf sorts what it found below 1 / READ_BACK_SHARE of the ids; above, it reads the marks back in id order. */
const READ_BACK_SHARE = 16;
/** Products read per query while loading: a million rows never sit in memory as objects at once. */
const LOAD_BATCH = 20_000;
/** The overlay of changed products is folded into the base past this share of the catalogue… */
const OVERLAY_SHARE = 1 / 16;
/** …or this many products, whichever is more. */
const OVERLAY_MIN = 512;

interface ProductRow {
  id: number;
  title: string;
  vector: string;
  sub_category_id: number;
  line: ProductLine | null;
}

/** A text[] parameter (one parameter whatever the count); every element quoted, so 'null' is a word. */
export const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`}::text[]`;

/** A word's lexemes in the two configurations a search uses, as to_tsvector gives them. */
export type WordStems = Record<TextConfig, string[]>;

/** Searched words (not titles' words) whose lexemes the index keeps (SearchIndex.askedStems). */
const ASKED_STEMS_MAX = 10_000;

/** Words per stemming statement (the catalogue's title words at start-up). */
const STEM_BATCH = 10_000;

/** Each word's lexemes in both configurations, in one statement per STEM_BATCH words that reads no table. */
export async function stemWords(db: Database, words: readonly string[]): Promise<WordStems[]> {
  const stems: WordStems[] = [];
  for (let from = 0; from < words.length; from += STEM_BATCH) {
    const rows = rowsOf<{ english: string; simple: string }>(
      await db.execute(sql`SELECT to_tsvector('english', u.word)::text AS english, to_tsvector('simple', u.word)::text AS simple
        FROM unnest(${textArray(words.slice(from, from + STEM_BATCH))}) WITH ORDINALITY AS u(word, n) ORDER BY u.n`),
    );
    for (const row of rows) {
      stems.push({
        english: parseVector(row.english).map((entry) => entry.lexeme),
        simple: parseVector(row.simple).map((entry) => entry.lexeme),
      });
    }
  }
  return stems;
}

/** One lexeme of a tsvector with its packed positions (weight << 14 | position). */
interface VectorEntry {
  lexeme: string;
  positions: number[];
}

/**
 * A tsvector's text form ('candl':3A,15B 'gift':1A) as entries, in its own (lexeme) order.
 * Quotes and backslashes inside a lexeme are doubled.
 */
export function parseVector(text: string): VectorEntry[] {
  const entries: VectorEntry[] = [];
  scanVector(
    text,
    (lexeme) => entries.push({ lexeme, positions: [] }),
    (packed) => entries[entries.length - 1]?.positions.push(packed),
  );
  return entries;
}

/**
 * The same reading as parseVector without building objects (a million vectors at start-up):
 * each lexeme, then each of its packed positions, handed over as read.
 */
function scanVector(
  text: string,
  onLexeme: (lexeme: string) => void,
  onPosition: (packed: number) => void,
): void {
  const length = text.length;
  let i = 0;
  while (i < length) {
    if (text.charCodeAt(i) !== QUOTE) {
      i++;
      continue;
    }
    let lexeme = '';
    let from = i + 1;
    let j = from;
    while (j < length) {
      const char = text.charCodeAt(j);
      if (char === QUOTE) {
        if (text.charCodeAt(j + 1) !== QUOTE) break;
        lexeme += text.slice(from, j + 1);
        j += 2;
        from = j;
      } else if (char === BACKSLASH) {
        lexeme += text.slice(from, j);
        from = j + 1;
        j += 2;
      } else {
        j++;
      }
    }
    onLexeme(lexeme + text.slice(from, j));
    i = j + 1;
    if (text.charCodeAt(i) !== COLON) continue;
    i++;
    let position = 0;
    while (i < length) {
      const char = text.charCodeAt(i);
      if (char >= DIGIT_0 && char <= DIGIT_9) {
        position = position * 10 + char - DIGIT_0;
        i++;
        continue;
      }
      let weight = 0;
      if (char >= WEIGHT_A && char <= WEIGHT_D) {
        weight = WEIGHT_D - char;
        i++;
      }
      onPosition((weight << WEIGHT_SHIFT) | position);
      position = 0;
      if (text.charCodeAt(i) !== COMMA) break;
      i++;
    }
  }
}
const QUOTE = 39;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** 'A' (weight 3, the title) to 'D' (weight 0, printed without a letter). */
const WEIGHT_A = 65;
const WEIGHT_D = 68;

/** The per-product columns a load fills before they replace the ones in use. */
interface Columns {
  live: Uint8Array<ArrayBuffer>;
  subCategoryOf: Int32Array<ArrayBuffer>;
  lineOf: Uint8Array<ArrayBuffer>;
  fingerprints: Uint32Array<ArrayBuffer>;
  /** The product's title (TitleDictionary id). */
  titleOf: Int32Array<ArrayBuffer>;
  liveCount: number;
}

const newColumns = (capacity: number): Columns => ({
  live: new Uint8Array(capacity),
  subCategoryOf: new Int32Array(capacity),
  lineOf: new Uint8Array(capacity),
  fingerprints: new Uint32Array(capacity),
  titleOf: new Int32Array(capacity),
  liveCount: 0,
});

function writeColumns(columns: Columns, id: number, row: ProductRow): void {
  columns.live[id] = 1;
  columns.liveCount++;
  columns.subCategoryOf[id] = Number(row.sub_category_id);
  columns.lineOf[id] = (row.line === null ? -1 : PRODUCT_LINES.indexOf(row.line)) + 1;
  columns.fingerprints[id] = fingerprint(row);
}

/** FNV-1a: whether a reloaded product changed anything the index holds (a stock change does not). */
function fingerprint(row: ProductRow): number {
  const text = `${row.title}\u0000${row.vector}\u0000${row.sub_category_id}\u0000${row.line ?? ''}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** An append-only typed array. */
class IntList {
  private data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(Math.max(capacity, 16));
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** A product changed since the base was built: its own forward lists. */
interface ProductDoc {
  lexemes: Int32Array;
  posStart: Int32Array;
  positions: Uint16Array;
}

/** Forward lists of every product by id: lexeme entries with positions. */
interface Forward {
  /** Ids below this have their entries here (unless replaced by the overlay). */
  capacity: number;
  lexemeStart: Int32Array;
  lexemes: Int32Array;
  posStart: Int32Array;
  positions: Uint16Array;
}

/** Builds the forward lists in ascending id order. */
class ForwardBuilder {
  private readonly lexemeStart: Int32Array;
  private readonly lexemes = new IntList(1 << 16);
  private readonly posStart = new IntList(1 << 16);
  private readonly positions = new IntList(1 << 16);
  private nextId = 0;
  constructor(private readonly capacity: number) {
    this.lexemeStart = new Int32Array(capacity + 1);
  }
  private advanceTo(id: number): void {
    for (; this.nextId <= id; this.nextId++) this.lexemeStart[this.nextId] = this.lexemes.length;
  }
  /** Starts the product `id` (ids ascending); its entries and positions follow. */
  begin(id: number): void {
    this.advanceTo(id);
  }
  entry(lexeme: number): void {
    this.lexemes.push(lexeme);
    this.posStart.push(this.positions.length);
  }
  position(packed: number): void {
    this.positions.push(packed);
  }
  /** The product `id`'s lexeme entries (lexeme id, positions). */
  append(id: number, entries: Iterable<[number, ArrayLike<number>]>): void {
    this.advanceTo(id);
    for (const [lexeme, positions] of entries) {
      this.lexemes.push(lexeme);
      this.posStart.push(this.positions.length);
      for (let i = 0; i < positions.length; i++) this.positions.push(positions[i] ?? 0);
    }
  }
  finish(): Forward {
    this.advanceTo(this.capacity);
    this.posStart.push(this.positions.length);
    return {
      capacity: this.capacity,
      lexemeStart: this.lexemeStart,
      lexemes: this.lexemes.toArray(),
      posStart: this.posStart.toArray(),
      positions: Uint16Array.from(this.positions.toArray()),
    };
  }
}

/** Ids per key (lexeme or title), ascending: `ids[start[key] .. start[key + 1])`. */
interface Postings {
  start: Int32Array;
  ids: Int32Array;
}

/** Lexeme postings, each with its entry's weight in ts_rank's sum (textRank.ts entryWeight). */
interface LexemePostings extends Postings {
  weights: Float32Array;
}

/** Inverts forward lists (ids ascending, since the forward lists are in id order). */
function invert(
  keys: number,
  capacity: number,
  start: Int32Array,
  values: Int32Array,
  distinct: boolean,
  entryValues?: { of: Float32Array; into: Float32Array },
): Postings {
  const counts = new Int32Array(keys + 1);
  const seen = new Int32Array(keys).fill(-1);
  for (let id = 0; id < capacity; id++) {
    for (let k = start[id] ?? 0; k < (start[id + 1] ?? 0); k++) {
      const key = values[k] ?? 0;
      if (distinct && seen[key] === id) continue;
      seen[key] = id;
      counts[key + 1] = (counts[key + 1] ?? 0) + 1;
    }
  }
  for (let key = 0; key < keys; key++) counts[key + 1] = (counts[key + 1] ?? 0) + (counts[key] ?? 0);
  const ids = new Int32Array(counts[keys] ?? 0);
  const fill = counts.slice(0, keys);
  seen.fill(-1);
  for (let id = 0; id < capacity; id++) {
    for (let k = start[id] ?? 0; k < (start[id + 1] ?? 0); k++) {
      const key = values[k] ?? 0;
      if (distinct && seen[key] === id) continue;
      seen[key] = id;
      const at = fill[key] ?? 0;
      ids[at] = id;
      if (entryValues) entryValues.into[at] = entryValues.of[k] ?? 0;
      fill[key] = at + 1;
    }
  }
  return { start: counts, ids };
}

/** The live products (ids below `capacity`) per key of a column (a title, a sub-category, a line), ascending ids. */
function invertColumn(keys: number, capacity: number, column: ArrayLike<number>, live: Uint8Array): Postings {
  const start = new Int32Array(keys + 1);
  for (let id = 0; id < capacity; id++) {
    if (live[id] === 1) start[(column[id] ?? 0) + 1] = (start[(column[id] ?? 0) + 1] ?? 0) + 1;
  }
  for (let key = 0; key < keys; key++) start[key + 1] = (start[key + 1] ?? 0) + (start[key] ?? 0);
  const ids = new Int32Array(start[keys] ?? 0);
  const fill = start.slice(0, keys);
  for (let id = 0; id < capacity; id++) {
    if (live[id] !== 1) continue;
    const key = column[id] ?? 0;
    ids[fill[key] ?? 0] = id;
    fill[key] = (fill[key] ?? 0) + 1;
  }
  return { start, ids };
}

/** Names (a sub-category's path, a line) as lexemes of both configurations. */
interface TaxonomyEntry {
  id: number;
  english: string[];
  simple: string[];
}

/** Each sub-category's path (type, category, sub-category names) as lexemes: its taxonomy words. */
async function readSubCategoryNames(db: Database): Promise<TaxonomyEntry[]> {
  const rows = rowsOf<{ id: number; english: string; simple: string }>(
    await db.execute(sql`SELECT s.id, to_tsvector('english', t.name || ' ' || c.name || ' ' || s.name)::text AS english,
        to_tsvector('simple', t.name || ' ' || c.name || ' ' || s.name)::text AS simple
      FROM sub_categories s JOIN categories c ON c.id = s.category_id JOIN product_types t ON t.id = c.type_id
      ORDER BY s.id`),
  );
  const lexemesOf = (text: string) => parseVector(text).map((entry) => entry.lexeme);
  return rows.map((row) => ({
    id: Number(row.id),
    english: lexemesOf(row.english),
    simple: lexemesOf(row.simple),
  }));
}

const EMPTY_FORWARD: Forward = {
  capacity: 0,
  lexemeStart: new Int32Array(1),
  lexemes: new Int32Array(0),
  posStart: new Int32Array(1),
  positions: new Uint16Array(0),
};
const EMPTY_POSTINGS: Postings = { start: new Int32Array(1), ids: new Int32Array(0) };
const EMPTY_LEXEME_POSTINGS: LexemePostings = { ...EMPTY_POSTINGS, weights: new Float32Array(0) };

/** The base's lexeme postings with their entries' weights (ts_rank's per-entry sum, once per entry). */
function invertLexemes(keys: number, base: Forward): LexemePostings {
  const of = new Float32Array(base.lexemes.length);
  for (let k = 0; k < of.length; k++) {
    of[k] = entryWeight(base.positions, base.posStart[k] ?? 0, base.posStart[k + 1] ?? 0);
  }
  const into = new Float32Array(of.length);
  const postings = invert(keys, base.capacity, base.lexemeStart, base.lexemes, false, { of, into });
  return { ...postings, weights: into };
}

/** What a term (or each term) matches, before ranking. */
interface TermPlan {
  /** Lexeme ids the term matches, in lexeme order, and the same as a mask by lexeme id. */
  lexemes: number[];
  lexemeMask: Uint8Array;
  /** Masks by sub-category id and by line number (1-based): names the term matches. */
  subCategories: Uint8Array;
  lines: Uint8Array;
  /** Whether any sub-category or line name matches. */
  named: boolean;
}

export interface SearchIndexStats {
  products: number;
  lexemes: number;
  /** Distinct titles, their words and trigrams (TitleDictionary). */
  titles: number;
  titleWords: number;
  trigrams: number;
  overlay: number;
  /** Title words stemmed ahead (WordStems). */
  stems: number;
  /** Bytes held in typed arrays (the base and the per-product columns). */
  typedArrayBytes: number;
}

export interface SearchIndexOptions {
  /** The overlay is folded into the base past this many products at least (default OVERLAY_MIN). */
  overlayMin?: number;
}

export class SearchIndex implements CatalogueSubscriber {
  private readonly overlayMin: number;

  constructor(options: SearchIndexOptions = {}) {
    this.overlayMin = options.overlayMin ?? OVERLAY_MIN;
  }

  // Dictionaries: ids are stable between prunes (pruneDictionaries, when the base is rebuilt);
  // the sorted order is kept beside them for prefix lookups.
  private readonly lexemeIds = new Map<string, number>();
  private lexemes: string[] = [];
  private sortedLexemes: number[] = [];
  private readonly titles = new TitleDictionary();
  /**
   * The titles' words with their lexemes (stemWords): a search made of such words is stemmed
   * without a round trip. A function of the word and the text search configuration only, so it
   * is never stale; pruned with the titles.
   */
  private readonly stems = new Map<string, WordStems>();
  /**
   * Other words searched for (typos, prefixes being typed) with their lexemes, so a word asked
   * again is not stemmed again. Like `stems`, a function of the word alone, never stale; at most
   * ASKED_STEMS_MAX words, the oldest dropped first.
   */
  private readonly askedStems = new Map<string, WordStems>();

  // Per product id.
  private capacity = 0;
  private live = new Uint8Array(0);
  private subCategoryOf = new Int32Array(0);
  private lineOf = new Uint8Array(0);
  private fingerprints = new Uint32Array(0);
  private titleOf = new Int32Array(0);
  private replaced = new Uint8Array(0);
  private liveCount = 0;

  private base: Forward = EMPTY_FORWARD;
  private lexemePostings: LexemePostings = EMPTY_LEXEME_POSTINGS;
  /** The base's products per title. */
  private titlePostings: Postings = EMPTY_POSTINGS;
  /** The base's products per sub-category id and per line number (1-based; 0: none). */
  private subCategoryPostings: Postings = EMPTY_POSTINGS;
  private linePostings: Postings = EMPTY_POSTINGS;

  private readonly overlay = new Map<number, ProductDoc>();
  private readonly overlayLexemes = new Map<number, Set<number>>();
  private readonly overlayTitles = new Map<number, Set<number>>();

  private subCategoryNames: TaxonomyEntry[] = [];
  private lineNames: TaxonomyEntry[] = [];

  // Scratch per query (one query at a time: the event loop runs one).
  private stamp = new Int32Array(0);
  /** Per product id: ts_rank's running sum (`sums`), valid where `summed` holds the query's mark. */
  private summed = new Int32Array(0);
  private sums = new Float32Array(0);
  private generation = 0;
  /** Bitmap by product id, all zeros between calls (productsNamed). */
  private found = new Uint32Array(0);
  private readonly view: DocumentView = { ...EMPTY_VIEW };
  /** While reloadAll builds: new lexemes are sorted once at the end, not inserted one by one. */
  private building = false;

  /**
   * The taxonomy changed (a rename, a move, an entry added or deleted) and these products: the
   * sub-categories' words, read again, and those products (a product keeps its sub-category id
   * through a move, so its entries stay), not a rebuild of the whole index.
   */
  async reloadTaxonomy(db: Database, ids: readonly number[]): Promise<void> {
    const subCategoryNames = await readSubCategoryNames(db);
    await this.reloadProducts(db, ids);
    this.subCategoryNames = subCategoryNames;
  }

  /** Everything from the database: taxonomy names, then the products in batches. */
  async reloadAll(db: Database): Promise<void> {
    const subCategoryNames = await readSubCategoryNames(db);
    const lines = rowsOf<{ english: string; simple: string }>(
      await db.execute(sql`SELECT to_tsvector('english', l)::text AS english, to_tsvector('simple', l)::text AS simple
        FROM unnest(${`{${PRODUCT_LINES.join(',')}}`}::text[]) WITH ORDINALITY AS u(l, n) ORDER BY n`),
    );
    const [{ max } = { max: 0 }] = rowsOf<{ max: number | null }>(
      await db.execute(sql`SELECT max(id) AS max FROM products`),
    );
    const lexemesOf = (text: string) => parseVector(text).map((entry) => entry.lexeme);
    const lineNames = lines.map((row, index) => ({
      id: index + 1,
      english: lexemesOf(row.english),
      simple: lexemesOf(row.simple),
    }));
    // Built beside the index in use, batch by batch (a million rows never wait in memory), and
    // swapped in at the end with no await in between. Dictionaries only grow: searches running
    // meanwhile find the new entries with no postings in the base they read. A product above
    // `max` was committed after the feed's snapshot: the next refresh brings it.
    const capacity = Number(max ?? 0) + 1;
    const columns = newColumns(capacity);
    const builder = new ForwardBuilder(capacity);
    this.building = true;
    try {
      let after = 0;
      for (;;) {
        const batch = rowsOf<ProductRow>(
          await db.execute(sql`SELECT id, title, search_vector::text AS vector, sub_category_id, line
            FROM products WHERE id > ${after} AND id < ${capacity} AND archived_at IS NULL ORDER BY id LIMIT ${LOAD_BATCH}`),
        );
        for (const row of batch) {
          const id = Number(row.id);
          writeColumns(columns, id, row);
          builder.begin(id);
          scanVector(
            row.vector,
            (lexeme) => builder.entry(this.lexemeId(lexeme)),
            (packed) => builder.position(packed),
          );
          columns.titleOf[id] = this.titles.idOf(row.title);
        }
        if (batch.length < LOAD_BATCH) break;
        after = Number(batch[batch.length - 1]?.id ?? after);
      }
    } finally {
      this.building = false;
    }
    await this.stemTitleWords(db, this.titles.words());
    this.subCategoryNames = subCategoryNames;
    this.lineNames = lineNames;
    this.capacity = capacity;
    this.live = columns.live;
    this.subCategoryOf = columns.subCategoryOf;
    this.lineOf = columns.lineOf;
    this.fingerprints = columns.fingerprints;
    this.titleOf = columns.titleOf;
    this.liveCount = columns.liveCount;
    this.replaced = new Uint8Array(capacity);
    this.resetScratch(capacity);
    this.overlay.clear();
    this.overlayLexemes.clear();
    this.overlayTitles.clear();
    this.installBase(builder.finish());
  }

  /** These products changed (inserted, updated, archived or deleted: an archived or deleted id is simply gone). */
  async reloadProducts(db: Database, ids: readonly number[]): Promise<void> {
    const wanted = [...new Set(ids)];
    const byId = new Map<number, ProductRow>();
    for (let from = 0; from < wanted.length; from += LOAD_BATCH) {
      const chunk = wanted.slice(from, from + LOAD_BATCH);
      const rows = rowsOf<ProductRow>(
        await db.execute(sql`SELECT id, title, search_vector::text AS vector, sub_category_id, line
          FROM products WHERE id = ANY(${`{${chunk.join(',')}}`}::int[]) AND archived_at IS NULL`),
      );
      for (const row of rows) byId.set(Number(row.id), row);
    }
    // Before any change, so a failed statement leaves the index as it was.
    await this.stemTitleWords(
      db,
      [...byId.values()].flatMap((row) => trigramWords(row.title)),
    );
    for (const id of wanted) {
      const row = byId.get(id);
      if (row && id < this.capacity && this.live[id] === 1 && this.fingerprints[id] === fingerprint(row))
        continue;
      this.remove(id);
      if (row) this.add(id, row);
    }
    if (this.overlay.size > Math.max(this.overlayMin, this.liveCount * OVERLAY_SHARE)) this.compact();
  }

  /** The lexemes of these words when all are titles' words (no round trip), else undefined. */
  stemsOf(words: readonly string[]): WordStems[] | undefined {
    const stems: WordStems[] = [];
    for (const word of words) {
      const known = this.stems.get(word) ?? this.askedStems.get(word);
      if (!known) return undefined;
      stems.push(known);
    }
    return stems;
  }

  /** Keeps the lexemes PostgreSQL gave for searched words no title holds (see askedStems). */
  rememberStems(words: readonly string[], stems: readonly WordStems[]): void {
    words.forEach((word, index) => {
      const stem = stems[index];
      if (!stem || this.stems.has(word)) return;
      this.askedStems.delete(word);
      this.askedStems.set(word, stem);
    });
    for (const oldest of this.askedStems.keys()) {
      if (this.askedStems.size <= ASKED_STEMS_MAX) break;
      this.askedStems.delete(oldest);
    }
  }

  private async stemTitleWords(db: Database, words: Iterable<string>): Promise<void> {
    const missing = [...new Set(words)].filter((word) => !this.stems.has(word));
    if (missing.length === 0) return;
    const stems = await stemWords(db, missing);
    missing.forEach((word, index) => {
      const stem = stems[index];
      if (stem) this.stems.set(word, stem);
    });
  }

  stats(): SearchIndexStats {
    const base = this.base;
    const arrays = [
      this.live,
      this.subCategoryOf,
      this.lineOf,
      this.fingerprints,
      this.titleOf,
      this.replaced,
      this.stamp,
      this.summed,
      this.sums,
      base.lexemeStart,
      base.lexemes,
      base.posStart,
      base.positions,
      this.lexemePostings.start,
      this.lexemePostings.ids,
      this.lexemePostings.weights,
      this.titlePostings.start,
      this.titlePostings.ids,
      this.subCategoryPostings.start,
      this.subCategoryPostings.ids,
      this.linePostings.start,
      this.linePostings.ids,
      this.found,
    ];
    const titles = this.titles.stats();
    return {
      products: this.liveCount,
      lexemes: this.lexemes.length,
      titles: titles.titles,
      titleWords: titles.words,
      trigrams: titles.trigrams,
      overlay: this.overlay.size,
      stems: this.stems.size,
      typedArrayBytes:
        arrays.reduce((sum, array) => sum + array.byteLength, 0) + this.titles.typedArrayBytes(),
    };
  }

  /**
   * The products every term matches, in its text or (when `config` names the taxonomy's
   * configuration) in its sub-category's path or line, best first (ids for ties), at most
   * SEARCH_CANDIDATES_MAX. Ranked as the SQL did: when no term names a department or line,
   * ts_rank of every term at once; otherwise ts_rank of any term, plus TAXONOMY_RANK per term
   * its taxonomy holds, and TAXONOMY_RANK per term for products found by their taxonomy alone.
   */
  rankTerms(config: TextConfig, terms: readonly SearchTerm[]): number[] {
    if (terms.length === 0) return [];
    const plans = terms.map((term) => this.planOf(config, term));
    const byTaxonomy = plans.some((plan) => plan.named);
    const [only] = plans;
    if (plans.length === 1 && only && !only.named && only.lexemes.length === 1) {
      const lexeme = only.lexemes[0] ?? 0;
      if ((this.overlayLexemes.get(lexeme)?.size ?? 0) === 0) return this.rankLexeme(lexeme);
    }
    // The term with the fewest products drives; every other term filters its products.
    const sizes = plans.map(
      (plan) => this.postingCount(plan.lexemes) + (plan.named ? this.namedCount(plan) : 0),
    );
    const driver = sizes.indexOf(Math.min(...sizes));
    const driving = plans[driver];
    if (!driving) return [];
    let candidates = this.productsOf(driving);
    plans.forEach((plan, index) => {
      if (index !== driver) candidates = this.matching(candidates, plan);
    });
    if (candidates.length === 0) return [];

    // Query items as PostgreSQL ranks them: the unique terms, sorted (duplicates count once).
    const items = uniqueItems(plans.map((plan, index) => ({ term: terms[index], plan })));
    const ranks = new Float64Array(candidates.length);
    const scratch = new MatchScratch(items.length);
    // ts_rank of any word is a sum over the matched entries: read from the postings' weights when
    // that is fewer steps than reading every candidate's document (a word in many products).
    const anyWord = byTaxonomy || items.length < 2;
    const summed =
      anyWord &&
      this.postingCount(items.flatMap((item) => item.lexemes)) <= candidates.length * SUM_STEPS_PER_DOCUMENT
        ? this.sumEntries(items)
        : -1;
    // Imported functions called per product are read once (an import is a getter once compiled).
    const sumRank = anyWordRank;
    const everyWord = rankEveryWord;
    const anyWordOf = rankAnyWord;
    const itemCount = items.length;
    const { sums, subCategoryOf, lineOf } = this;
    const summedMarks = this.summed;
    const baseCapacity = this.base.capacity;
    const replaced = this.replaced;
    const taxonomyMasks = plans.map((plan) => ({ subCategories: plan.subCategories, lines: plan.lines }));
    const onlyTaxonomy = plans.length * TAXONOMY_RANK;
    for (let index = 0; index < candidates.length; index++) {
      const id = candidates[index] ?? 0;
      let rank: number;
      if (summed >= 0 && id < baseCapacity && replaced[id] !== 1) {
        // No entry matched: found by its taxonomy alone.
        if (summedMarks[id] !== summed) rank = -1;
        else rank = sumRank(sums[id] ?? 0, itemCount);
      } else {
        const matches = scratch.fill(this.documentOf(id), items);
        if (!anyWord) rank = everyWord(matches);
        else if (matches.itemStart[itemCount] === 0) rank = -1;
        else rank = anyWordOf(matches);
      }
      if (!byTaxonomy) {
        ranks[index] = rank;
      } else if (rank < 0) {
        ranks[index] = onlyTaxonomy;
      } else {
        // Added word by word, as SQL added its CASE terms to ts_rank: the same double.
        const subCategory = subCategoryOf[id] ?? 0;
        const line = lineOf[id] ?? 0;
        for (let at = 0; at < taxonomyMasks.length; at++) {
          const masks = taxonomyMasks[at];
          rank +=
            masks && (masks.subCategories[subCategory] === 1 || masks.lines[line] === 1) ? TAXONOMY_RANK : 0;
        }
        ranks[index] = rank;
      }
    }
    return bestFirst(candidates, ranks);
  }

  /**
   * One lexeme no changed product holds: its postings are the products, ids ascending, and
   * ts_rank is their one entry's weight (what sumEntries and the ranking pass would give).
   */
  private rankLexeme(lexeme: number): number[] {
    const { start, ids, weights } = this.lexemePostings;
    const from = start[lexeme] ?? 0;
    const to = start[lexeme + 1] ?? from;
    const { replaced } = this;
    const found = new Int32Array(to - from);
    const ranks = new Float64Array(to - from);
    const add = addEntry;
    const sumRank = anyWordRank;
    let count = 0;
    for (let k = from; k < to; k++) {
      const id = ids[k] ?? 0;
      if (replaced[id] === 1) continue;
      found[count] = id;
      ranks[count] = sumRank(add(0, weights[k] ?? 0), 1);
      count++;
    }
    return bestFirst(found.subarray(0, count), ranks.subarray(0, count));
  }

  /**
   * calc_rank_or's running sum of every base product holding an entry of the items, in the order
   * it adds them (items in order, each item's lexemes in lexeme order, as a document lists them).
   * Returns the mark that `summed` holds for the products summed.
   */
  private sumEntries(items: readonly QueryItem[]): number {
    this.scratch();
    const mark = ++this.generation;
    const { summed, sums, replaced } = this;
    const { start, ids, weights } = this.lexemePostings;
    const add = addEntry;
    for (const item of items) {
      for (const lexeme of item.lexemes) {
        const to = start[lexeme + 1] ?? 0;
        for (let k = start[lexeme] ?? 0; k < to; k++) {
          const id = ids[k] ?? 0;
          if (replaced[id] === 1) continue;
          const weight = weights[k] ?? 0;
          if (summed[id] === mark) {
            sums[id] = add(sums[id] ?? 0, weight);
          } else {
            summed[id] = mark;
            sums[id] = add(0, weight);
          }
        }
      }
    }
    return mark;
  }

  /**
   * The products whose title holds something like `text` (`text <% title`: word_similarity at
   * least WORD_SIMILARITY_THRESHOLD, the sessions' pg_trgm setting), most similar first, ids for
   * ties. Each distinct title is weighed and compared once (TitleDictionary), then listed.
   */
  similarTitles(text: string): number[] {
    // word_similarity is a ratio of small counts: its values are few, so the titles are grouped
    // by value and only the values sorted (not thousands of titles by a comparator).
    const groups = new Map<number, number[]>();
    for (const { title, similarity } of this.titles.similar(text, WORD_SIMILARITY_THRESHOLD)) {
      const group = groups.get(similarity);
      if (group) group.push(title);
      else groups.set(similarity, [title]);
    }
    const best: number[] = [];
    for (const similarity of [...groups.keys()].sort((a, b) => b - a)) {
      if (best.length >= SEARCH_CANDIDATES_MAX) break;
      const ids = this.productsOfTitles(groups.get(similarity) ?? []);
      for (let k = 0; k < ids.length && best.length < SEARCH_CANDIDATES_MAX; k++) best.push(ids[k] ?? 0);
    }
    return best;
  }

  /**
   * The live products of `titles`, ascending ids: sorted when few, else set in the `found`
   * bitmap and read back in id order.
   */
  private productsOfTitles(titles: readonly number[]): Int32Array {
    const { start, ids } = this.titlePostings;
    const replaced = this.replaced;
    // Changed products' titles (a Map read per title only when there are any).
    const overlay = this.overlayTitles.size > 0 ? this.overlayTitles : undefined;
    let count = 0;
    for (const title of titles) {
      count += (start[title + 1] ?? 0) - (start[title] ?? 0) + (overlay?.get(title)?.size ?? 0);
    }
    if (count * READ_BACK_SHARE < this.capacity) {
      const list = new IntList(count);
      for (const title of titles) {
        const end = start[title + 1] ?? 0;
        for (let k = start[title] ?? 0; k < end; k++) {
          const id = ids[k] ?? 0;
          if (replaced[id] !== 1) list.push(id);
        }
        for (const id of overlay?.get(title) ?? []) list.push(id);
      }
      return list.toArray().sort();
    }
    const found = this.foundBitmap();
    let set = 0;
    for (const title of titles) {
      const end = start[title + 1] ?? 0;
      for (let k = start[title] ?? 0; k < end; k++) {
        const id = ids[k] ?? 0;
        if (replaced[id] === 1) continue;
        found[id >>> 5] = (found[id >>> 5] ?? 0) | (1 << (id & 31));
        set++;
      }
      for (const id of overlay?.get(title) ?? []) {
        found[id >>> 5] = (found[id >>> 5] ?? 0) | (1 << (id & 31));
        set++;
      }
    }
    // A product has one title: no id was set twice.
    return this.readFound(set);
  }

  /** The bitmap by product id, all zeros between calls. */
  private foundBitmap(): Uint32Array {
    const words = (this.capacity >>> 5) + 1;
    if (this.found.length < words) this.found = new Uint32Array(words);
    return this.found;
  }

  /** The `count` ids set in `found`, ascending; clears them. */
  private readFound(count: number): Int32Array {
    const found = this.found;
    const ids = new Int32Array(count);
    let next = 0;
    for (let at = 0; next < count && at < found.length; at++) {
      let word = found[at] ?? 0;
      if (word === 0) continue;
      found[at] = 0;
      while (word !== 0) {
        const low = word & -word;
        ids[next++] = (at << 5) | (31 - Math.clz32(low));
        word ^= low;
      }
    }
    return ids;
  }

  // ---- building ----

  private lexemeId(lexeme: string): number {
    const known = this.lexemeIds.get(lexeme);
    if (known !== undefined) return known;
    const id = this.lexemes.length;
    this.lexemes.push(lexeme);
    this.lexemeIds.set(lexeme, id);
    // A new lexeme of a changed product: placed in the sorted order by binary search.
    if (!this.building) this.sortedLexemes.splice(this.lowerBound(lexeme), 0, id);
    return id;
  }

  private growColumns(id: number): void {
    if (id < this.capacity) return;
    const capacity = Math.max(id + 1, Math.ceil(this.capacity * 1.5));
    const grow = <T extends Uint8Array | Int32Array | Uint32Array>(old: T, make: (n: number) => T): T => {
      const grown = make(capacity);
      grown.set(old);
      return grown;
    };
    this.live = grow(this.live, (n) => new Uint8Array(n));
    this.subCategoryOf = grow(this.subCategoryOf, (n) => new Int32Array(n));
    this.lineOf = grow(this.lineOf, (n) => new Uint8Array(n));
    this.fingerprints = grow(this.fingerprints, (n) => new Uint32Array(n));
    this.titleOf = grow(this.titleOf, (n) => new Int32Array(n));
    this.replaced = grow(this.replaced, (n) => new Uint8Array(n));
    this.resetScratch(capacity);
    this.capacity = capacity;
  }

  private setColumns(id: number, row: ProductRow): void {
    const columns = {
      live: this.live,
      subCategoryOf: this.subCategoryOf,
      lineOf: this.lineOf,
      fingerprints: this.fingerprints,
      titleOf: this.titleOf,
      liveCount: this.liveCount,
    };
    writeColumns(columns, id, row);
    this.liveCount = columns.liveCount;
  }

  /** A new base holding every live product (no overlay): the dictionaries pruned, the postings built. */
  private installBase(base: Forward): void {
    this.pruneDictionaries(base);
    this.base = base;
    this.replaced.fill(0);
    this.lexemePostings = invertLexemes(this.lexemes.length, base);
    this.titlePostings = invertColumn(this.titles.size, base.capacity, this.titleOf, this.live);
    let subCategories = 0;
    for (let id = 0; id < base.capacity; id++) {
      if (this.live[id] === 1) subCategories = Math.max(subCategories, (this.subCategoryOf[id] ?? 0) + 1);
    }
    this.subCategoryPostings = invertColumn(subCategories, base.capacity, this.subCategoryOf, this.live);
    this.linePostings = invertColumn(PRODUCT_LINES.length + 1, base.capacity, this.lineOf, this.live);
  }

  private remove(id: number): void {
    if (id >= this.capacity || this.live[id] !== 1) return;
    const doc = this.overlay.get(id);
    if (doc) {
      for (const lexeme of doc.lexemes) this.overlayLexemes.get(lexeme)?.delete(id);
      this.overlayTitles.get(this.titleOf[id] ?? 0)?.delete(id);
      this.overlay.delete(id);
    }
    this.replaced[id] = 1;
    this.live[id] = 0;
    this.liveCount--;
  }

  private add(id: number, row: ProductRow): void {
    this.growColumns(id);
    const entries = parseVector(row.vector);
    const lexemes = Int32Array.from(entries, (entry) => this.lexemeId(entry.lexeme));
    const posStart = new Int32Array(entries.length + 1);
    entries.forEach((entry, index) => {
      posStart[index + 1] = (posStart[index] ?? 0) + entry.positions.length;
    });
    const doc: ProductDoc = {
      lexemes,
      posStart,
      positions: Uint16Array.from(entries.flatMap((entry) => entry.positions)),
    };
    const title = this.titles.idOf(row.title);
    this.titleOf[id] = title;
    this.overlay.set(id, doc);
    for (const lexeme of lexemes) addTo(this.overlayLexemes, lexeme, id);
    addTo(this.overlayTitles, title, id);
    this.replaced[id] = 1;
    this.setColumns(id, row);
  }

  /** Folds the overlay into a new base, from memory. */
  private compact(): void {
    const builder = new ForwardBuilder(this.capacity);
    const base = this.base;
    for (let id = 0; id < this.capacity; id++) {
      if (this.live[id] !== 1) continue;
      const doc = this.overlay.get(id);
      if (doc) {
        builder.append(id, docEntries(doc.lexemes, 0, doc.lexemes.length, doc.posStart, doc.positions));
      } else if (id < base.capacity) {
        builder.append(
          id,
          docEntries(
            base.lexemes,
            base.lexemeStart[id] ?? 0,
            base.lexemeStart[id + 1] ?? 0,
            base.posStart,
            base.positions,
          ),
        );
      }
    }
    this.overlay.clear();
    this.overlayLexemes.clear();
    this.overlayTitles.clear();
    this.installBase(builder.finish());
  }

  /**
   * Forgets the lexemes and titles no live product holds any more (renamed and deleted products'),
   * so the dictionaries follow the live catalogue. Runs when every live product is in `base` (a
   * new base, no overlay), as it is installed; renumbers `base` and the titles in place.
   */
  private pruneDictionaries(base: Forward): void {
    const used = new Uint8Array(this.lexemes.length);
    for (const lexeme of base.lexemes) used[lexeme] = 1;
    // New lexeme ids in lexeme order, so the sorted order is the ids' own.
    const kept = this.lexemes
      .flatMap((lexeme, id) => (used[id] === 1 ? [{ lexeme, id }] : []))
      .sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
    const lexemeMap = new Int32Array(this.lexemes.length).fill(-1);
    const lexemes: string[] = [];
    for (const { lexeme, id } of kept) {
      lexemeMap[id] = lexemes.length;
      lexemes.push(lexeme);
    }
    for (let k = 0; k < base.lexemes.length; k++) base.lexemes[k] = lexemeMap[base.lexemes[k] ?? 0] ?? 0;
    this.lexemes = lexemes;
    this.lexemeIds.clear();
    lexemes.forEach((lexeme, id) => {
      this.lexemeIds.set(lexeme, id);
    });
    this.sortedLexemes = lexemes.map((_, id) => id);

    const usedTitles = new Uint8Array(this.titles.size);
    for (let id = 0; id < base.capacity; id++) if (this.live[id] === 1) usedTitles[this.titleOf[id] ?? 0] = 1;
    const titleMap = this.titles.prune(usedTitles);
    for (const word of this.stems.keys()) if (!this.titles.hasWord(word)) this.stems.delete(word);
    for (let id = 0; id < base.capacity; id++) {
      if (this.live[id] === 1) this.titleOf[id] = titleMap[this.titleOf[id] ?? 0] ?? 0;
    }
  }

  // ---- reading ----

  private scratch(): { stamp: Int32Array } {
    // Stamps only grow; starting again from zero needs cleared arrays.
    if (this.generation > 0x3fffffff) this.resetScratch(this.capacity);
    return { stamp: this.stamp };
  }

  private resetScratch(capacity: number): void {
    this.stamp = new Int32Array(capacity);
    this.summed = new Int32Array(capacity);
    this.sums = new Float32Array(capacity);
    this.generation = 0;
  }

  private inBase(id: number): boolean {
    return id < this.base.capacity && this.replaced[id] !== 1;
  }

  /** The first lexeme (position in the sorted order) not below `text`. */
  private lowerBound(text: string): number {
    let low = 0;
    let high = this.sortedLexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareLexemes(this.lexemes[this.sortedLexemes[middle] ?? 0] ?? '', text) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private planOf(config: TextConfig, term: SearchTerm): TermPlan {
    const lexemes: number[] = [];
    if (term.prefix) {
      for (let i = this.lowerBound(term.lexeme); i < this.sortedLexemes.length; i++) {
        const id = this.sortedLexemes[i] ?? 0;
        if (!(this.lexemes[id] ?? '').startsWith(term.lexeme)) break;
        lexemes.push(id);
      }
    } else {
      const id = this.lexemeIds.get(term.lexeme);
      if (id !== undefined) lexemes.push(id);
    }
    let named = false;
    const maskOf = (entries: TaxonomyEntry[]) => {
      const mask = new Uint8Array(entries.reduce((max, entry) => Math.max(max, entry.id), 0) + 1);
      for (const entry of entries) {
        if (
          entry[config].some((lexeme) =>
            term.prefix ? lexeme.startsWith(term.lexeme) : lexeme === term.lexeme,
          )
        ) {
          mask[entry.id] = 1;
          named = true;
        }
      }
      return mask;
    };
    const lexemeMask = new Uint8Array(this.lexemes.length);
    for (const id of lexemes) lexemeMask[id] = 1;
    const subCategories = maskOf(this.subCategoryNames);
    const lines = maskOf(this.lineNames);
    return { lexemes, lexemeMask, subCategories, lines, named };
  }

  private postingCount(lexemes: readonly number[]): number {
    const { start } = this.lexemePostings;
    let count = 0;
    for (const lexeme of lexemes) {
      count += (start[lexeme + 1] ?? 0) - (start[lexeme] ?? 0) + (this.overlayLexemes.get(lexeme)?.size ?? 0);
    }
    return count;
  }

  /** About how many products the plan's sub-categories and lines hold (products changed since the base counted as in). */
  private namedCount(plan: TermPlan): number {
    let count = this.overlay.size;
    const add = (postings: Postings, mask: Uint8Array) => {
      const { start } = postings;
      const keys = Math.min(mask.length, start.length - 1);
      for (let key = 0; key < keys; key++)
        if (mask[key] === 1) count += (start[key + 1] ?? 0) - (start[key] ?? 0);
    };
    add(this.subCategoryPostings, plan.subCategories);
    add(this.linePostings, plan.lines);
    return count;
  }

  private inTaxonomy(id: number, plan: TermPlan): boolean {
    return plan.subCategories[this.subCategoryOf[id] ?? 0] === 1 || plan.lines[this.lineOf[id] ?? 0] === 1;
  }

  /** Every live product the plan matches, ascending ids. */
  private productsOf(plan: TermPlan): Int32Array {
    if (plan.named) return this.productsNamed(plan);
    const { stamp } = this.scratch();
    const mark = ++this.generation;
    let count = 0;
    const { replaced } = this;
    // Without the taxonomy, few products are found, and often in order (one lexeme): kept as
    // found, sorted only when needed, instead of read back from the marks over every id.
    const listed = new IntList(64);
    let ordered = plan.lexemes.length <= 1;
    const { start, ids } = this.lexemePostings;
    for (const lexeme of plan.lexemes) {
      const to = start[lexeme + 1] ?? 0;
      for (let k = start[lexeme] ?? 0; k < to; k++) {
        const id = ids[k] ?? 0;
        if (replaced[id] === 1 || stamp[id] === mark) continue;
        stamp[id] = mark;
        count++;
        listed.push(id);
      }
      for (const id of this.overlayLexemes.get(lexeme) ?? []) {
        if (stamp[id] === mark) continue;
        stamp[id] = mark;
        count++;
        listed.push(id);
        ordered = false;
      }
    }
    if (ordered || count * READ_BACK_SHARE < this.capacity) {
      const found = listed.toArray();
      return ordered ? found : found.sort();
    }
    // Read back in id order from the marks: no sort.
    const found = new Int32Array(count);
    let next = 0;
    for (let id = 0; next < count && id < this.capacity; id++) if (stamp[id] === mark) found[next++] = id;
    return found;
  }

  /**
   * The products of a plan naming a department or line: its sub-categories' and lines' products
   * (from their postings, not a pass over every id) and its lexemes', set in the `found` bitmap
   * (all zeros between calls) and read back in id order.
   */
  private productsNamed(plan: TermPlan): Int32Array {
    const found = this.foundBitmap();
    const { replaced, live } = this;
    let count = 0;
    const setAll = (postings: Postings, key: number) => {
      const { start, ids } = postings;
      const to = start[key + 1] ?? 0;
      for (let k = start[key] ?? 0; k < to; k++) {
        const id = ids[k] ?? 0;
        if (replaced[id] === 1) continue;
        const word = found[id >>> 5] ?? 0;
        const bit = 1 << (id & 31);
        if ((word & bit) === 0) {
          found[id >>> 5] = word | bit;
          count++;
        }
      }
    };
    const set = (id: number) => {
      const word = found[id >>> 5] ?? 0;
      const bit = 1 << (id & 31);
      if ((word & bit) === 0) {
        found[id >>> 5] = word | bit;
        count++;
      }
    };
    const subCategoryKeys = Math.min(plan.subCategories.length, this.subCategoryPostings.start.length - 1);
    for (let key = 0; key < subCategoryKeys; key++)
      if (plan.subCategories[key] === 1) setAll(this.subCategoryPostings, key);
    const lineKeys = Math.min(plan.lines.length, this.linePostings.start.length - 1);
    for (let key = 0; key < lineKeys; key++) if (plan.lines[key] === 1) setAll(this.linePostings, key);
    // Products changed since the base was built are in the overlay alone.
    for (const id of this.overlay.keys()) if (live[id] === 1 && this.inTaxonomy(id, plan)) set(id);
    for (const lexeme of plan.lexemes) {
      setAll(this.lexemePostings, lexeme);
      for (const id of this.overlayLexemes.get(lexeme) ?? []) set(id);
    }
    return this.readFound(count);
  }

  /** The product's lexeme entries, wherever they are kept. */
  private documentOf(id: number): DocumentView {
    // One view, refilled per call: read at once, never kept.
    const view = this.view;
    const base = this.base;
    if (this.inBase(id)) {
      view.lexemes = base.lexemes;
      view.from = base.lexemeStart[id] ?? 0;
      view.to = base.lexemeStart[id + 1] ?? 0;
      view.posStart = base.posStart;
      view.positions = base.positions;
      return view;
    }
    const doc = this.overlay.get(id);
    view.lexemes = doc?.lexemes ?? EMPTY_VIEW.lexemes;
    view.from = 0;
    view.to = doc?.lexemes.length ?? 0;
    view.posStart = doc?.posStart ?? EMPTY_VIEW.posStart;
    view.positions = doc?.positions ?? EMPTY_VIEW.positions;
    return view;
  }

  /**
   * The candidates the plan matches too: by their documents, or (when the plan's lexemes have
   * fewer postings than the candidates' documents have steps) by its postings marked first.
   */
  private matching(candidates: Int32Array, plan: TermPlan): Int32Array {
    if (this.postingCount(plan.lexemes) > candidates.length * FILTER_STEPS_PER_DOCUMENT) {
      return candidates.filter((id) => this.matches(id, plan));
    }
    const { stamp } = this.scratch();
    const mark = ++this.generation;
    const { replaced } = this;
    const { start, ids } = this.lexemePostings;
    for (const lexeme of plan.lexemes) {
      const to = start[lexeme + 1] ?? 0;
      for (let k = start[lexeme] ?? 0; k < to; k++) {
        const id = ids[k] ?? 0;
        if (replaced[id] !== 1) stamp[id] = mark;
      }
      for (const id of this.overlayLexemes.get(lexeme) ?? []) stamp[id] = mark;
    }
    const { subCategoryOf, lineOf } = this;
    const { named, subCategories, lines } = plan;
    const kept = new Int32Array(candidates.length);
    let count = 0;
    for (let index = 0; index < candidates.length; index++) {
      const id = candidates[index] ?? 0;
      if (
        stamp[id] === mark ||
        (named && (subCategories[subCategoryOf[id] ?? 0] === 1 || lines[lineOf[id] ?? 0] === 1))
      ) {
        kept[count++] = id;
      }
    }
    return kept.subarray(0, count);
  }

  private matches(id: number, plan: TermPlan): boolean {
    if (this.inTaxonomy(id, plan)) return true;
    if (plan.lexemes.length === 0) return false;
    const doc = this.documentOf(id);
    for (let k = doc.from; k < doc.to; k++) if (plan.lexemeMask[doc.lexemes[k] ?? 0] === 1) return true;
    return false;
  }
}

/** Lexemes in PostgreSQL's order (bytes, then length): UTF-16 order agrees for every BMP letter. */
const compareLexemes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function addTo(map: Map<number, Set<number>>, key: number, id: number): void {
  const set = map.get(key);
  if (set) set.add(id);
  else map.set(key, new Set([id]));
}

function* docEntries(
  lexemes: Int32Array,
  from: number,
  to: number,
  posStart: Int32Array,
  positions: Uint16Array,
): Generator<[number, Uint16Array]> {
  for (let k = from; k < to; k++) {
    yield [lexemes[k] ?? 0, positions.subarray(posStart[k] ?? 0, posStart[k + 1] ?? 0)];
  }
}

/** A product's lexeme entries `from .. to` in `lexemes`, entry k's positions from `posStart[k]`. */
interface DocumentView {
  lexemes: Int32Array;
  from: number;
  to: number;
  posStart: Int32Array;
  positions: Uint16Array;
}
const EMPTY_VIEW: DocumentView = {
  lexemes: new Int32Array(0),
  from: 0,
  to: 0,
  posStart: new Int32Array(1),
  positions: new Uint16Array(0),
};

/** A query item: one unique term and the lexeme ids it matches (in lexeme order, and as a mask by lexeme id). */
interface QueryItem {
  lexemes: readonly number[];
  lexemeMask: Uint8Array;
}

/** The unique terms in PostgreSQL's order (tsquery operands sorted by text, duplicates merged). */
function uniqueItems(terms: { term: SearchTerm | undefined; plan: TermPlan }[]): QueryItem[] {
  const byLexeme = new Map<string, TermPlan>();
  for (const { term, plan } of terms) {
    if (term && !byLexeme.has(term.lexeme)) byLexeme.set(term.lexeme, plan);
  }
  return [...byLexeme.entries()]
    .sort(([a], [b]) => compareLexemes(a, b))
    .map(([, plan]) => ({ lexemes: plan.lexemes, lexemeMask: plan.lexemeMask }));
}

/** Reusable buffers describing one product's matches of the query items (textRank.ts). */
class MatchScratch {
  private entries = new Int32Array(64);
  private readonly itemStart: Int32Array;
  private readonly last: Int32Array;
  constructor(private readonly items: number) {
    this.itemStart = new Int32Array(items + 1);
    this.last = new Int32Array(items);
  }
  fill(doc: DocumentView, items: readonly QueryItem[]): DocumentMatches {
    let count = 0;
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      this.itemStart[index] = count;
      if (!item) continue;
      for (let k = doc.from; k < doc.to; k++) {
        if (item.lexemeMask[doc.lexemes[k] ?? 0] !== 1) continue;
        if (count === this.entries.length) {
          const grown = new Int32Array(count * 2);
          grown.set(this.entries);
          this.entries = grown;
        }
        this.entries[count++] = k;
      }
    }
    this.itemStart[this.items] = count;
    return {
      positions: doc.positions,
      posStart: doc.posStart,
      entries: this.entries,
      itemStart: this.itemStart,
      items: this.items,
      last: this.last,
    };
  }
}

/**
 * Ids (ascending) by rank descending, then id ascending, at most SEARCH_CANDIDATES_MAX. Ranks
 * repeat a lot (the same words in the same places), so each id gets its rank's class (a table of
 * the distinct ranks, open addressing on the rank's bits), the classes are sorted, and a counting
 * pass lays the ids out class by class, each class in its (ascending) id order.
 */
function bestFirst(ids: ArrayLike<number>, ranks: Float64Array): number[] {
  const count = ids.length;
  const classOf = new Int32Array(count);
  const distinct: number[] = [];
  let slots = new Int32Array(RANK_SLOTS_MIN).fill(-1);
  for (let index = 0; index < count; index++) {
    // + 0: -0 and 0 are one rank.
    const rank = (ranks[index] ?? 0) + 0;
    let mask = slots.length - 1;
    let slot = rankHash(rank) & mask;
    let found = slots[slot] ?? -1;
    while (found >= 0 && distinct[found] !== rank) {
      slot = (slot + 1) & mask;
      found = slots[slot] ?? -1;
    }
    if (found < 0) {
      found = distinct.length;
      distinct.push(rank);
      slots[slot] = found;
      if (distinct.length * 2 > slots.length) {
        slots = new Int32Array(slots.length * 2).fill(-1);
        mask = slots.length - 1;
        distinct.forEach((known, at) => {
          let free = rankHash(known) & mask;
          while ((slots[free] ?? -1) >= 0) free = (free + 1) & mask;
          slots[free] = at;
        });
      }
    }
    classOf[index] = found;
  }
  // Classes by rank descending; start[c]: where class c's ids begin in the answer.
  const order = distinct.map((_, at) => at).sort((a, b) => (distinct[b] ?? 0) - (distinct[a] ?? 0));
  const sizes = new Int32Array(distinct.length);
  for (let index = 0; index < count; index++) {
    const rankClass = classOf[index] ?? 0;
    sizes[rankClass] = (sizes[rankClass] ?? 0) + 1;
  }
  const start = new Int32Array(distinct.length);
  let at = 0;
  for (const rankClass of order) {
    start[rankClass] = at;
    at += sizes[rankClass] ?? 0;
  }
  const best = new Array<number>(Math.min(count, SEARCH_CANDIDATES_MAX));
  for (let index = 0; index < count; index++) {
    const rankClass = classOf[index] ?? 0;
    const position = start[rankClass] ?? 0;
    start[rankClass] = position + 1;
    if (position < best.length) best[position] = ids[index] ?? 0;
  }
  return best;
}

/** Starting size of bestFirst's table of distinct ranks (a power of two). */
const RANK_SLOTS_MIN = 256;
const rankBits = new Float64Array(1);
const rankWords = new Uint32Array(rankBits.buffer);
/** A hash of a rank's 64 bits. */
function rankHash(rank: number): number {
  rankBits[0] = rank;
  return Math.imul((rankWords[0] ?? 0) ^ Math.imul(rankWords[1] ?? 0, 0x9e3779b1), 0x85ebca6b) >>> 0;
}

/**
 * The search index that follows `feed`: one per feed (so one per app), subscribed on first use.
 * The listing and the search routes share it; each reads it after `await feed.refresh()`.
 */
export const searchIndexOf = onePerFeed(() => new SearchIndex());
