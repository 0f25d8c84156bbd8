/**
 * The distinct product titles the search index knows, for the typo fallback (`text <% title`).
 * Catalogues repeat titles ('Golden Bamboo Photo Album' names many products), and
 * word_similarity depends on the title's words alone, so each distinct title is weighed and
 * compared once per search; the index (searchIndex.ts) then lists the products of the titles found.
 *
 * A title is its words as pg_trgm splits them (textRank.ts trigramWords); a word, its trigrams; a
 * trigram, the words holding it. Ids are stable until `prune`, which keeps only what the titles
 * still in use need, so a renamed or deleted product's words do not stay for ever.
 */
import { type TrigramQuery, trigramWords, wordSimilarity, wordTrigrams } from './textRank';

/** A title like the text, with its word_similarity. */
export interface SimilarTitle {
  title: number;
  similarity: number;
}

export interface TitleDictionaryStats {
  titles: number;
  words: number;
  trigrams: number;
}

export class TitleDictionary {
  private readonly titleIds = new Map<string, number>();
  /** Per title: its word ids, in order (flat: no object per title, a catalogue has many). */
  private titleWords = new FlatLists();
  private readonly wordIds = new Map<string, number>();
  /** Per word: its trigram ids, in order (pg_trgm's padding included). */
  private wordTrigrams: Int32Array[] = [];
  /** Per word: the titles holding it, each once. */
  private wordTitles: number[][] = [];
  private readonly trigramIds = new Map<string, number>();
  /** Per trigram: the words holding it, each once. */
  private trigramWords: number[][] = [];
  private trigramBuffer = new Int32Array(64);
  // Scratch of `similar` (one search at a time: the event loop runs one), all zeros (byWord: NaN)
  // between calls, so a search allocates nothing sized by the dictionary.
  private masks = new Uint32Array(0);
  private relevant = new Uint8Array(0);
  private byWord = new Float64Array(0);
  /** Per title: the mark of the last search that weighed it. */
  private weighed = new Int32Array(0);
  private weighMark = 0;
  private holds = new Uint8Array(0);
  private lastPosition = new Int32Array(0);

  /** Title ids are below this. */
  get size(): number {
    return this.titleWords.count;
  }

  stats(): TitleDictionaryStats {
    return {
      titles: this.titleWords.count,
      words: this.wordTrigrams.length,
      trigrams: this.trigramWords.length,
    };
  }

  /** The words of the titles (as pg_trgm and a search split them). */
  words(): IterableIterator<string> {
    return this.wordIds.keys();
  }

  hasWord(word: string): boolean {
    return this.wordIds.has(word);
  }

  /** The id of a title (added when new): titles with the same words share one. */
  idOf(title: string): number {
    const words = trigramWords(title).map((word) => this.wordId(word));
    const key = words.join(',');
    const known = this.titleIds.get(key);
    if (known !== undefined) return known;
    const id = this.titleWords.count;
    this.titleIds.set(key, id);
    this.titleWords.add(words);
    for (const word of new Set(words)) this.wordTitles[word]?.push(id);
    return id;
  }

