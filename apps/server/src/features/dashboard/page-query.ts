import { enabledTerms, POINT_WEIGHTS, type StatName, type StatsFormula } from '@kingdom-stats/core';
import { NO_CAMP, type PlayerRow } from '@kingdom-stats/core/api';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import type { KingdomContext } from './context.ts';
import { readScope, readWholePeriod, readWithTotals, type StatementParts } from './page-statements.ts';
import type { ResolvedPeriod } from './period.ts';
import { buildPlayerRow, GAME_KILL_POINTS, periodDkpScorer, STAT_GAINS } from './period-rows.ts';
import {
  columnsUsed,
  DECREASED_COLUMN,
  decreasedMask,
  GAIN_COLUMNS,
  type GainColumn,
  periodRowsCte,
  STAT_EXPRESSIONS,
  unpack,
} from './queries.ts';
import { sortForPaging, type TableRequest } from './row-query.ts';
import { statLookups } from './stat-lookups.ts';
import type { KdGroup } from './summaries.ts';

/**
 * A cold period's first page answered by the database alone (docs/decisions.md, "Speed (issue 16, F2)"): the same
 * period read as readPeriod, then the page (sorted and limited in SQL) and every home kd's sums (the summaries' input
 * for the kds selected, and the period's list of home kds), in one statement (two side by side for the whole period
 * on PostgreSQL). Only the page's rows cross to the server and are built (by buildPlayerRow, as on the full path), so a
 * cold first view costs about the floor. The full period is computed right after (service.ts), and every later view
 * filters it.
 *
 * Used only when the answer is provably the full path's: every sorted column and summary metric has an exact SQL
 * form below (whole numbers: the DKP formula's values must be whole), the farm policy counts farms as governors,
 * and the view selects home kds only (the whole period, a kd or a camp; no search, column filter or top N).
 * test/dashboard/sql-page.test.ts compares the two.
 */

// Each numeric player-table column as SQL over period_rows (queries.ts STAT_VALUES: v5 home kd, v6 start power,
// v7 power, v8… gains in GAIN_COLUMNS order). Constants only, never a request's text.
const T4 = 'v12';
const T5 = 'v13';

/**
 * A value that is a weighted sum of period_rows expressions: unknown when every one of them is, else
 * Σ weight × (value, an unknown one as 0) — how the points, kill points and DKP treat unknown gains; 0 without
 * terms (a formula without terms scores 0). Its sum over rows is then the same weights over each expression's own
 * SQL sum (an expression's unknowns add nothing either way), so the per-kd sums pass sums plain columns only.
 */
export interface WeightedSum {
  terms: readonly { sql: string; weight: number }[];
  /** The gains it weighs: a row where one of them went down has the value unknown (unlessDecreasedSql). */
  gains?: readonly GainColumn[];
}

/**
 * A row's value unknown where one of the gains it is computed from went down (period-rows.ts unlessDecreased): a
 * pair or formula counts an unreadable gain as 0, but a gain that went down is a misread, not a 0.
 */
function unlessDecreasedSql(gains: readonly GainColumn[], expression: string): string {
  if (gains.length === 0) return expression;
  return `(case when (${DECREASED_COLUMN} & ${decreasedMask(gains)}) <> 0 then null else ${expression} end)`;
}

/**
 * A WeightedSum as one SQL expression (for sorting). `known`: the period_rows columns no row of the period lacks;
 * when every term is one of them, the plain sum (SQLite spent about 0.5 ms of a 16,000-governor period on the
 * case and coalesce of each row's DKP: docs/benchmarks.md, session 20).
 */
function weightedSql({ terms }: WeightedSum, known: ReadonlySet<string> = new Set()): string {
  if (terms.length === 0) return '0';
  if (terms.length === 1 && terms[0]!.weight === 1) return terms[0]!.sql;
  if (terms.every((term) => known.has(term.sql))) {
    return `(${terms.map((term) => `${term.sql} * ${term.weight}`).join(' + ')})`;
  }
  const allUnknown = terms.map((term) => `${term.sql} is null`).join(' and ');
  const sum = terms.map((term) => `coalesce(${term.sql}, 0) * ${term.weight}`).join(' + ');
  return `(case when ${allUnknown} then null else ${sum} end)`;
}

