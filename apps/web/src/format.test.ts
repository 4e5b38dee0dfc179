import { afterEach, describe, expect, it } from 'vitest';
import { fullNumber, percent, relativeTime, setFormatLocale, shortNumber, signedNumber } from './format.ts';

afterEach(() => setFormatLocale('en'));

describe('numbers in the reader’s language', () => {
  it('groups thousands as each language does', () => {
    expect(fullNumber(1234567)).toBe('1,234,567');
    setFormatLocale('de');
    expect(fullNumber(1234567)).toBe('1.234.567');
    setFormatLocale('fr');
    expect(fullNumber(1234567).replace(/\s/g, ' ')).toBe('1 234 567');
    expect(fullNumber(null)).toBe('-');
  });

  it('writes compact numbers in the language’s style', () => {
    expect(shortNumber(3_200_000_000)).toBe('3.2B');
    setFormatLocale('de');
    expect(shortNumber(3_200_000_000).replace(/\s/g, ' ')).toBe('3,2 Mrd.');
    setFormatLocale('ja');
    expect(shortNumber(3_200_000_000)).toBe('32億');
  });

  it('signs changes and percentages', () => {
    expect(signedNumber(1234)).toBe('+1,234');
    expect(percent(4.25)).toBe('+4.3%');
    setFormatLocale('de');
    expect(signedNumber(1234)).toBe('+1.234');
    expect(percent(4.2).replace(/\s/g, ' ')).toBe('+4,2 %');
    expect(percent(null)).toBe('-');
  });

  it('says how long ago in the language', () => {
    const now = 1_000_000_000_000;
    expect(relativeTime(now / 1000 - 300, now)).toBe('5 minutes ago');
    setFormatLocale('de');
    expect(relativeTime(now / 1000 - 300, now)).toBe('vor 5 Minuten');
  });
});
