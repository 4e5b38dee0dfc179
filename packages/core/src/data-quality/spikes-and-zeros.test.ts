import { describe, expect, it } from 'vitest';
import { checkScan } from './check-scan.ts';
import { DEFAULT_DATA_QUALITY_SETTINGS } from './settings.ts';
import { byGovernor, snapshot } from './test-rows.ts';
import type { GovernorSnapshot } from './types.ts';

/** Issue 36 item 2: spikes flagged on the spike, never "went down" on the value after it; zeros on every scan. */

/** Twenty governors gaining a little helps and dead each week, plus a test's rows. */
function others(scanId: number, week: number): GovernorSnapshot[] {
  return Array.from({ length: 20 }, (_, i) =>
    snapshot(
      scanId,
      100 + i,
      { helps: 50_000 + i + week * 2_000, dead: 400_000 + week * 5_000 },
      { takenAt: scanId * 7 * 86_400 },
    ),
  );
}
const at = (scanId: number) => ({ takenAt: scanId * 7 * 86_400 });
const check = (
  rows: GovernorSnapshot[],
  previous: GovernorSnapshot[],
  next: GovernorSnapshot[] = [],
  underReview?: Set<string>,
) =>
  checkScan({
    rows,
    previous: byGovernor(previous),
    next: byGovernor(next),
    powerRanked: false,
    settings: DEFAULT_DATA_QUALITY_SETTINGS,
    ...(underReview ? { previousUnderReview: underReview } : {}),
  });

describe('a spike: a value far above the line of both its neighbours (real helps 89,107 → 893,265 → 89,526)', () => {
  const a = snapshot(1, 7, { helps: 89_107 }, at(1));
  const b = snapshot(2, 7, { helps: 893_265 }, at(2));
  const c = snapshot(3, 7, { helps: 89_526 }, at(3));

  it('is flagged on the spike as a likely extra digit, the neighbours’ line as the hint, before the next scan exists', () => {
    const flags = check([...others(2, 1), b], [...others(1, 0), a]);
    expect(flags).toMatchObject([
      { scanId: 2, governorId: 7, field: 'helps', check: 'digit_misread', suggested: null },
    ]);
    expect(flags[0]!.reason).toContain('a digit too many');
  });

  it('is flagged on the spike with the next scan known, naming the line between the neighbours', () => {
    const flags = check([...others(2, 1), b], [...others(1, 0), a], [...others(3, 2), c]);
    expect(flags).toMatchObject([{ scanId: 2, field: 'helps', check: 'digit_misread' }]);
    expect(flags[0]!.reason).toContain('the right one lies between 89,107 and 89,526');
    expect(flags[0]!.reason).toContain('several values fit');
  });

  it('never flags the value after the spike once the spike is under review', () => {
    expect(check([...others(3, 2), c], [...others(2, 1), b], [], new Set(['7:helps']))).toEqual([]);
  });

  it('suggests the one value that agrees with both neighbours (dead 11,808,814 read as 118,808,814)', () => {
    const flags = check(
      [snapshot(2, 7, { dead: 118_808_814 }, at(2))],
      [snapshot(1, 7, { dead: 11_750_000 }, at(1))],
      [snapshot(3, 7, { dead: 11_850_000 }, at(3))],
    );
    expect(flags).toMatchObject([{ field: 'dead', check: 'digit_misread', suggested: 11_808_814 }]);
  });
});

describe('zeros', () => {
  const counters = { kill_points: 0, dead: 0, helps: 0, t4_kills: 0, power: 40_000_000 };
  it('flags a row of zeros in a governor’s first scan, every counter of it', () => {
    const flags = check([snapshot(2, 9, counters, at(2))], []);
    expect(flags.map((f) => f.field).sort()).toEqual(['dead', 'helps', 'kill_points', 't4_kills']);
    for (const flag of flags)
      expect(flag).toMatchObject({ check: 'counter_decreased', value: 0, suggested: null });
  });

  it('flags a row of zeros again in the next scan, where the previous 0s are under review', () => {
    const flags = check(
      [snapshot(3, 9, counters, at(3))],
      [snapshot(2, 9, counters, at(2))],
      [],
      new Set(['9:dead', '9:helps']),
    );
    expect(flags).toHaveLength(4);
  });

  it('leaves a counter that has always been 0 alone (a new account’s T5 kills)', () => {
    expect(
      check(
        [snapshot(3, 9, { t5_kills: 0, helps: 500, power: 900_000 }, at(3))],
        [snapshot(2, 9, { t5_kills: 0, helps: 400 }, at(2))],
      ),
    ).toEqual([]);
  });

  it('never flags the value before a 0 as "above the next scan"', () => {
    expect(
      check(
        [snapshot(2, 9, { dead: 12_244_419 }, at(2))],
        [snapshot(1, 9, { dead: 12_000_000 }, at(1))],
        [snapshot(3, 9, { dead: 0 }, at(3))],
      ),
    ).toEqual([]);
  });
});

describe('power at every account size', () => {
  it('flags a small account’s lost digit (2,094,768 read as 209,476), under the 3,000,000 minimum change', () => {
    const flags = check(
      [snapshot(2, 5, { power: 209_476 }, at(2))],
      [snapshot(1, 5, { power: 2_094_768 }, at(1))],
    );
    expect(flags).toMatchObject([{ field: 'power', check: 'digit_misread', value: 209_476 }]);
  });

  it('leaves a small account’s ordinary week alone (2,094,768 to 1,500,000)', () => {
    expect(
      check([snapshot(2, 5, { power: 1_500_000 }, at(2))], [snapshot(1, 5, { power: 2_094_768 }, at(1))]),
    ).toEqual([]);
  });
});

describe('a suggestion only when sure (issue 36 item 4)', () => {
  it('drops a kill value’s single candidate that breaks the kill points identity, and says so', () => {
    // T4 kills 4,177,297 after 4,777,297: the look-alike 4,777,297 fits the neighbours, but the row's kill points
    // add up with 4,177,297 (the kill points were read the same way): the candidate is not sure.
    const now = snapshot(
      2,
      7,
      { kill_points: 41_772_970, t1_kills: 0, t2_kills: 0, t3_kills: 0, t4_kills: 4_177_297, t5_kills: 0 },
      at(2),
    );
    const before = snapshot(
      1,
      7,
      { kill_points: 41_000_000, t1_kills: 0, t2_kills: 0, t3_kills: 0, t4_kills: 4_100_000, t5_kills: 0 },
      at(1),
    );
    const next = snapshot(
      3,
      7,
      { kill_points: 48_000_000, t1_kills: 0, t2_kills: 0, t3_kills: 0, t4_kills: 4_800_000, t5_kills: 0 },
      at(3),
    );
    const fits = check(
      [{ ...now, values: { ...now.values, t4_kills: 4_777_297, kill_points: 41_772_970 } }],
      [before],
      [next],
    );
    expect(fits.find((f) => f.field === 't4_kills')).toBeUndefined();
    const bare = check(
      [{ ...now, values: { ...now.values, t4_kills: 4_177_297 } }],
      [{ ...before, values: { ...before.values, t4_kills: 4_700_000, kill_points: 47_000_000 } }],
      [next],
    );
    const flag = bare.find((f) => f.field === 't4_kills');
    expect(flag).toMatchObject({ suggested: null });
    expect(flag!.reason).toMatch(
      /But the kill points do not add up from the kills with 4,777,297, so no value is suggested\.$/,
    );
  });
});
