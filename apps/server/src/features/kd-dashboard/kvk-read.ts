import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { ALL_STAT_COLUMNS, type PeriodStat, statColumns, unpack } from '../dashboard/index.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';

/**
 * The KD DKP computation's one read (docs/governor.md, "A war's own table"; figures: docs/benchmarks.md, "Issue
 * 13/16: governor page and KD DKP on PostgreSQL"): for the KvK period and each war at once, the period stats
 * (dashboard/queries.ts's PeriodStat, the same values as selectPeriodStats) of every governor the period's or a war's
 * own table can hold. A span's own governors are those whose home kd at their last scan of the span is the kingdom's
 * or unknown: each is in the span's last scan with such a home kd, or left the scans during the span with such a home
 * kd in its last row (a presence run ending inside the span; that run's last scan is its last of the span). Only
 * those candidates (about a sixteenth of a KvK map's governors) get their spans computed and rows read; a read of the
 * whole map's period computes every governor's span and looks up every governor who arrived or left, whatever its
 * kingdom, to keep a sixteenth of them.
 */

/** dashboard/queries.ts's values of a period row from v3, in unpack's order. */
const VALUES = statColumns(ALL_STAT_COLUMNS);

/**
 * Per span (kingdom scans, oldest first, at least one), the stats of every candidate governor in it, in no order.
 * Callers keep a span's own governors (home kd the kingdom's or null) or the ones they asked for.
 */
export async function readKvkSpans(
  db: Kysely<Database>,
  kd: number,
  spans: readonly (readonly ScanInfo[])[],
): Promise<PeriodStat[][]> {
  if (spans.length === 0) return [];
  const postgres = dialectOf(db) === 'postgres';
  const bounds = spans.map((scans, k) => {
    const last = scans.at(-1)!;
    return sql`(cast(${k} as integer), cast(${scans[0]!.takenAt} as bigint), cast(${last.takenAt} as bigint))`;
  });
  const endIds = [...new Set(spans.map((scans) => scans.at(-1)!.id))];
  const materialized = postgres ? sql`materialized` : sql``;
  // A span's candidates in both its first and last scan (nearly all) are those two scans' rows joined on governor
  // id, as in periodRowsCte: two range reads of (scan, governor), far cheaper per row than a lookup per governor.
  const whole = spans.map((scans, k) => {
    const [first, last] = [scans[0]!, scans.at(-1)!];
    return sql`
      select cast(${k} as integer) as k, l.governor_id as v0, cast(${first.takenAt} as bigint) as v1,
        cast(${last.takenAt} as bigint) as v2, ${VALUES}
      from governor_stats f ${postgres ? sql`join` : sql`cross join`} governor_stats l
        on l.scan_id = ${last.id} and l.governor_id = f.governor_id
      where f.scan_id = ${first.id} and f.governor_id in (select governor_id from cand)`;
  });
  // The others (arrived or left during the span): their first and last rows by the stats' primary key. PostgreSQL:
  // each a one-row lookup driven by `partial` (LATERAL … OFFSET 0) whatever the statistics say, as in
  // periodRowsCte; SQLite: CROSS JOIN fixes the same order.
  const lookups = postgres
    ? sql`cross join lateral (
        select * from governor_stats y where y.scan_id = s.last_id and y.governor_id = s.governor_id offset 0
      ) l
      cross join lateral (
        select * from governor_stats x where x.scan_id = s.first_id and x.governor_id = s.governor_id offset 0
      ) f`
    : sql`cross join governor_stats l cross join governor_stats f
      where l.scan_id = s.last_id and l.governor_id = s.governor_id
        and f.scan_id = s.first_id and f.governor_id = s.governor_id`;
  const { rows: found } = await sql<Record<string, unknown>>`
    with d (k, s_start, s_end) as (values ${sql.join(bounds)}),
    cand as ${materialized} (
      select governor_id from governor_stats
      where scan_id in (${sql.join(endIds)}) and (home_kd = ${kd} or home_kd is null)
      union
      select p.governor_id from governor_presence p
        join d on p.first_at <= d.s_end and p.last_at >= d.s_start and p.last_at < d.s_end
        join scans ls on ls.kingdom_kd = ${kd} and ls.kind = 'kingdom' and ls.taken_at = p.last_at
        join governor_stats g on g.scan_id = ls.id and g.governor_id = p.governor_id
      where p.kingdom_kd = ${kd} and (g.home_kd = ${kd} or g.home_kd is null)
    ),
    clamped as (
      select p.governor_id, d.k,
        min(case when p.first_at < d.s_start then d.s_start else p.first_at end) as first_at,
        max(case when p.last_at is null or p.last_at > d.s_end then d.s_end else p.last_at end) as last_at
      from cand c cross join governor_presence p cross join d
      where p.kingdom_kd = ${kd} and p.governor_id = c.governor_id
        and p.first_at <= d.s_end and (p.last_at is null or p.last_at >= d.s_start)
      group by p.governor_id, d.k
    ),
    partial as ${materialized} (
      select c.governor_id, c.k, c.first_at, c.last_at, sf.id as first_id, sl.id as last_id
      from clamped c
        join d on d.k = c.k
        join scans sf on sf.kingdom_kd = ${kd} and sf.kind = 'kingdom' and sf.taken_at = c.first_at
        join scans sl on sl.kingdom_kd = ${kd} and sl.kind = 'kingdom' and sl.taken_at = c.last_at
      where c.first_at <> d.s_start or c.last_at <> d.s_end
    )
    ${sql.join(whole, sql` union all `)}
    union all
    select s.k, s.governor_id as v0, s.first_at as v1, s.last_at as v2, ${VALUES}
    from partial s ${lookups}
  `.execute(db);
  const out: PeriodStat[][] = spans.map(() => []);
  for (const row of found) {
    // Columns keep the select's order in each row object (string keys keep insertion order): k, then unpack's.
    const values = Object.values(row);
    out[Number(values[0])]!.push(unpack(values.slice(1)));
  }
  return out;
}
