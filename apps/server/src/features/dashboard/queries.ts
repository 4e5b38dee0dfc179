import { LIFETIME_COUNTERS } from '@kingdom-stats/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import { type Database, TOTALLED_COUNTERS, type TotalledCounter } from '../../db/schema.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import {
  type GovernorIdRange,
  governorIdRanges,
  PERIOD_SLICE_GOVERNORS,
  readInSlices,
} from './period-slices.ts';
import { periodScansCte, statLookups } from './stat-lookups.ts';

/** The dashboard's SQL. Everything here is parameterised; no value from a request is ever spliced into SQL text. */

/**
 * A governor over a period: its name, alliance and home kd in the last scan of the period in which it appears, its
 * power at the first and last such scan, and the gain (last − first; null when either is unknown) of every counter.
 */
export interface PeriodStat {
  governorId: number;
  firstAt: number;
  lastAt: number;
  name: string;
  alliance: string | null;
  homeKd: number | null;
  startPower: number | null;
  power: number | null;
  gains: Gains;
  /**
   * The lifetime counters (kills, kill points, dead, healed, resources, helps: the game only adds to them) lower at
   * the last scan than at the first: a misread at one end. Their gains are unknown (null), never a negative number
   * (issue 36; docs/data-quality.md, "Gains that went down"). Almost always empty.
   */
  decreased: readonly GainColumn[];
}

/** Counters whose gain over a period the dashboard shows: every stored counter but power (whose start and end show). */
export type GainColumn = Exclude<TotalledCounter, 'power'>;
export const GAIN_COLUMNS: readonly GainColumn[] = TOTALLED_COUNTERS.filter(
  (column): column is GainColumn => column !== 'power',
);
export type Gains = Record<GainColumn, number | null>;

/** The gain columns of lifetime counters, whose gain is never negative (acclaim is not one: not a checked field). */
export const DECREASING_NEVER: readonly GainColumn[] = GAIN_COLUMNS.filter((column) =>
  (LIFETIME_COUNTERS as readonly string[]).includes(column),
);

// Column names come from the constant above, never from a request. NULL − x is NULL in SQL: an unknown end gives an
// unknown gain, as the dashboard defines it; a lifetime counter lower at the last scan than at the first gives an
// unknown gain too, and its bit (DECREASING_NEVER's order) in the last value, `decreased`.
const gainSql = (column: GainColumn) =>
  DECREASING_NEVER.includes(column)
    ? `case when l.${column} < f.${column} then null else l.${column} - f.${column} end`
    : `l.${column} - f.${column}`;
const DECREASED_SQL = `(${DECREASING_NEVER.map(
  (column, bit) => `case when l.${column} < f.${column} then ${2 ** bit} else 0 end`,
).join(' + ')})`;
const STAT_VALUES = [
  'l.name',
  'l.alliance',
  'l.home_kd',
  'f.power',
  'l.power',
  ...GAIN_COLUMNS.map(gainSql),
  DECREASED_SQL,
];
/** The bits of DECREASED_COLUMN that stand for these gain columns. */
export function decreasedMask(columns: readonly GainColumn[]): number {
  return columns.reduce((mask, column) => mask | (2 ** DECREASING_NEVER.indexOf(column)), 0);
}

/** The period_rows column of the decreased bits (a bit per DECREASING_NEVER column; 0: none). */
export const DECREASED_COLUMN = `v${3 + STAT_VALUES.length - 1}`;
/** The values of a period row, in unpack's order: governor, first and last scan time, then STAT_VALUES. */
const PERIOD_WIDTH = 3 + STAT_VALUES.length;
const ALL_COLUMNS = Array.from({ length: PERIOD_WIDTH }, (_, i) => `v${i}`).join(', ');
/** periodRowsCte's packed shape: `packWhen` says, of a home kd column, whether the row is packed. */
export interface PackedRows {
  packWhen: (homeKd: string) => RawBuilder<unknown>;
}

