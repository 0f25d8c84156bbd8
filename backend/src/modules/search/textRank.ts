/**
 * PostgreSQL's scoring functions, computed in JavaScript over the search index (searchIndex.ts) so
 * a search ranks exactly as the SQL it replaces did: `ts_rank` with its default weights and no
 * normalization (tsrank.c: calc_rank_or, calc_rank_and) and pg_trgm's `word_similarity`
 * (trgm_op.c: iterate_word_similarity). Both are float4 in PostgreSQL; every step is rounded to
 * float4 here (Math.fround) so ties, and therefore the order by id, come out the same.
 */

const f = Math.fround;

/** ts_rank's default weights of D, C, B, A (the tsvector position's two weight bits). */
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)];
/** A tsvector position: 14 bits of position, 2 bits of weight (A = 3: the title; B = 2: the descriptions). */
export const WEIGHT_SHIFT = 14;
export const POSITION_MASK = (1 << WEIGHT_SHIFT) - 1;
/** sum(1/i^2) for i = 1..inf, as calc_rank_or writes it. */
const PI_SQUARED_OVER_6 = 1.64493406685;
/** calc_rank: a rank below zero (no pair of words close enough) is reported as this. */
const RANK_FLOOR = f(1e-20);

const weightOf = (packed: number) => WEIGHTS[packed >>> WEIGHT_SHIFT] ?? 0;

/**
 * One document's matches of a query, without copying: entry k's positions are
 * `positions[posStart[k] .. posStart[k + 1])`, and query item i found the entries
 * `entries[itemStart[i] .. itemStart[i + 1])` (in the document's lexeme order).
 */
export interface DocumentMatches {
  positions: Uint16Array;
  posStart: Int32Array;
  entries: Int32Array;
  itemStart: Int32Array;
  /** Query items: unique terms of the query, sorted as PostgreSQL sorts them. */
  items: number;
  /** Scratch of `items` entries for rankEveryWord (the last entry seen per item). */
  last: Int32Array;
}

/**
 * What one matched entry (a lexeme's positions `positions[from .. to)`) adds to calc_rank_or's sum
 * before the division by pi^2/6: its best weight, plus the rest decaying. It depends on the
 * entry's weights alone, so the search index works it out once per entry, not once per query.
 */
export function entryWeight(positions: ArrayLike<number>, from: number, to: number): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < to - from; j++) {
    const weight = weightOf(positions[from + j] ?? 0);
    resj = f(resj + f(weight / ((j + 1) * (j + 1))));
    if (weight > wjm) {
      wjm = weight;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
}

/** calc_rank_or's running sum with one more entry of weight `entryWeight` (entries in the query's item order). */
export const addEntry = (sum: number, weight: number) => f(sum + weight / PI_SQUARED_OVER_6);

/** calc_rank_or's end: the sum over the query's items. */
export const anyWordRank = (sum: number, items: number) => (items > 0 ? f(sum / items) : 0);

/** ts_rank(vector, 'a | b | c:*'): per matched entry, its best position and the rest decaying. */
export function rankAnyWord(doc: DocumentMatches): number {
  const { positions, posStart, entries, itemStart, items } = doc;
  let res = 0;
  for (let i = 0; i < items; i++) {
    for (let e = itemStart[i] ?? 0; e < (itemStart[i + 1] ?? 0); e++) {
      const entry = entries[e] ?? 0;
      res = addEntry(res, entryWeight(positions, posStart[entry] ?? 0, posStart[entry + 1] ?? 0));
    }
  }
  return anyWordRank(res, items);
}

/** tsrank.c word_distance: how much two positions `distance` apart count together. */
function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30);
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)));
}

/**
 * ts_rank(vector, 'a & b & c:*'): every pair of positions of two different query items, closer
 * ones counting more. As in calc_rank_and, an item with several entries (a prefix) pairs each of
 * them with the last entry seen of the items before it.
 */
