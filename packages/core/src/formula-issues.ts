import { type GoalType, MAX_TIER_GOAL } from './goals.ts';
import type { WarIssueCode } from './wars.ts';

/**
 * What the formula editor's checks say (formula-validation.ts, dead-troops-settings.ts): SPEC's English messages,
 * and each problem's stable code and parameters, which the editor turns into words in the reader's language.
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

export function isEmptyValue(value: EditorValue): boolean {
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
