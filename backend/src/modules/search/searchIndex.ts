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
import type { CatalogueFeed, CatalogueSubscriber } from '../products/catalogueFeed';
import {
  type DocumentMatches,
  rankAnyWord,
  rankEveryWord,
  trigramWords,
  WEIGHT_SHIFT,
  wordSimilarity,
  wordTrigrams,
} from './textRank';

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
  liveCount: number;
}

const newColumns = (capacity: number): Columns => ({
  live: new Uint8Array(capacity),
  subCategoryOf: new Int32Array(capacity),
  lineOf: new Uint8Array(capacity),
  fingerprints: new Uint32Array(capacity),
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
  titleWords: Int32Array;
}

/** Forward lists of every product by id: lexeme entries with positions, title words. */
interface Forward {
  /** Ids below this have their entries here (unless replaced by the overlay). */
  capacity: number;
  lexemeStart: Int32Array;
  lexemes: Int32Array;
  posStart: Int32Array;
  positions: Uint16Array;
  titleStart: Int32Array;
  titleWords: Int32Array;
}

/** Builds the forward lists in ascending id order. */
class ForwardBuilder {
  private readonly lexemeStart: Int32Array;
  private readonly titleStart: Int32Array;
  private readonly lexemes = new IntList(1 << 16);
  private readonly posStart = new IntList(1 << 16);
  private readonly positions = new IntList(1 << 16);
  private readonly titleWords = new IntList(1 << 14);
  private nextId = 0;
  constructor(private readonly capacity: number) {
    this.lexemeStart = new Int32Array(capacity + 1);
    this.titleStart = new Int32Array(capacity + 1);
  }
  private advanceTo(id: number): void {
    for (; this.nextId <= id; this.nextId++) {
      this.lexemeStart[this.nextId] = this.lexemes.length;
      this.titleStart[this.nextId] = this.titleWords.length;
    }
  }
  /** Starts the product `id` (ids ascending); its entries, positions and title words follow. */
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
  title(words: ArrayLike<number>): void {
    for (let i = 0; i < words.length; i++) this.titleWords.push(words[i] ?? 0);
  }
  /** The product `id`'s lexeme entries (lexeme id, positions) and title word ids. */
  append(id: number, entries: Iterable<[number, ArrayLike<number>]>, titleWords: ArrayLike<number>): void {
    this.advanceTo(id);
    for (const [lexeme, positions] of entries) {
      this.lexemes.push(lexeme);
      this.posStart.push(this.positions.length);
      for (let i = 0; i < positions.length; i++) this.positions.push(positions[i] ?? 0);
    }
    for (let i = 0; i < titleWords.length; i++) this.titleWords.push(titleWords[i] ?? 0);
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
      titleStart: this.titleStart,
      titleWords: this.titleWords.toArray(),
    };
  }
}

/** Ids per key (lexeme or title word), ascending: `ids[start[key] .. start[key + 1])`. */
interface Postings {
  start: Int32Array;
  ids: Int32Array;
}

/** Inverts forward lists (ids ascending, since the forward lists are in id order). */
function invert(
  keys: number,
  capacity: number,
  start: Int32Array,
  values: Int32Array,
  distinct: boolean,
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
      ids[fill[key] ?? 0] = id;
      fill[key] = (fill[key] ?? 0) + 1;
    }
  }
  return { start: counts, ids };
}

/** Names (a sub-category's path, a line) as lexemes of both configurations. */
interface TaxonomyEntry {
  id: number;
  english: string[];
  simple: string[];
}

const EMPTY_FORWARD: Forward = {
  capacity: 0,
  lexemeStart: new Int32Array(1),
  lexemes: new Int32Array(0),
  posStart: new Int32Array(1),
  positions: new Uint16Array(0),
  titleStart: new Int32Array(1),
  titleWords: new Int32Array(0),
};
const EMPTY_POSTINGS: Postings = { start: new Int32Array(1), ids: new Int32Array(0) };

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
  titleWords: number;
  overlay: number;
  /** Bytes held in typed arrays (the base and the per-product columns). */
  typedArrayBytes: number;
}

export class SearchIndex implements CatalogueSubscriber {
  // Dictionaries: ids are stable; the sorted order is kept beside them for prefix lookups.
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  private sortedLexemes: number[] = [];
  private readonly wordIds = new Map<string, number>();
  private readonly wordTrigramIds: Int32Array[] = [];
  private readonly trigramIds = new Map<string, number>();
  private readonly trigramWords: number[][] = [];

