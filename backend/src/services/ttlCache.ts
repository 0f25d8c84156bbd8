/**
 * Values kept `ttlMs` per key (0: not kept). While a key is being computed, every other caller
 * asking for it waits for that one computation instead of starting its own (single flight).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  private readonly pending = new Map<string, Promise<V>>();
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }
  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { at: Date.now(), value });
  }
  getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return compute();
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = this.pending.get(key);
    if (running) return running;
    const promise = compute()
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }
}
