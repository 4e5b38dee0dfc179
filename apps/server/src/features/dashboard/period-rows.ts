import {
  deathPoints,
  dkpScorer,
  enabledTerms,
  healPoints,
  killPoints,
  type StatGains,
  type StatName,
  type StatsFormula,
  totalPoints,
} from '@kingdom-stats/core';
import type { PlayerRow } from '@kingdom-stats/core/api';
import type { GainColumn, PeriodStat } from './queries.ts';

/**
 * Turns a governor's first and last stats of a period into its player row (definitions in docs/dashboard.md).
 * Pure: the same inputs give the same row, so the rows of a period can be computed once and cached.
 */

/** The game's kill points per T4 and T5 kill: 'KP (T4+T5)' is what those kills earned over the period. */
export const GAME_KILL_POINTS = { t4: 10, t5: 20 } as const;

export interface PeriodBounds {
  /** Unix seconds of the period's first and last scan. */
  start: number;
  end: number;
}

export interface RowContext {
  period: PeriodBounds;
  /** The kingdom's DKP formula, ready to score (periodDkpScorer). */
  dkp: PeriodDkp;
  /** Camp of a home kd on the kingdom's map, or undefined when it is in none. */
  campOf: (homeKd: number | null) => string | undefined;
}

/** Power Change as a percentage of Start Power, one decimal; unknown without a positive Start Power. */
export function evolution(startPower: number | null, powerChange: number | null): number | null {
  if (startPower === null || powerChange === null || startPower <= 0) return null;
  return Math.round((powerChange / startPower) * 1000) / 10;
}

/** T4 kills × 10 + T5 kills × 20; one unknown tier counts as 0, both unknown is unknown (as points.ts does). */
export function gameKillPoints(t4Kills: number | null, t5Kills: number | null): number | null {
  if (t4Kills === null && t5Kills === null) return null;
  return (t4Kills ?? 0) * GAME_KILL_POINTS.t4 + (t5Kills ?? 0) * GAME_KILL_POINTS.t5;
}

/** The gain each formula stat scores. */
export const STAT_GAINS: Readonly<Record<StatName, GainColumn>> = {
  'T1-Kills': 't1_kills',
  'T2-kills': 't2_kills',
  'T3-Kills': 't3_kills',
  'T4-Kills': 't4_kills',
  'T5-Kills': 't5_kills',
  'Dead Troops': 'dead',
  'Rss Assistance': 'rss_assistance',
  'Alliance Helps': 'helps',
  'Rss Gathered': 'rss_gathered',
  'T4 Dead Troops': 't4_dead',
  'T5 Dead Troops': 't5_dead',
};

/**
 * The formula's DKP (core dkpScorer: an unreadable gain counts 0) of a governor's gains, and the gains it scores: a
 * governor's DKP is unknown when one of those went down (issue 36), since that gain rests on a misread and scoring it
 * as 0 would show a wrong number as if it were right.
 */
export interface PeriodDkp {
  score: (gains: StatGains) => number | null;
  gains: readonly GainColumn[];
}

export function periodDkpScorer(formula: StatsFormula): PeriodDkp {
  return { score: dkpScorer(formula), gains: scoredGains(formula) };
}

/** The gains a formula scores, each once. */
export function scoredGains(formula: StatsFormula): GainColumn[] {
  return [...new Set(enabledTerms(formula).map((term) => STAT_GAINS[term.stat]))];
}

/** A value computed from some gains: unknown when one of them went down (see PeriodStat.decreased). */
export function unlessDecreased<T>(
  decreased: readonly GainColumn[],
  columns: readonly GainColumn[],
  value: T,
): T | null {
  return decreased.length > 0 && columns.some((column) => decreased.includes(column)) ? null : value;
}

/**
 * A player row as the period computes it. Where gains went down (PeriodStat.decreased), also those gains, which
 * answers move into their marks (data-review/marks.ts), and the DKP and KP (T4+T5) of the row's known gains (a gain
 * that went down as 0), which the camp and kd sums add instead of the row's unknown ones (SUMMARY_METRICS): a sum's
 * DKP is the formula over its summed known gains, as the SQL first page weighs it (docs/dashboard.md).
 */
export type PeriodPlayerRow = PlayerRow & {
  decreased?: readonly GainColumn[];
  summed?: { DKP: number | null; 'KP (T4+T5)': number | null };
};

export function buildPlayerRow(stat: PeriodStat, context: RowContext): PlayerRow {
  const g = stat.gains;
  const d = stat.decreased;
  const startPower = stat.startPower;
  const powerChange = startPower === null || stat.power === null ? null : stat.power - startPower;
  // A pair with one tier unknown counts it 0 (points.ts); a tier that went down is not a 0, so the pair is unknown.
  const kill = unlessDecreased(d, ['t4_kills', 't5_kills'], killPoints(g.t4_kills, g.t5_kills));
  const death = unlessDecreased(d, ['t4_dead', 't5_dead'], deathPoints(g.t4_dead, g.t5_dead));
  const heal = unlessDecreased(d, ['t4_healed', 't5_healed'], healPoints(g.t4_healed, g.t5_healed));
  const dkp = context.dkp.score({
    'T1-Kills': g.t1_kills,
    'T2-kills': g.t2_kills,
    'T3-Kills': g.t3_kills,
    'T4-Kills': g.t4_kills,
    'T5-Kills': g.t5_kills,
    'Dead Troops': g.dead,
    'Rss Assistance': g.rss_assistance,
    'Alliance Helps': g.helps,
    'Rss Gathered': g.rss_gathered,
    'T4 Dead Troops': g.t4_dead,
    'T5 Dead Troops': g.t5_dead,
  });
  const gameKp = gameKillPoints(g.t4_kills, g.t5_kills);
  const row: PeriodPlayerRow = {
    'Gov ID': stat.governorId,
    Name: stat.name,
    Alliance: stat.alliance,
    Camp: context.campOf(stat.homeKd) ?? null,
    KD: stat.homeKd,
    'Start Power': startPower,
    'Power Change': powerChange,
    // Start Power + Power Change whenever both are known; the last scan's power also when the first was unreadable.
    Power: stat.power,
    'T4 Kills': g.t4_kills,
    'T5 Kills': g.t5_kills,
    'KP (T4+T5)': unlessDecreased(d, ['t4_kills', 't5_kills'], gameKp),
    Dead: g.dead,
    Healed: g.healed,
    DKP: unlessDecreased(d, context.dkp.gains, dkp),
    Evolution: evolution(startPower, powerChange),
    'Kill Points': kill,
    'Death Points': death,
    'Heal Points': heal,
    'Total Points': unlessDecreased(
      d,
      ['t4_kills', 't5_kills', 't4_dead', 't5_dead', 't4_healed', 't5_healed'],
      totalPoints(kill, death, heal),
    ),
    'T1 Kills': g.t1_kills,
    'T2 Kills': g.t2_kills,
    'T3 Kills': g.t3_kills,
    'Kill Points Gained': g.kill_points,
    'Rss Gathered': g.rss_gathered,
    'Rss Assistance': g.rss_assistance,
    'Alliance Helps': g.helps,
    'First Scan': stat.firstAt,
    'Last Scan': stat.lastAt,
    'Full Period': stat.firstAt === context.period.start && stat.lastAt === context.period.end,
  };
  if (d.length > 0) {
    row.decreased = d;
    row.summed = { DKP: dkp, 'KP (T4+T5)': gameKp };
  }
  return row;
}
