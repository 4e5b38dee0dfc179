import { deathPoints, healPoints, killPoints, type StatGains, totalPoints } from '@kingdom-stats/core';
import type { PlayerRow } from '@kingdom-stats/core/api';
import type { PeriodStat } from './queries.ts';

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
  /** The kingdom's DKP formula, ready to score (packages/core dkpScorer). */
  dkp: (gains: StatGains) => number | null;
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

export function buildPlayerRow(stat: PeriodStat, context: RowContext): PlayerRow {
  const g = stat.gains;
  const startPower = stat.startPower;
  const powerChange = startPower === null || stat.power === null ? null : stat.power - startPower;
  const kill = killPoints(g.t4_kills, g.t5_kills);
  const death = deathPoints(g.t4_dead, g.t5_dead);
  const heal = healPoints(g.t4_healed, g.t5_healed);
  return {
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
    'KP (T4+T5)': gameKillPoints(g.t4_kills, g.t5_kills),
    Dead: g.dead,
    Healed: g.healed,
    DKP: context.dkp({
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
    }),
    Evolution: evolution(startPower, powerChange),
    'Kill Points': kill,
    'Death Points': death,
    'Heal Points': heal,
    'Total Points': totalPoints(kill, death, heal),
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
}
