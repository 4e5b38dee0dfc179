import { describe, expect, it } from 'vitest';
import { DEFAULT_STATS_FORMULA, formulaDisplayString, type StatsFormula } from './formula.ts';
import { DEFAULT_GOAL_TIERS, type GoalTier } from './goals.ts';
import {
  hohDeadTotal,
  kvkDkpScorer,
  kvkGoals,
  kvkScoredFormula,
  percentOfGoal,
  scanScoredFormula,
} from './kvk-dkp.ts';

const split: StatsFormula = {
  ...DEFAULT_STATS_FORMULA,
  'T4 Dead Troops': [15, true],
  'T5 Dead Troops': [30, true],
};

describe('kvkDkpScorer', () => {
  const score = kvkDkpScorer(DEFAULT_STATS_FORMULA);

  it('sums value × gain over the spans (wars)', () => {
    const war1 = { 'T4-Kills': 30_000, 'T5-Kills': 10_000, 'Dead Troops': 10_000 };
    const war2 = { 'T4-Kills': 20_000, 'T5-Kills': 10_000, 'Dead Troops': 10_000 };
    expect(score([war1], null)).toBe(650_000);
    expect(score([war1, war2], null)).toBe(1_200_000);
  });

  it('counts an unknown gain as 0, and is unknown only when nothing is known', () => {
    expect(score([{ 'T4-Kills': 10, 'T5-Kills': null }], null)).toBe(100);
    expect(score([{ 'T4-Kills': null }, {}], null)).toBeNull();
    expect(score([], null)).toBeNull();
  });

  it('ignores the T4/T5 dead terms and HoH while the switch is off', () => {
    expect(score([{ 'Dead Troops': 10 }], { t4: 1000, t5: 1000 })).toBe(150);
  });

  it('with the switch on, scores HoH deaths once and drops the Dead Troops term', () => {
    const s = kvkDkpScorer(split);
    const war = { 'T4-Kills': 30_000, 'T5-Kills': 10_000, 'Dead Troops': 10_000 };
    expect(s([war, war], { t4: 8_000, t5: 2_000 })).toBe(2 * 500_000 + 8_000 * 15 + 2_000 * 30);
    expect(s([war], null)).toBe(500_000);
    expect(s([{}], { t4: null, t5: 10 })).toBe(300);
  });
});

describe('kvkScoredFormula and scanScoredFormula', () => {
  it('prints what is scored: without T4/T5 dead terms when off, without Dead Troops when on', () => {
    const off: StatsFormula = { ...DEFAULT_STATS_FORMULA, 'T4 Dead Troops': [15, false] };
    expect(formulaDisplayString(kvkScoredFormula(off))).toBe(
      'T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15',
    );
    expect(formulaDisplayString(kvkScoredFormula(split))).toBe(
      'T4 Kills x 10 + T5 Kills x 20 + T4 Dead Troops x 15 + T5 Dead Troops x 30',
    );
    expect(formulaDisplayString(scanScoredFormula(split))).toBe('T4 Kills x 10 + T5 Kills x 20');
  });
});

describe('goals and percentages', () => {
  const tiers: GoalTier[] = [
    { from: 0, to: 25, type: 'percentage', score_multiplier: 200, dead_multiplier: 1, kp_multiplier: 400 },
    { from: 25, to: 150, type: 'direct', score_multiplier: 1, dead_multiplier: 0.02, kp_multiplier: 1 },
  ];
  it('takes goals from the tier of base power, only for switches that are on', () => {
    const all = { score_on: true, dead_on: true, kp_on: true };
    expect(kvkGoals(tiers, 40_000_000, all)).toEqual({ dkp: 1_000_000, dead: 20_000, kp: 1_000_000 });
    expect(kvkGoals(tiers, 10_000_000, all)).toEqual({ dkp: 20_000_000, dead: 100_000, kp: 40_000_000 });
    expect(kvkGoals(tiers, 10_000_000, { score_on: true, dead_on: false, kp_on: false })).toEqual({
      dkp: 20_000_000,
      dead: null,
      kp: null,
    });
    expect(kvkGoals(tiers, null, all)).toEqual({ dkp: null, dead: null, kp: null });
  });
  it('percentOfGoal: two decimals, null without a positive goal', () => {
    expect(percentOfGoal(1_200_000, 1_000_000)).toBe(120);
    expect(percentOfGoal(1, 3)).toBe(33.33);
    expect(percentOfGoal(5, 0)).toBeNull();
    expect(percentOfGoal(null, 5)).toBeNull();
  });
  it('hohDeadTotal adds T4 and T5; both unknown is unknown', () => {
    expect(hohDeadTotal({ t4: 8_000, t5: 2_000 })).toBe(10_000);
    expect(hohDeadTotal({ t4: null, t5: 5 })).toBe(5);
    expect(hohDeadTotal({ t4: null, t5: null })).toBeNull();
    expect(hohDeadTotal(null)).toBeNull();
  });
  it('the default goals are one percentage tier with SPEC’s new-tier defaults', () => {
    expect(DEFAULT_GOAL_TIERS).toEqual([
      { from: 0, to: 150, type: 'percentage', score_multiplier: 200, dead_multiplier: 1, kp_multiplier: 400 },
    ]);
  });
});