/** Every STAT_VALUES column (v3 …), the default of periodRowsCte; also the KD DKP read's (kd-dashboard/kvk-read.ts). */
export const ALL_STAT_COLUMNS = STAT_VALUES.map((_, i) => i + 3);

/** Every STAT_VALUES expression, in order, without names (the values of a row in unpack's order from v3). */
export const STAT_EXPRESSIONS = sql.raw(STAT_VALUES.join(', '));

/** The v numbers of the period_rows columns an SQL expression uses (v0 … v2 are always there). */
export function columnsUsed(expressions: readonly string[]): number[] {
  const used = new Set<number>();
  for (const expression of expressions) {
    for (const match of expression.matchAll(/\bv(\d+)\b/g)) used.add(Number(match[1]));
  }
  return [...used].filter((column) => column >= 3).sort((a, b) => a - b);
}

/** The STAT_VALUES of the given columns (their v numbers), as select items. */
export function statColumns(columns: readonly number[]) {
  return sql.raw(columns.map((column) => `${STAT_VALUES[column - 3]} as v${column}`).join(', '));
}
const POSTGRES_COLUMNS = sql.raw(
  ALL_COLUMNS.split(', ')
    .map((c) => `period_rows.${c}`)
    .join(', '),
);

/**
 * One entry per governor seen in the period's kingdom scans (`scans`: kingdom kd's scans from the period's start to
 * its end; the kingdom scans among them bound the period), from its stats at the first and last of those scans in
 * which it appears. Two parts (docs/benchmarks.md, "PostgreSQL's cold read"):
 * - `whole`: the governors in both the period's first and last scan — nearly all of them — are those two scans'
 *   rows joined on governor id: two range reads of (scan, governor), which PostgreSQL merge-joins in key order and
 *   SQLite walks with one lookup per row, instead of two index lookups per governor.
 * - `partial`: everyone else (arrived or left during the period). `span` takes each governor's first and last scan
 *   time from governor_presence (runs of consecutive scans, about one row per governor, see migration 0003; an open
 *   run reaches the latest scan), clamped to the period; a governor is in the period's first scan exactly when its
 *   clamped first time is the period's start (a run is present in every scan it spans), so `partial` is `span`
 *   less `whole`. Its two stat rows are index lookups. SQLite: CROSS JOIN fixes that join order. PostgreSQL:
 *   `span` computed once (MATERIALIZED) and every lookup a LATERAL … OFFSET 0 subquery, so each is a one-row index
 *   scan driven by `span` whatever the statistics say (its planner otherwise probes a governor's whole history and
 *   filters, and without statistics it re-grouped `span` for every pair of scans: seconds).
 * - Gains are computed in SQL. On SQLite the whole answer comes back as one JSON text: better-sqlite3 builds wide
 *   row objects (or arrays) value by value, slower than one JSON.parse, and this halves the time of a
 *   16,000-governor period. On PostgreSQL plain columns are faster (building JSON costs the server more than pg's
 *   parsing).
 */
export interface PeriodFilter {
  /** Only governors whose home kd at their last scan of the period is this one (or one of these), or unknown. */
  homeKd?: number | readonly number[];
  /** Only these governors. */
  governorIds?: readonly number[];
}

/** A period's governors (as the filter selects them) and the home kds of all its governors (null: unknown). */
export interface PeriodRead {
  stats: PeriodStat[];
  homeKds: (number | null)[];
}

/** Past this many ids the filter is applied in memory instead: SQLite binds at most 32,766 values a statement. */
const MAX_ID_PARAMETERS = 10_000;

export async function selectPeriodStats(
  db: Kysely<Database>,
  kd: number,
  scans: readonly ScanInfo[],
  filter: PeriodFilter = {},
  sliceGovernors = PERIOD_SLICE_GOVERNORS,
): Promise<PeriodStat[]> {
  return (await readPeriod(db, kd, scans, filter, sliceGovernors)).stats;
}

