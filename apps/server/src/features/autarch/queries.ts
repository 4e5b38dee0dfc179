import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A governor's row in its latest autarch scan. */
export interface AutarchStatRow {
  governor_id: number;
  taken_at: number;
  name: string;
  alliance: string | null;
  home_kd: number | null;
  power: number | null;
  t4_kills: number | null;
  t5_kills: number | null;
  t4_dead: number | null;
  t5_dead: number | null;
  t4_healed: number | null;
  t5_healed: number | null;
}

/**
 * Each governor's row in the latest of kingdom kd's autarch scans in which it appears. Autarch counters start at
 * zero when the event starts, so that row already holds the governor's event totals. CROSS JOIN keeps SQLite's join
 * order (governor, then its scan, then one primary-key lookup), as in the dashboard's period query.
 */
export async function selectLatestAutarchStats(db: Kysely<Database>, kd: number): Promise<AutarchStatRow[]> {
  const { rows } = await sql<AutarchStatRow>`
    with autarch as (
      select id, taken_at from scans where kingdom_kd = ${kd} and kind = 'autarch'
    ),
    latest as (
      select gs.governor_id, max(a.taken_at) as taken_at
      from autarch a
      join governor_stats gs on gs.scan_id = a.id
      group by gs.governor_id
    )
    select gs.governor_id, latest.taken_at, gs.name, gs.alliance, gs.home_kd, gs.power,
      gs.t4_kills, gs.t5_kills, gs.t4_dead, gs.t5_dead, gs.t4_healed, gs.t5_healed
    from latest
    cross join autarch a
    cross join governor_stats gs
    where a.taken_at = latest.taken_at and gs.scan_id = a.id and gs.governor_id = latest.governor_id
  `.execute(db);
  return rows;
}

/** Kingdoms (dashboards) that have autarch scans. */
export async function selectKingdomsWithAutarchScans(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('scans')
    .select('kingdom_kd')
    .distinct()
    .where('kind', '=', 'autarch')
    .orderBy('kingdom_kd')
    .execute();
  return rows.map((r) => r.kingdom_kd);
}