const weighted = (t4: string, t5: string): WeightedSum => ({
  terms: [
    { sql: t4, weight: POINT_WEIGHTS.t4 },
    { sql: t5, weight: POINT_WEIGHTS.t5 },
  ],
});
// period-rows.ts gameKillPoints: T4 × 10 + T5 × 20, one unknown tier as 0.
const GAME_KP: WeightedSum = {
  terms: [
    { sql: T4, weight: GAME_KILL_POINTS.t4 },
    { sql: T5, weight: GAME_KILL_POINTS.t5 },
  ],
};
const KILL_POINTS = weightedSql(weighted(T4, T5));
const DEATH_POINTS = weightedSql(weighted('v15', 'v16'));
const HEAL_POINTS = weightedSql(weighted('v18', 'v19'));
const KILL_GAINS: GainColumn[] = ['t4_kills', 't5_kills'];
const DEAD_GAINS: GainColumn[] = ['t4_dead', 't5_dead'];
const HEALED_GAINS: GainColumn[] = ['t4_healed', 't5_healed'];

const COLUMN_SQL: Readonly<Partial<Record<keyof PlayerRow, string>>> = {
  'Gov ID': 'v0',
  'First Scan': 'v1',
  'Last Scan': 'v2',
  KD: 'v5',
  'Start Power': 'v6',
  Power: 'v7',
  'Power Change': '(v7 - v6)',
  'T4 Kills': T4,
  'T5 Kills': T5,
  'KP (T4+T5)': unlessDecreasedSql(KILL_GAINS, weightedSql(GAME_KP)),
  Dead: 'v14',
  Healed: 'v17',
  'Kill Points': unlessDecreasedSql(KILL_GAINS, KILL_POINTS),
  'Death Points': unlessDecreasedSql(DEAD_GAINS, DEATH_POINTS),
  'Heal Points': unlessDecreasedSql(HEALED_GAINS, HEAL_POINTS),
  'Total Points': unlessDecreasedSql(
    [...KILL_GAINS, ...DEAD_GAINS, ...HEALED_GAINS],
    `(case when ${KILL_POINTS} is null and ${DEATH_POINTS} is null and ${HEAL_POINTS} is null then null ` +
      `else coalesce(${KILL_POINTS}, 0) + coalesce(${DEATH_POINTS}, 0) + coalesce(${HEAL_POINTS}, 0) end)`,
  ),
  'T1 Kills': 'v9',
  'T2 Kills': 'v10',
  'T3 Kills': 'v11',
  'Kill Points Gained': 'v8',
  'Rss Gathered': 'v20',
  'Rss Assistance': 'v21',
  'Alliance Helps': 'v22',
};

/** The gain each formula stat scores (period-rows.ts buildPlayerRow's DKP input). */
const STAT_SQL: Readonly<Record<StatName, string>> = {
  'T1-Kills': 'v9',
  'T2-kills': 'v10',
  'T3-Kills': 'v11',
  'T4-Kills': T4,
  'T5-Kills': T5,
  'Dead Troops': 'v14',
  'Rss Assistance': 'v21',
  'Alliance Helps': 'v22',
  'Rss Gathered': 'v20',
  'T4 Dead Troops': 'v15',
  'T5 Dead Troops': 'v16',
};

/** Past this value a term's products could leave the integers both databases and JavaScript add exactly. */
const MAX_TERM_VALUE = 1_000_000;

/**
 * The formula's DKP as a weighted sum of gains (core dkpScorer: Σ value × gain, an unknown gain as 0, unknown when
 * every gain is, 0 without terms), or null when a value is not a whole number: a fractional product summed in
 * another order could differ in its last bit from the full path's.
 */
export function dkpSql(formula: StatsFormula): WeightedSum | null {
  const terms = enabledTerms(formula);
  if (terms.some((term) => !Number.isSafeInteger(term.value) || Math.abs(term.value) > MAX_TERM_VALUE)) {
    return null;
  }
  return {
    terms: terms.map((term) => ({ sql: STAT_SQL[term.stat], weight: term.value })),
    gains: terms.map((term) => STAT_GAINS[term.stat]),
  };
}

/**
 * The gain columns (v8 …) every row of the period knows: a gain is known when both of its governor's scans know the
 * counter, so those whose counter no kingdom scan of the period misses in any row (scans.incomplete_counters).
 */
function gainsKnownOnEveryRow(kingdomScans: readonly ScanInfo[]): Set<string> {
  const missed = new Set(kingdomScans.flatMap((scan) => Object.keys(JSON.parse(scan.incompleteCounters))));
  return new Set(GAIN_COLUMNS.flatMap((counter, i) => (missed.has(counter) ? [] : [`v${i + 8}`])));
}

/** Pages longer than this (exports) take the full path: they read most of the period anyway. */
const MAX_SQL_PAGE = 1_000;

/** The summaries' metrics (CAMP_SUMMARY_HEADERS after the camp and governors) as weighted sums, DKP given. */
function metricSums(headers: readonly string[], dkp: WeightedSum): WeightedSum[] {
  return headers.map((header) =>
    header === 'DKP'
      ? dkp
      : header === 'KP (T4+T5)'
        ? GAME_KP
        : { terms: [{ sql: COLUMN_SQL[header as keyof PlayerRow]!, weight: 1 }] },
  );
}