  /**
   * The titles whose word_similarity with `text` is at least `threshold`, in no particular order.
   * Titles sharing too few of the text's trigrams are left out before any is compared: a title
   * holding `needed` of them holds one of any (known - needed + 1) of them, so titles are gathered
   * from the rarest trigrams' words only (as a GIN index does), then each is weighed over its own
   * words and, when it holds enough, compared.
   */
  similar(text: string, threshold: number): SimilarTitle[] {
    const queryTrigrams = new Set<number>();
    let unknown = -1;
    for (const word of trigramWords(text)) {
      for (const trigram of wordTrigrams(word)) queryTrigrams.add(this.trigramIds.get(trigram) ?? unknown--);
    }
    if (queryTrigrams.size === 0) return [];
    // word_similarity never exceeds the share of the text's trigrams the title holds.
    const needed = Math.ceil(threshold * queryTrigrams.size - 1e-9);
    const known = [...queryTrigrams].filter((trigram) => trigram >= 0);
    if (known.length < needed) return [];
    // Per word: which of the known trigrams it holds (`width` words of 32 bits from word * width).
    // A word holding none plays no part at either end of a title (see below).
    const width = Math.ceil(known.length / 32);
    const masks = this.scratchMasks(this.wordTrigrams.length * width);
    const relevant = this.scratchRelevant();
    const touched: number[] = [];
    known.forEach((trigram, bit) => {
      for (const word of this.trigramWords[trigram] ?? []) {
        const at = word * width + (bit >>> 5);
        masks[at] = (masks[at] ?? 0) | (1 << (bit & 31));
        if (relevant[word] === 0) {
          relevant[word] = 1;
          touched.push(word);
        }
      }
    });
    const costOf = (trigram: number) =>
      (this.trigramWords[trigram] ?? []).reduce((sum, word) => sum + (this.wordTitles[word]?.length ?? 0), 0);
    const rarest = known
      .map((trigram) => ({ trigram, cost: costOf(trigram) }))
      .sort((a, b) => a.cost - b.cost)
      .slice(0, known.length - needed + 1);
    const trigramCount = this.trigramWords.length;
    if (this.holds.length < trigramCount) {
      this.holds = new Uint8Array(trigramCount);
      this.lastPosition = new Int32Array(trigramCount).fill(-1);
    }
    const query: TrigramQuery = {
      size: queryTrigrams.size,
      holds: this.holds,
      lastPosition: this.lastPosition,
    };
    for (const trigram of known) query.holds[trigram] = 1;
    // word_similarity skips the trigrams before the first one the text holds and never counts
    // those after the last: a title's words before its first relevant word and after its last
    // change nothing, so titles alike between those ends are compared once (`bySpan`), and a
    // span of one word once per word (`byWord`).
    const byWord = this.scratchByWord();
    const bySpan = new Map<number | string, number>();
    const words = this.wordTrigrams.length;
    const titleWords = this.titleWords;
    const allWords = titleWords.all;
    const weighed = this.scratchWeighed(titleWords.count);
    const mark = ++this.weighMark;
    const found: SimilarTitle[] = [];
    // An imported function called per title is read once (an import is a getter once compiled).
    const similarityOf = wordSimilarity;
    try {
      for (const { trigram } of rarest) {
        for (const word of this.trigramWords[trigram] ?? []) {
          for (const title of this.wordTitles[word] ?? []) {
            if (weighed[title] === mark) continue;
            weighed[title] = mark;
            let from = titleWords.from(title);
            let to = titleWords.from(title + 1);
            while (relevant[allWords[from] ?? 0] === 0) from++;
            while (relevant[allWords[to - 1] ?? 0] === 0) to--;
            if (heldCount(allWords, from, to, masks, width) < needed) continue;
            let similarity: number;
            if (to - from === 1) {
              const only = allWords[from] ?? 0;
              similarity = byWord[only] ?? Number.NaN;
              if (Number.isNaN(similarity)) {
                similarity = similarityOf(query, this.wordTrigrams[only] ?? EMPTY);
                byWord[only] = similarity;
              }
            } else {
              const key = spanKey(allWords, from, to, words);
              const seen = bySpan.get(key);
              if (seen === undefined) {
                similarity = similarityOf(query, this.trigramsOf(allWords, from, to));
                bySpan.set(key, similarity);
              } else {
                similarity = seen;
              }
            }
            if (similarity >= threshold) found.push({ title, similarity });
          }
        }
      }
    } finally {
      // The scratch is left as found: zeros (NaN for byWord) everywhere.
      for (const trigram of known) query.holds[trigram] = 0;
      for (const word of touched) {
        relevant[word] = 0;
        byWord[word] = Number.NaN;
        masks.fill(0, word * width, word * width + width);
      }
    }
    return found;
  }

