import type { CounterStore } from './counter-store.ts';

/**
 * Counts failures per key in fixed windows, in a CounterStore: this process's memory by default, or the database or
 * Redis shared by every process of a deployment (counter-store.ts). `namespace` keeps counters apart in one store.
 */
export class FailureCounter {
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store: CounterStore,
    private readonly namespace: string,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  async blockedFor(key: string): Promise<number> {
    const window = await this.store.read(this.storeKey(key));
    if (!window || window.msLeft <= 0) return 0;
    return window.count >= this.limit ? window.msLeft : 0;
  }

  /** Counts one failure; answers the key's count in its window (1 = the first failure of the window). */
  async fail(key: string): Promise<number> {
    return (await this.store.increment(this.storeKey(key), this.windowMs)).count;
  }

  reset(key: string): Promise<void> {
    return this.store.remove(this.storeKey(key));
  }

  private storeKey(key: string): string {
    return `${this.namespace}\n${key}`;
  }
}

/** Keys remembered for a while (an address that opened a kingdom with its right code), in a CounterStore. */
export class RecentSet {
  constructor(
    private readonly ttlMs: number,
    private readonly store: CounterStore,
    private readonly namespace: string,
  ) {}

  add(key: string): Promise<void> {
    return this.store.restart(this.storeKey(key), this.ttlMs);
  }

  async has(key: string): Promise<boolean> {
    const window = await this.store.read(this.storeKey(key));
    return window !== null && window.msLeft > 0;
  }

  private storeKey(key: string): string {
    return `${this.namespace}\n${key}`;
  }
}
