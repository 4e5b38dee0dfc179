import {
  enabledTerms,
  type GoalTier,
  type HohDeaths,
  hohDeadTotal,
  kvkDkpScorer,
  kvkGoals,
  kvkScoredFormula,
  percentOfGoal,
  type StatGains,
  type StatName,
  type StatsFormula,
} from '@kingdom-stats/core';
import type { DkpRow, DkpRowField } from '@kingdom-stats/core/api';
import {
  type GainColumn,
  type Gains,
  gameKillPoints,
  type PeriodStat,
  STAT_GAINS,
  unlessDecreased,
} from '../dashboard/index.ts';

/** Builds the KD DKP rows from period stats (definitions and a worked example: docs/dkp.md). Pure. */

export interface DkpFormulaSettings {
  formula: StatsFormula;
  goals: readonly GoalTier[];
  score_on: boolean;
  dead_on: boolean;
  kp_on: boolean;
}

export interface GovernorSpans {
  /** The governor over the whole period: name, powers. */
  period: PeriodStat;
  /**
   * Its gains per scored span (each war, or the one period span) and those of them that went down (PeriodStat:
   * unknown, never negative); undefined when it is not in a war's scans.
   */
  spans: (SpanGains | undefined)[];
  hoh: HohDeaths | null;
}

/** A governor's gains over one span (a PeriodStat is one). */
export type SpanGains = Pick<PeriodStat, 'gains' | 'decreased'>;

const SUMMED = [
  't1_kills',
  't2_kills',
  't3_kills',
  't4_kills',
  't5_kills',
  'dead',
  'healed',
  'rss_gathered',
  'rss_assistance',
  'helps',
  'acclaim',
] as const;

/**
 * Σ of a counter's gain over the spans; null when no span knows it, or when it went down in one (an unknown that is
 * not a 0: the sum of the others would look right and be too low).
 */
function sumSpans(spans: readonly (SpanGains | undefined)[], column: (typeof SUMMED)[number]): number | null {
  let total: number | null = null;
  for (const span of spans) {
    if (span !== undefined && span.decreased.length > 0 && span.decreased.includes(column as GainColumn)) {
      return null;
    }
    const value = span?.gains[column];
    if (value === null || value === undefined) continue;
    total = (total ?? 0) + value;
  }
  return total;
}

export function statGains(g: Gains): StatGains {
  return {
    'T1-Kills': g.t1_kills,
    'T2-kills': g.t2_kills,
    'T3-Kills': g.t3_kills,
    'T4-Kills': g.t4_kills,
    'T5-Kills': g.t5_kills,
    'Dead Troops': g.dead,
    'Rss Assistance': g.rss_assistance,
    'Alliance Helps': g.helps,
    'Rss Gathered': g.rss_gathered,
  };
}

/**
 * `honor`: the KvK's honor points by governor from an honor sheet; when the KvK has one, Honor Points is the sheet's
 * value (unknown for a governor it lacks), else the scans' acclaim gain.
 */