  /**
   * Keeps the titles `used` marks (by title id) and the words and trigrams they need; the others
   * are forgotten. Returns the new id of each old title id (-1: dropped). Ids keep their order.
   */
  prune(used: Uint8Array): Int32Array {
    const titleMap = new Int32Array(this.titleWords.count).fill(-1);
    const wordMap = new Int32Array(this.wordTrigrams.length).fill(-1);
    const trigramMap = new Int32Array(this.trigramWords.length).fill(-1);
    let titles = 0;
    for (let title = 0; title < this.titleWords.count; title++) {
      if (used[title] !== 1) continue;
      titleMap[title] = titles++;
      for (const word of this.titleWords.get(title)) wordMap[word] = 0;
    }
    let words = 0;
    for (let word = 0; word < wordMap.length; word++) {
      if (wordMap[word] === -1) continue;
      wordMap[word] = words++;
      for (const trigram of this.wordTrigrams[word] ?? EMPTY) trigramMap[trigram] = 0;
    }
    let trigrams = 0;
    for (let trigram = 0; trigram < trigramMap.length; trigram++) {
      if (trigramMap[trigram] !== -1) trigramMap[trigram] = trigrams++;
    }
    const remapKeys = (map: Map<string, number>, ids: Int32Array) => {
      for (const [key, id] of map) {
        const next = ids[id] ?? -1;
        if (next < 0) map.delete(key);
        else map.set(key, next);
      }
    };
    remapKeys(this.trigramIds, trigramMap);
    remapKeys(this.wordIds, wordMap);
    const titleWords = new FlatLists();
    const wordTitles: number[][] = Array.from({ length: words }, () => []);
    this.titleIds.clear();
    for (let title = 0; title < this.titleWords.count; title++) {
      if (titleMap[title] === -1) continue;
      const newWords = this.titleWords.get(title).map((word) => wordMap[word] ?? 0);
      const id = titleWords.count;
      titleWords.add(newWords);
      this.titleIds.set(newWords.join(','), id);
      for (const word of new Set(newWords)) wordTitles[word]?.push(id);
    }
    const wordTrigramIds: Int32Array[] = [];
    const trigramWordIds: number[][] = Array.from({ length: trigrams }, () => []);
    this.wordTrigrams.forEach((oldTrigrams, word) => {
      if (wordMap[word] === -1) return;
      const newTrigrams = oldTrigrams.map((trigram) => trigramMap[trigram] ?? 0);
      const id = wordTrigramIds.length;
      wordTrigramIds.push(newTrigrams);
      for (const trigram of new Set(newTrigrams)) trigramWordIds[trigram]?.push(id);
    });
    this.titleWords = titleWords;
    this.wordTitles = wordTitles;
    this.wordTrigrams = wordTrigramIds;
    this.trigramWords = trigramWordIds;
    return titleMap;
  }

  /** Bytes held in typed arrays. */
  typedArrayBytes(): number {
    let bytes = 0;
    bytes += this.titleWords.byteLength;
    for (const trigrams of this.wordTrigrams) bytes += trigrams.byteLength;
    return bytes;
  }

  private wordId(word: string): number {
    const known = this.wordIds.get(word);
    if (known !== undefined) return known;
    const id = this.wordTrigrams.length;
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
    this.wordTrigrams.push(Int32Array.from(trigrams));
    this.wordTitles.push([]);
    for (const trigramId of new Set(trigrams)) this.trigramWords[trigramId]?.push(id);
    return id;
  }

  private scratchMasks(length: number): Uint32Array {
    if (this.masks.length < length) this.masks = new Uint32Array(length * 2);
    return this.masks;
  }

  private scratchRelevant(): Uint8Array {
    const words = this.wordTrigrams.length;
    if (this.relevant.length < words) this.relevant = new Uint8Array(words * 2);
    return this.relevant;
  }

  private scratchByWord(): Float64Array {
    const words = this.wordTrigrams.length;
    if (this.byWord.length < words) this.byWord = new Float64Array(words * 2).fill(Number.NaN);
    return this.byWord;
  }

