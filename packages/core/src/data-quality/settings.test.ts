import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_QUALITY_SETTINGS, readDataQualitySettings } from './settings.ts';
import { CHECK_KINDS, CHECKED_FIELDS } from './types.ts';

describe('readDataQualitySettings', () => {
  it('gives the defaults for nothing, nonsense or broken JSON', () => {
    for (const input of [undefined, null, 42, 'not json', '[]', [], {}])
      expect(readDataQualitySettings(input)).toEqual(DEFAULT_DATA_QUALITY_SETTINGS);
    expect(Object.keys(DEFAULT_DATA_QUALITY_SETTINGS.enabled)).toEqual([...CHECK_KINDS]);
    expect(Object.values(DEFAULT_DATA_QUALITY_SETTINGS.enabled).every(Boolean)).toBe(true);
  });

  it('keeps what is valid and defaults the rest, from an object or its JSON', () => {
    const read = readDataQualitySettings(
      JSON.stringify({ enabled: { power_jump: false, id_reused: 'no' }, minPowerChange: 5_000_000 }),
    );
    expect(read.enabled.power_jump).toBe(false);
    expect(read.enabled.id_reused).toBe(true);
    expect(read.minPowerChange).toBe(5_000_000);
    expect(read.maxPowerChangePerDay).toBe(DEFAULT_DATA_QUALITY_SETTINGS.maxPowerChangePerDay);
  });

  it("reads each field's sensitivity, a missing or unknown one as normal", () => {
    const read = readDataQualitySettings({
      sensitivity: { helps: 'off', power: 'low', dead: 'loud', t4_kills: 3 },
    });
    expect(read.sensitivity).toMatchObject({
      helps: 'off',
      power: 'low',
      dead: 'normal',
      t4_kills: 'normal',
    });
    expect(Object.keys(read.sensitivity)).toEqual([...CHECKED_FIELDS]);
    expect(readDataQualitySettings('{"sensitivity": []}').sensitivity).toEqual(
      DEFAULT_DATA_QUALITY_SETTINGS.sensitivity,
    );
  });

  it('clamps numbers to their bounds and ignores what is not a finite number', () => {
    const read = readDataQualitySettings({
      maxPowerChangePerDay: 99,
      minPowerChange: -5,
      killPointsTolerance: Number.NaN,
    });
    expect(read).toMatchObject({ maxPowerChangePerDay: 5, minPowerChange: 0, killPointsTolerance: 1 });
  });
});
