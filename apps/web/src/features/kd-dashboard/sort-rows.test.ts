import type { DkpRow } from '@kingdom-stats/core/api';
import { describe, expect, it } from 'vitest';
import { sortDkpRows } from './sort-rows.ts';

const row = (id: number, dkp: number, power: number, farmOf?: number) =>
  ({
    'Governor ID': id,
    'DKP Score': dkp,
    Power: power,
    ...(farmOf === undefined ? {} : { 'Farm Of': farmOf }),
  }) as unknown as DkpRow;

describe('sortDkpRows', () => {
  // Two mains and a farm shown apart whose DKP and power are above one main's.
  const rows = [row(1, 900, 50), row(2, 100, 10), row(3, 500, 30, 1)];
  const ids = (list: DkpRow[]) => list.map((r) => r['Governor ID']);

  it('keeps farms shown apart after every main, in any sort', () => {
    expect(ids(sortDkpRows(rows, { key: 'DKP Score', direction: 'desc' }))).toEqual([1, 2, 3]);
    expect(ids(sortDkpRows(rows, { key: 'Power', direction: 'desc' }))).toEqual([1, 2, 3]);
    expect(ids(sortDkpRows(rows, { key: 'Power', direction: 'asc' }))).toEqual([2, 1, 3]);
  });

  it('sorts the farms among themselves', () => {
    const more = [...rows, row(4, 800, 5, 2)];
    expect(ids(sortDkpRows(more, { key: 'DKP Score', direction: 'desc' }))).toEqual([1, 2, 4, 3]);
  });
});
