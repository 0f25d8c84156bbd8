/**
 * A sort order of the catalogue index's slots (a permutation), kept sorted as products come, go
 * and change: a binary search finds the place and copyWithin opens or closes it, never a full
 * re-sort. The order compares slots through the index's columns, so a slot is removed before its
 * columns change and inserted again after.
 */

/** Negative when slot `a` comes before slot `b`; never 0 for two different slots (ids break ties). */
export type SlotOrder = (a: number, b: number) => number;

const INITIAL_CAPACITY = 1024;

export class SortedSlots {
  private slots: Int32Array;
  private count = 0;

  constructor(
    private readonly order: SlotOrder,
    initial: Iterable<number> = [],
  ) {
    const sorted = Int32Array.from(initial).sort(order);
    this.slots = new Int32Array(Math.max(INITIAL_CAPACITY, sorted.length * 2));
    this.slots.set(sorted);
    this.count = sorted.length;
  }

  /** Replaces the content with `slots`, sorted once (a full load). */
  reset(slots: Iterable<number>): void {
    const sorted = Int32Array.from(slots).sort(this.order);
    if (sorted.length > this.slots.length) this.slots = new Int32Array(sorted.length * 2);
    this.slots.set(sorted);
    this.count = sorted.length;
  }

  get length(): number {
    return this.count;
  }

  /** The slots in order (a view: valid until the next insert or remove). */
  view(): Int32Array {
    return this.slots.subarray(0, this.count);
  }

  insert(slot: number): void {
    const at = this.firstNotBefore(slot);
    if (this.count === this.slots.length) {
      const grown = new Int32Array(this.slots.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots.copyWithin(at + 1, at, this.count);
    this.slots[at] = slot;
    this.count += 1;
  }

  /**
   * Many changes at once (a bulk statement): drops the slots marked in `gone` and merges in
   * `added` (sorted here), one pass instead of a binary-search insert and a move per slot. A slot
   * both gone and added is a changed product: its old place goes, its new one comes.
   */
  replaceMany(gone: Uint8Array, added: Int32Array): void {
    const incoming = Int32Array.from(added).sort(this.order);
    const merged = new Int32Array(Math.max(this.slots.length, (this.count + incoming.length) * 2));
    let size = 0;
    let next = 0;
    for (let at = 0; at < this.count; at += 1) {
      const slot = this.slots[at] ?? 0;
      if (gone[slot] === 1) continue;
      while (next < incoming.length && this.order(incoming[next] ?? 0, slot) < 0) {
        merged[size] = incoming[next] ?? 0;
        size += 1;
        next += 1;
      }
      merged[size] = slot;
      size += 1;
    }
    for (; next < incoming.length; next += 1) {
      merged[size] = incoming[next] ?? 0;
      size += 1;
    }
    this.slots = merged;
    this.count = size;
  }

  /** The slots renumbered (the index moved its products): same order, `slotOf[old]` for each. */
  remap(slotOf: Int32Array): void {
    for (let at = 0; at < this.count; at += 1) this.slots[at] = slotOf[this.slots[at] ?? 0] ?? 0;
  }

  /** Removes `slot`, found by its current column values. */
  remove(slot: number): void {
    const at = this.firstNotBefore(slot);
    if (at >= this.count || this.slots[at] !== slot) {
      throw new Error(`slot ${slot} is not where its sort keys place it`);
    }
    this.slots.copyWithin(at, at + 1, this.count);
    this.count -= 1;
  }

  /** The first position whose slot does not come before `slot`. */
  private firstNotBefore(slot: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.order(this.slots[middle] ?? 0, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
