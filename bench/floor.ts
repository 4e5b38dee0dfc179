/**
 * The SQL floor of the main dashboard's data call: one hand-written statement giving the same first page — each
 * governor's first and last scan of the period (as the server reads them), gains, DKP by the
 * bench kingdom's formula (the default: T4 × 10 + T5 × 20 + dead × 15), the 20 best by DKP. What the database alone
 * costs for this answer; the API's time is reported as a ratio to it.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';

/**
 * Runs the floor statement for kingdom `kd`'s scans taken from `startTakenAt` to `endTakenAt` (unix seconds) and
 * answers the governor ids of the page, best first. `homeKd`: only governors of that home kd (at their last scan of
 * the period), the floor of a `kd=` view. The statement reads rows as the server's period query does (the two
 * scans' rows joined for governors in both, governor_presence lookups for the others: the fastest read measured,
 * docs/benchmarks.md; on PostgreSQL a lookup's scan id comes from an array of the period's scans, as the server's
 * does), so the ratio compares the API with the best the database does, not with an older plan.
 */
export async function runFloorQuery(
  handle: DatabaseHandle,
  kd: number,
  startTakenAt: number,
  endTakenAt: number,
  homeKd?: number,
): Promise<number[]> {
  const [start, end] = [startTakenAt, endTakenAt];
  const onlyHome = homeKd === undefined ? sql`` : sql`and l.home_kd = ${homeKd}`;
  const lookups =
    handle.dialect === 'postgres'
      ? sql`cross join period_scans p
            cross join lateral (select * from governor_stats x
              where x.scan_id = p.ids[array_position(p.times, s.first_at)] and x.governor_id = s.governor_id
              offset 0) f
            cross join lateral (select * from governor_stats y
              where y.scan_id = p.ids[array_position(p.times, s.last_at)] and y.governor_id = s.governor_id
              offset 0) l
            where true ${onlyHome}`
      : sql`cross join scans sf cross join scans sl cross join governor_stats f cross join governor_stats l
            where sf.kingdom_kd = ${kd} and sf.kind = 'kingdom' and sf.taken_at = s.first_at
              and sl.kingdom_kd = ${kd} and sl.kind = 'kingdom' and sl.taken_at = s.last_at
              and f.scan_id = sf.id and f.governor_id = s.governor_id
              and l.scan_id = sl.id and l.governor_id = s.governor_id ${onlyHome}`;
  const values = sql`l.name, l.alliance, l.home_kd, l.power,
      (l.t4_kills - f.t4_kills) * 10 + (l.t5_kills - f.t5_kills) * 20 + (l.dead - f.dead) * 15 as dkp`;
  const scanId = (takenAt: number) => sql`(select id from scans
      where kingdom_kd = ${kd} and kind = 'kingdom' and taken_at = ${takenAt})`;
  const { rows } = await sql<{ governor_id: number | string }>`
    with ${
      handle.dialect === 'postgres'
        ? sql`period_scans as materialized (
            select array_agg(id) as ids, array_agg(taken_at) as times from scans
            where kingdom_kd = ${kd} and kind = 'kingdom' and taken_at between ${start} and ${end}
          ),`
        : sql``
    }
    span as ${handle.dialect === 'postgres' ? sql`materialized` : sql``} (
      select governor_id,
        min(case when first_at < ${start} then ${start} else first_at end) as first_at,
        max(case when last_at is null or last_at > ${end} then ${end} else last_at end) as last_at
      from governor_presence
      where kingdom_kd = ${kd} and first_at <= ${end} and (last_at is null or last_at >= ${start})
        and governor_id in (select governor_id from governor_presence
          where kingdom_kd = ${kd} and first_at <= ${end} and (last_at is null or last_at >= ${start})
            and (first_at > ${start} or last_at < ${end}))
      group by governor_id
    )
    select governor_id, dkp from (
      select f.governor_id, ${values}
      from governor_stats f ${handle.dialect === 'postgres' ? sql`join` : sql`cross join`} governor_stats l
        on l.scan_id = ${scanId(end)} and l.governor_id = f.governor_id
      where f.scan_id = ${scanId(start)} ${onlyHome}
      union all
      select s.governor_id, ${values}
      from (select * from span where first_at <> ${start} or last_at <> ${end}) s
      ${lookups}
    ) page
    order by dkp desc, governor_id
    limit 20
  `.execute(handle.db);
  if (rows.length !== 20) throw new Error('floor query answered a short page');
  return rows.map((row) => Number(row.governor_id));
}
