import { MAX_GOAL_TIERS, TIER_POWER_MAX_M } from './constants.ts';
import {
  DEFAULT_STATS_FORMULA,
  type FormulaTerm,
  STAT_NAMES,
  type StatName,
  type StatsFormula,
} from './formula.ts';
import { DEFAULT_GOAL_TYPE, type GoalTier, type GoalType, isGoalInRange, MAX_TIER_GOAL } from './goals.ts';
import {
  type SavedWar,
  type ScanOption,
  toWarsConfig,
  validateWars,
  type War,
  type WarIssueCode,
  type WarsConfig,
  warName,
} from './wars.ts';

/**
 * The formula editor's checks (SPEC §5 "Formula save" and "T4/T5 modal"). The editor and the server call these same
 * functions, so a payload the editor refuses, the server refuses with the same message, in the same order.
 */

export const FORMULA_VALIDATION_MESSAGES = {
  noTermEnabled: 'At least one DKP Formula setting must be enabled',
  noTier: 'At least one power tier goal must be configured',
  deadPointsPositive: 'T4 and T5 dead points must be greater than 0',
  hohNoActiveKvk: 'You only need this function when kvk is going on',
  hohInsufficient: 'Follow the instructions above to collect Hall of Heroes data first',
  hohFailed:
    'Hall of Heroes data validation failed. Please collect HoH data before enabling T4/T5 Dead Troops.',
  saveFailed: 'Validation Error: Please fix the validation errors before saving.',
} as const;

export function statEmptyMessage(stat: string): string {
  return `${stat} cannot be empty`;
}

export function statNotNumberMessage(stat: string): string {
  return `${stat} must be a number`;
}

/**
 * Points per unit of a stat: 0 … 10,000. SPEC's defaults are 10–30; rss terms use fractions. Negative points would
 * take DKP away for fighting, and a huge value times a stored count (up to 10^14) leaves the range a page can show.
 */
export const MAX_STAT_POINTS = 10_000;

export function statRangeMessage(stat: string): string {
  return `${stat} must be between 0 and ${MAX_STAT_POINTS.toLocaleString('en-US')}`;
}

/** 'Power tier 2: DKP Goal must be between 0 and 100,000 %' (direct goals: '… 1,000,000M'). */
export function tierGoalRangeMessage(
  tierNumber: number,
  goal: keyof typeof TIER_GOAL_LABELS,
  type: GoalType,
): string {
  const max = MAX_TIER_GOAL[type].toLocaleString('en-US');
  const unit = type === 'percentage' ? ' %' : 'M';
  return `Power tier ${tierNumber}: ${TIER_GOAL_LABELS[goal]} must be between 0 and ${max}${unit}`;
}

export const TIER_GOAL_LABELS = {
  score_multiplier: 'Score Goal',
  dead_multiplier: 'Dead Goal',
  kp_multiplier: 'KP Goal',
} as const;

/** 'Power tier N: Score Goal cannot be empty' and its dead/KP variants (N counts from 1). */
export function tierGoalEmptyMessage(tierNumber: number, goal: keyof typeof TIER_GOAL_LABELS): string {
  const base = `Power tier ${tierNumber}: ${TIER_GOAL_LABELS[goal]} cannot be empty`;
  if (goal === 'dead_multiplier') return `${base} when Dead Troops Requirements are enabled`;
  if (goal === 'kp_multiplier') return `${base} when Kill Points Requirements are enabled`;
  return base;
}

/** A value as the editor holds it: a number, or text while typing ('' is empty). */
export type EditorValue = number | string | null | undefined;

function isEmptyValue(value: EditorValue): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The number an editor value stands for; null when empty or not a number. */
export function editorNumber(value: EditorValue): number | null {
  if (isEmptyValue(value)) return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : null;
}

/**
 * What an issue is about, stable across languages: the web app shows its own words for it (the English `message`
 * stays the API's text). Params: `stat` (a STAT_NAMES key), `tier` (counts from 1), `goal` (a TIER_GOAL_LABELS key),
 * `type` (a GoalType), `max`, `war` and `previous` (war numbers, from 1).
 */
export type FormulaIssueCode =
  | 'noTermEnabled'
  | 'statEmpty'
  | 'statNotNumber'
  | 'statRange'
  | 'deadPointsPositive'
  | 'deadPointsMax'
  | 'hohNoActiveKvk'
  | 'hohInsufficient'
  | 'hohFailed'
  | 'noTier'
  | 'tooManyTiers'
  | 'tierToFrom'
  | 'tierFromNegative'
  | 'tierPowerMax'
  | 'tierGoalEmpty'
  | 'tierGoalNotNumber'
  | 'tierGoalRange'
  | WarIssueCode;

