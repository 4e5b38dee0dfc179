import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Reads of scan_kd_totals: per scan and home kd, the totals import keeps for the diplomacy overview and kd lists. */

export interface KdTotals {
  home_kd: number | null;
  power: number | null;
  t4_kills: number | null;
  t5_kills: number | null;
  dead: number | null;
  healed: number | null;
}

/** Per home kd, the totals of one scan (the diplomacy overview's numbers), kept at import in scan_kd_totals. */
export async function selectScanTotalsByKd(db: Kysely<Database>, scanId: number): Promise<KdTotals[]> {
  const rows = await db
    .selectFrom('scan_kd_totals')
    .select(['home_kd', 'power', 't4_kills', 't5_kills', 'dead', 'healed'])
    .where('scan_id', '=', scanId)
    .execute();
  return rows.map((r) => ({
    home_kd: r.home_kd === null ? null : Number(r.home_kd),
    power: num(r.power),
    t4_kills: num(r.t4_kills),
    t5_kills: num(r.t5_kills),
    dead: num(r.dead),
    healed: num(r.healed),
  }));
}

/** The home kds seen in the given scans. */
export async function selectHomeKds(db: Kysely<Database>, scanIds: readonly number[]): Promise<number[]> {
  if (scanIds.length === 0) return [];
  const rows = await db
    .selectFrom('scan_kd_totals')
    .select('home_kd')
    .distinct()
    .where('scan_id', 'in', scanIds)
    .where('home_kd', 'is not', null)
    .execute();
  return rows.map((r) => Number(r.home_kd)).sort((a, b) => a - b);
}

function num(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
