import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFormulaLike, neutralizeFormula, safeCell } from './spreadsheet-safety.ts';

describe('neutralizeFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['  =HYPERLINK("x")', '\'  =HYPERLINK("x")'],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    // Issue 15: a line break or an ideographic space in front of the trigger let these through unprefixed.
    ['\n=1+1', "'\n=1+1"],
    ['\u3000=1+1', "'\u3000=1+1"],
    ['\u200B=1+1', "'\u200B=1+1"],
    ['\u0000 \u2028+1', "'\u0000 \u2028+1"],
  ])('prefixes %j', (input, expected) => {
    expect(neutralizeFormula(input)).toBe(expected);
  });

  it.each(['Dragon', '[ABC] Knight', 'a=b', "'quoted", '', '   ', '1-2'])('leaves %j alone', (input) => {
    expect(neutralizeFormula(input)).toBe(input);
  });

  it('never leaves a formula trigger at the start', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const safe = neutralizeFormula(text);
        expect(isFormulaLike(safe)).toBe(false);
        // Only ever adds one character in front; the player's text is kept whole.
        expect(safe === text || safe === `'${text}`).toBe(true);
      }),
    );
  });
});

describe('safeCell', () => {
  it('keeps numbers and booleans as they are', () => {
    expect(safeCell(-1234)).toBe(-1234);
    expect(safeCell(0)).toBe(0);
    expect(safeCell(true)).toBe(true);
  });

  it('writes unknown values as empty cells, not 0', () => {
    expect(safeCell(null)).toBeNull();
    expect(safeCell(undefined)).toBeNull();
    expect(safeCell(Number.NaN)).toBeNull();
    expect(safeCell(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('neutralises text', () => {
    expect(safeCell('=cmd|"/c calc"!A1')).toBe('\'=cmd|"/c calc"!A1');
    expect(safeCell('Knight')).toBe('Knight');
  });
});