export type FormulaIssueParams = Readonly<Record<string, string | number>>;

export interface FormulaIssue {
  /** Where the message belongs: 'stats_formula', 'stats_formula.T4-Kills', 'goals.0', 'warsConfig.wars.1', … */
  path: string;
  message: string;
  code: FormulaIssueCode;
  params?: FormulaIssueParams;
}

export type StatsFormulaInput = Record<string, readonly [EditorValue, boolean]>;

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

// ---- T4/T5 Dead Troops modal ----

export type HohReasonCode = 'NO_ACTIVE_KVK' | 'INSUFFICIENT_HOH_DATA' | null;

export interface HohCheck {
  valid: boolean;
  reason: HohReasonCode;
}

/** The message the modal shows when HoH data does not allow enabling T4/T5 Dead Troops. */
export function hohInvalidMessage(reason: HohReasonCode): string {
  if (reason === 'NO_ACTIVE_KVK') return FORMULA_VALIDATION_MESSAGES.hohNoActiveKvk;
  if (reason === 'INSUFFICIENT_HOH_DATA') return FORMULA_VALIDATION_MESSAGES.hohInsufficient;
  return FORMULA_VALIDATION_MESSAGES.hohFailed;
}

export interface DeadTroopsSettings {
  enabled: boolean;
  t4: EditorValue;
  t5: EditorValue;
}

/** Whether the T4/T5 Dead Troops switch is on: either of the two terms enabled. */
export function deadTroopsSplitOn(formula: StatsFormula | StatsFormulaInput): boolean {
  return formula['T4 Dead Troops']?.[1] === true || formula['T5 Dead Troops']?.[1] === true;
}

/** The modal's proposed points: T4 = the Dead Troops value, T5 twice that (SPEC §5). */
export function defaultDeadTroopsPoints(formula: StatsFormula | StatsFormulaInput): {
  t4: number;
  t5: number;
} {
  const dead = editorNumber(formula['Dead Troops']?.[0]) ?? DEFAULT_STATS_FORMULA['Dead Troops'][0];
  return { t4: dead, t5: dead * 2 };
}

/** The modal's Save Settings check with its code: points above 0 first, then the HoH data; null when it may be saved. */
export function deadTroopsSettingsIssue(
  settings: DeadTroopsSettings,
  hoh: HohCheck,
): { message: string; code: FormulaIssueCode; params?: FormulaIssueParams } | null {
  if (!settings.enabled) return null;
  const t4 = editorNumber(settings.t4);
  const t5 = editorNumber(settings.t5);
  if (t4 === null || t5 === null || t4 <= 0 || t5 <= 0)
    return { message: FORMULA_VALIDATION_MESSAGES.deadPointsPositive, code: 'deadPointsPositive' };
  if (t4 > MAX_STAT_POINTS || t5 > MAX_STAT_POINTS)
    return {
      message: `T4 and T5 dead points must be at most ${MAX_STAT_POINTS.toLocaleString('en-US')}`,
      code: 'deadPointsMax',
      params: { max: MAX_STAT_POINTS },
    };
  if (!hoh.valid) {
    const code =
      hoh.reason === 'NO_ACTIVE_KVK'
        ? 'hohNoActiveKvk'
        : hoh.reason === 'INSUFFICIENT_HOH_DATA'
          ? 'hohInsufficient'
          : 'hohFailed';
    return { message: hohInvalidMessage(hoh.reason), code };
  }
  return null;
}

/** The modal's Save Settings check: points above 0 first, then the HoH data; null when it may be saved. */
export function validateDeadTroopsSettings(settings: DeadTroopsSettings, hoh: HohCheck): string | null {
  return deadTroopsSettingsIssue(settings, hoh)?.message ?? null;
}

/** Applies the modal: enabling sets both T4 and T5 terms on with the given points; disabling turns both off. */
export function applyDeadTroopsSettings<F extends StatsFormula | StatsFormulaInput>(
  formula: F,
  settings: DeadTroopsSettings,
): F {
  const t4 = editorNumber(settings.t4) ?? 0;
  const t5 = editorNumber(settings.t5) ?? 0;
  return { ...formula, 'T4 Dead Troops': [t4, settings.enabled], 'T5 Dead Troops': [t5, settings.enabled] };
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
