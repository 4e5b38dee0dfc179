import { collectYoungGeneration } from '../../young-generation.ts';

/**
 * The dashboard service's work after an answer: periods queued after an answer from SQL, each started `startMs`
 * later or as soon as a request needs it (whichever comes first), and any other work run off the request (default
 * views). Started at once, a period held the event loop while the page's scripts were still being sent
 * (docs/benchmarks.md, "Issue 16: first screen, the cold period deferred").
 *
 * When the last running work ends, the young generation is collected on the next turn of the loop (`collect`,
 * young-generation.ts), before settled() resolves: the rows it computed are copied out then, not by the next request.
 */
export class BackgroundWork {
  /** Work started and not finished. */
  private readonly running = new Set<Promise<unknown>>();
  /** Periods answered from SQL and not started yet, by cache key. */
  private readonly queued = new Map<string, () => Promise<unknown>>();

  constructor(
    private readonly startMs: number,
    private readonly collect: () => void = collectYoungGeneration,
  ) {}

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
    this.run(() =>
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        // A failed computation is not cached (ComputeCache); the next request computes it again and reports it.
        .catch(() => undefined),
    ).finally(() => {
      if (this.running.size > 0) return;
      // Registered before settled()'s wait sees the work end, so settled() waits for the collection too.
      this.run(() =>
        new Promise((resolve) => setImmediate(resolve)).then(this.collect).catch(() => undefined),
      );
    });
  }

  /** Keeps `work`'s promise among the running ones until it settles; answers it. */
  private run(work: () => Promise<unknown>): Promise<unknown> {
    const done: Promise<unknown> = work().finally(() => this.running.delete(done));
    this.running.add(done);
    return done;
  }

  /** Starts every queued period and resolves once all work is done. */
  async settled(): Promise<void> {
    this.start();
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
