import { type RawBuilder, sql } from 'kysely';
import type { TotalledCounter } from '../../db/schema.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import { columnsUsed, DECREASED_COLUMN, GAIN_COLUMNS, statColumns } from './queries.ts';
import { statLookups } from './stat-lookups.ts';

/**
 * A whole period's per-kd sums without reading every governor of the period (docs/decisions.md, "Speed (issue 16,
 * F7)"). For a governor in both the period's first scan F and last scan L whose home kd is the same in both, its
 * gain is its row of L less its row of F; so each home kd's sum of those gains is L's total for the kd less F's
 * (scan_kd_totals), once every other governor's rows are taken out of those totals and its own gain added. The
 * others, the corrected governors, are few: those who arrived or left during the period, were away for a while,
 * changed home kd (scan_home_moves), or have a gain that went down (unknown, not negative: read from the page's
 * period_rows, which has every governor); their rows are index lookups. Exact only when every row of F and L knows the
 * summed counter, or none does (a gain is unknown when either end is): otherwise the caller groups every governor.
 */

/** What a summed period_rows expression is of a counter: its value at the governor's last scan, or its gain. */
interface SummedCounter {
  counter: TotalledCounter;
  kind: 'last' | 'gain';
}

/** The counter behind each summed expression (page-query.ts COLUMN_SQL's v numbers), or null when one has none. */
export function summedCounters(expressions: readonly string[]): SummedCounter[] | null {
  const counters = expressions.map((expression): SummedCounter | null => {
    if (expression === 'v7') return { counter: 'power', kind: 'last' };
    if (expression === '(v7 - v6)') return { counter: 'power', kind: 'gain' };
    const column = /^v(\d+)$/.exec(expression);
    const gain = column ? GAIN_COLUMNS[Number(column[1]) - 8] : undefined;
    return gain ? { counter: gain, kind: 'gain' } : null;
  });
  return counters.every((counter) => counter !== null) ? (counters as SummedCounter[]) : null;
}

type Kd = number | null;

/** One scan's scan_kd_totals rows, by home kd: its governors and each summed counter's sum. */
type ScanTotals = Map<Kd, { governors: number; sums: Partial<Record<TotalledCounter, number | null>> }>;

export interface EndTotals {
  first: ScanTotals;
  last: ScanTotals;
}

/** The counters whose totals the statement reads, each once. */
function countersUsed(counters: readonly SummedCounter[]): TotalledCounter[] {
  return [...new Set(counters.map((each) => each.counter))];
}

/** The scan_kd_totals rows of the period's first and last scans, as one JSON value of the statement. */
export function endTotalsSelect(
  ends: { first: ScanInfo; last: ScanInfo },
  counters: readonly SummedCounter[],
  json: { aggregate: string; array: string },
): RawBuilder<unknown> {
  // Column names from TOTALLED_COUNTERS only, never from a request.
  const columns = sql.raw(countersUsed(counters).join(', '));
  return sql`(select ${sql.raw(json.aggregate)}(${sql.raw(json.array)}(scan_id, home_kd, governors, ${columns}))
    from scan_kd_totals where scan_id in (${ends.first.id}, ${ends.last.id}))`;
}

/** endTotalsSelect's rows by scan and home kd. */
export function endTotalsOf(
  rows: readonly unknown[][],
  ends: { first: ScanInfo; last: ScanInfo },
  counters: readonly SummedCounter[],
): EndTotals {
  const used = countersUsed(counters);
  const totals: EndTotals = { first: new Map(), last: new Map() };
  for (const [scanId, kd, governors, ...values] of rows) {
    const sums: Partial<Record<TotalledCounter, number | null>> = {};
    used.forEach((counter, i) => {
      sums[counter] = toNumber(values[i]);
    });
    const scan = Number(scanId) === ends.last.id ? totals.last : totals.first;
    scan.set(toNumber(kd), { governors: Number(governors), sums });
  }
  // A period of one scan: its first scan is its last.
  if (ends.first.id === ends.last.id) totals.first = totals.last;
  return totals;
}

