import { DEFAULT_STATS_FORMULA, type FormulaTerm, type StatName } from '@kingdom-stats/core';
import type { Insertable } from 'kysely';
import type { FormulaTable, HohRecordTable, KvkSeasonTable, PrekvkPointTable } from '../db/schema.ts';
import type { Governor } from './governors.ts';
import type { Rng } from './random.ts';
import { CURRENT_KVK, DAY, DEMO_KD, HOUR, type Timeline } from './timeline.ts';

/** The KvK around the scans: seasons, pre-KvK stage points, Hall of Heroes dead counts and the DKP formula. */

/** Every demo kingdom is in the current KvK and finished the previous one. */
export function kvkSeasonRows(timeline: Timeline, kds: readonly number[]): Insertable<KvkSeasonTable>[] {
  return kds.flatMap((kd) => [
    {
      kingdom_kd: kd,
      kvk_number: CURRENT_KVK - 1,
      open_time: timeline.previousSeason.open,
      close_time: timeline.previousSeason.close,
    },
    { kingdom_kd: kd, kvk_number: CURRENT_KVK, open_time: timeline.open, close_time: timeline.close },
  ]);
}

/**
 * Pre-KvK stage points for the demo kingdom's governors who were there before the season opened. Stage I rewards
 * gathering and building, II training and power growth, III fighting; most governors score in every stage, some
 * skip one. The bot that collects them last ran during the final day of the pre-KvK period.
 */
export function prekvkRows(
  rng: Rng,
  timeline: Timeline,
  governors: readonly Governor[],
): Insertable<PrekvkPointTable>[] {
  const rows: Insertable<PrekvkPointTable>[] = [];
  for (const g of governors) {
    if (g.homeKd !== DEMO_KD || g.firstScan !== 0 || !rng.chance(0.88)) continue;
    const stage = (base: number) => (rng.chance(0.1) ? 0 : Math.round(base * rng.noise(0.5)));
    const effort = 0.3 + g.aggression;
    rows.push({
      kingdom_kd: DEMO_KD,
      kvk_number: CURRENT_KVK,
      governor_id: g.id,
      name: g.name,
      stage1_points: stage(Math.min(g.gatherPerDay, 40_000_000) * 0.05),
      stage2_points: stage(g.power * 0.012 * effort),
      stage3_points: stage(g.power * 0.03 * g.aggression),
      updated_at: timeline.open - rng.int(1 * HOUR, 20 * HOUR),
    });
  }
  return rows;
}

export interface DeadCounts {
  t4: number;
  t5: number;
}

/**
 * Hall of Heroes counts what each governor lost during this KvK. Leaders collect them with the bot right after a
 * war, so the records equal the T4/T5 dead growth from the last pre-KvK scan to the scan after war 2. About three
 * in four of those who lost troops submitted theirs.
 */
export function hohRows(
  rng: Rng,
  timeline: Timeline,
  before: ReadonlyMap<number, DeadCounts>,
  after: ReadonlyMap<number, DeadCounts>,
): Insertable<HohRecordTable>[] {
  const recordedAt = timeline.wars[timeline.wars.length - 1]!.after.takenAt + 6 * HOUR;
  const rows: Insertable<HohRecordTable>[] = [];
  for (const [governorId, end] of after) {
    const start = before.get(governorId);
    if (!start) continue;
    const t4 = end.t4 - start.t4;
    const t5 = end.t5 - start.t5;
    if (t4 + t5 <= 0 || !rng.chance(0.75)) continue;
    rows.push({
      kingdom_kd: DEMO_KD,
      kvk_number: CURRENT_KVK,
      governor_id: governorId,
      t4_dead: t4,
      t5_dead: t5,
      notes: null,
      recorded_at: recordedAt + rng.int(0, 3 * HOUR),
    });
  }
  return rows;
}

/**
 * The demo formula is core's default (packages/core/src/formula.ts): T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15,
 * with the T4/T5 Dead Troops terms off at the values the T4/T5 modal would propose. Every stat name is spelled once,
 * in core's STAT_NAMES.
 */
const STATS_FORMULA: Record<StatName, FormulaTerm> = { ...DEFAULT_STATS_FORMULA };

/**
 * Goals by power tier (millions): percentage goals, so a governor's DKP goal is their power times the tier's
 * percentage. Bigger accounts are expected to do proportionally more; the last tier covers the whales.
 */
const GOALS = [
  { from: 0, to: 25, score: 100, dead: 0.5, kp: 200 },
  { from: 25, to: 50, score: 150, dead: 0.75, kp: 300 },
  { from: 50, to: 80, score: 200, dead: 1, kp: 400 },
  { from: 80, to: 120, score: 250, dead: 1.25, kp: 500 },
  { from: 120, to: 150, score: 300, dead: 1.5, kp: 600 },
  { from: 150, to: 10_000, score: 350, dead: 1.75, kp: 700 },
].map((tier) => ({
  from: tier.from,
  to: tier.to,
  type: 'percentage' as const,
  score_multiplier: tier.score,
  dead_multiplier: tier.dead,
  kp_multiplier: tier.kp,
}));

/** The demo kingdom's formula with goals and the two wars saved over real demo scans (SPEC §3 wars config). */
export function formulaRow(timeline: Timeline): Insertable<FormulaTable> {
  const first = timeline.wars[0]!;
  const wars = {
    base: { [first.before.name]: first.before.takenAt },
    wars: timeline.wars.map((war) => ({
      before: { [war.before.name]: war.before.takenAt },
      after: { [war.after.name]: war.after.takenAt },
    })),
  };
  return {
    kingdom_kd: DEMO_KD,
    stats_formula_json: JSON.stringify(STATS_FORMULA),
    goals_json: JSON.stringify(GOALS),
    score_on: 1,
    dead_on: 1,
    kp_on: 0,
    wars_json: JSON.stringify(wars),
    updated_at: timeline.open + 2 * DAY,
  };
}
