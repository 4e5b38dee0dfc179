import type { MessageId } from '../../i18n/i18n.ts';

export type FormulaTab = 'formula' | 'goals' | 'wars';

export const FORMULA_TAB_LABELS: Record<FormulaTab, MessageId> = {
  formula: 'formula.tab.formula',
  goals: 'formula.tab.goals',
  wars: 'formula.tab.wars',
};

// SPEC §2: any tab value other than wars or goals means the formula tab, so old or mistyped links still open.
export function formulaTab(tab: string | undefined): FormulaTab {
  return tab === 'wars' || tab === 'goals' ? tab : 'formula';
}
