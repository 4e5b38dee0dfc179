import { describe, expect, it } from 'vitest';
import { checkRankOrder, looksPowerRanked } from './rank-order.ts';
import { snapshot } from './test-rows.ts';

const ranking = (powers: (number | null)[]) => powers.map((power, i) => snapshot(1, i + 1, { power }));
const descending = Array.from({ length: 20 }, (_, i) => 100_000_000 - i * 2_000_000);

describe('looksPowerRanked', () => {
  it('is true when at least 95% of neighbouring known powers descend', () => {
    expect(looksPowerRanked(ranking(descending))).toBe(true);
    expect(looksPowerRanked(ranking([...descending.slice(0, 10), null, ...descending.slice(10)]))).toBe(true);
    const twoOut = [...descending];
    [twoOut[3], twoOut[4]] = [twoOut[4]!, twoOut[3]!];
    [twoOut[12], twoOut[13]] = [twoOut[13]!, twoOut[12]!];
    expect(looksPowerRanked(ranking(twoOut))).toBe(false); // 17 of 19 pairs: 89%
  });

  it('says nothing about a handful of rows', () => {
    expect(looksPowerRanked(ranking([3, 2, 1]))).toBe(false);
  });
});

describe('checkRankOrder', () => {
  it('flags the row out of place, not its neighbours, with the look-alike that fits back', () => {
    const misread = [...descending];
    misread[10] = 30_000_000; // 80,000,000 read with its 8 as 3
    const flags = checkRankOrder(ranking(misread));
    expect(flags).toEqual([
      {
        scanId: 1,
        governorId: 11,
        field: 'power',
        check: 'power_rank_order',
        reason:
          "Power 30,000,000 is out of the ranking's order: the row above has 82,000,000 and the row below 78,000,000; read again it may be 80,000,000, which fits.",
        value: 30_000_000,
        suggested: 80_000_000,
      },
    ]);
  });

  it('leaves rows a little out of order alone (power changes while the scanner walks the ranking)', () => {
    const close = [...descending];
    close[7] = descending[6]! + 500_000; // 0.6% above the row before it
    close[12] = descending[11]! * 1.05; // 5% above, no misread explains it
    expect(checkRankOrder(ranking(close))).toEqual([]);
  });

  it('flags a power of 0 in the middle of a ranking', () => {
    const zero = [...descending];
    zero[4] = 0;
    expect(checkRankOrder(ranking(zero))).toMatchObject([{ governorId: 5, value: 0, suggested: null }]);
  });
});
