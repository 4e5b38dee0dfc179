/**
 * The dashboard service's work after an answer: periods queued after an answer from SQL, each started `startMs`
 * later or as soon as a request needs it (whichever comes first), and any other work run off the request (default
 * views). Started at once, a period held the event loop while the page's scripts were still being sent
 * (docs/benchmarks.md, "Issue 16: first screen, the cold period deferred").
 */
export class BackgroundWork {
  /** Work started and not finished. */
  private readonly running = new Set<Promise<unknown>>();
  /** Periods answered from SQL and not started yet, by cache key. */
  private readonly queued = new Map<string, () => Promise<unknown>>();

  constructor(private readonly startMs: number) {}

  /** How many queued periods have not started. */
  get queuedCount(): number {
    return this.queued.size;
  }

  /** Queues a period's computation under its cache key; it starts startMs later unless start() comes first. */
  queue(key: string, work: () => Promise<unknown>): void {
    this.queued.set(key, work);
    setTimeout(() => this.start(key), this.startMs).unref();
  }

  /** Starts the queued computation of one period (by cache key), or of every queued period. */
  start(key?: string): void {
    const keys = key === undefined ? [...this.queued.keys()] : [key];
    for (const queuedKey of keys) {
      const work = this.queued.get(queuedKey);
      if (!work) continue;
      this.queued.delete(queuedKey);
      this.track(work);
    }
  }

  /** Runs `work` on a later turn of the event loop, as background work that settled() waits for. */
  track(work: () => Promise<unknown>): void {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      // A failed computation is not cached (ComputeCache); the next request computes it again and reports it.
      .catch(() => undefined)
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Starts every queued period and resolves once all work is done. */
  async settled(): Promise<void> {
    this.start();
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
