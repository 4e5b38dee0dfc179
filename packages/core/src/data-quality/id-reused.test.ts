import { describe, expect, it } from 'vitest';
import { checkScan } from './check-scan.ts';
import { checkIdReused, nameKey, nameSimilarity, swapPartner } from './id-reused.ts';
import { DEFAULT_DATA_QUALITY_SETTINGS } from './settings.ts';
import { byGovernor, snapshot } from './test-rows.ts';

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

describe('swapPartner', () => {
  const side = (governorId: number, name: string, previous?: string) => ({
    governorId,
    row: { name },
    previous: previous === undefined ? undefined : { name: previous },
  });

  it("pairs the two rows that carry each other's previous names, and only when one fits", () => {
    const ayla = side(1, 'Bren', 'Ayla');
    const bren = side(2, 'Ayla', 'Bren');
    const cato = side(3, 'Dora', 'Cato');
    expect(swapPartner(ayla, [ayla, bren, cato])).toBe(2);
    expect(swapPartner(bren, [ayla, bren, cato])).toBe(1);
    // One way only (Cato's row is Ayla's, but Ayla's row is not Cato's): not a swap.
    expect(swapPartner(side(1, 'Bren', 'Ayla'), [side(3, 'Ayla', 'Cato')])).toBeNull();
    expect(swapPartner(side(1, 'Bren'), [bren])).toBeNull();
    expect(swapPartner(ayla, [bren, side(4, 'Ayla', 'Bren2')])).toBeNull();
  });
});

describe("two rows stored under each other's IDs", () => {
  it('flags both rows as swapped, naming the partner, even when the accounts are of like size', () => {
    const previous = byGovernor([
      snapshot(1, 1, { power: 45_000_000, dead: 500_000 }, { name: 'Ayla' }),
      snapshot(1, 2, { power: 60_000_000, dead: 3_000_000 }, { name: 'Bren' }),
    ]);
    const rows = [
      snapshot(2, 1, { power: 60_100_000, dead: 3_001_000 }, { name: 'Bren' }),
      snapshot(2, 2, { power: 45_100_000, dead: 501_000 }, { name: 'Ayla' }),
    ];
    const flags = checkScan({ rows, previous, powerRanked: false, settings });
    expect(flags.map((f) => [f.governorId, f.field, f.check])).toEqual([
      [1, 'governor', 'id_reused'],
      [2, 'governor', 'id_reused'],
    ]);
    expect(flags[0]!.reason).toMatch(/governor 2 was "Bren" and is "Ayla": the two rows look swapped/);
  });
});
