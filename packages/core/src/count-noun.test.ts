import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun.ts';

describe('countNoun', () => {
  it('uses the singular for exactly one', () => {
    expect(countNoun(1, 'governor')).toBe('1 governor');
  });
  it('uses the plural for zero and for many, with thousands separators', () => {
    expect(countNoun(0, 'governor')).toBe('0 governors');
    expect(countNoun(3712, 'governor')).toBe('3,712 governors');
  });
  it('takes an irregular plural', () => {
    expect(countNoun(2, 'entry', 'entries')).toBe('2 entries');
  });
});