/**
 * selectPeriodStats and, from the same statement, the home kds of every governor of the period whatever the home kd
 * filter: a view of one kd reads and sends that kd's rows only, and still lists every kd of the period.
 */
export async function readPeriod(
  db: Kysely<Database>,
  kd: number,
  scans: readonly ScanInfo[],
  filter: PeriodFilter = {},
  sliceGovernors = PERIOD_SLICE_GOVERNORS,
): Promise<PeriodRead> {
  const ids = filter.governorIds;
  const idsInSql = ids !== undefined && ids.length <= MAX_ID_PARAMETERS;
  const homeKds = filter.homeKd === undefined ? undefined : [filter.homeKd].flat();
  // Whether a row is wanted, of its home kd at the governor's last scan of the period (v5, l.home_kd).
  const wanted = (homeKd: string) =>
    homeKds === undefined
      ? sql`true`
      : homeKds.length === 0
        ? sql`${sql.raw(homeKd)} is null`
        : sql`(${sql.raw(homeKd)} in (${sql.join(homeKds)}) or ${sql.raw(homeKd)} is null)`;
  const postgres = dialectOf(db) === 'postgres';
  let values: unknown[][];
  let kdsFound: unknown[];
  if (postgres) {
    // The selected rows as plain columns, after one row of the home kds alone (its other columns null; an array on
    // every row would be parsed on every row).
    const cte = periodRowsCte(db, kd, scans, ids);
    if (cte === null) return { stats: [], homeKds: [] };
    const { rows } = await sql<Record<string, unknown>>`${cte}
      select k.home_kds, ${POSTGRES_COLUMNS}
      from period_rows right join (select array_agg(distinct v5) as home_kds from period_rows) k on false
      union all
      select null, ${POSTGRES_COLUMNS} from period_rows where ${wanted('v5')}`.execute(db);
    kdsFound = (rows.find((row) => row.v0 === null)?.home_kds as unknown[] | null | undefined) ?? [];
    // pg keeps the columns' order in each row object (string keys keep insertion order); drop home_kds.
    values = rows.filter((row) => row.v0 !== null).map((row) => Object.values(row).slice(1));
  } else {
    // Both answers as texts of one aggregate row, the wanted rows packed as JSON inside the period statement (only
    // theirs are computed: a kd's view packs a sixteenth of the map), in slices of governors (period-slices.ts).
    const last = periodEndScans(scans.filter((scan) => scan.kind === 'kingdom'))?.last;
    const ranges =
      last !== undefined && ids === undefined ? await governorIdRanges(db, last.id, sliceGovernors) : [{}];
    const read = await readInSlices(ranges, async (idRange) => {
      const cte = periodRowsCte(db, kd, scans, ids, { packWhen: wanted }, { idRange });
      if (cte === null) return null;
      const { rows } = await sql<Record<'packed' | 'home_kds', unknown>>`${cte}
        select '[' || coalesce(group_concat(packed, ','), '') || ']' as packed,
          json_group_array(distinct v5) as home_kds
        from period_rows`.execute(db);
      return { packed: rows[0]?.packed, homeKds: rows[0]?.home_kds };
    });
    if (read === null) return { stats: [], homeKds: [] };
    values = read.values;
    kdsFound = read.homeKds;
  }
  const periodHomeKds = kdsFound.map(num).sort((a, b) => (a ?? -1) - (b ?? -1));
  const stats = values.map(unpack);
  if (ids === undefined || idsInSql) return { stats, homeKds: periodHomeKds };
  const chosen = new Set(ids);
  return { stats: stats.filter((stat) => chosen.has(stat.governorId)), homeKds: periodHomeKds };
}

