import { describe, expect, it } from 'vitest';
import { checkCounters, othersPercentileGain } from './counters.ts';
import { byGovernor, snapshot } from './test-rows.ts';
import type { GovernorSnapshot } from './types.ts';

/** Twenty governors gaining 1,000 dead, 100,000 kill points and 10,000 T4 kills each, plus a test's rows. */
function kingdom(extraBefore: GovernorSnapshot[], extraNow: GovernorSnapshot[]) {
  const before = Array.from({ length: 20 }, (_, i) =>
    snapshot(1, 100 + i, { dead: 50_000 + i, kill_points: 9_000_000, t4_kills: 800_000 }),
  );
  const now = Array.from({ length: 20 }, (_, i) =>
    snapshot(2, 100 + i, { dead: 51_000 + i, kill_points: 9_100_000, t4_kills: 810_000 }),
  );
  return { rows: [...now, ...extraNow], previous: byGovernor([...before, ...extraBefore]) };
}

describe('othersPercentileGain', () => {
  it("leaves the governor's own gain out of the percentile", () => {
    const gains = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6_000_000];
    expect(othersPercentileGain(gains, 6_000_000)).toBe(0);
    expect(othersPercentileGain(gains, 0)).toBe(0);
    expect(othersPercentileGain([1, 2, 3], null)).toBe(2);
  });
});

