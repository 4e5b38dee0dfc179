import { sql } from 'kysely';
import type { ScanInfo } from './queries.ts';

/**
 * Joins the first and last stat rows (`f`, `l`) of each governor of `s` (governor_id, first_at, last_at: times of
 * the period's kingdom scans `scans`) by index lookups; see periodRowsCte. SQLite: CROSS JOIN fixes the join order,
 * and each time finds its scan through the scans index. PostgreSQL: LATERAL … OFFSET 0, so each stays a one-row
 * index scan whatever the statistics say; a time's scan id is looked up in an array of the period's scans bound
 * with the statement (its planner read the whole scans table for each governor otherwise: docs/benchmarks.md, F3).
 * `lastOnly`: the last row alone (`l`), for what only the last scan says (the home kd).
 */
export function statLookups(kd: number, postgres: boolean, scans: readonly ScanInfo[], lastOnly = false) {
  if (postgres) {
    const times = scans.map((scan) => scan.takenAt);
    const ids = scans.map((scan) => scan.id);
    const lookup = (alias: string, time: string) => sql`cross join lateral (
        select * from governor_stats ${sql.raw(`${alias}_row`)}
        where ${sql.raw(`${alias}_row`)}.scan_id = (${ids}::int[])[array_position(${times}::bigint[], ${sql.raw(time)}::bigint)]
          and ${sql.raw(`${alias}_row`)}.governor_id = s.governor_id
        offset 0
      ) ${sql.raw(alias)}`;
    return lastOnly
      ? lookup('l', 's.last_at')
      : sql`${lookup('l', 's.last_at')} ${lookup('f', 's.first_at')}`;
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