  private scratchWeighed(titles: number): Int32Array {
    if (this.weighed.length < titles || this.weighMark > 0x3fffffff) {
      this.weighed = new Int32Array(Math.max(titles * 2, this.weighed.length));
      this.weighMark = 0;
    }
    return this.weighed;
  }

  /**
   * A title's trigram ids in order (its words' trigrams one after another, as pg_trgm lists them),
   * in a buffer reused by the next call.
   */
  private trigramsOf(words: Int32Array, from: number, to: number): Int32Array {
    let length = 0;
    for (let k = from; k < to; k++) length += this.wordTrigrams[words[k] ?? 0]?.length ?? 0;
    if (this.trigramBuffer.length < length) this.trigramBuffer = new Int32Array(length * 2);
    const buffer = this.trigramBuffer;
    let at = 0;
    for (let k = from; k < to; k++) {
      const trigrams = this.wordTrigrams[words[k] ?? 0] ?? EMPTY;
      buffer.set(trigrams, at);
      at += trigrams.length;
    }
    return buffer.subarray(0, length);
  }
}

const EMPTY = new Int32Array(0);

/** Lists of ints one after another in one growing array: list i is `get(i)`. */
class FlatLists {
  private starts = new Int32Array(1024);
  private values = new Int32Array(4096);
  private length = 0;
  count = 0;

  add(list: ArrayLike<number>): void {
    if (this.count + 2 > this.starts.length) this.starts = grown(this.starts, this.count + 2);
    if (this.length + list.length > this.values.length)
      this.values = grown(this.values, this.length + list.length);
    for (let i = 0; i < list.length; i++) this.values[this.length + i] = list[i] ?? 0;
    this.length += list.length;
    this.count++;
    this.starts[this.count] = this.length;
  }

  /** List `i`, read in place (valid until the next add). */
  get(i: number): Int32Array {
    return this.values.subarray(this.starts[i] ?? 0, this.starts[i + 1] ?? 0);
  }

  /** List `i` is `all[from(i) .. from(i + 1))`: read without a view per list (`all` valid until the next add). */
  from(i: number): number {
    return this.starts[i] ?? 0;
  }

  get all(): Int32Array {
    return this.values;
  }

  get byteLength(): number {
    return this.starts.byteLength + this.values.byteLength;
  }
}

function grown(array: Int32Array<ArrayBuffer>, needed: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(needed, array.length * 2));
  bigger.set(array);
  return bigger;
}

/** How many of the text's known trigrams a title's words hold (masks: `width` words of 32 bits per word). */
function heldCount(words: Int32Array, from: number, to: number, masks: Uint32Array, width: number): number {
  if (width === 1) {
    let union = 0;
    for (let i = from; i < to; i++) union |= masks[words[i] ?? 0] ?? 0;
    return bitCount(union);
  }
  let count = 0;
  for (let m = 0; m < width; m++) {
    let union = 0;
    for (let i = from; i < to; i++) union |= masks[(words[i] ?? 0) * width + m] ?? 0;
    count += bitCount(union);
  }
  return count;
}

/**
 * A span of word ids as one key: a number while it stays a safe integer (the ids + 1 as digits in
 * base words + 1, so spans of any length differ; the usual spans of two or three words), else text.
 */
function spanKey(ids: Int32Array, from: number, to: number, words: number): number | string {
  if (words >= SPAN_KEY_WORDS_MAX) return ids.subarray(from, to).join(',');
  let key = 0;
  for (let k = from; k < to; k++) {
    if (key > SPAN_KEY_MAX) return ids.subarray(from, to).join(',');
    key = key * (words + 1) + (ids[k] ?? 0) + 1;
  }
  return key;
}
/** Numeric span keys: one more digit below SPAN_KEY_WORDS_MAX keeps a key below 2 ** 53. */
const SPAN_KEY_MAX = 2 ** 32;
const SPAN_KEY_WORDS_MAX = 2 ** 20;

/** Set bits of a 32-bit word. */
function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