/** The first and last of a period's kingdom scans (null: none), whose rows the period statement joins. */
export function periodEndScans(
  kingdomScans: readonly ScanInfo[],
): { first: ScanInfo; last: ScanInfo } | null {
  if (kingdomScans.length === 0) return null;
  return {
    first: kingdomScans.reduce((a, b) => (b.takenAt < a.takenAt ? b : a)),
    last: kingdomScans.reduce((a, b) => (b.takenAt > a.takenAt ? b : a)),
  };
}

/**
 * The `with … period_rows` part of a period's statement (see readPeriod): one row per governor of the period with
 * the columns v0 … v24 (governor, first and last scan time, then STAT_VALUES). Null when the period has no
 * kingdom scan or no governor is asked for. Shared by readPeriod and the SQL first page (page-query.ts).
 * `shape`: the STAT_VALUES columns to compute (v3 …; all by default). The SQL first page keeps only those its
 * sorts and sums use: every row is kept for two passes, and a narrower row is cheaper to keep and read. Or (SQLite's
 * readPeriod) PackedRows: the columns v5 and `packed`, all of a row's values as one JSON array where the row is
 * wanted, else null. `homeKds`: only the governors whose home kd at their last scan is one of these.
 * `partialExtra`: select items over the partial governors' rows (`l`, `f`) kept beside their shape's columns in a
 * CTE `partial_rows` of their own, which another part of the statement reads too (period-sums.ts).
 * `idRange`: only the governors whose id is in it (SQLite's readPeriod reads a period in slices of governors).
 * `span` also counts each governor's presence runs in the period (`runs`).
 */
export function periodRowsCte(
  db: Kysely<Database>,
  kd: number,
  scans: readonly ScanInfo[],
  ids?: readonly number[],
  shape: readonly number[] | PackedRows = ALL_STAT_COLUMNS,
  {
    homeKds,
    partialExtra,
    idRange,
  }: { homeKds?: readonly number[]; partialExtra?: RawBuilder<unknown>; idRange?: GovernorIdRange } = {},
) {
  const kingdomScans = scans.filter((scan) => scan.kind === 'kingdom');
  const ends = periodEndScans(kingdomScans);
  if (!ends || ids?.length === 0) return null;
  const { first, last } = ends;
  const [start, end] = [first.takenAt, last.takenAt];
  const idsInSql = ids !== undefined && ids.length <= MAX_ID_PARAMETERS;
  const inRange = (column: string) =>
    sql`${idRange?.from === undefined ? sql`` : sql`and ${sql.ref(column)} >= ${idRange.from}`}
      ${idRange?.below === undefined ? sql`` : sql`and ${sql.ref(column)} < ${idRange.below}`}`;
  const onlyIds = (column: string) =>
    sql`${idsInSql ? sql`and ${sql.ref(column)} in (${sql.join(ids)})` : sql``} ${inRange(column)}`;
  // Inside each arm, checked once the last row is read: SQLite computed every governor's row before a filter on
  // period_rows (docs/benchmarks.md, F6).
  const onlyHomeKds =
    homeKds === undefined
      ? sql``
      : homeKds.length === 0
        ? sql`and false`
        : sql`and l.home_kd in (${sql.join(homeKds)})`;
  const postgres = dialectOf(db) === 'postgres';
  // A row's select list, given its governor and first and last scan time.
  const row = (governor: RawBuilder<unknown>, firstAt: unknown, lastAt: unknown) =>
    Array.isArray(shape)
      ? sql`${governor} as v0, ${firstAt} as v1, ${lastAt} as v2, ${statColumns(shape)}`
      : sql`l.home_kd as v5, case when ${(shape as PackedRows).packWhen('l.home_kd')}
          then json_array(${governor}, ${firstAt}, ${lastAt}, ${STAT_EXPRESSIONS}) end as packed`;
  const partialArm = (extra?: RawBuilder<unknown>) => sql`
      select ${row(sql.raw('s.governor_id'), sql.raw('s.first_at'), sql.raw('s.last_at'))}
        ${extra === undefined ? sql`` : sql`, ${extra}`}
      from partial s
      ${statLookups(kd, postgres)} ${postgres ? sql`where true` : sql``} ${onlyHomeKds}`;
  const whole = sql`
    select ${row(sql.raw('l.governor_id'), start, end)}
    from governor_stats f ${postgres ? sql`join` : sql`cross join`} governor_stats l
      on l.scan_id = ${last.id} and l.governor_id = f.governor_id
    where f.scan_id = ${first.id} ${onlyIds('f.governor_id')} ${onlyHomeKds}`;
  // Only a governor with a run in the period that starts after its start or ends before its end can be partial
  // (its clamped first time is after the start only if every run in the period starts after it; likewise the end):
  // grouping only their runs, not every governor's, was most of the floor on PostgreSQL (docs/benchmarks.md).
  const partialCandidates = sql`select governor_id from governor_presence
      where kingdom_kd = ${kd} and first_at <= ${end} and (last_at is null or last_at >= ${start})
        and (first_at > ${start} or last_at < ${end}) ${inRange('governor_id')}`;
  return sql`
    with ${postgres ? sql`${periodScansCte(kingdomScans)},` : sql``}
    span as ${postgres ? sql`materialized` : sql``} (
      select governor_id,
        min(case when first_at < ${start} then ${start} else first_at end) as first_at,
        max(case when last_at is null or last_at > ${end} then ${end} else last_at end) as last_at,
        count(*) as runs
      from governor_presence
      where kingdom_kd = ${kd} and first_at <= ${end} and (last_at is null or last_at >= ${start})
        ${onlyIds('governor_id')}
        and governor_id in (${partialCandidates})
      group by governor_id
    ),
    partial as (
      select * from span where first_at <> ${start} or last_at <> ${end}
    ),
    ${partialExtra === undefined ? sql`` : sql`partial_rows as materialized (${partialArm(partialExtra)}),`}
    period_rows as (
      ${whole}
      union all
      ${partialExtra === undefined ? partialArm() : sql`select ${sql.raw(rowNames(shape))} from partial_rows`}
    )
  `;
}