  // Per product id.
  private capacity = 0;
  private live = new Uint8Array(0);
  private subCategoryOf = new Int32Array(0);
  private lineOf = new Uint8Array(0);
  private fingerprints = new Uint32Array(0);
  private replaced = new Uint8Array(0);
  private liveCount = 0;

  private base: Forward = EMPTY_FORWARD;
  private lexemePostings: Postings = EMPTY_POSTINGS;
  private wordPostings: Postings = EMPTY_POSTINGS;

  private readonly overlay = new Map<number, ProductDoc>();
  private readonly overlayLexemes = new Map<number, Set<number>>();
  private readonly overlayWords = new Map<number, Set<number>>();

  private subCategoryNames: TaxonomyEntry[] = [];
  private lineNames: TaxonomyEntry[] = [];

  // Scratch per query (one query at a time: the event loop runs one).
  private stamp = new Int32Array(0);
  private generation = 0;
  private readonly view: DocumentView = { ...EMPTY_VIEW };
  /** While reloadAll builds: new lexemes are sorted once at the end, not inserted one by one. */
  private building = false;

  /** Everything from the database: taxonomy names, then the products in batches. */
  async reloadAll(db: Database): Promise<void> {
    const taxonomy = rowsOf<{ id: number; english: string; simple: string }>(
      await db.execute(sql`SELECT s.id, to_tsvector('english', t.name || ' ' || c.name || ' ' || s.name)::text AS english,
          to_tsvector('simple', t.name || ' ' || c.name || ' ' || s.name)::text AS simple
        FROM sub_categories s JOIN categories c ON c.id = s.category_id JOIN product_types t ON t.id = c.type_id
        ORDER BY s.id`),
    );
    const lines = rowsOf<{ english: string; simple: string }>(
      await db.execute(sql`SELECT to_tsvector('english', l)::text AS english, to_tsvector('simple', l)::text AS simple
        FROM unnest(${`{${PRODUCT_LINES.join(',')}}`}::text[]) WITH ORDINALITY AS u(l, n) ORDER BY n`),
    );
    const [{ max } = { max: 0 }] = rowsOf<{ max: number | null }>(
      await db.execute(sql`SELECT max(id) AS max FROM products`),
    );
    const lexemesOf = (text: string) => parseVector(text).map((entry) => entry.lexeme);
    const subCategoryNames = taxonomy.map((row) => ({
      id: Number(row.id),
      english: lexemesOf(row.english),
      simple: lexemesOf(row.simple),
    }));
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
            FROM products WHERE id > ${after} AND id < ${capacity} ORDER BY id LIMIT ${LOAD_BATCH}`),
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
          builder.title(this.titleWordIds(row.title));
        }
        if (batch.length < LOAD_BATCH) break;
        after = Number(batch[batch.length - 1]?.id ?? after);
      }
    } finally {
      this.building = false;
    }
    this.subCategoryNames = subCategoryNames;
    this.lineNames = lineNames;
    this.capacity = capacity;
    this.live = columns.live;
    this.subCategoryOf = columns.subCategoryOf;
    this.lineOf = columns.lineOf;
    this.fingerprints = columns.fingerprints;
    this.liveCount = columns.liveCount;
    this.replaced = new Uint8Array(capacity);
    this.stamp = new Int32Array(capacity);
    this.generation = 0;
    this.overlay.clear();
    this.overlayLexemes.clear();
    this.overlayWords.clear();
    this.installBase(builder.finish());
  }

  /** These products changed (inserted, updated or deleted: a deleted id is simply gone). */
  async reloadProducts(db: Database, ids: readonly number[]): Promise<void> {
    const wanted = [...new Set(ids)];
    const byId = new Map<number, ProductRow>();
    for (let from = 0; from < wanted.length; from += LOAD_BATCH) {
      const chunk = wanted.slice(from, from + LOAD_BATCH);
      const rows = rowsOf<ProductRow>(
        await db.execute(sql`SELECT id, title, search_vector::text AS vector, sub_category_id, line
          FROM products WHERE id = ANY(${`{${chunk.join(',')}}`}::int[])`),
      );
      for (const row of rows) byId.set(Number(row.id), row);
    }
    for (const id of wanted) {
      const row = byId.get(id);
      if (row && id < this.capacity && this.live[id] === 1 && this.fingerprints[id] === fingerprint(row))
        continue;
      this.remove(id);
      if (row) this.add(id, row);
    }
    if (this.overlay.size > Math.max(OVERLAY_MIN, this.liveCount * OVERLAY_SHARE)) this.compact();
  }

  stats(): SearchIndexStats {
    const base = this.base;
    const arrays = [
      this.live,
      this.subCategoryOf,
      this.lineOf,
      this.fingerprints,
      this.replaced,
      this.stamp,
      base.lexemeStart,
      base.lexemes,
      base.posStart,
      base.positions,
      base.titleStart,
      base.titleWords,
      this.lexemePostings.start,
      this.lexemePostings.ids,
      this.wordPostings.start,
      this.wordPostings.ids,
      ...this.wordTrigramIds,
    ];
    return {
      products: this.liveCount,
      lexemes: this.lexemes.length,
      titleWords: this.wordTrigramIds.length,
      overlay: this.overlay.size,
      typedArrayBytes: arrays.reduce((sum, array) => sum + array.byteLength, 0),
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
    // The term with the fewest products drives; every other term filters its products.
    const sizes = plans.map((plan) => (plan.named ? this.liveCount : this.postingCount(plan.lexemes)));
    const driver = sizes.indexOf(Math.min(...sizes));
    const driving = plans[driver];
    if (!driving) return [];
    let candidates = this.productsOf(driving);
    plans.forEach((plan, index) => {
      if (index !== driver) candidates = candidates.filter((id) => this.matches(id, plan));
    });
    if (candidates.length === 0) return [];

    // Query items as PostgreSQL ranks them: the unique terms, sorted (duplicates count once).
    const items = uniqueItems(plans.map((plan, index) => ({ term: terms[index], plan })));
    const ranks = new Float64Array(candidates.length);
    const scratch = new MatchScratch(items.length);
    for (let index = 0; index < candidates.length; index++) {
      const id = candidates[index] ?? 0;
      const matches = scratch.fill(this.documentOf(id), items);
      if (!byTaxonomy) {
        ranks[index] = rankEveryWord(matches);
      } else if (matches.itemStart[items.length] === 0) {
        ranks[index] = plans.length * TAXONOMY_RANK;
      } else {
        // Added word by word, as SQL added its CASE terms to ts_rank: the same double.
        let rank = rankAnyWord(matches);
        for (const plan of plans) rank += this.inTaxonomy(id, plan) ? TAXONOMY_RANK : 0;
        ranks[index] = rank;
      }
    }
    return bestFirst(candidates, ranks);
  }

  /**
   * The products whose title holds something like `text` (`text <% title`: word_similarity at
   * least WORD_SIMILARITY_THRESHOLD, the sessions' pg_trgm setting), most similar first. Titles sharing too few of the text's
   * trigrams are left out through the trigram index of title words before any is compared.
   */
  similarTitles(text: string): number[] {
    const queryTrigrams = new Set<number>();
    let unknown = -1;
    for (const word of trigramWords(text)) {
      for (const trigram of wordTrigrams(word)) queryTrigrams.add(this.trigramIds.get(trigram) ?? unknown--);
    }
    // word_similarity never exceeds the share of the text's trigrams the title holds.
    const needed = Math.ceil(WORD_SIMILARITY_THRESHOLD * queryTrigrams.size - 1e-9);
    if (queryTrigrams.size === 0) return [];
    // A title holding `needed` of the text's trigrams holds one of any (known - needed + 1) of
    // them: products are gathered from the rarest trigrams' words only (as GIN does), then each
    // is weighed over its own title words.
    const known = [...queryTrigrams].filter((trigram) => trigram >= 0);
    if (known.length < needed) return [];
    // Per title word: which of the known trigrams it holds (`width` words of 32 bits from
    // word * width), one flat array indexed by word id.
    const width = Math.ceil(known.length / 32);
    const masks = new Uint32Array(this.wordTrigramIds.length * width);
    known.forEach((trigram, bit) => {
      for (const word of this.trigramWords[trigram] ?? []) {
        const at = word * width + (bit >>> 5);
        masks[at] = (masks[at] ?? 0) | (1 << (bit & 31));
      }
    });
    const costOf = (trigram: number) =>
      (this.trigramWords[trigram] ?? []).reduce((sum, word) => sum + this.wordPostingCount(word), 0);
    const rarest = known
      .map((trigram) => ({ trigram, cost: costOf(trigram) }))
      .sort((a, b) => a.cost - b.cost)
      .slice(0, known.length - needed + 1);
    const { stamp } = this.scratch();
    const query = ++this.generation;
    const held: number[] = [];
    const union = new Uint32Array(width);
    const base = this.base;
    const weigh = (id: number) => {
      if (stamp[id] === query) return;
      stamp[id] = query;
      union.fill(0);
      // The title's words, read in place (no view made per product).
      const doc = this.inBase(id) ? undefined : this.overlay.get(id);
      const words = doc ? doc.titleWords : base.titleWords;
      const from = doc ? 0 : (base.titleStart[id] ?? 0);
      const to = doc ? doc.titleWords.length : (base.titleStart[id + 1] ?? 0);
      for (let k = from; k < to; k++) {
        const at = (words[k] ?? 0) * width;
        for (let m = 0; m < width; m++) union[m] = (union[m] ?? 0) | (masks[at + m] ?? 0);
      }
      let count = 0;
      for (let m = 0; m < width; m++) count += bitCount(union[m] ?? 0);
      if (count >= needed) held.push(id);
    };
    for (const { trigram } of rarest) {
      for (const word of this.trigramWords[trigram] ?? []) this.forEachWithWord(word, weigh);
    }
    const ids: number[] = [];
    const similarities: number[] = [];
    // Many products share a title: each distinct one is compared once per query.
    const byTitle = new Map<string, number>();
    for (const id of held.sort((x, y) => x - y)) {
      const words = this.titleWordsOf(id);
      const key = words.join(' ');
      let similarityOf = byTitle.get(key);
      if (similarityOf === undefined) {
        similarityOf = wordSimilarity(queryTrigrams, this.trigramsOfWords(words));
        byTitle.set(key, similarityOf);
      }
      if (similarityOf >= WORD_SIMILARITY_THRESHOLD) {
        ids.push(id);
        similarities.push(similarityOf);
      }
    }
    return bestFirst(ids, Float64Array.from(similarities));
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

  private titleWordIds(title: string): Int32Array {
    return Int32Array.from(trigramWords(title), (word) => {
      const known = this.wordIds.get(word);
      if (known !== undefined) return known;
      const id = this.wordTrigramIds.length;
      this.wordIds.set(word, id);
      const trigrams = wordTrigrams(word).map((trigram) => {
        let trigramId = this.trigramIds.get(trigram);
        if (trigramId === undefined) {
          trigramId = this.trigramWords.length;
          this.trigramIds.set(trigram, trigramId);
          this.trigramWords.push([]);
        }
        return trigramId;
      });
      this.wordTrigramIds.push(Int32Array.from(trigrams));
      for (const trigramId of new Set(trigrams)) this.trigramWords[trigramId]?.push(id);
      return id;
    });
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
    this.replaced = grow(this.replaced, (n) => new Uint8Array(n));
    this.stamp = new Int32Array(capacity);
    this.generation = 0;
    this.capacity = capacity;
  }

  private setColumns(id: number, row: ProductRow): void {
    const columns = {
      live: this.live,
      subCategoryOf: this.subCategoryOf,
      lineOf: this.lineOf,
      fingerprints: this.fingerprints,
      liveCount: this.liveCount,
    };
    writeColumns(columns, id, row);
    this.liveCount = columns.liveCount;
  }

  private installBase(base: Forward): void {
    this.base = base;
    this.replaced.fill(0);
    this.lexemePostings = invert(this.lexemes.length, base.capacity, base.lexemeStart, base.lexemes, false);
    this.wordPostings = invert(
      this.wordTrigramIds.length,
      base.capacity,
      base.titleStart,
      base.titleWords,
      true,
    );
    this.sortedLexemes = this.lexemes
      .map((_, id) => id)
      .sort((a, b) => compareLexemes(this.lexemes[a] ?? '', this.lexemes[b] ?? ''));
  }

  private remove(id: number): void {
    if (id >= this.capacity || this.live[id] !== 1) return;
    const doc = this.overlay.get(id);
    if (doc) {
      for (const lexeme of doc.lexemes) this.overlayLexemes.get(lexeme)?.delete(id);
      for (const word of doc.titleWords) this.overlayWords.get(word)?.delete(id);
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
      titleWords: this.titleWordIds(row.title),
    };
    this.overlay.set(id, doc);
    for (const lexeme of lexemes) addTo(this.overlayLexemes, lexeme, id);
    for (const word of doc.titleWords) addTo(this.overlayWords, word, id);
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
        builder.append(
          id,
          docEntries(doc.lexemes, 0, doc.lexemes.length, doc.posStart, doc.positions),
          doc.titleWords,
        );
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
          base.titleWords.subarray(base.titleStart[id] ?? 0, base.titleStart[id + 1] ?? 0),
        );
      }
    }
    this.overlay.clear();
    this.overlayLexemes.clear();
    this.overlayWords.clear();
    this.installBase(builder.finish());
  }

  // ---- reading ----

  private scratch(): { stamp: Int32Array } {
    // Stamps only grow; starting again from zero needs cleared arrays.
    if (this.generation > 0x3fffffff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    return { stamp: this.stamp };
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

  private inTaxonomy(id: number, plan: TermPlan): boolean {
    return plan.subCategories[this.subCategoryOf[id] ?? 0] === 1 || plan.lines[this.lineOf[id] ?? 0] === 1;
  }

  /** Every live product the plan matches, ascending ids. */
  private productsOf(plan: TermPlan): Int32Array {
    const { stamp } = this.scratch();
    const mark = ++this.generation;
    let count = 0;
    const take = (id: number) => {
      if (stamp[id] === mark) return;
      stamp[id] = mark;
      count++;
    };
    if (plan.named) {
      for (let id = 0; id < this.capacity; id++) {
        if (this.live[id] === 1 && this.inTaxonomy(id, plan)) take(id);
      }
    }
    const { start, ids } = this.lexemePostings;
    for (const lexeme of plan.lexemes) {
      for (let k = start[lexeme] ?? 0; k < (start[lexeme + 1] ?? 0); k++) {
        const id = ids[k] ?? 0;
        if (this.replaced[id] !== 1) take(id);
      }
      for (const id of this.overlayLexemes.get(lexeme) ?? []) take(id);
    }
    // Read back in id order from the marks: no sort.
    const found = new Int32Array(count);
    let next = 0;
    for (let id = 0; next < count && id < this.capacity; id++) if (stamp[id] === mark) found[next++] = id;
    return found;
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

  private matches(id: number, plan: TermPlan): boolean {
    if (this.inTaxonomy(id, plan)) return true;
    if (plan.lexemes.length === 0) return false;
    const doc = this.documentOf(id);
    for (let k = doc.from; k < doc.to; k++) if (plan.lexemeMask[doc.lexemes[k] ?? 0] === 1) return true;
    return false;
  }

  private wordPostingCount(word: number): number {
    const { start } = this.wordPostings;
    return (start[word + 1] ?? 0) - (start[word] ?? 0) + (this.overlayWords.get(word)?.size ?? 0);
  }

  private forEachWithWord(word: number, visit: (id: number) => void): void {
    const { start, ids } = this.wordPostings;
    for (let k = start[word] ?? 0; k < (start[word + 1] ?? 0); k++) {
      const id = ids[k] ?? 0;
      if (this.replaced[id] !== 1) visit(id);
    }
    for (const id of this.overlayWords.get(word) ?? []) visit(id);
  }

  private titleWordsOf(id: number): Int32Array {
    const doc = this.overlay.get(id);
    if (doc) return doc.titleWords;
    if (!this.inBase(id)) return new Int32Array(0);
    return this.base.titleWords.subarray(this.base.titleStart[id] ?? 0, this.base.titleStart[id + 1] ?? 0);
  }

  private trigramsOfWords(words: Int32Array): number[] {
    const trigrams: number[] = [];
    for (const word of words) for (const trigram of this.wordTrigramIds[word] ?? []) trigrams.push(trigram);
    return trigrams;
  }
}

/** Set bits of a 32-bit word. */
function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
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

/** A query item: one unique term and the lexeme ids it matches (a mask by lexeme id). */
interface QueryItem {
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
    .map(([, plan]) => ({ lexemeMask: plan.lexemeMask }));
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
 * repeat a lot (the same words in the same places), so ids are grouped per distinct rank, the
 * distinct ranks sorted natively, and each group read out in its (ascending) id order.
 */
function bestFirst(ids: ArrayLike<number>, ranks: Float64Array): number[] {
  const groups = new Map<number, number[]>();
  for (let index = 0; index < ids.length; index++) {
    const rank = ranks[index] ?? 0;
    const group = groups.get(rank);
    if (group) group.push(ids[index] ?? 0);
    else groups.set(rank, [ids[index] ?? 0]);
  }
  const distinct = Float64Array.from(groups.keys()).sort().reverse();
  const best: number[] = [];
  for (const rank of distinct) {
    for (const id of groups.get(rank) ?? []) {
      if (best.length === SEARCH_CANDIDATES_MAX) return best;
      best.push(id);
    }
  }
  return best;
}

const indexes = new WeakMap<CatalogueFeed, SearchIndex>();

/**
 * The search index that follows `feed`: one per feed (so one per app), subscribed on first use.
 * The listing and the search routes share it; each reads it after `await feed.refresh()`.
 */
export function searchIndexOf(feed: CatalogueFeed): SearchIndex {
  const known = indexes.get(feed);
  if (known) return known;
  const index = new SearchIndex();
  feed.subscribe(index);
  indexes.set(feed, index);
  return index;
}
