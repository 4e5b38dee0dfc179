import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATS_FORMULA,
  dkpScore,
  dkpScorer,
  enabledTerms,
  formulaDisplayString,
  formulaTerms,
  readStatsFormula,
  STAT_NAMES,
  type StatsFormula,
} from './formula.ts';

describe('STAT_NAMES', () => {
  it('spells the eleven stats as SPEC §3 does', () => {
    expect(STAT_NAMES).toEqual([
      'T1-Kills',
      'T2-kills',
      'T3-Kills',
      'T4-Kills',
      'T5-Kills',
      'Dead Troops',
      'Rss Assistance',
      'Alliance Helps',
      'Rss Gathered',
      'T4 Dead Troops',
      'T5 Dead Troops',
    ]);
  });
});

describe('formulaTerms', () => {
  it('splits a display string into its terms', () => {
    expect(formulaTerms(formulaDisplayString(DEFAULT_STATS_FORMULA))).toEqual([
      'T4 Kills x 10',
      'T5 Kills x 20',
      'Dead Troops x 15',
    ]);
  });

  it('leaves out empty terms and terms multiplied by 0, whatever the spacing', () => {
    expect(formulaTerms('T4 Kills x 10  +  Healed x 0 + Dead Troops x 0.00 + Rss Gathered x 0.5')).toEqual([
      'T4 Kills x 10',
      'Rss Gathered x 0.5',
    ]);
    expect(formulaTerms('')).toEqual([]);
  });
});

describe('enabledTerms and formulaDisplayString', () => {
  it('prints the default formula', () => {
    expect(formulaDisplayString(DEFAULT_STATS_FORMULA)).toBe(
      'T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15',
    );
  });

  it('drops disabled terms and terms multiplied by 0, keeping the stat order', () => {
    const formula: StatsFormula = {
      'Rss Gathered': [0.5, true],
      'T5-Kills': [0, true],
      'T4-Kills': [4, false],
      'T2-kills': [2, true],
      'Alliance Helps': [1.25, true],
    };
    expect(enabledTerms(formula).map((term) => term.stat)).toEqual([
      'T2-kills',
      'Alliance Helps',
      'Rss Gathered',
    ]);
    expect(formulaDisplayString(formula)).toBe('T2 Kills x 2 + Alliance Helps x 1.25 + Rss Gathered x 0.5');
  });

  it('is empty when no term counts', () => {
    expect(formulaDisplayString({})).toBe('');
    expect(formulaDisplayString({ 'T4-Kills': [0, true], 'T5-Kills': [20, false] })).toBe('');
  });

  it('prints negative values and rounds to two decimals', () => {
    expect(formulaDisplayString({ 'Dead Troops': [-2, true], 'T1-Kills': [0.125, true] })).toBe(
      'T1 Kills x 0.13 + Dead Troops x -2',
    );
  });
});

describe('dkpScore', () => {
  it('sums value × gain over the enabled terms', () => {
    expect(dkpScore({ 'T4-Kills': 100, 'T5-Kills': 10, 'Dead Troops': 4 }, DEFAULT_STATS_FORMULA)).toBe(
      100 * 10 + 10 * 20 + 4 * 15,
    );
  });

  it('ignores gains of disabled terms', () => {
    expect(
      dkpScore({ 'T4-Kills': 1, 'T1-Kills': 1_000_000, 'T4 Dead Troops': 9 }, DEFAULT_STATS_FORMULA),
    ).toBe(10);
  });

  it('uses the T4/T5 dead gains when those terms are on', () => {
    const formula: StatsFormula = { 'T4 Dead Troops': [15, true], 'T5 Dead Troops': [30, true] };
    expect(dkpScore({ 'T4 Dead Troops': 2, 'T5 Dead Troops': 3, 'Dead Troops': 100 }, formula)).toBe(120);
  });

  it('counts an unknown gain as 0, and is unknown only when every term is unknown', () => {
    expect(
      dkpScore({ 'T4-Kills': null, 'T5-Kills': 2, 'Dead Troops': undefined }, DEFAULT_STATS_FORMULA),
    ).toBe(40);
    expect(dkpScore({ 'T4-Kills': null, 'T5-Kills': Number.NaN }, DEFAULT_STATS_FORMULA)).toBeNull();
    expect(dkpScore({}, DEFAULT_STATS_FORMULA)).toBeNull();
  });

  it('scores 0 with a formula that has no terms', () => {
    expect(dkpScore({ 'T4-Kills': 5 }, {})).toBe(0);
  });

  it('a scorer made once scores each gain by its term, as dkpScore does', () => {
    const score = dkpScorer(DEFAULT_STATS_FORMULA);
    // T4 ×10, dead ×15; T1 is off in the default formula.
    expect(score({ 'T4-Kills': 3, 'Dead Troops': 2, 'T1-Kills': 1000 })).toBe(60);
    expect(score({ 'T5-Kills': 1, 'T4-Kills': null })).toBe(20);
    expect(score({})).toBeNull();
    const custom = dkpScorer({ 'T1-Kills': [2, true], 'T4-Kills': [10, false] });
    expect(custom({ 'T1-Kills': 7, 'T4-Kills': 100 })).toBe(14);
    expect(dkpScorer({})({ 'T4-Kills': 5 })).toBe(0);
  });
});

describe('readStatsFormula', () => {
  it('keeps well-formed known terms and drops the rest', () => {
    expect(
      readStatsFormula({
        'T4-Kills': [10, true],
        'T5-Kills': ['20', true],
        'Dead Troops': [15],
        'Rss Gathered': [1, 'yes'],
        Unknown: [5, true],
        'T1-Kills': ['abc', true],
      }),
    ).toEqual({ 'T4-Kills': [10, true], 'T5-Kills': [20, true] });
  });

  it('answers null for anything that is not a formula', () => {
    expect(readStatsFormula(null)).toBeNull();
    expect(readStatsFormula([])).toBeNull();
    expect(readStatsFormula('T4-Kills')).toBeNull();
    expect(readStatsFormula({ Unknown: [1, true] })).toBeNull();
  });

  it('does not read inherited properties', () => {
    const raw = Object.create({ 'T4-Kills': [10, true] }) as object;
    expect(readStatsFormula(raw)).toBeNull();
  });
});