/** The column names of periodRowsCte's rows of a shape. */
function rowNames(shape: readonly number[] | PackedRows): string {
  return Array.isArray(shape) ? ['v0', 'v1', 'v2', ...shape.map((c) => `v${c}`)].join(', ') : 'v5, packed';
}

/** One row's values (see STAT_VALUES for the order) as a PeriodStat. */
export function unpack(v: unknown[]): PeriodStat {
  // A literal object of a fixed shape: this runs 16,000 times per cold period.
  return {
    governorId: Number(v[0]),
    firstAt: Number(v[1]),
    lastAt: Number(v[2]),
    name: String(v[3]),
    alliance: v[4] === null ? null : String(v[4]),
    homeKd: num(v[5]),
    startPower: num(v[6]),
    power: num(v[7]),
    gains: {
      kill_points: num(v[8]),
      t1_kills: num(v[9]),
      t2_kills: num(v[10]),
      t3_kills: num(v[11]),
      t4_kills: num(v[12]),
      t5_kills: num(v[13]),
      dead: num(v[14]),
      t4_dead: num(v[15]),
      t5_dead: num(v[16]),
      healed: num(v[17]),
      t4_healed: num(v[18]),
      t5_healed: num(v[19]),
      rss_gathered: num(v[20]),
      rss_assistance: num(v[21]),
      helps: num(v[22]),
      acclaim: num(v[23]),
    },
    decreased: decreasedColumns(v[24]),
  };
}

const NONE_DECREASED: readonly GainColumn[] = Object.freeze([]);

/** The gain columns of a decreased bit mask (DECREASED_SQL). */
export function decreasedColumns(bits: unknown): readonly GainColumn[] {
  const mask = Number(bits ?? 0);
  if (mask === 0) return NONE_DECREASED;
  return DECREASING_NEVER.filter((_, bit) => (mask & (2 ** bit)) !== 0);
}

function num(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