/** Per counter, whether no row of a scan knows it or only some do; absent: every row does. */
type Incomplete = Partial<Record<TotalledCounter, 'none' | 'some'>>;

/**
 * Per summed expression, whether the governors in both end scans (not corrected) all have it known ('every') or
 * none does ('none'); null when some rows of F or L know a counter and others do not (the totals cannot say whose).
 */
export function uncorrectedKnown(
  ends: { first: ScanInfo; last: ScanInfo },
  counters: readonly SummedCounter[],
): ('every' | 'none')[] | null {
  const inFirst = JSON.parse(ends.first.incompleteCounters) as Incomplete;
  const inLast = JSON.parse(ends.last.incompleteCounters) as Incomplete;
  const states = counters.map(({ counter, kind }) => {
    const last = inLast[counter] ?? 'every';
    const first = kind === 'gain' ? (inFirst[counter] ?? 'every') : 'every';
    if (last === 'some' || first === 'some') return null;
    return last === 'every' && first === 'every' ? 'every' : 'none';
  });
  return states.every((state) => state !== null) ? (states as ('every' | 'none')[]) : null;
}

/**
 * The corrected governors (see the file's comment) and their sums, for one statement with the page's period_rows:
 * - `partialExtra`, what periodRowsCte keeps of the partial governors beside the page's columns (their rows are
 *   looked up once, for the page and here: a second lookup of the thousand partial governors of the scale case
 *   was a third of the floor on SQLite);
 * - `ctes`: the others (in both end scans but away for a while, or with a scan_home_moves row in the period),
 *   looked up, and all corrected governors' values;
 * - `select`: `own`, per home kd at their last scan, their count and the sum of each expression; `at_last`, of those
 *   in L, per home kd there, their count and each counter's sum in L; `at_first`, the same of those in F.
 */
export function correctedSums(input: {
  kd: number;
  postgres: boolean;
  kingdomScans: readonly ScanInfo[];
  ends: { first: ScanInfo; last: ScanInfo };
  expressions: readonly string[];
  counters: readonly SummedCounter[];
  /** The v numbers of the page's period_rows columns. */
  pageColumns: readonly number[];
  /** The dialect's JSON array aggregate and array constructor. */
  json: { aggregate: string; array: string };
}): { partialExtra: RawBuilder<unknown>; ctes: RawBuilder<unknown>; select: RawBuilder<unknown> } {
  const { kd, postgres, kingdomScans, ends, expressions, counters } = input;
  const { aggregate, array } = input.json;
  const [start, end] = [ends.first.takenAt, ends.last.takenAt];
  const later = kingdomScans.filter((scan) => scan.takenAt > start).map((scan) => scan.id);
  const used = countersUsed(counters);
  const columns = columnsUsed(['v5', ...expressions]);
  // Constants only (counter names and v numbers), never a request's text.
  const raw = used.map((c) => `l.${c} as l_${c}, f.${c} as f_${c}`).join(', ');
  const values = [...columns.map((c) => `v${c}`), ...used.flatMap((c) => [`l_${c}`, `f_${c}`])].join(', ');
  const notInPage = columns.filter((column) => !input.pageColumns.includes(column));
  const partialExtra = sql.join(
    [sql`f.home_kd as first_kd`, ...(notInPage.length > 0 ? [statColumns(notInPage)] : []), sql.raw(raw)],
    sql`, `,
  );
  // A governor in every scan of the period under one run whose home kd changed has a scan_home_moves row in one of
  // the scans after the first; one not in `span` has a single run over the whole period.
  const moved =
    later.length === 0
      ? sql``
      : sql`union all
        select distinct m.governor_id, cast(${start} as bigint), cast(${end} as bigint) from scan_home_moves m
        where m.scan_id in (${sql.join(later)}) and m.governor_id not in (select governor_id from span)`;
  // A governor in both end scans with a gain that went down (its decreased bits, in the page's period_rows) has that
  // gain unknown, not the negative difference the totals hold: corrected like the others (UNION: it may be one of
  // them already).
  const ctes = sql`other_keys as (
      select governor_id, first_at, last_at from span where first_at = ${start} and last_at = ${end} and runs > 1
      ${moved}
      union
      select v0, cast(v1 as bigint), cast(v2 as bigint) from period_rows
      where ${sql.raw(DECREASED_COLUMN)} <> 0 and v1 = ${start} and v2 = ${end}
    ),
    corrected (first_at, first_kd, last_at, ${sql.raw(values)}) as materialized (
      select v1, first_kd, v2, ${sql.raw(values)} from partial_rows
      union all
      select s.first_at, f.home_kd, s.last_at, ${statColumns(columns)}, ${sql.raw(raw)}
      from other_keys s ${statLookups(kd, postgres)}
    )`;
  const grouped = (key: string, values: string[], where: RawBuilder<unknown>) =>
    sql`(select ${sql.raw(aggregate)}(${sql.raw(array)}(k, n, ${sql.raw(values.map((_, i) => `s${i}`).join(', '))}))
      from (select ${sql.raw(key)} as k, count(*) as n, ${sql.raw(values.map((v, i) => `sum(${v}) as s${i}`).join(', '))}
        from corrected ${where} group by ${sql.raw(key)}) g)`;
  const select = sql`${grouped('v5', [...expressions], sql``)} as own,
    ${grouped(
      'v5',
      used.map((c) => `l_${c}`),
      sql`where last_at = ${end}`,
    )} as at_last,
    ${grouped(
      'first_kd',
      used.map((c) => `f_${c}`),
      sql`where first_at = ${start}`,
    )} as at_first`;
  return { partialExtra, ctes, select };
}

