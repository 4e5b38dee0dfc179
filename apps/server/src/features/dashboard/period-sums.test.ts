import { describe, expect, it } from 'vitest';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import { combineSums, type EndTotals, summedCounters, uncorrectedKnown } from './period-sums.ts';

// Four governors, dead troops from the first scan F to the last scan L of a period:
// g1 in kd 1 throughout (10 → 15); g2 in kd 1, left during the period (20 at F, 22 at its last scan); g3 moved
// from kd 2 to kd 1 while present (5 → 9); g4 arrived in kd 2 (6 at its first scan, 7 at L).
// Each kd's true sum of gains: kd 1 = 5 + 2 + 4 = 11 (three governors), kd 2 = 1 (one governor).
const totals: EndTotals = {
  first: new Map([
    [1, { governors: 2, sums: { dead: 30 } }],
    [2, { governors: 1, sums: { dead: 5 } }],
  ]),
  last: new Map([
    [1, { governors: 2, sums: { dead: 24 } }],
    [2, { governors: 1, sums: { dead: 7 } }],
  ]),
};
// The corrected governors (g2, g3, g4): by home kd at their last scan, their count and gains; of those in L, by
// home kd there, their count and values in L; of those in F, the same in F.
const corrected = {
  own: [
    [1, 2, 6],
    [2, 1, 1],
  ],
  atLast: [
    [1, 1, 9],
    [2, 1, 7],
  ],
  atFirst: [
    [1, 1, 20],
    [2, 1, 5],
  ],
};
const dead = summedCounters(['v14'])!;

function scan(id: number, incompleteCounters = '{}'): ScanInfo {
  return {
    id,
    kind: 'kingdom',
    takenAt: id * 100,
    name: `scan ${id}`,
    revision: 0,
    incompleteCounters,
    reviewRevision: 0,
  };
}

describe('a period’s per-kd sums from its end scans’ totals', () => {
  it('adds the uncorrected governors’ difference of totals to the corrected governors’ own gains', () => {
    expect(combineSums(totals, dead, ['every'], corrected)).toEqual([
      [1, 3, 11],
      [2, 1, 1],
    ]);
  });

  it('counts only the corrected governors’ gains of a counter no row of an end scan knows', () => {
    expect(combineSums(totals, dead, ['none'], corrected)).toEqual([
      [1, 3, 6],
      [2, 1, 1],
    ]);
  });

  it('answers an unknown sum for a kd none of whose governors knows the counter', () => {
    const unknown = { own: [[2, 1, null]], atLast: [[2, 1, null]], atFirst: [] };
    const kd2Only: EndTotals = {
      first: new Map(),
      last: new Map([[2, { governors: 1, sums: { dead: null } }]]),
    };
    expect(combineSums(kd2Only, dead, ['none'], unknown)).toEqual([[2, 1, null]]);
  });

  it('names the counter of each summed expression: power at the last scan, power change, gains', () => {
    expect(summedCounters(['v7', '(v7 - v6)', 'v12', 'v22'])).toEqual([
      { counter: 'power', kind: 'last' },
      { counter: 'power', kind: 'gain' },
      { counter: 't4_kills', kind: 'gain' },
      { counter: 'helps', kind: 'gain' },
    ]);
    expect(summedCounters(['v7', '(v12 * 2)'])).toBeNull();
  });

  it('takes the totals only where every row of both end scans knows a counter, or none of one does', () => {
    const ends = (first: string, last: string) => ({ first: scan(1, first), last: scan(2, last) });
    const counters = summedCounters(['v7', 'v14'])!;
    expect(uncorrectedKnown(ends('{}', '{}'), counters)).toEqual(['every', 'every']);
    expect(uncorrectedKnown(ends('{"dead":"none"}', '{}'), counters)).toEqual(['every', 'none']);
    // Power at the last scan does not read the first scan.
    expect(uncorrectedKnown(ends('{"power":"some"}', '{}'), counters)).toEqual(['every', 'every']);
    expect(uncorrectedKnown(ends('{}', '{"power":"some"}'), counters)).toBeNull();
    expect(uncorrectedKnown(ends('{"dead":"some"}', '{}'), counters)).toBeNull();
  });
});
