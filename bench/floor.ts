/**
 * The SQL floor of the main dashboard's data call: one hand-written statement giving the same first page — each
 * governor's first and last scan of the period (from governor_presence, as the server reads them), gains, DKP by the
 * bench kingdom's formula (the default: T4 × 10 + T5 × 20 + dead × 15), the 20 best by DKP. What the database alone
 * costs for this answer; the API's time is reported as a ratio to it.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';

/**
 * Runs the floor statement for kingdom `kd`'s scans taken from `startTakenAt` to `endTakenAt` (unix seconds) and
 * answers the governor ids of the page, best first.
 */
export async function runFloorQuery(
  handle: DatabaseHandle,
  kd: number,
  startTakenAt: number,
  endTakenAt: number,
): Promise<number[]> {
  const [start, end] = [startTakenAt, endTakenAt];
  const lookups =
    handle.dialect === 'postgres'
      ? sql`join scans sf on sf.kingdom_kd = ${kd} and sf.kind = 'kingdom' and sf.taken_at = s.first_at
            join scans sl on sl.kingdom_kd = ${kd} and sl.kind = 'kingdom' and sl.taken_at = s.last_at
            cross join lateral (select * from governor_stats x
              where x.scan_id = sf.id and x.governor_id = s.governor_id offset 0) f
            cross join lateral (select * from governor_stats y
              where y.scan_id = sl.id and y.governor_id = s.governor_id offset 0) l`
      : sql`cross join scans sf cross join scans sl cross join governor_stats f cross join governor_stats l
            where sf.kingdom_kd = ${kd} and sf.kind = 'kingdom' and sf.taken_at = s.first_at
              and sl.kingdom_kd = ${kd} and sl.kind = 'kingdom' and sl.taken_at = s.last_at
              and f.scan_id = sf.id and f.governor_id = s.governor_id
              and l.scan_id = sl.id and l.governor_id = s.governor_id`;
  const { rows } = await sql<{ governor_id: number | string }>`
    with span as (
      select governor_id,
        min(case when first_at < ${start} then ${start} else first_at end) as first_at,
        max(case when last_at is null or last_at > ${end} then ${end} else last_at end) as last_at
      from governor_presence
      where kingdom_kd = ${kd} and first_at <= ${end} and (last_at is null or last_at >= ${start})
      group by governor_id
    )
    select s.governor_id, l.name, l.alliance, l.home_kd, l.power,
      (l.t4_kills - f.t4_kills) * 10 + (l.t5_kills - f.t5_kills) * 20 + (l.dead - f.dead) * 15 as dkp
    from span s
    ${lookups}
    order by dkp desc, s.governor_id
    limit 20
  `.execute(handle.db);
  if (rows.length !== 20) throw new Error('floor query answered a short page');
  return rows.map((row) => Number(row.governor_id));
}
