import { describe, expect, it } from 'vitest';
import { checkIdReused, nameKey, nameSimilarity } from './id-reused.ts';
import { DEFAULT_DATA_QUALITY_SETTINGS } from './settings.ts';
import { snapshot } from './test-rows.ts';

const settings = DEFAULT_DATA_QUALITY_SETTINGS;
const row = (scanId: number, name: string, power: number) => snapshot(scanId, 7, { power }, { name });

describe('names', () => {
  it('compares names without a leading tag, case or punctuation', () => {
    expect(nameKey('[ABC]Dragon_Slayer')).toBe('dragonslayer');
    expect(nameSimilarity('[ABC]Dragon Slayer', 'dragonslayer')).toBe(1);
    expect(nameSimilarity('Dragon', 'Dragon2')).toBe(1); // a suffix added
    expect(nameSimilarity('Dragon', 'Dragan')).toBeGreaterThan(0.5);
    expect(nameSimilarity('so cute Kishida', 'blender 高橋')).toBeLessThan(0.5);
  });
});

describe('checkIdReused', () => {
  it('flags a row whose name and power both change completely', () => {
    const flag = checkIdReused(row(2, 'Melon Bear', 58_258_984), row(1, 'Super botty', 8_009_490), settings);
    expect(flag).toEqual({
      scanId: 2,
      governorId: 7,
      field: 'governor',
      check: 'id_reused',
      reason:
        'This ID was "Super botty" with 8,009,490 power in the previous scan and is "Melon Bear" with 58,258,984 power here: the row may be another governor\'s, read under this ID.',
      value: null,
      suggested: null,
    });
  });

  it('leaves a rename with steady power, and a small rename with a big power change, alone', () => {
    expect(
      checkIdReused(row(2, 'Melon Bear', 8_100_000), row(1, 'Super botty', 8_009_490), settings),
    ).toBeNull();
    expect(
      checkIdReused(row(2, 'Super botty2', 58_000_000), row(1, 'Super botty', 8_009_490), settings),
    ).toBeNull();
  });

  it('needs power at least doubled or halved, by more than the floor', () => {
    expect(
      checkIdReused(row(2, 'Melon Bear', 15_000_000), row(1, 'Super botty', 8_009_490), settings),
    ).toBeNull();
    expect(
      checkIdReused(row(2, 'Melon Bear', 2_500_000), row(1, 'Super botty', 1_000_000), settings),
    ).toBeNull();
  });
});
