import {
  DEFAULT_STATS_FORMULA,
  deadTroopsSplitOn,
  defaultWars,
  type FormulaIssue,
  type GoalTier,
  readGoalTiers,
  readStatsFormula,
  type SavedWar,
  STAT_NAMES,
  type StatName,
  type StatsFormula,
  toWarsConfig,
  validateFormulaPayload,
  type War,
} from '@kingdom-stats/core';
import type { FormulaResponse, FormulaSavePayload } from '../../api/formula.ts';

/** A term as the editor holds it: the value may be empty while someone types (null), which save refuses. */
export type DraftTerm = [value: number | null, enabled: boolean];
export type DraftStats = Record<StatName, DraftTerm>;

export interface FormulaDraft {
  stats: DraftStats;
  tiers: GoalTier[];
  score_on: boolean;
  dead_on: boolean;
  kp_on: boolean;
  wars: War[];
}

/** The terms the Formula tab lists with a switch; the T4/T5 dead terms live in their own modal. */
export const LISTED_STATS: readonly StatName[] = STAT_NAMES.filter(
  (name) => name !== 'T4 Dead Troops' && name !== 'T5 Dead Troops',
);

export function draftFromResponse(response: FormulaResponse): FormulaDraft {
  const saved = readStatsFormula(response.formula.stats_formula);
  const stats = {} as DraftStats;
  for (const name of STAT_NAMES) {
    const term = saved ? (saved[name] ?? [0, false]) : DEFAULT_STATS_FORMULA[name];
    stats[name] = [term[0], term[1]];
  }
  const selection = response.dkpScansSelection;
  return {
    stats,
    tiers: readGoalTiers(response.formula.goals),
    score_on: response.formula.score_on,
    dead_on: response.formula.dead_on,
    kp_on: response.formula.kp_on,
    wars: defaultWars(selection && selection !== 'none' ? selection.wars : null, response.dates),
  };
}

/** The preview's formula: empty values count as 0, so they drop out like any zero term. */
export function previewFormula(stats: DraftStats): StatsFormula {
  const formula: StatsFormula = {};
  for (const name of STAT_NAMES) {
    const [value, enabled] = stats[name];
    formula[name] = [value ?? 0, enabled];
  }
  return formula;
}

function statsPayload(stats: DraftStats): Record<string, [number | null, boolean]> {
  const out: Record<string, [number | null, boolean]> = {};
  for (const name of STAT_NAMES) out[name] = [stats[name][0], stats[name][1]];
  return out;
}

function savedWar(war: War): SavedWar {
  return {
    before: war.beforeScan ? { [war.beforeScan.scan_name]: war.beforeScan.timestamp } : {},
    after: war.afterScan ? { [war.afterScan.scan_name]: war.afterScan.timestamp } : {},
  };
}

/**
 * SPEC §5 "Formula save" through core's validateFormulaPayload, the very check the server makes, so the list is the
 * server's list. Incomplete wars go in as empty maps, so 'Some wars are missing start or end dates…' is reported.
 */
export function validateDraft(draft: FormulaDraft, response: FormulaResponse): FormulaIssue[] {
  const issues = validateFormulaPayload(
    {
      data: {
        goals: draft.tiers,
        stats_formula: statsPayload(draft.stats),
        score_on: draft.score_on,
        dead_on: draft.dead_on,
        kp_on: draft.kp_on,
      },
      warsConfig: { wars: draft.wars.map(savedWar) },
    },
    {
      scans: response.dates,
      hoh: response.hohValidation,
      deadTroopsSplitWasOn: deadTroopsSplitOn(readStatsFormula(response.formula.stats_formula) ?? {}),
    },
  );
  // One line per message: the same problem found twice (a tier's range and its goal) is listed once.
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.message) && seen.add(issue.message));
}

/** The save's body: the season edited (none: the kingdom's rules without seasons) and the past-season confirmation. */
export function savePayload(
  kd: string,
  code: string,
  draft: FormulaDraft,
  target: { season?: number | undefined; confirmPastSeason?: boolean } = {},
): FormulaSavePayload {
  return {
    passed_data: {
      kdnumber: kd,
      code,
      data: {
        goals: draft.tiers,
        stats_formula: statsPayload(draft.stats),
        score_on: draft.score_on,
        dead_on: draft.dead_on,
        kp_on: draft.kp_on,
      },
      // Null clears the saved wars (every war deleted).
      warsConfig: toWarsConfig(draft.wars),
      ...(target.season === undefined ? {} : { season: target.season }),
      ...(target.confirmPastSeason ? { confirmPastSeason: true } : {}),
    },
  };
}
