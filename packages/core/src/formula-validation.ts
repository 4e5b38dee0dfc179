import { MAX_GOAL_TIERS, TIER_POWER_MAX_M } from './constants.ts';
import { deadTroopsSettingsIssue, deadTroopsSplitOn, type HohCheck } from './dead-troops-settings.ts';
import { DEFAULT_STATS_FORMULA, type FormulaTerm, STAT_NAMES, type StatName } from './formula.ts';
import {
  type EditorValue,
  editorNumber,
  FORMULA_VALIDATION_MESSAGES,
  type FormulaIssue,
  isEmptyValue,
  MAX_STAT_POINTS,
  type StatsFormulaInput,
  statEmptyMessage,
  statNotNumberMessage,
  statRangeMessage,
  TIER_GOAL_LABELS,
  tierGoalEmptyMessage,
  tierGoalRangeMessage,
} from './formula-issues.ts';
import { DEFAULT_GOAL_TYPE, type GoalTier, type GoalType, isGoalInRange, MAX_TIER_GOAL } from './goals.ts';
import {
  type SavedWar,
  type ScanOption,
  toWarsConfig,
  validateWars,
  type War,
  type WarsConfig,
  warName,
} from './wars.ts';

/**
 * The formula editor's checks (SPEC §5 "Formula save" and "T4/T5 modal"). The editor and the server call these same
 * functions, so a payload the editor refuses, the server refuses with the same message, in the same order.
 */

/** 'At least one DKP Formula setting must be enabled', then '{stat} cannot be empty' per enabled stat, in order. */
export function validateStatsFormula(stats: StatsFormulaInput): FormulaIssue[] {
  const enabled = STAT_NAMES.filter((stat) => stats[stat]?.[1] === true);
  if (enabled.length === 0)
    return [
      { path: 'stats_formula', message: FORMULA_VALIDATION_MESSAGES.noTermEnabled, code: 'noTermEnabled' },
    ];
  const issues: FormulaIssue[] = [];
  for (const stat of STAT_NAMES) {
    const term = stats[stat];
    if (!term) continue;
    const value = term[0];
    const on = term[1] === true;
    const path = `stats_formula.${stat}`;
    // An empty or unreadable value of a term that is off is stored as 0; one that is on cannot be scored.
    if (isEmptyValue(value)) {
      if (on) issues.push({ path, message: statEmptyMessage(stat), code: 'statEmpty', params: { stat } });
      continue;
    }
    const n = editorNumber(value);
    if (n === null) {
      if (on)
        issues.push({ path, message: statNotNumberMessage(stat), code: 'statNotNumber', params: { stat } });
    } else if (n < 0 || n > MAX_STAT_POINTS) {
      issues.push({
        path,
        message: statRangeMessage(stat),
        code: 'statRange',
        params: { stat, max: MAX_STAT_POINTS },
      });
    }
  }
  return issues;
}

export interface TierInput {
  from: EditorValue;
  to: EditorValue;
  type?: string | undefined;
  score_multiplier?: EditorValue;
  dead_multiplier?: EditorValue;
  kp_multiplier?: EditorValue;
  /** The old name of kp_multiplier. */
  kd_multiplier?: EditorValue;
}

export interface RequirementSwitches {
  dead_on: boolean;
  kp_on: boolean;
}

/** SPEC §5's tier messages: at least one tier, then per tier its Score, Dead (dead_on) and KP (kp_on) goals. */
export function validateTiers(tiers: readonly TierInput[], switches: RequirementSwitches): FormulaIssue[] {
  if (tiers.length === 0)
    return [{ path: 'goals', message: FORMULA_VALIDATION_MESSAGES.noTier, code: 'noTier' }];
  const issues: FormulaIssue[] = [];
  if (tiers.length > MAX_GOAL_TIERS)
    issues.push({
      path: 'goals',
      message: `At most ${MAX_GOAL_TIERS} power tiers can be saved`,
      code: 'tooManyTiers',
      params: { max: MAX_GOAL_TIERS },
    });
  tiers.forEach((tier, index) => {
    const path = `goals.${index}`;
    const n = index + 1;
    const from = editorNumber(tier.from);
    const to = editorNumber(tier.to);
    const tierParams = { tier: n };
    if (from === null || to === null || to <= from)
      issues.push({
        path,
        message: `Power tier ${n}: To value must be greater than From value`,
        code: 'tierToFrom',
        params: tierParams,
      });
    if (from !== null && from < 0)
      issues.push({
        path,
        message: `Power tier ${n}: From value cannot be negative`,
        code: 'tierFromNegative',
        params: tierParams,
      });
    if (to !== null && to > TIER_POWER_MAX_M)
      issues.push({
        path,
        message: `Power tier ${n}: Maximum power limit is 10,000M`,
        code: 'tierPowerMax',
        params: { tier: n, max: TIER_POWER_MAX_M },
      });
    const type: GoalType = tier.type === 'direct' ? 'direct' : DEFAULT_GOAL_TYPE;
    const goals: [keyof typeof TIER_GOAL_LABELS, EditorValue, boolean][] = [
      ['score_multiplier', tier.score_multiplier, true],
      ['dead_multiplier', tier.dead_multiplier, switches.dead_on],
      ['kp_multiplier', tier.kp_multiplier ?? tier.kd_multiplier, switches.kp_on],
    ];
    for (const [goal, value, required] of goals) {
      if (isEmptyValue(value)) {
        if (required)
          issues.push({
            path,
            message: tierGoalEmptyMessage(n, goal),
            code: 'tierGoalEmpty',
            params: { tier: n, goal },
          });
      } else {
        const number = editorNumber(value);
        if (number === null)
          issues.push({
            path,
            message: `Power tier ${n}: ${TIER_GOAL_LABELS[goal]} must be a number`,
            code: 'tierGoalNotNumber',
            params: { tier: n, goal },
          });
        else if (!isGoalInRange(number, type))
          issues.push({
            path,
            message: tierGoalRangeMessage(n, goal, type),
            code: 'tierGoalRange',
            params: { tier: n, goal, type, max: MAX_TIER_GOAL[type] },
          });
      }
    }
  });
  return issues;
}

