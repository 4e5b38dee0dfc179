import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  EMPTY_CELL,
  formatExact,
  formatInteger,
  parseNumber,
  parseScanValue,
  tryParseNumber,
} from './numbers.ts';

const num = (value: number) => ({ kind: 'number', value });
const EMPTY = { kind: 'empty' };

describe('parseNumber', () => {
  it.each([
    [1234, 1234],
    [-5.5, -5.5],
    ['42', 42],
    ['1.5M', 1_500_000],
    ['1.5m', 1_500_000],
    ['-2k', -2000],
    ['2K', 2000],
    ['3b', 3_000_000_000],
    ['1,234', 1234],
    ['1,234,567', 1_234_567],
    ['1 234 567', 1_234_567],
    ['1\u00a0234', 1234],
    ['1.5k', 1500],
    [' 2 M ', 2_000_000],
    ['-0', 0],
    ['+7', 7],
    ['.5', 0.5],
    ['1.234.567', 1_234_567],
    ['1,2,3,,', 123],
    ['45%', 45],
    ['1e+21', 1e21],
    ['1e21', 1e21],
    ['1000000000000000000000', 1e21],
  ])('reads %j as %d', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'abc',
    '12abc',
    '3rd Legion',
    '1.2.3',
    '--5',
    'K',
    '1e999',
    NaN,
    Infinity,
    -Infinity,
    true,
    {},
    [],
    Symbol('x'),
  ])('reads %s as 0', (input) => {
    expect(parseNumber(input)).toBe(0);
  });

  it('never returns NaN or a non-finite number, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(Number.isFinite(parseNumber(value))).toBe(true);
      }),
    );
  });

  it('reads back any finite number from its string form', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(parseNumber(String(x))).toBe(x === 0 ? 0 : x);
      }),
    );
  });
});

describe('tryParseNumber', () => {
  it('tells unreadable input apart from zero', () => {
    expect(tryParseNumber('0')).toBe(0);
    expect(tryParseNumber('abc')).toBeNull();
    expect(tryParseNumber('')).toBeNull();
    expect(tryParseNumber(null)).toBeNull();
    expect(tryParseNumber(NaN)).toBeNull();
  });
});

