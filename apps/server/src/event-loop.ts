/**
 * Lets the event loop answer waiting requests before more synchronous work. A cold period is ~100 ms of work, most
 * of it synchronous on SQLite (better-sqlite3 blocks); done in slices with a turn of the loop between them, warm
 * requests queued behind it wait for one slice instead of the whole computation.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Maps items in slices, yielding to the event loop between slices. */
export async function mapInSlices<T, U>(
  items: readonly T[],
  map: (item: T) => U,
  sliceSize = 4_000,
): Promise<U[]> {
  const out: U[] = [];
  for (let start = 0; start < items.length; start += sliceSize) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(items.length, start + sliceSize);
    for (let i = start; i < end; i++) out.push(map(items[i]!));
  }
  return out;
}
