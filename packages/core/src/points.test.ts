import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deathPoints, healPoints, killPoints, POINT_WEIGHTS, POINTS_LEGEND, totalPoints } from './points.ts';

describe('point weights and legend', () => {
  it('weighs T4 once and T5 five times', () => {
    expect(POINT_WEIGHTS).toEqual({ t4: 1, t5: 5 });
  });

  it('prints the legend exactly as the dashboard shows it', () => {
    expect(POINTS_LEGEND).toEqual([
      'KILL POINTS = T4 kills x 1 + T5 kills x 5',
      'DEATH POINTS = T4 dead x 1 + T5 dead x 5',
      'HEAL POINTS = T4 heal x 1 + T5 heal x 5',
    ]);
  });
});

describe.each([
  ['killPoints', killPoints],
  ['deathPoints', deathPoints],
  ['healPoints', healPoints],
])('%s', (_name, points) => {
  it('is T4 x 1 + T5 x 5', () => {
    expect(points(100, 20)).toBe(200);
    expect(points(0, 0)).toBe(0);
    expect(points(1_000_000, 3_000_000)).toBe(16_000_000);
  });

  it('is unknown only when both tiers are unknown', () => {
    expect(points(null, null)).toBeNull();
    expect(points(undefined, undefined)).toBeNull();
    expect(points(null, undefined)).toBeNull();
  });

  it('counts a single unknown tier as 0', () => {
    expect(points(null, 3)).toBe(15);
    expect(points(7, undefined)).toBe(7);
  });

  it('treats non-finite input as unknown', () => {
    expect(points(Number.NaN, 2)).toBe(10);
    expect(points(Number.NaN, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('matches the formula for any pair of counts', () => {
    fc.assert(
      fc.property(fc.nat(1e12), fc.nat(1e12), (t4, t5) => {
        expect(points(t4, t5)).toBe(t4 + 5 * t5);
      }),
    );
  });
});

describe('totalPoints', () => {
  it('sums kill, death and heal points', () => {
    expect(totalPoints(10, 20, 30)).toBe(60);
  });

  it('counts unknown parts as 0 while any part is known', () => {
    expect(totalPoints(null, 20, undefined)).toBe(20);
    expect(totalPoints(0, null, null)).toBe(0);
  });

  it('is unknown when all three parts are unknown', () => {
    expect(totalPoints(null, undefined, null)).toBeNull();
  });

  it('composes with the pair functions', () => {
    const total = totalPoints(killPoints(1, 2), deathPoints(null, null), healPoints(3, null));
    expect(total).toBe(11 + 3);
  });
});