/**
 * Whether SQL answers this view (see the file's comment). A kd or camp view too, on both databases: its statement
 * keeps only the scope's rows, and costs less than F1's scoped read there (docs/benchmarks.md, F6). Views of the
 * governors in no camp never: their kds are not listed anywhere, so they have no scope of home kds (sqlScope).
 */
export function sqlAnswers(
  request: TableRequest,
  context: KingdomContext,
  dkp: WeightedSum | null,
): dkp is WeightedSum {
  if (dkp === null || context.farms.policy.mode !== 'counted') return false;
  if (request.camp !== null && request.camp.toLowerCase() === NO_CAMP.toLowerCase()) return false;
  if (request.search !== '' || request.filters.length > 0 || request.top !== null) return false;
  if (request.pageSize > MAX_SQL_PAGE) return false;
  return request.sorts.every((entry) => entry.key === 'DKP' || COLUMN_SQL[entry.key as keyof PlayerRow]);
}

/**
 * The home kds a kd or camp view selects (null: the whole period): filterRows keeps a row when its KD is the kd
 * asked for and its Camp (its kd's camp) the camp asked for, so a kd outside the camp selects nobody.
 */
export function sqlScope(request: TableRequest, context: KingdomContext): number[] | null {
  const { kd, camp } = request;
  if (kd === null && camp === null) return null;
  const kds = kd !== null ? [kd] : context.campKds(camp!);
  return camp === null
    ? kds
    : kds.filter((each) => context.campOf(each)?.toLowerCase() === camp.toLowerCase());
}

export interface SqlPage {
  /** The page's rows, in the request's order. */
  rows: PlayerRow[];
  /** Governors of the period. */
  total: number;
  /** The governors' metric sums per home kd, in summary metric order. */
  groups: KdGroup[];
  /** Home kds of every governor of the period (null: unknown), lowest first. */
  homeKds: (number | null)[];
  /** Whether the sums came from the end scans' totals (readWithTotals) rather than from every governor's row. */
  sumsFromTotals: boolean;
}

/**
 * The page, sums and home kds of a view that sqlAnswers accepted. `scope`: the home kds a kd or camp view selects
 * (null: the whole period). Two passes over period_rows (queries.ts), each with only the columns it uses:
 * - the page's keys (governor, first and last scan) sorted and limited in SQL, then the page's full rows by index
 *   lookups of those governors' two stat rows (statLookups: 20 governors, not 16,000);
 * - every home kd's count and sums, grouped: the kds' summaries and, for the whole period, its list of home kds.
 *   Only plain expressions are summed (each once), and a weighted metric (KP, DKP) is its weights over those sums
 *   (WeightedSum): per row, SQLite's cost was the case/coalesce expressions, not the grouping (docs/benchmarks.md,
 *   F4).
 * The whole period: its sums from the end scans' totals where they can give them (readWithTotals, F7: one
 * statement, the page's pass and a correction for the few governors the totals cannot account for). Otherwise, on
 * PostgreSQL the passes are two statements sent side by side, which run at once on two pooled connections: each
 * costs about the floor, while one statement keeping the rows for both cost nearer their sum (docs/benchmarks.md,
 * F5); SQLite runs one statement at a time, so there they are one statement over rows kept for both passes (a
 * temporary table): reading the period twice cost more than keeping it (F3). A kd or camp view: one statement
 * keeping the scope's rows only, with the period's home kds read apart (readScope, F6).
 */