describe('parseScanValue', () => {
  it.each([
    [0, num(0)],
    [-0, num(0)],
    [1234.5, num(1234.5)],
    ['1234', num(1234)],
    ['  1234  ', num(1234)],
    ['1,234', num(1234)],
    ['1,234,567', num(1_234_567)],
    ['1 234 567', num(1_234_567)],
    ['1\u00a0234\u00a0567', num(1_234_567)],
    ['1_234_567', num(1_234_567)],
    ['1.234.567', num(1_234_567)],
    ['12.345.678.901', num(12_345_678_901)],
    ['1.234', num(1.234)],
    ['1,234.56', num(1234.56)],
    ['.5', num(0.5)],
    ['+15', num(15)],
    ['-15', num(-15)],
    ['-0', num(0)],
    ['1.5K', num(1500)],
    ['1.5k', num(1500)],
    ['1.1K', num(1100)],
    ['2 M', num(2_000_000)],
    [' 2 M ', num(2_000_000)],
    ['2\u00a0m', num(2_000_000)],
    ['-2.5b', num(-2_500_000_000)],
    ['1,234K', num(1_234_000)],
    ['0.0000001K', num(0.0001)],
    ['9999.9B', num(9_999_900_000_000)],
    ['1.0000001', num(1.0000001)],
    ['-1', num(-1)],
    ['-3', num(-3)],
    ['1000000000000000000000', num(1e21)],
  ])('reads %j as %j', (input, expected) => {
    expect(parseScanValue(input)).toEqual(expected);
  });

  it('reads a bigint cell as its number', () => {
    expect(parseScanValue(12n)).toEqual(num(12));
  });

  it.each([null, undefined, '', '   ', '\t\n', '\u00a0'])('reads %j as empty', (input) => {
    expect(parseScanValue(input)).toEqual(EMPTY);
  });

  it.each([
    'abc',
    '12x',
    '12abc',
    '1,2,3,,',
    '1,23',
    '1,2345',
    '12,34,567',
    '1,234 567',
    '1.234.567,89',
    '1.234.567.5',
    '1,234.',
    '5.',
    '1e21',
    '1E+21',
    '1e+21',
    '--5',
    '+-5',
    '- 5',
    '5-',
    '1.5KK',
    '1.5 K M',
    '1.5  K',
    'K',
    '%',
    '45%',
    '0x10',
    'Infinity',
    'NaN',
    '9'.repeat(400),
    NaN,
    Infinity,
    -Infinity,
    true,
    {},
    [1],
    new Date(0),
  ])('reads %j as invalid', (input) => {
    expect(parseScanValue(input).kind).toBe('invalid');
  });

  it.each([
    ['abc', 'not-a-number'],
    ['12x', 'not-a-number'],
    [true, 'not-a-number'],
    ['0x10', 'not-decimal'],
    ['0X1F', 'not-decimal'],
    ['0b101', 'not-decimal'],
    ['0o17', 'not-decimal'],
    ['Infinity', 'not-finite'],
    ['-Infinity', 'not-finite'],
    ['NaN', 'not-finite'],
    ['inf', 'not-finite'],
    [Infinity, 'not-finite'],
    [NaN, 'not-finite'],
    ['1e21', 'exponent'],
    ['1.5E+21', 'exponent'],
    ['2.5e-3', 'exponent'],
    ['9'.repeat(400), 'too-large'],
  ])('says why %j is not a number: %s', (input, reason) => {
    expect(parseScanValue(input)).toEqual({ kind: 'invalid', reason });
  });

  describe('where a comma may be the decimal mark', () => {
    const options = { decimalCommaPossible: true };

    it.each(['2,500', '1,234,567', '2.500', '-2,500', '1234,5', '1.234,5', '2,5K'])(
      'refuses %j as ambiguous',
      (input) => {
        expect(parseScanValue(input, options)).toEqual({ kind: 'invalid', reason: 'ambiguous-decimal-mark' });
      },
    );

    it.each([
      ['2500', 2500],
      ['1.234.567', 1_234_567],
      ['1 234 567', 1_234_567],
      ['12.5', 12.5],
      ['1.5M', 1_500_000],
      ['-1', -1],
    ])('still reads %j', (input, value) => {
      expect(parseScanValue(input, options)).toEqual(num(value));
    });

    it('reads "2,500" as 2500 where the comma cannot be the decimal mark', () => {
      expect(parseScanValue('2,500')).toEqual(num(2500));
    });
  });

  it('reads any safe integer back from its string form', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(parseScanValue(String(n))).toEqual(num(n));
      }),
    );
  });

  it('reads any safe integer back from its en-US grouped form', () => {
    const format = new Intl.NumberFormat('en-US', { useGrouping: true });
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(parseScanValue(format.format(n))).toEqual(num(n));
      }),
    );
  });

  it('reads the same integer whatever group separator is used', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1e12 }),
        fc.constantFrom(',', ' ', '\u00a0', '_', '.'),
        (n, sep) => {
          const grouped = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
          const dotWithOneGroup = sep === '.' && n < 1_000_000;
          // A single dot group is a decimal point, not a separator.
          expect(parseScanValue(grouped)).toEqual(dotWithOneGroup ? num(n / 1000) : num(n));
        },
      ),
    );
  });

  it('reads whole-thousand suffixed values as exact integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99_999, max: 99_999 }),
        fc.constantFrom(['K', 1e3], ['M', 1e6], ['B', 1e9]),
        (tenths, [suffix, multiplier]) => {
          const text = `${(tenths / 10).toFixed(1)}${suffix}`;
          expect(parseScanValue(text)).toEqual(num((tenths * multiplier) / 10));
        },
      ),
    );
  });

  it('never throws and only ever answers one of its three kinds', () => {
    let numbers = 0;
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.anything()), (value) => {
        const result = parseScanValue(value);
        expect(['number', 'empty', 'invalid']).toContain(result.kind);
        if (result.kind === 'number') {
          numbers++;
          expect(Number.isFinite(result.value)).toBe(true);
        }
      }),
    );
    // The finiteness check ran on numbers, not only on refusals.
    expect(numbers).toBeGreaterThan(10);
  });

  it('agrees with the lenient reader whenever it accepts a string', () => {
    let accepted = 0;
    // Free mixes of digits and separators are mostly refused (about 5 in 100): well-formed numbers are mixed
    // in, so the comparison runs on many accepted strings.
    const strings = fc.oneof(
      fc.stringMatching(/^[-+]?[\d,. _]{0,12}[kmbKMB]?$/),
      fc.integer().map(String),
      fc.stringMatching(/^\d{1,3}(,\d{3}){0,3}$/),
    );
    fc.assert(
      fc.property(strings, (text) => {
        const strict = parseScanValue(text);
        if (strict.kind === 'number') {
          accepted++;
          expect(parseNumber(text)).toBe(strict.value);
        }
      }),
    );
    // Compared on strings the strict reader accepted, not only on ones it refused.
    expect(accepted).toBeGreaterThan(30);
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [7, '7'],
    [999, '999'],
    [12.4, '12'],
    [12.5, '13'],
    [-12.5, '-13'],
    [-0.4, '0'],
    [999.4, '999'],
    [999.6, '1.0K'],
    [1000, '1.0K'],
    [1500, '1.5K'],
    [-2300, '-2.3K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_500_000, '1.5M'],
    [-1_500_000, '-1.5M'],
    [1e9, '1.0B'],
    [2_345_678_901, '2.3B'],
    [1.5e12, '1500.0B'],
  ])('shows %d as %s', (input, expected) => {
    expect(abbreviateNumber(input)).toBe(expected);
  });

  it.each([null, undefined, NaN, Infinity])('shows %s as the empty cell', (input) => {
    expect(abbreviateNumber(input)).toBe(EMPTY_CELL);
  });

  it('stays within 5% of the value once read back, for |n| >= 1000', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1000, max: 1e15 }), fc.integer({ min: -1e15, max: -1000 })),
        (n) => {
          const back = parseNumber(abbreviateNumber(n));
          expect(Math.abs(back - n) / Math.abs(n)).toBeLessThanOrEqual(0.05);
          expect(Math.sign(back)).toBe(Math.sign(n));
        },
      ),
    );
  });

  it('always uses one decimal once abbreviated and none below 1000', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e13, max: 1e13, noNaN: true }), (n) => {
        const text = abbreviateNumber(n);
        if (Math.abs(Math.round(n)) >= 1000) expect(text).toMatch(/^-?\d+\.\d[KMB]$/);
        else expect(text).toMatch(/^-?\d{1,3}$/);
      }),
    );
  });
});

