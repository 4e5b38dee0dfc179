/**
 * A small in-process LRU for computed period results. Keys carry everything the value depends on (kingdom, scan
 * ids, formula, camp map), so an import, a deletion or a formula save — from this process or any other, such as
 * the CLI — makes new keys and the stale entries simply age out; nothing has to be told to invalidate.
 * Values are promises: concurrent requests for the same cold period share one computation.
 */
export interface CacheLimits {
  /** Entries kept at most. */
  maxEntries: number;
  /** Sum of the entries' weights (e.g. rows) kept at most; the newest entry is always kept. */
  maxWeight: number;
}

interface Entry<V> {
  value: Promise<V>;
  weight: number;
}

export class ComputeCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private totalWeight = 0;

  constructor(
    private readonly limits: CacheLimits,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The cached value for key, or compute() stored under key. A failed computation is not kept. */
  get(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert: a Map iterates in insertion order, so the first key is always the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry<V> = { value: compute(), weight: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.weight = this.weigh(value);
        this.totalWeight += entry.weight;
        this.evict(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.evict(key);
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }

  private evict(keep: string): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.totalWeight <= this.limits.maxWeight) return;
      if (key === keep) continue;
      this.entries.delete(key);
      this.totalWeight -= entry.weight;
    }
  }
}