export async function readSqlPage(
  db: Kysely<Database>,
  context: KingdomContext,
  period: ResolvedPeriod,
  request: TableRequest,
  dkp: WeightedSum,
  metricHeaders: readonly string[],
  scope: readonly number[] | null = null,
): Promise<SqlPage> {
  const kingdomScans = period.scans.filter((scan) => scan.kind === 'kingdom');
  const known = gainsKnownOnEveryRow(kingdomScans);
  const columnOf = (key: string) =>
    key === 'DKP'
      ? unlessDecreasedSql(dkp.gains ?? [], weightedSql(dkp, known))
      : COLUMN_SQL[key as keyof PlayerRow]!;
  const metrics = metricSums(metricHeaders, dkp);
  // Each expression the metrics weigh, summed once in SQL.
  const summed = [...new Set(metrics.flatMap((metric) => metric.terms.map((term) => term.sql)))];
  const sortColumns = request.sorts.map((entry) => columnOf(entry.key));
  // period_rows with only the columns the given expressions (and the home kd) use; a kd or camp view's governors
  // only (the filter inside the read: F6).
  const periodRows = (expressions: readonly string[], partialExtra?: RawBuilder<unknown>) =>
    periodRowsCte(db, context.kingdom.kd, period.scans, undefined, columnsUsed(['v5', ...expressions]), {
      homeKds: scope ?? undefined,
      partialExtra,
    });
  // The page's pass reads every governor of the view: the whole period's sums find there those whose gains went
  // down (period-sums.ts).
  const pageExpressions = [...sortColumns, DECREASED_COLUMN];
  const [pageCte, groupsCte, both] = [pageExpressions, summed, [...pageExpressions, ...summed]].map(
    (expressions) => periodRows(expressions),
  );
  if (!pageCte || !groupsCte || !both) {
    return { rows: [], total: 0, groups: [], homeKds: [], sumsFromTotals: false };
  }
  // Missing values last in either direction, then Gov ID: sortForPaging's order (row-query.ts). NULLS LAST, not a
  // second `is null` key: the expression is then computed once a row.
  const order = request.sorts.map(
    (entry, i) => `${sortColumns[i]!} ${entry.direction === 'desc' ? 'desc' : 'asc'} nulls last`,
  );
  if (!request.sorts.some((entry) => entry.key === 'Gov ID')) order.push('v0 asc');
  const sums = summed.map((expression, i) => `sum(${expression}) as s${i}`).join(', ');
  const sumColumns = summed.map((_, i) => `s${i}`).join(', ');
  const offset = (request.page - 1) * request.pageSize;
  const postgres = dialectOf(db) === 'postgres';
  const [array, aggregate] = postgres ? ['json_build_array', 'json_agg'] : ['json_array', 'json_group_array'];
  const parts: StatementParts = {
    postgres,
    aggregate,
    array,
    pageKeys: sql`page_keys as (
      select v0 as governor_id, v1 as first_at, v2 as last_at from period_rows
      order by ${sql.raw(order.join(', '))} limit ${request.pageSize} offset ${offset}
    )`,
    pageSelect: sql`(select ${sql.raw(aggregate)}(${sql.raw(array)}(s.governor_id, s.first_at, s.last_at, ${STAT_EXPRESSIONS}))
      from page_keys s ${statLookups(context.kingdom.kd, postgres)})`,
    groupsSelect: sql`(select ${sql.raw(aggregate)}(${sql.raw(array)}(v5, n, ${sql.raw(sumColumns)}))
      from (select v5, count(*) as n, ${sql.raw(sums)} from period_rows group by v5) g)`,
  };
  const fromTotals =
    scope === null
      ? await readWithTotals(db, parts, {
          pageCte: (partialExtra) => periodRows(pageExpressions, partialExtra)!,
          pageColumns: columnsUsed(['v5', ...pageExpressions]),
          kd: context.kingdom.kd,
          kingdomScans,
          summed,
        })
      : null;
  const { page, groups, homeKds } =
    fromTotals ??
    (scope === null
      ? await readWholePeriod(db, parts, { page: pageCte, groups: groupsCte, both })
      : await readScope(db, parts, both, context.kingdom.kd, kingdomScans));
  // The page's rows are built as the full path builds them; sorted again here because an aggregate's order is
  // not guaranteed by SQL (the same order: the SQL one is sortForPaging's).
  const rowContext = {
    period: { start: period.start.takenAt, end: period.end.takenAt },
    dkp: periodDkpScorer(context.formula),
    campOf: context.campOf,
  };
  const pageRows = sortForPaging(
    page.map((values) => buildPlayerRow(unpack(values), rowContext)),
    request.sorts,
  );
  const kdGroups = groups.map(([kd, governors, ...values]) => {
    const sumOf = new Map(summed.map((expression, i) => [expression, toNumber(values[i])]));
    return {
      kd: toNumber(kd),
      governors: Number(governors),
      sums: metrics.map((metric) => weigh(metric, sumOf)),
    };
  });
  return {
    rows: pageRows,
    total: kdGroups.reduce((sum, group) => sum + group.governors, 0),
    groups: kdGroups,
    homeKds: homeKds.map(toNumber).sort((a, b) => (a ?? -1) - (b ?? -1)),
    sumsFromTotals: fromTotals !== null,
  };
}

/**
 * A weighted metric's sum over a kd's rows from its expressions' sums: unknown when every one is unknown (no row
 * knew any of them, so no row's metric was known), else Σ weight × sum. Whole numbers: exact in any order.
 */
function weigh(metric: WeightedSum, sumOf: ReadonlyMap<string, number | null>): number | null {
  if (metric.terms.length === 0) return 0;
  let total = 0;
  let known = false;
  for (const term of metric.terms) {
    const sum = sumOf.get(term.sql) ?? null;
    if (sum === null) continue;
    known = true;
    total += sum * term.weight;
  }
  return known ? total : null;
}

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
