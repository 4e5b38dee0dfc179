import { constants, PerformanceObserver } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { collectYoungGeneration } from './young-generation.ts';

it('runs a minor collection within the call, without adding gc to the globals', async () => {
  // The first call sets the collector up (a new context: allocations of its own); the second is the one observed.
  collectYoungGeneration();
  const minor: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (
        (entry as unknown as { detail: { kind: number } }).detail.kind === constants.NODE_PERFORMANCE_GC_MINOR
      )
        minor.push(entry.startTime);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const before = performance.now();
  collectYoungGeneration();
  const after = performance.now();
  // GC entries are delivered on a later turn of the loop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  expect(minor.filter((at) => at >= before && at <= after)).toHaveLength(1);
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
});
