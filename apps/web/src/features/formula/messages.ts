import {
  type AddWarState,
  enabledTerms,
  type FormulaIssueCode,
  type FormulaIssueParams,
  type StatName,
  type StatsFormula,
  type TIER_GOAL_LABELS,
  type TierErrorCode,
  WAR_MESSAGES,
} from '@kingdom-stats/core';
import { decimalNumber, fullNumber } from '../../format.ts';
import { type MessageId, translate } from '../../i18n/i18n.ts';

/**
 * The formula editor's words for what core's checks report by code (core keeps the English text for the API).
 * A message without a code (an older server's answer) is shown as it came.
 */

const STAT_MESSAGES: Readonly<Record<StatName, MessageId>> = {
  'T1-Kills': 'column.t1Kills',
  'T2-kills': 'column.t2Kills',
  'T3-Kills': 'column.t3Kills',
  'T4-Kills': 'column.t4Kills',
  'T5-Kills': 'column.t5Kills',
  'Dead Troops': 'formula.stat.deadTroops',
  'Rss Assistance': 'column.rssAssistance',
  'Alliance Helps': 'column.allianceHelps',
  'Rss Gathered': 'column.rssGathered',
  'T4 Dead Troops': 'formula.stat.t4DeadTroops',
  'T5 Dead Troops': 'formula.stat.t5DeadTroops',
};

/** A stat's name in the reader's language: 'T4-Kills' → 'T4 Kills' / 'Tiêu diệt T4'. */
export function statLabel(stat: string): string {
  const id = STAT_MESSAGES[stat as StatName];
  return id ? translate(id) : stat;
}

/** The editor's preview of the formula, a term each: ['T4 Kills x 10', 'T5 Kills x 20'], in the reader's words. */
export function formulaPreviewTerms(formula: StatsFormula): string[] {
  return enabledTerms(formula).map((term) =>
    translate('formula.term', {
      stat: statLabel(term.stat),
      points: String(Math.round(term.value * 100) / 100),
    }),
  );
}

const GOAL_MESSAGES: Readonly<Record<keyof typeof TIER_GOAL_LABELS, MessageId>> = {
  score_multiplier: 'formula.goal.score',
  dead_multiplier: 'formula.goal.dead',
  kp_multiplier: 'formula.goal.kp',
};

const goalLabel = (goal: unknown) =>
  typeof goal === 'string' && goal in GOAL_MESSAGES
    ? translate(GOAL_MESSAGES[goal as keyof typeof GOAL_MESSAGES])
    : String(goal);

const ISSUE_MESSAGES: Readonly<Record<FormulaIssueCode, MessageId>> = {
  noTermEnabled: 'formula.issue.noTermEnabled',
  statEmpty: 'formula.issue.statEmpty',
  statNotNumber: 'formula.issue.statNotNumber',
  statRange: 'formula.issue.statRange',
  deadPointsPositive: 'formula.issue.deadPointsPositive',
  deadPointsMax: 'formula.issue.deadPointsMax',
  hohNoActiveKvk: 'formula.issue.hohNoActiveKvk',
  hohInsufficient: 'formula.issue.hohInsufficient',
  hohFailed: 'formula.issue.hohFailed',
  noTier: 'formula.issue.noTier',
  tooManyTiers: 'formula.issue.tooManyTiers',
  tierToFrom: 'formula.issue.tierToFrom',
  tierFromNegative: 'formula.issue.tierFromNegative',
  tierPowerMax: 'formula.issue.tierPowerMax',
  tierGoalEmpty: 'formula.issue.tierGoalEmpty',
  tierGoalNotNumber: 'formula.issue.tierGoalNotNumber',
  tierGoalRange: 'formula.issue.tierGoalRange',
  tooManyWars: 'formula.issue.tooManyWars',
  warsIncomplete: 'formula.issue.warsIncomplete',
  warInvalidScan: 'formula.issue.warInvalidScan',
  warBeforeAfter: 'formula.issue.warBeforeAfter',
  warOverlap: 'formula.issue.warOverlap',
};

export interface CodedMessage {
  message: string;
  code?: string | undefined;
  params?: FormulaIssueParams | undefined;
}

/** One of core's formula issues in the reader's language: 'T4 Kills cannot be empty', 'Tiêu diệt T4 không được để trống'. */
export function issueText(issue: CodedMessage): string {
  const id = issue.code ? ISSUE_MESSAGES[issue.code as FormulaIssueCode] : undefined;
  if (!id) return issue.message;
  const params = issue.params ?? {};
  const goal = params.goal;
  // The empty-goal message says which switch asks for the goal: a select on the goal.
  return translate(id, {
    stat: statLabel(String(params.stat ?? '')),
    goalName: goalLabel(goal),
    goal: typeof goal === 'string' ? goal : 'other',
    tier: params.tier,
    war: params.war,
    previous: params.previous,
    percent: params.type === 'percentage' ? 'yes' : 'no',
    max: typeof params.max === 'number' ? fullNumber(params.max) : params.max,
  });
}

const TIER_ERRORS: Readonly<Record<TierErrorCode, MessageId>> = {
  maxTiers: 'formula.tierError.maxTiers',
  invalidTier: 'formula.tierError.invalidTier',
  fromRequired: 'formula.tierError.fromRequired',
  toRequired: 'formula.tierError.toRequired',
  fromNotNumber: 'formula.tierError.fromNotNumber',
  toNotNumber: 'formula.tierError.toNotNumber',
  toAboveStart: 'formula.tierError.toAboveStart',
  toAboveFrom: 'formula.tierError.toAboveFrom',
  powerMax: 'formula.tierError.powerMax',
  toLeavesGap: 'formula.tierError.toLeavesGap',
  lastTier: 'formula.tierError.lastTier',
};

/** Why Add, Edit or Delete tier refused, in the reader's language. */
export function tierErrorText(error: {
  code: TierErrorCode;
  params?: Readonly<Record<string, number>>;
}): string {
  const params = error.params ?? {};
  return translate(TIER_ERRORS[error.code], {
    max: params.max === undefined ? '' : millions(params.max),
    from: params.from === undefined ? '' : millions(params.from),
    gap: params.gap === undefined ? '' : millions(params.gap),
  });
}

/** Power in millions as the tier cards show it: '150', '1,234.5' (the unit M follows in the message). */
export function millions(n: number): string {
  return decimalNumber(n, 2);
}

const SELECTION_MESSAGES: ReadonlyMap<string, MessageId> = new Map([
  [WAR_MESSAGES.selectBoth, 'formula.warError.selectBoth'],
  [WAR_MESSAGES.invalidScan, 'formula.warError.invalidScan'],
  [WAR_MESSAGES.beforeAfterOrEqual, 'formula.warError.beforeAfterOrEqual'],
]);

/** The Add/Edit War modal's refusal (core's fixed messages), in the reader's language. */
export function warSelectionText(message: string): string {
  const id = SELECTION_MESSAGES.get(message);
  return id ? translate(id) : message;
}

/** The Wars tab's banner that says why Add War is off, or null. */
export function warBannerText(state: AddWarState): string | null {
  switch (state.reason) {
    case 'covered':
      return translate('formula.wars.covered');
    case 'noScans':
      return translate('formula.wars.noScans');
    case 'oneScan':
      return translate('formula.wars.oneScan');
    case 'maxWars':
      return translate('formula.wars.maxWars', { count: state.available, n: fullNumber(state.available) });
    default:
      return state.banner;
  }
}
