import { describe, expect, it } from 'vitest';
import { candidatesWithin, lostDigitCandidates, misreadCandidates, swapCandidates } from './look-alikes.ts';

describe('swapCandidates', () => {
  it('turns each look-alike digit back, both ways (3↔8, 1↔7, 5↔6, 0↔8)', () => {
    expect(swapCandidates(4177297).map((c) => c.value)).toContain(4777297);
    expect(swapCandidates(4777297).map((c) => c.value)).toEqual(
      expect.arrayContaining([4177297, 4717297, 4771297, 4777291]),
    );
    expect(
      swapCandidates(38)
        .map((c) => c.value)
        .sort(),
    ).toEqual([33, 30, 88].sort());
    expect(swapCandidates(56)).toEqual([
      { value: 66, how: 'a 6 read as 5' },
      { value: 55, how: 'a 5 read as 6' },
    ]);
  });

  it('never makes a leading zero', () => {
    expect(swapCandidates(812).map((c) => c.value)).toEqual([312, 872]);
  });

  it('has nothing for negative or fractional values', () => {
    expect(swapCandidates(-3)).toEqual([]);
    expect(swapCandidates(3.5)).toEqual([]);
  });
});

describe('lostDigitCandidates', () => {
  it('puts one digit back at any place: an 11-digit value saved with 10', () => {
    const values = lostDigitCandidates(1234567890).map((c) => c.value);
    expect(values).toContain(12345678901);
    expect(values).toContain(12345067890);
    expect(values).not.toContain(1234567890);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((value) => String(value).length === 11)).toBe(true);
  });
});

describe('candidatesWithin', () => {
  it('suggests the single value that fits the window', () => {
    const { fitting, suggested } = candidatesWithin(misreadCandidates(4177297), 4700000, 4800000);
    expect(suggested).toBe(4777297);
    expect(fitting[0]!.how).toBe('a 7 read as 1');
  });

  it('suggests nothing when several fit (a lost last digit leaves ten)', () => {
    const { fitting, suggested } = candidatesWithin(misreadCandidates(123456), 1234560, 1234569);
    expect(fitting).toHaveLength(10);
    expect(suggested).toBeNull();
  });
});
