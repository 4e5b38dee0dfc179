/**
 * Counts failures per key in fixed windows. Memory stays bounded: expired windows are dropped as the map grows, and
 * past `maxKeys` the oldest entries go first (a flood of fresh addresses cannot grow it without limit).
 */
export class FailureCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string): number {
    const entry = this.windows.get(key);
    if (!entry) return 0;
    const left = entry.resetAt - this.now();
    if (left <= 0) {
      this.windows.delete(key);
      return 0;
    }
    return entry.count >= this.limit ? left : 0;
  }

  /** Counts one failure; answers the key's count in its window (1 = the first failure of the window). */
  fail(key: string): number {
    const now = this.now();
    const entry = this.windows.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return entry.count;
    }
    if (this.windows.size >= this.maxKeys) this.sweep(now);
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    return 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full: drop the oldest (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** Keys remembered for a while (an address that opened a kingdom with its right code), bounded like FailureCounter. */
export class RecentSet {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  add(key: string): void {
    // Re-inserted so that the Map's order stays oldest-first.
    this.expiries.delete(key);
    if (this.expiries.size >= this.maxKeys) {
      const oldest = this.expiries.keys().next();
      if (!oldest.done) this.expiries.delete(oldest.value);
    }
    this.expiries.set(key, this.now() + this.ttlMs);
  }

  has(key: string): boolean {
    const expiry = this.expiries.get(key);
    if (expiry === undefined) return false;
    if (expiry > this.now()) return true;
    this.expiries.delete(key);
    return false;
  }
}
