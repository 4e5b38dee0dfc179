import { describe, expect, it } from 'vitest';
import { mapInSlices } from './event-loop.ts';

describe('mapInSlices', () => {
  it('maps every item in order', async () => {
    const items = Array.from({ length: 10_001 }, (_, i) => i);
    expect(await mapInSlices(items, (n) => n * 2, 1_000)).toEqual(items.map((n) => n * 2));
    expect(await mapInSlices([], (n: number) => n)).toEqual([]);
  });

  it('lets other work run between slices, not within one', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('other'));
    await mapInSlices([1, 2, 3, 4], (n) => log.push(`item ${n}`), 2);
    expect(log).toEqual(['item 1', 'item 2', 'other', 'item 3', 'item 4']);
  });
});
