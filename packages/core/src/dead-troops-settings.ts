import { DEFAULT_STATS_FORMULA, type StatsFormula } from './formula.ts';
import {
  type EditorValue,
  editorNumber,
  FORMULA_VALIDATION_MESSAGES,
  type FormulaIssueCode,
  type FormulaIssueParams,
  MAX_STAT_POINTS,
  type StatsFormulaInput,
} from './formula-issues.ts';

/**
 * The formula editor's T4/T5 Dead Troops modal (SPEC §5): its switch, proposed points and Save Settings check. The
 * save payload's check (formula-validation.ts) runs the same check, so the server refuses what the modal refuses.
 */

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
