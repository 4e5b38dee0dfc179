import { describe, expect, it } from 'vitest';
import {
  checkKillPointsIdentities,
  checkKillPointsIdentity,
  killPointsFromTiers,
} from './kill-points-identity.ts';
import { snapshot } from './test-rows.ts';

const tiers = { t1_kills: 1003, t2_kills: 10, t3_kills: 100, t4_kills: 4777297, t5_kills: 1000 };
// 1003×0.2 = 200.6: RokTracker floors (200), others round (201).
const floorKp = 200 + 20 + 400 + 47772970 + 20000;

describe('kill points identity', () => {
  it('computes both roundings of T1', () => {
    expect(killPointsFromTiers(tiers)).toEqual([floorKp, floorKp + 1]);
  });

  it('passes a row with either rounding, within the tolerance', () => {
    expect(checkKillPointsIdentity(snapshot(1, 7, { kill_points: floorKp, ...tiers }), 0)).toBeNull();
    expect(checkKillPointsIdentity(snapshot(1, 7, { kill_points: floorKp + 1, ...tiers }), 0)).toBeNull();
    expect(checkKillPointsIdentity(snapshot(1, 7, { kill_points: floorKp + 2, ...tiers }), 1)).toBeNull();
  });

  it('says nothing when a value is unknown', () => {
    expect(
      checkKillPointsIdentity(snapshot(1, 7, { kill_points: 5, ...tiers, t3_kills: null }), 1),
    ).toBeNull();
    expect(checkKillPointsIdentity(snapshot(1, 7, { ...tiers }), 1)).toBeNull();
  });

  it('names the tier a look-alike explains, with the value that makes the sum match', () => {
    const flag = checkKillPointsIdentity(
      snapshot(3, 7, { kill_points: floorKp, ...tiers, t5_kills: 7000 }),
      1,
    );
    expect(flag).toEqual({
      scanId: 3,
      governorId: 7,
      field: 't5_kills',
      check: 'kill_points_identity',
      reason:
        'Kill points 47,793,590 do not match the kills (T1×0.2 + T2×2 + T3×4 + T4×10 + T5×20 = 47,913,590); ' +
        'T5 kills 7,000 looks like a 1 read as 7: 1,000 makes them match.',
      value: 7000,
      suggested: 1000,
    });
  });

  it('suggests nothing when the kill points and a tier explain it equally (a 7 read as 1 in either)', () => {
    // T4 4,177,297 (from 4,777,297) moves the sum by 6,000,000; so does kill points 47,… read as 41,….
    const flag = checkKillPointsIdentity(
      snapshot(3, 7, { kill_points: floorKp, ...tiers, t4_kills: 4177297 }),
      1,
    );
    expect(flag).toMatchObject({ field: 'kill_points', suggested: null });
  });

  it('names the kill points when they are the misread (a 3 read as 8)', () => {
    const misread = Number(String(floorKp).replace('3', '8'));
    const flag = checkKillPointsIdentity(snapshot(1, 7, { kill_points: misread, ...tiers }), 1);
    expect(flag).toMatchObject({ field: 'kill_points', value: misread, suggested: floorKp });
  });

  it('flags the kill points without a suggestion when no single misread explains the difference', () => {
    const flag = checkKillPointsIdentity(snapshot(1, 7, { kill_points: floorKp + 92000, ...tiers }), 1);
    expect(flag).toMatchObject({ field: 'kill_points', suggested: null });
    expect(flag!.reason).toContain('no single misread digit explains it');
  });

  describe('over a scan', () => {
    const rows = (count: number, disagreeing: number) =>
      Array.from({ length: count }, (_, i) =>
        snapshot(1, i + 1, { kill_points: i < disagreeing ? floorKp + 92000 : floorKp, ...tiers }),
      );

    it('flags each disagreeing row while they are few', () => {
      expect(checkKillPointsIdentities(rows(300, 30), 1).map((flag) => flag.governorId)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      // A small file: up to 20 rows are flagged whatever their share.
      expect(checkKillPointsIdentities(rows(25, 20), 1)).toHaveLength(20);
    });

    it('flags none when so many disagree that the file sums kill points another way', () => {
      expect(checkKillPointsIdentities(rows(300, 31), 1)).toEqual([]);
      expect(checkKillPointsIdentities(rows(25, 21), 1)).toEqual([]);
    });
  });
});