export function rankEveryWord(doc: DocumentMatches): number {
  const { positions, posStart, entries, itemStart, items, last } = doc;
  if (items < 2) return rankAnyWord(doc);
  let res = -1;
  last.fill(-1);
  for (let i = 0; i < items; i++) {
    for (let e = itemStart[i] ?? 0; e < (itemStart[i + 1] ?? 0); e++) {
      const entry = entries[e] ?? 0;
      last[i] = entry;
      const from = posStart[entry] ?? 0;
      const to = posStart[entry + 1] ?? 0;
      for (let k = 0; k < i; k++) {
        const other = last[k] ?? -1;
        if (other < 0) continue;
        const otherFrom = posStart[other] ?? 0;
        const otherTo = posStart[other + 1] ?? 0;
        for (let l = from; l < to; l++) {
          const mine = positions[l] ?? 0;
          for (let p = otherFrom; p < otherTo; p++) {
            const theirs = positions[p] ?? 0;
            const distance = Math.abs((mine & POSITION_MASK) - (theirs & POSITION_MASK));
            if (distance === 0) continue;
            const curw = f(Math.sqrt(f(f(weightOf(mine) * weightOf(theirs)) * wordDistance(distance))));
            res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
    }
  }
  return res < 0 ? RANK_FLOOR : res;
}

/** Words as pg_trgm splits a text: runs of letters and digits, lower case. */
export const trigramWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** pg_trgm's trigrams of one word, in order: the word padded as '  word ' (two blanks before, one after). */
export function wordTrigrams(word: string): string[] {
  const chars = [' ', ' ', ...word, ' '];
  const trigrams: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) trigrams.push(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  return trigrams;
}

/** pg_trgm CALCSML: shared trigrams over all trigrams of both. */
const similarity = (count: number, queryLength: number, extentLength: number) =>
  f(count / (queryLength + extentLength - count));

/**
 * The text's trigrams for wordSimilarity: how many distinct ones (`size`, unknown ones included)
 * and a mask by trigram id of those a title can hold; `lastPosition` is scratch by trigram id,
 * all -1 between calls.
 */
export interface TrigramQuery {
  size: number;
  holds: Uint8Array;
  lastPosition: Int32Array;
}

/**
 * word_similarity(query, title): the best similarity between the query's trigram set and a
 * continuous extent of the title's trigrams (trgm_op.c iterate_word_similarity, not strict).
 * `title` holds the title's trigram ids in order.
 */
export function wordSimilarity(query: TrigramQuery, title: ArrayLike<number>): number {
  const { size: queryLength, holds, lastPosition } = query;
  let extentLength = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < title.length; i++) {
    const trigram = title[i] ?? 0;
    const found = holds[trigram] === 1;
    if (lower >= 0 || found) {
      if ((lastPosition[trigram] ?? -1) < 0) {
        extentLength++;
        if (found) count++;
      }
      lastPosition[trigram] = i;
    }
    if (!found) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      extentLength = 1;
    }
    let current = similarity(count, queryLength, extentLength);
    // Moving the lower bound right may drop trigrams outside the query: try every lower bound.
    let tryCount = count;
    let tryLength = extentLength;
    const previousLower = lower;
    for (let tryLower = lower; tryLower <= upper; tryLower++) {
      const candidate = similarity(tryCount, queryLength, tryLength);
      if (candidate > current) {
        current = candidate;
        extentLength = tryLength;
        lower = tryLower;
        count = tryCount;
      }
      const dropped = title[tryLower] ?? 0;
      if (lastPosition[dropped] === tryLower) {
        tryLength--;
        if (holds[dropped] === 1) tryCount--;
      }
    }
    best = Math.max(best, current);
    for (let dropLower = previousLower; dropLower < lower; dropLower++) {
      const dropped = title[dropLower] ?? 0;
      if (lastPosition[dropped] === dropLower) lastPosition[dropped] = -1;
    }
  }
  for (let i = 0; i < title.length; i++) lastPosition[title[i] ?? 0] = -1;
  return best;
}
