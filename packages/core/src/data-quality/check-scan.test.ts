import { describe, expect, it } from 'vitest';
import { checkScan, reviewKey } from './check-scan.ts';
import { DEFAULT_DATA_QUALITY_SETTINGS, readDataQualitySettings } from './settings.ts';
import { byGovernor, snapshot } from './test-rows.ts';
import type { GovernorSnapshot } from './types.ts';

const settings = DEFAULT_DATA_QUALITY_SETTINGS;
// Kill points consistent with the tiers: 4,777,297 T4 kills and 1,000 T5 kills.
const kills = {
  kill_points: 47_792_970,
  t1_kills: 0,
  t2_kills: 0,
  t3_kills: 0,
  t4_kills: 4_777_297,
  t5_kills: 1_000,
};

/** Twenty governors, power-ranked, each gaining a little, plus a test's governor 7. */
function scans(before7: GovernorSnapshot, now7: GovernorSnapshot) {
  const others = (scanId: number, gain: number) =>
    Array.from({ length: 20 }, (_, i) =>
      snapshot(scanId, 100 + i, { power: 200_000_000 - i * 5_000_000 + gain, dead: 10_000 + gain / 1000 }),
    );
  return { previous: byGovernor([...others(1, 0), before7]), rows: [...others(2, 100_000), now7] };
}

describe('checkScan', () => {
  it('reports one flag per value: the kill points identity before the jump that finds the same misread', () => {
    const input = scans(snapshot(1, 7, kills), snapshot(2, 7, { ...kills, t5_kills: 7_000 }));
    const flags = checkScan({ ...input, powerRanked: false, settings });
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ field: 't5_kills', check: 'kill_points_identity', suggested: 1_000 });
  });

  it('a misread the identity cannot place: the identity names the kill points, the drop names T4 with its value', () => {
    // T4 read as 4,177,297: the identity cannot tell it from kill points 47… read as 41… (no suggestion, on
    // the kill points); the counter's drop names T4 with its value.
    const input = scans(snapshot(1, 7, kills), snapshot(2, 7, { ...kills, t4_kills: 4_177_297 }));
    const flags = checkScan({ ...input, powerRanked: false, settings });
    expect(flags.map(({ field, check, suggested }) => ({ field, check, suggested }))).toEqual([
      { field: 'kill_points', check: 'kill_points_identity', suggested: null },
      { field: 't4_kills', check: 'digit_misread', suggested: 4_777_297 },
    ]);
  });

  it("gives a row that looks like another governor's one flag, and none on its values", () => {
    const input = scans(
      snapshot(1, 7, { power: 8_000_000, ...kills }, { name: 'Super botty' }),
      snapshot(2, 7, { power: 58_000_000, ...kills, t4_kills: 100 }, { name: 'Melon Bear' }),
    );
    const flags = checkScan({ ...input, powerRanked: false, settings });
    expect(flags.map((flag) => [flag.governorId, flag.field, flag.check])).toEqual([
      [7, 'governor', 'id_reused'],
    ]);
  });

  it('runs only the checks a kingdom has on', () => {
    const input = scans(snapshot(1, 7, kills), snapshot(2, 7, { ...kills, t4_kills: 4_177_297 }));
    const onlyCounters = readDataQualitySettings({
      enabled: { kill_points_identity: false, digit_misread: false },
    });
    expect(checkScan({ ...input, powerRanked: false, settings: onlyCounters })).toMatchObject([
      { field: 't4_kills', check: 'counter_decreased', suggested: null },
    ]);
    const none = readDataQualitySettings({
      enabled: Object.fromEntries(Object.keys(settings.enabled).map((k) => [k, false])),
    });
    expect(checkScan({ ...input, powerRanked: false, settings: none })).toEqual([]);
  });

  it("checks the ranking's order only when the file is a power ranking", () => {
    const input = scans(snapshot(1, 7, { power: 1_000_000 }), snapshot(2, 7, { power: 1_000_000 }));
    input.rows.splice(5, 0, snapshot(2, 8, { power: 900_000_000 }));
    expect(checkScan({ ...input, powerRanked: false, settings })).toEqual([]);
    expect(checkScan({ ...input, powerRanked: true, settings })).toMatchObject([
      { governorId: 8, check: 'power_rank_order' },
    ]);
  });

  it('does not compare with a previous value still under review', () => {
    const input = scans(
      snapshot(1, 7, { dead: 90_000, power: 80_000_000 }),
      snapshot(2, 7, { dead: 10_500, power: 8_000_000 }),
    );
    expect(checkScan({ ...input, powerRanked: false, settings }).map((flag) => flag.field)).toEqual([
      'dead',
      'power',
    ]);
    const previousUnderReview = new Set([reviewKey(7, 'dead'), reviewKey(7, 'power')]);
    expect(checkScan({ ...input, powerRanked: false, settings, previousUnderReview })).toEqual([]);
    const wholeRow = new Set([reviewKey(7, 'governor')]);
    expect(checkScan({ ...input, powerRanked: false, settings, previousUnderReview: wholeRow })).toEqual([]);
  });
});

