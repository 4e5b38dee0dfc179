import { type SortEntry, sortRows } from '@kingdom-stats/core';
import { describe, expect, it } from 'vitest';
import { type BaseRow, sortForPaging, sortNumberColumns } from '../../src/features/dashboard/row-query.ts';

/**
 * The cold period's first sort reads number columns into typed arrays (sortNumberColumns); its order must be
 * packages/core's sortRows order, the browser's, for every mix of numbers, ties, unknown values and directions.
 */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function rows(rand: () => number, count: number): BaseRow[] {
  const cell = () => {
    const r = rand();
    if (r < 0.1) return null;
    if (r < 0.13) return Number.POSITIVE_INFINITY;
    if (r < 0.15) return -0;
    // Few distinct values, so ties are common and the later sort keys and the rows' order decide.
    return Math.floor(rand() * 7) - 3 + (rand() < 0.2 ? 0.5 : 0);
  };
  return Array.from({ length: count }, (_, i) => ({
    'Gov ID': 1_000 + ((i * 7919) % count),
    Name: `Gov ${i}`,
    Alliance: null,
    Camp: null,
    KD: 1,
    Power: cell(),
    DKP: cell(),
    Dead: cell(),
  }));
}

describe('the number-column sort', () => {
  it('orders rows exactly as sortRows does', () => {
    const rand = random(16);
    const columns = ['Power', 'DKP', 'Dead', 'Gov ID'];
    for (let round = 0; round < 200; round++) {
      const data = rows(rand, 1 + Math.floor(rand() * 300));
      const sorts: SortEntry[] = columns
        .filter(() => rand() < 0.6)
        .map((key, i) => ({ key, direction: rand() < 0.5 ? 'asc' : 'desc', priority: i + 1 }));
      const fast = sortNumberColumns(data, sorts);
      expect(fast).not.toBeNull();
      expect(fast!.map((row) => row['Gov ID'])).toEqual(sortRows(data, sorts).map((row) => row['Gov ID']));
    }
  });

  it('leaves text columns to sortRows, which orders them by name', () => {
    const data = rows(random(3), 50);
    const byName: SortEntry[] = [{ key: 'Name', direction: 'asc', priority: 1 }];
    expect(sortNumberColumns(data, byName)).toBeNull();
    expect(sortForPaging(data, byName).map((row) => row.Name)).toEqual(
      sortRows(data, byName).map((row) => row.Name),
    );
  });
});
