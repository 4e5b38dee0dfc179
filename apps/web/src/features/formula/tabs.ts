export type FormulaTab = 'formula' | 'goals' | 'wars';

export const FORMULA_TAB_LABELS: Record<FormulaTab, string> = {
  formula: 'Formula',
  goals: 'Goals',
  wars: 'Wars',
};

// SPEC §2: any tab value other than wars or goals means the formula tab, so old or mistyped links still open.
export function formulaTab(tab: string | undefined): FormulaTab {
  return tab === 'wars' || tab === 'goals' ? tab : 'formula';
}
