import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A scavenge of V8's young generation on demand, for the moment right after the dashboard's background work
 * (features/dashboard/background-work.ts).
 *
 * A cold period computed in the background leaves its rows (16,000 on the scale case) young; whatever allocates next
 * pays for copying them out, 3–8 ms on the scale case, and that was often the next viewer's request: a quarter of
 * the cold requests on a running server met such a scavenge, which made their p95 (docs/benchmarks.md, "Issue 16:
 * the young generation after background work (session 20)"). Collected as the work ends, the next request starts
 * on an empty young generation; the copying is the same, done when nobody waits for it.
 *
 * V8 offers a collection only behind --expose-gc. Setting the flag now gives the function to a new context, as
 * Jest's leak detector takes it; the server's own globals stay as they were, and a runtime that refuses it (another
 * engine, a locked-down flag) leaves this a no-op.
 */
export function collectYoungGeneration(): void {
  collector ??= loadCollector();
  collector();
}

let collector: (() => void) | undefined;

function loadCollector(): () => void {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc !== 'function') return () => undefined;
    return () => gc({ type: 'minor' });
  } catch {
    return () => undefined;
  }
}