describe('checkCounters', () => {
  it('says nothing about counters that went up as usual or stayed', () => {
    expect(checkCounters({ ...kingdom([], []), digitMisread: true })).toEqual([]);
  });

  it('reports a digit lost as a digit misread: any of ten values may be right, so no suggestion', () => {
    const flags = checkCounters({
      ...kingdom([snapshot(1, 7, { kill_points: 12_345_000 })], [snapshot(2, 7, { kill_points: 1_234_987 })]),
      digitMisread: true,
    });
    expect(flags).toEqual([
      {
        scanId: 2,
        governorId: 7,
        field: 'kill_points',
        check: 'digit_misread',
        reason:
          'Kill points went down from 12,345,000 to 1,234,987; it looks like a digit lost (the value cannot be told for sure).',
        value: 1_234_987,
        suggested: null,
      },
    ]);
  });

  it('suggests the look-alike that puts a drop back above the previous value (4,777,297 read as 4,177,297)', () => {
    const flags = checkCounters({
      ...kingdom([snapshot(1, 7, { t4_kills: 4_770_000 })], [snapshot(2, 7, { t4_kills: 4_177_297 })]),
      digitMisread: true,
    });
    expect(flags).toMatchObject([{ field: 't4_kills', check: 'digit_misread', suggested: 4_777_297 }]);
    expect(flags[0]!.reason).toBe(
      'T4 kills went down from 4,770,000 to 4,177,297; it looks like a 7 read as 1: 4,777,297.',
    );
  });

  it("suggests nothing beyond the kingdom's gains: a drop from 4,700,000 to 4,177,297 is a counter that went down", () => {
    const flags = checkCounters({
      ...kingdom([snapshot(1, 7, { t4_kills: 4_700_000 })], [snapshot(2, 7, { t4_kills: 4_177_297 })]),
      digitMisread: true,
    });
    expect(flags).toMatchObject([{ field: 't4_kills', check: 'counter_decreased', suggested: null }]);
  });

  it('reports a drop no misread explains as a counter that went down, and 0 (an unread row) the same way', () => {
    const flags = checkCounters({
      ...kingdom(
        [snapshot(1, 7, { helps: 5_000 }), snapshot(1, 8, { dead: 1_397_336 })],
        [snapshot(2, 7, { helps: 4_200 }), snapshot(2, 8, { dead: 0 })],
      ),
      digitMisread: true,
    });
    expect(flags).toMatchObject([
      { governorId: 7, field: 'helps', check: 'counter_decreased', suggested: null },
      { governorId: 8, field: 'dead', check: 'counter_decreased', value: 0, suggested: null },
    ]);
    expect(flags[0]!.reason).toBe('Helps went down from 5,000 to 4,200; it never goes down in the game.');
  });

  it("reports a leading 1 read as 7 when the jump is far beyond the kingdom's gains", () => {
    const flags = checkCounters({
      ...kingdom([snapshot(1, 7, { dead: 1_500_000 })], [snapshot(2, 7, { dead: 7_502_000 })]),
      digitMisread: true,
    });
    expect(flags).toMatchObject([{ field: 'dead', check: 'digit_misread', suggested: 1_502_000 }]);
    expect(flags[0]!.reason).toContain('jumped from 1,500,000 to 7,502,000');
  });

  it('leaves a big gain alone when it is within tripling the earlier value, or follows a 0', () => {
    const flags = checkCounters({
      ...kingdom(
        [snapshot(1, 7, { dead: 1_000_000 }), snapshot(1, 8, { helps: 0 })],
        [snapshot(2, 7, { dead: 2_900_000 }), snapshot(2, 8, { helps: 7_654 })],
      ),
      digitMisread: true,
    });
    expect(flags).toEqual([]);
  });

  it('uses the next scan as the upper bound, and flags a value above the next one', () => {
    const flags = checkCounters({
      rows: [snapshot(2, 7, { dead: 170_000 })],
      previous: byGovernor([snapshot(1, 7, { dead: 100_000 })]),
      next: byGovernor([snapshot(3, 7, { dead: 131_000 })]),
      digitMisread: true,
    });
    expect(flags).toMatchObject([{ field: 'dead', check: 'digit_misread', suggested: 110_000 }]);
    expect(flags[0]!.reason).toContain("the next scan's 131,000");
  });

  it('puts a value above both neighbours down to this scan when the next one is back on the line from the previous one', () => {
    // The next value is above the previous one: it agrees with it, so this one is the odd one out.
    const flags = checkCounters({
      rows: [snapshot(2, 7, { rss_gathered: 1_812_071_821 })],
      previous: byGovernor([snapshot(1, 7, { rss_gathered: 1_000_000_000 })]),
      next: byGovernor([snapshot(3, 7, { rss_gathered: 1_012_071_821 })]),
      digitMisread: true,
    });
    expect(flags).toMatchObject([{ check: 'digit_misread', suggested: 1_012_071_821 }]);
    expect(flags[0]!.reason).toBe(
      "Resources gathered is 1,812,071,821 here, above both the previous scan's 1,000,000,000 and the next scan's 1,012,071,821; it never goes down in the game, so this value is the misread one: the right one lies between 1,000,000,000 and 1,012,071,821; it looks like a 0 read as 8: 1,012,071,821.",
    );
  });

  it('leaves a value above the next one alone when the next one is below the previous one: the next is the misread', () => {
    const flags = checkCounters({
      rows: [snapshot(2, 7, { helps: 90_000 })],
      previous: byGovernor([snapshot(1, 7, { helps: 89_000 })]),
      next: byGovernor([snapshot(3, 7, { helps: 9_100 })]),
      digitMisread: true,
    });
    expect(flags).toEqual([]);
  });

  it('without the digit misread check, a drop is a counter that went down and a jump is not reported', () => {
    const flags = checkCounters({
      ...kingdom(
        [snapshot(1, 7, { t4_kills: 4_770_000 }), snapshot(1, 8, { dead: 1_500_000 })],
        [snapshot(2, 7, { t4_kills: 4_177_297 }), snapshot(2, 8, { dead: 7_502_000 })],
      ),
      digitMisread: false,
    });
    expect(flags).toEqual([
      {
        scanId: 2,
        governorId: 7,
        field: 't4_kills',
        check: 'counter_decreased',
        reason: 'T4 kills went down from 4,770,000 to 4,177,297; it never goes down in the game.',
        value: 4_177_297,
        suggested: null,
      },
    ]);
  });
});