export function dkpRowBuilder(
  settings: DkpFormulaSettings,
  hohKnown: boolean,
  honor: ReadonlyMap<number, number> = new Map(),
) {
  const score = kvkDkpScorer(settings.formula);
  // The gains the score counts: a span where one went down leaves the score unknown (docs/dkp.md).
  const scored = new Set(
    enabledTerms(kvkScoredFormula(settings.formula)).flatMap((term) =>
      term.stat === 'T4 Dead Troops' || term.stat === 'T5 Dead Troops' ? [] : [STAT_GAINS[term.stat]],
    ),
  );
  const split =
    settings.formula['T4 Dead Troops']?.[1] === true || settings.formula['T5 Dead Troops']?.[1] === true;
  return (input: GovernorSpans): DkpRow => {
    const { period: p, spans, hoh } = input;
    const sums = Object.fromEntries(SUMMED.map((c) => [c, sumSpans(spans, c)])) as Record<
      (typeof SUMMED)[number],
      number | null
    >;
    const counted = spans.filter((s): s is SpanGains => s !== undefined);
    const decreased = [...new Set(counted.flatMap((s) => s.decreased))];
    const dkp = decreased.some((column) => scored.has(column))
      ? null
      : score(
          counted.map((s) => statGains(s.gains)),
          hoh,
        );
    const goals = kvkGoals(settings.goals, p.startPower, settings);
    const kp = unlessDecreased(
      decreased,
      ['t4_kills', 't5_kills'],
      gameKillPoints(sums.t4_kills, sums.t5_kills),
    );
    const hohDead = hohDeadTotal(hoh);
    const dead = split ? hohDead : sums.dead;
    const powerChange = p.startPower === null || p.power === null ? null : p.power - p.startPower;
    const row: DkpRow & { decreased?: readonly GainColumn[] } = {
      'Governor ID': p.governorId,
      Name: p.name,
      Alliance: p.alliance,
      'DKP Score': dkp,
      'DKP Goal': goals.dkp,
      Reached: percentOfGoal(dkp, goals.dkp),
      power: p.power,
      'Current Power': p.power,
      'Base Power': p.startPower,
      'Power Change': powerChange,
      'T4 Kills': sums.t4_kills,
      'T5 Kills': sums.t5_kills,
      'T4+T5 KP': kp,
      'All Deads': sums.dead,
      'Deads (T4+T5)': hohDead,
      'Honor Points': honor.size > 0 ? (honor.get(p.governorId) ?? null) : sums.acclaim,
      'HOH Status': hohKnown ? (hoh ? 'Recorded' : 'Missing') : null,
      'Alliance Helps': sums.helps,
      Healed: sums.healed,
      'Rss Gathered': sums.rss_gathered,
      'Dead %': settings.dead_on ? percentOfGoal(dead, goals.dead) : null,
      'KP %': settings.kp_on ? percentOfGoal(kp, goals.kp) : null,
      'Dead Goal': goals.dead,
      'KP Goal': goals.kp,
      'T1 Kills': sums.t1_kills,
      'T2 Kills': sums.t2_kills,
      'T3 Kills': sums.t3_kills,
      'Rss Assistance': sums.rss_assistance,
    };
    // Said in the answer's marks (data-review/marks.ts withReviewMarks), not in the row.
    if (decreased.length > 0) row.decreased = decreased;
    return row;
  };
}

const STAT_COLUMNS: Record<StatName, DkpRowField[]> = {
  'T1-Kills': ['T1 Kills'],
  'T2-kills': ['T2 Kills'],
  'T3-Kills': ['T3 Kills'],
  'T4-Kills': ['T4 Kills'],
  'T5-Kills': ['T5 Kills'],
  'Dead Troops': ['All Deads'],
  'Rss Assistance': ['Rss Assistance'],
  'Alliance Helps': ['Alliance Helps'],
  'Rss Gathered': ['Rss Gathered'],
  'T4 Dead Troops': ['Deads (T4+T5)', 'HOH Status'],
  'T5 Dead Troops': ['Deads (T4+T5)', 'HOH Status'],
};

/** The columns the table shows, in order (see the contract's activeColumns). */
export function activeColumns(settings: DkpFormulaSettings): DkpRowField[] {
  const columns: DkpRowField[] = ['Governor ID', 'Name', 'Alliance', 'DKP Score'];
  if (settings.score_on) columns.push('DKP Goal', 'Reached');
  columns.push('Current Power', 'Base Power', 'Power Change');
  for (const term of enabledTerms(kvkScoredFormula(settings.formula)))
    columns.push(...STAT_COLUMNS[term.stat]);
  if (settings.dead_on) columns.push('Dead Goal', 'Dead %');
  if (settings.kp_on) columns.push('T4+T5 KP', 'KP Goal', 'KP %');
  return [...new Set(columns)];
}

/** DKP Score descending, unknown last, then Governor ID. */
export function byDkp(a: DkpRow, b: DkpRow): number {
  const x = a['DKP Score'];
  const y = b['DKP Score'];
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x;
  }
  return a['Governor ID'] - b['Governor ID'];
}
