import { describe, expect, it } from 'vitest';
import { allowedPowerChange, checkPowerChange } from './power.ts';
import { DEFAULT_DATA_QUALITY_SETTINGS } from './settings.ts';
import { DAY, snapshot } from './test-rows.ts';

const settings = DEFAULT_DATA_QUALITY_SETTINGS;
const both = { jump: true, misread: true };
const at = (days: number, power: number) => snapshot(2, 7, { power }, { takenAt: days * DAY });
const start = snapshot(1, 7, { power: 80_000_000 }, { takenAt: 0 });

describe('allowedPowerChange', () => {
  it('allows half the power per day, a day at least, drops capped at 70% and rises at 200%', () => {
    expect(allowedPowerChange(80_000_000, 0.5, settings, 'up')).toBe(40_000_000);
    expect(allowedPowerChange(80_000_000, 3, settings, 'up')).toBe(120_000_000);
    expect(allowedPowerChange(80_000_000, 30, settings, 'up')).toBe(160_000_000);
    expect(allowedPowerChange(80_000_000, 30, settings, 'down')).toBe(56_000_000);
    // The floor holds for the per-day share; the hard 70% bound holds at every size (issue 36).
    expect(allowedPowerChange(1_000_000, 1, settings, 'down')).toBe(700_000);
    expect(allowedPowerChange(10_000_000, 1, settings, 'down')).toBe(5_000_000);
    expect(allowedPowerChange(100_000, 1, settings, 'down')).toBe(200_000); // never under 200,000
  });
});

describe('checkPowerChange', () => {
  it("leaves a KvK fight's loss alone (24% in 13 hours, as in the real series)", () => {
    expect(checkPowerChange(at(13 / 24, 60_800_000), start, settings, both)).toBeNull();
  });

  it('reports a lost last digit as a digit misread (any of ten fits: no suggestion)', () => {
    const flag = checkPowerChange(at(1, 8_012_345), start, settings, both);
    expect(flag).toMatchObject({ field: 'power', check: 'digit_misread', value: 8_012_345, suggested: null });
    expect(flag!.reason).toBe(
      'Power went down from 80,000,000 to 8,012,345 in 1 day; it looks like a digit lost (the value cannot be told for sure).',
    );
  });

  it('suggests the look-alike when only one fits (a leading 1 read as 7)', () => {
    const before = snapshot(1, 7, { power: 15_000_000 }, { takenAt: 0 });
    const flag = checkPowerChange(at(0.5, 75_200_000), before, settings, both);
    expect(flag).toMatchObject({ check: 'digit_misread', suggested: 15_200_000 });
    expect(flag!.reason).toContain('in 12 h');
  });

  it('reports a change no misread explains as a power jump, with the bound', () => {
    const flag = checkPowerChange(at(1, 200_000_000), start, settings, both);
    expect(flag).toMatchObject({ check: 'power_jump', suggested: null });
    expect(flag!.reason).toBe(
      'Power went up from 80,000,000 to 200,000,000 in 1 day, more than the 40,000,000 such a period allows.',
    );
  });

  it('follows which checks are on', () => {
    expect(checkPowerChange(at(1, 200_000_000), start, settings, { jump: false, misread: true })).toBeNull();
    expect(checkPowerChange(at(1, 8_012_345), start, settings, { jump: true, misread: false })).toMatchObject(
      {
        check: 'power_jump',
      },
    );
  });

  it('needs both powers', () => {
    expect(checkPowerChange(at(1, 1), snapshot(1, 7, { power: null }), settings, both)).toBeNull();
    expect(checkPowerChange(at(1, 1), undefined, settings, both)).toBeNull();
  });
});