/** Rows of a grouped answer: [kd, count, ...sums]. */
type Grouped = unknown[][];

/**
 * Each home kd's count and sums (in `expressions` order) as the grouped read over every governor gives them:
 * [kd, governors, ...sums], a kd only when it has governors; a sum unknown (null) when no governor of the kd knows
 * it. `known`: uncorrectedKnown's answer.
 */
export function combineSums(
  totals: EndTotals,
  counters: readonly SummedCounter[],
  known: readonly ('every' | 'none')[],
  corrected: { own: Grouped; atLast: Grouped; atFirst: Grouped },
): unknown[][] {
  const used = countersUsed(counters);
  const byKd = (rows: Grouped) => new Map(rows.map((row) => [toNumber(row[0]), row.slice(1).map(toNumber)]));
  const own = byKd(corrected.own);
  const atLast = byKd(corrected.atLast);
  const atFirst = byKd(corrected.atFirst);
  const kds = new Set<Kd>([...totals.last.keys(), ...own.keys()]);
  const groups: unknown[][] = [];
  for (const kd of kds) {
    const inLast = totals.last.get(kd);
    const lastOut = atLast.get(kd);
    // Governors of the kd in both end scans, not corrected.
    const uncorrected = (inLast?.governors ?? 0) - (lastOut?.[0] ?? 0);
    const ownRow = own.get(kd);
    const governors = uncorrected + (ownRow?.[0] ?? 0);
    if (governors === 0) continue;
    const sums = counters.map(({ counter, kind }, i) => {
      const ownSum = ownRow?.[i + 1] ?? null;
      if (known[i] === 'none' || uncorrected === 0) return ownSum;
      const at = used.indexOf(counter) + 1;
      const lastPart = (inLast?.sums[counter] ?? 0) - (lastOut?.[at] ?? 0);
      const firstPart =
        kind === 'gain' ? (totals.first.get(kd)?.sums[counter] ?? 0) - (atFirst.get(kd)?.[at] ?? 0) : 0;
      return lastPart - firstPart + (ownSum ?? 0);
    });
    groups.push([kd, governors, ...sums]);
  }
  return groups;
}

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
