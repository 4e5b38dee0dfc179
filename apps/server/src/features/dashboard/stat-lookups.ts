import { sql } from 'kysely';

/**
 * Joins the first and last stat rows (`f`, `l`) of each governor of `s` (governor_id, first_at, last_at: times of
 * the period's kingdom scans) by index lookups; see periodRowsCte. SQLite: CROSS JOIN fixes the join order,
 * and each time finds its scan through the scans index. PostgreSQL: LATERAL … OFFSET 0, so each stays a one-row
 * index scan whatever the statistics say; a time's scan id is looked up in arrays of the period's scans (its planner
 * read the whole scans table for each governor otherwise: docs/benchmarks.md, F3), the CTE `period_scans` that
 * periodRowsCte puts first in every statement of a period (periodScansCte).
 * `lastOnly`: the last row alone (`l`), for what only the last scan says (the home kd).
 */
export function statLookups(kd: number, postgres: boolean, lastOnly = false) {
  if (postgres) {
    const lookup = (alias: string, time: string) => sql`cross join lateral (
        select * from governor_stats ${sql.raw(`${alias}_row`)}
        where ${sql.raw(`${alias}_row`)}.scan_id = period_scan_ids.ids[array_position(period_scan_ids.times, ${sql.raw(time)}::bigint)]
          and ${sql.raw(`${alias}_row`)}.governor_id = s.governor_id
        offset 0
      ) ${sql.raw(alias)}`;
    return sql`cross join period_scans period_scan_ids ${lookup('l', 's.last_at')}
      ${lastOnly ? sql`` : lookup('f', 's.first_at')}`;
  }
  const last = sql`cross join scans sl cross join governor_stats l`;
  const lastWhere = sql`sl.kingdom_kd = ${kd} and sl.kind = 'kingdom' and sl.taken_at = s.last_at
        and l.scan_id = sl.id and l.governor_id = s.governor_id`;
  if (lastOnly) return sql`${last} where ${lastWhere}`;
  return sql`${last} cross join scans sf cross join governor_stats f
      where ${lastWhere}
        and sf.kingdom_kd = ${kd} and sf.kind = 'kingdom' and sf.taken_at = s.first_at
        and f.scan_id = sf.id and f.governor_id = s.governor_id`;
}

/**
 * PostgreSQL: the period's kingdom scans as two arrays in one row, ids and times in the same order, for statLookups.
 * Bound once per statement: each lookup bound its own copies before (twelve arrays of 120 for the long period's
 * first page), and pg's turning them into array literals cost a cold request about 2 ms of JavaScript
 * (docs/benchmarks.md, session 20).
 */
export function periodScansCte(scans: readonly { id: number; takenAt: number }[]) {
  const ids = scans.map((scan) => scan.id);
  const times = scans.map((scan) => scan.takenAt);
  return sql`period_scans as materialized (select ${ids}::int[] as ids, ${times}::bigint[] as times)`;
}