describe('checkScan per-field sensitivity', () => {
  const withSensitivity = (sensitivity: Record<string, string>) => readDataQualitySettings({ sensitivity });
  // Helps 89,107 read as 89,100 (a small drop), dead 12,000,000 read as 1,200,000 (a lost digit), power lost a digit.
  const before = snapshot(1, 7, { power: 90_000_000, helps: 89_107, dead: 12_000_000 });
  const now = snapshot(2, 7, { power: 9_000_000, helps: 89_100, dead: 1_200_000 });
  const fields = (flags: ReturnType<typeof checkScan>) => flags.map((flag) => flag.field).sort();

  it('normal flags the small drop, the lost digit and the power', () => {
    const input = scans(before, now);
    expect(fields(checkScan({ ...input, powerRanked: false, settings }))).toEqual(['dead', 'helps', 'power']);
  });

  it('low leaves out a drop under 1% but keeps a lost digit; off flags nothing on the field', () => {
    const input = scans(before, now);
    const low = checkScan({
      ...input,
      powerRanked: false,
      settings: withSensitivity({ helps: 'low', dead: 'low' }),
    });
    expect(fields(low)).toEqual(['dead', 'power']);
    const off = checkScan({
      ...input,
      powerRanked: false,
      settings: withSensitivity({ dead: 'off', power: 'off' }),
    });
    expect(fields(off)).toEqual(['helps']);
  });

  it('low power is held to the hard bounds only, not to the per-day bound', () => {
    // 100,000,000 → 40,000,000 in a day: beyond half a day's power, within the −70% every account may lose.
    const input = scans(snapshot(1, 7, { power: 100_000_000 }), snapshot(2, 7, { power: 40_000_000 }));
    expect(fields(checkScan({ ...input, powerRanked: false, settings }))).toEqual(['power']);
    expect(checkScan({ ...input, powerRanked: false, settings: withSensitivity({ power: 'low' }) })).toEqual(
      [],
    );
    const lostDigit = scans(snapshot(1, 7, { power: 100_000_000 }), snapshot(2, 7, { power: 10_000_000 }));
    expect(
      fields(checkScan({ ...lostDigit, powerRanked: false, settings: withSensitivity({ power: 'low' }) })),
    ).toEqual(['power']);
  });

  it('low leaves out a spike under 1% above the next value and keeps a larger one', () => {
    const previous = byGovernor([snapshot(1, 7, { helps: 89_107 })]);
    const next = byGovernor([snapshot(3, 7, { helps: 89_526 })]);
    const check = (helps: number) =>
      checkScan({
        rows: [snapshot(2, 7, { helps })],
        previous,
        next,
        powerRanked: false,
        settings: withSensitivity({ helps: 'low' }),
      });
    expect(check(89_600)).toEqual([]);
    expect(fields(check(893_265))).toEqual(['helps']);
  });
});