describe('formatInteger', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [-0.4, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1_234_567, '1,234,567'],
    [-1_234_567, '-1,234,567'],
    [1234.5, '1,235'],
    [-1234.5, '-1,235'],
    [1e21, '1,000,000,000,000,000,000,000'],
  ])('shows %d as %s', (input, expected) => {
    expect(formatInteger(input)).toBe(expected);
  });

  it.each([null, undefined, NaN, -Infinity])('shows %s as the empty cell', (input) => {
    expect(formatInteger(input)).toBe(EMPTY_CELL);
  });

  it('round-trips through the strict scan reader', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(parseScanValue(formatInteger(n))).toEqual(num(n === 0 ? 0 : n));
      }),
    );
  });
});

describe('formatExact', () => {
  const intl = new Intl.NumberFormat('en-US');

  it('prints what Intl.NumberFormat("en-US") prints, for any number', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.double({ min: -1e22, max: 1e22, noNaN: true }).map(Math.round),
        ),
        (n) => {
          expect(formatExact(n)).toBe(intl.format(n));
        },
      ),
      { numRuns: 20_000 },
    );
    // 20,000 cases take about a second alone, and several on a loaded two-core machine.
  }, 30_000);

  it.each([
    [0, '0'],
    [-0, '-0'],
    [7, '7'],
    [-999, '-999'],
    [1000, '1,000'],
    [123_456, '123,456'],
    [-1_234_567, '-1,234,567'],
    [2 ** 60, '1,152,921,504,606,847,000'],
    [1e21, '1,000,000,000,000,000,000,000'],
    [1234.5678, '1,234.568'],
  ])('shows %d as %s', (input, expected) => {
    expect(formatExact(input)).toBe(expected);
  });
});
