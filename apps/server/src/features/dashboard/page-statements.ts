import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import {
  combineSums,
  correctedSums,
  endTotalsOf,
  endTotalsSelect,
  summedCounters,
  uncorrectedKnown,
} from './period-sums.ts';
import { periodEndScans } from './queries.ts';
import { statLookups } from './stat-lookups.ts';

/** The statements behind readSqlPage (page-query.ts): the page's keys and rows, and the per-kd sums. */

/** The pieces of the page's and sums' SQL that readWholePeriod and readScope put together. */
export interface StatementParts {
  postgres: boolean;
  /** The JSON array aggregate of the dialect, and its array constructor. */
  aggregate: string;
  array: string;
  /** The page's keys from period_rows, sorted and limited. */
  pageKeys: RawBuilder<unknown>;
  /** The page's full rows from page_keys, as one JSON value. */
  pageSelect: RawBuilder<unknown>;
  /** Each home kd's count and sums over period_rows, as one JSON value. */
  groupsSelect: RawBuilder<unknown>;
}

interface StatementAnswer {
  page: unknown[][];
  groups: unknown[][];
  homeKds: unknown[];
}

/** The whole period: its home kds are its groups' kds. */
export async function readWholePeriod(
  db: Kysely<Database>,
  parts: StatementParts,
  ctes: Record<'page' | 'groups' | 'both', RawBuilder<unknown>>,
): Promise<StatementAnswer> {
  const [pageValue, groupsValue] = parts.postgres
    ? await Promise.all([
        sql<{
          page: unknown;
        }>`${ctes.page}, ${parts.pageKeys} select ${parts.pageSelect} as page`
          .execute(db)
          .then(({ rows }) => rows[0]?.page),
        sql<{ groups: unknown }>`${ctes.groups} select ${parts.groupsSelect} as groups`
          .execute(db)
          .then(({ rows }) => rows[0]?.groups),
      ])
    : await sql<{ page: unknown; groups: unknown }>`${ctes.both}, ${parts.pageKeys}
        select ${parts.pageSelect} as page, ${parts.groupsSelect} as groups`
        .execute(db)
        .then(({ rows }) => [rows[0]?.page, rows[0]?.groups]);
  const groups = parsedJson(groupsValue);
  return { page: parsedJson(pageValue), groups, homeKds: groups.map((group) => group[0]) };
}

/**
 * A kd or camp view (F6): `cte` reads the scope's governors only (a sixteenth of a big map for one kd), kept for
 * the page and its sums, in one statement. The period's home kds, which the screen lists whatever the scope, need
 * no pass over every governor: a governor's home kd is the one at its last scan of the period, so those whose last
 * scan is the period's last are that scan's rows, whose home kds scan_kd_totals keeps (migration 0005, rewritten
 * with every change to a scan's rows), and the others are the partial governors who left before it, looked up by
 * index.
 */
export async function readScope(
  db: Kysely<Database>,
  parts: StatementParts,
  cte: RawBuilder<unknown>,
  kd: number,
  kingdomScans: readonly ScanInfo[],
): Promise<StatementAnswer> {
  const last = periodEndScans(kingdomScans)!.last;
  const homeKdsSelect = sql`(select ${sql.raw(parts.aggregate)}(home_kd) from (
      select home_kd from scan_kd_totals where scan_id = ${last.id}
      union
      select l.home_kd from (select * from partial where last_at < ${last.takenAt}) s
      ${statLookups(kd, parts.postgres, true)}
    ) k)`;
  const { rows } = await sql<Record<'page' | 'groups' | 'kds', unknown>>`${cte}, ${parts.pageKeys}
    select ${parts.pageSelect} as page, ${parts.groupsSelect} as groups, ${homeKdsSelect} as kds`.execute(db);
  return {
    page: parsedJson(rows[0]?.page),
    groups: parsedJson(rows[0]?.groups),
    homeKds: parsedJson(rows[0]?.kds),
  };
}

/**
 * The whole period with its per-kd sums from the end scans' totals (period-sums.ts, F7): one statement for the page,
 * the two scans' scan_kd_totals rows and the few corrected governors. Null when the totals cannot give these sums (a
 * summed expression without a counter, or a counter some rows of an end scan know and others not, as the scans'
 * incomplete_counters say): then readWholePeriod groups every governor.
 */
export async function readWithTotals(
  db: Kysely<Database>,
  parts: StatementParts,
  period: {
    /** The page's period_rows, with extra items kept for the partial governors (periodRowsCte's partialExtra). */
    pageCte: (partialExtra: RawBuilder<unknown>) => RawBuilder<unknown>;
    /** The STAT_VALUES columns (v numbers) of pageCte's rows. */
    pageColumns: readonly number[];
    kd: number;
    kingdomScans: readonly ScanInfo[];
    /** The summed expressions, as readSqlPage sums them. */
    summed: readonly string[];
  },
): Promise<StatementAnswer | null> {
  const { kd, kingdomScans, summed } = period;
  const counters = summedCounters(summed);
  const ends = periodEndScans(kingdomScans);
  if (counters === null || ends === null) return null;
  const known = uncorrectedKnown(ends, counters);
  if (known === null) return null;
  const json = { aggregate: parts.aggregate, array: parts.array };
  const corrected = correctedSums({
    kd,
    postgres: parts.postgres,
    kingdomScans,
    ends,
    expressions: summed,
    counters,
    pageColumns: period.pageColumns,
    json,
  });
  const { rows } = await sql<Record<'page' | 'totals' | 'own' | 'at_last' | 'at_first', unknown>>`
    ${period.pageCte(corrected.partialExtra)}, ${parts.pageKeys}, ${corrected.ctes}
    select ${parts.pageSelect} as page, ${endTotalsSelect(ends, counters, json)} as totals,
      ${corrected.select}`.execute(db);
  const groups = combineSums(endTotalsOf(parsedJson(rows[0]?.totals), ends, counters), counters, known, {
    own: parsedJson(rows[0]?.own),
    atLast: parsedJson(rows[0]?.at_last),
    atFirst: parsedJson(rows[0]?.at_first),
  });
  return { page: parsedJson(rows[0]?.page), groups, homeKds: groups.map((group) => group[0]) };
}

/** SQLite answers JSON texts; pg parses json columns itself; an empty aggregate is null on both. */
function parsedJson(value: unknown): unknown[][] {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[][];
}
