import { deadTroopsSplitOn } from './dead-troops-settings.ts';
import { dkpScorer, type StatGains, type StatsFormula } from './formula.ts';
import { type GoalTier, goalsForPower } from './goals.ts';

/**
 * The KD DKP dashboard's score (docs/dkp.md). A governor's DKP over a KvK is Σ value × gain over the formula's
 * enabled terms, where the gains are taken per war (before → after scan) and summed, or over the whole period when
 * no war is saved. With the T4/T5 Dead Troops switch on, the dead come from Hall of Heroes records instead: the
 * T4/T5 Dead Troops terms score the HoH T4 and T5 deaths (once per KvK, not per war) and REPLACE the plain
 * 'Dead Troops' term, so no death is counted twice.
 */

const HOH_TERMS = ['T4 Dead Troops', 'T5 Dead Troops'] as const;

/** The terms scored from scan gains: without the HoH terms, and without 'Dead Troops' when those replace it. */
export function scanScoredFormula(formula: StatsFormula): StatsFormula {
  const split = deadTroopsSplitOn(formula);
  const result: StatsFormula = { ...formula };
  delete result['T4 Dead Troops'];
  delete result['T5 Dead Troops'];
  if (split) delete result['Dead Troops'];
  return result;
}

/** The formula the KD DKP dashboard scores with, as the banner should print it. */
export function kvkScoredFormula(formula: StatsFormula): StatsFormula {
  if (!deadTroopsSplitOn(formula)) {
    const result: StatsFormula = { ...formula };
    delete result['T4 Dead Troops'];
    delete result['T5 Dead Troops'];
    return result;
  }
  const result: StatsFormula = { ...formula };
  delete result['Dead Troops'];
  return result;
}

export interface HohDeaths {
  t4: number | null;
  t5: number | null;
}

/** T4 + T5 HoH deaths; one unknown tier counts as 0, both unknown is unknown. */
export function hohDeadTotal(hoh: HohDeaths | null): number | null {
  if (!hoh || (hoh.t4 === null && hoh.t5 === null)) return null;
  return (hoh.t4 ?? 0) + (hoh.t5 ?? 0);
}

/**
 * A scorer for many governors with one formula: spans are the governor's gains per war (or the one period span);
 * hoh its Hall of Heroes record (null when none). Unknown gains count 0; the score is unknown only when nothing
 * that counts is known.
 */
export function kvkDkpScorer(
  formula: StatsFormula,
): (spans: readonly StatGains[], hoh: HohDeaths | null) => number | null {
  const fromScans = dkpScorer(scanScoredFormula(formula));
  const split = deadTroopsSplitOn(formula);
  const t4 = formula['T4 Dead Troops'];
  const t5 = formula['T5 Dead Troops'];
  const hohTerms = HOH_TERMS.filter((stat) => formula[stat]?.[1] === true && formula[stat]?.[0] !== 0);
  return (spans, hoh) => {
    let score = 0;
    let known = false;
    for (const gains of spans) {
      const part = fromScans(gains);
      if (part === null) continue;
      score += part;
      known = true;
    }
    if (split && hoh && hohTerms.length > 0) {
      if (t4?.[1] && hoh.t4 !== null) {
        score += t4[0] * hoh.t4;
        known = true;
      }
      if (t5?.[1] && hoh.t5 !== null) {
        score += t5[0] * hoh.t5;
        known = true;
      }
    }
    return known ? score : null;
  };
}

/** value / goal × 100, two decimals; null without a positive goal or a known value. */
export function percentOfGoal(value: number | null, goal: number | null): number | null {
  if (value === null || goal === null || goal <= 0) return null;
  return Math.round((value / goal) * 10000) / 100;
}

export interface KvkGoalSwitches {
  score_on: boolean;
  dead_on: boolean;
  kp_on: boolean;
}

/** The governor's goals from the tier of its base power, each only when its switch is on. */
export function kvkGoals(
  tiers: readonly GoalTier[],
  basePower: number | null,
  switches: KvkGoalSwitches,
): { dkp: number | null; dead: number | null; kp: number | null } {
  const goals = goalsForPower(tiers, basePower);
  return {
    dkp: switches.score_on ? goals.dkp : null,
    dead: switches.dead_on ? goals.dead : null,
    kp: switches.kp_on ? goals.kp : null,
  };
}
