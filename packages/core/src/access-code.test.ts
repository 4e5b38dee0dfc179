import { describe, expect, it } from 'vitest';
import { isValidAccessCode, normalisedAccessCode } from './access-code.ts';

describe('access codes', () => {
  it('takes 4 to 64 letters, digits, - or _, in any case and with spaces around', () => {
    expect(isValidAccessCode('abcd')).toBe(true);
    expect(isValidAccessCode('  My_Code-42 ')).toBe(true);
    expect(isValidAccessCode('a'.repeat(64))).toBe(true);
    expect(normalisedAccessCode('  My_Code-42 ')).toBe('my_code-42');
  });

  it('refuses codes too short or too long, and other characters', () => {
    expect(isValidAccessCode('abc')).toBe(false);
    expect(isValidAccessCode('   ')).toBe(false);
    expect(isValidAccessCode('a'.repeat(65))).toBe(false);
    expect(isValidAccessCode('my code')).toBe(false);
    expect(isValidAccessCode('café')).toBe(false);
    expect(isValidAccessCode('a/b/c/d')).toBe(false);
  });
});