// ---- The whole save payload ----

export interface FormulaPayloadData {
  goals: readonly TierInput[];
  stats_formula: StatsFormulaInput;
  score_on: boolean;
  dead_on: boolean;
  kp_on: boolean;
}

export interface FormulaPayload {
  data: FormulaPayloadData;
  warsConfig?: { wars: readonly SavedWar[] } | null | undefined;
}

export interface FormulaPayloadContext {
  /** The scans wars may use (the formula response's `dates`). */
  scans: readonly ScanOption[];
  /**
   * The HoH check, applied only when the payload turns the T4/T5 Dead Troops switch on (it was off before): a formula
   * saved with it on stays savable after its KvK.
   */
  hoh?: HohCheck | undefined;
  /** Whether the saved formula already has the T4/T5 switch on. */
  deadTroopsSplitWasOn?: boolean | undefined;
}

/** Saved wars as the editor's War list: a map's first entry is the scan (unknown scans kept, to be reported). */
export function warsFromSaved(saved: readonly SavedWar[], scans: readonly ScanOption[]): War[] {
  const option = (map: Record<string, number> | undefined): ScanOption | null => {
    const entry = map ? Object.entries(map)[0] : undefined;
    if (!entry) return null;
    const known = scans.find((s) => s.timestamp === entry[1]);
    return known ?? { scan_name: entry[0], timestamp: entry[1], display: entry[0] };
  };
  return saved.map((war, i) => ({
    name: warName(i),
    beforeScan: option(war.before),
    afterScan: option(war.after),
  }));
}

/**
 * Every message the editor would show for this payload, in its order: formula terms, the T4/T5 settings, tiers,
 * wars. Empty when it may be saved.
 */
export function validateFormulaPayload(
  payload: FormulaPayload,
  context: FormulaPayloadContext,
): FormulaIssue[] {
  const { data } = payload;
  const issues = validateStatsFormula(data.stats_formula);
  if (deadTroopsSplitOn(data.stats_formula)) {
    const turningOn = context.deadTroopsSplitWasOn !== true;
    const issue = deadTroopsSettingsIssue(
      {
        enabled: true,
        t4: data.stats_formula['T4 Dead Troops']?.[0],
        t5: data.stats_formula['T5 Dead Troops']?.[0],
      },
      turningOn && context.hoh ? context.hoh : { valid: true, reason: null },
    );
    if (issue) issues.push({ path: 'stats_formula.T4 Dead Troops', ...issue });
  }
  issues.push(...validateTiers(data.goals, data));
  const saved = payload.warsConfig?.wars ?? [];
  for (const issue of validateWars(warsFromSaved(saved, context.scans), context.scans)) {
    issues.push({
      path: issue.warIndex === null ? 'warsConfig' : `warsConfig.wars.${issue.warIndex}`,
      message: issue.message,
      code: issue.code,
      ...(issue.params ? { params: issue.params } : {}),
    });
  }
  return issues;
}

export interface NormalisedFormula {
  stats_formula: Record<StatName, FormulaTerm>;
  goals: GoalTier[];
  score_on: boolean;
  dead_on: boolean;
  kp_on: boolean;
  warsConfig: WarsConfig | null;
}

/**
 * A validated payload as it is stored: every stat present (a missing one: its default value, off), numbers as
 * numbers, kd_multiplier read as kp_multiplier, wars re-derived (the base is the earliest before-scan).
 */
export function normaliseFormulaPayload(
  payload: FormulaPayload,
  scans: readonly ScanOption[],
): NormalisedFormula {
  const { data } = payload;
  const stats = {} as Record<StatName, FormulaTerm>;
  for (const stat of STAT_NAMES) {
    const term = data.stats_formula[stat];
    stats[stat] = term
      ? [editorNumber(term[0]) ?? 0, term[1] === true]
      : [DEFAULT_STATS_FORMULA[stat][0], false];
  }
  const goals: GoalTier[] = data.goals.map((tier) => ({
    from: editorNumber(tier.from) ?? 0,
    to: editorNumber(tier.to) ?? 0,
    type: tier.type === 'direct' ? 'direct' : DEFAULT_GOAL_TYPE,
    score_multiplier: editorNumber(tier.score_multiplier),
    dead_multiplier: editorNumber(tier.dead_multiplier),
    kp_multiplier: editorNumber(tier.kp_multiplier ?? tier.kd_multiplier),
  }));
  const wars = warsFromSaved(payload.warsConfig?.wars ?? [], scans);
  return {
    stats_formula: stats,
    goals,
    score_on: data.score_on,
    dead_on: data.dead_on,
    kp_on: data.kp_on,
    warsConfig: toWarsConfig(wars),
  };
}
