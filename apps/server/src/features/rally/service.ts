import {
  averagePerDay,
  customRange,
  DEFAULT_RALLY_DATE_FILTER,
  daysInPeriod,
  presetRange,
  RALLY_DATE_FILTER_OPTIONS,
  RALLY_TIME_ZONE,
  type RallyDateFilter,
} from '@kingdom-stats/core';
import type {
  RallyAvailableFiltersResponse,
  RallyDataResponse,
  RallyEvent,
  RallyPeriod,
  RallySummaryStats,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { countRankedParticipants, findRankedParticipants, periodTotals } from './queries.ts';
import { type StoreRalliesResult, storeRallies } from './store.ts';

export interface PeriodQuery {
  date_filter: RallyDateFilter;
  custom_start?: number | undefined;
  custom_end?: number | undefined;
}

export interface RallyDataQuery extends PeriodQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
}

/** The seconds a date filter covers at `now` (unix seconds), and the days the average divides by. */
export function resolvePeriod(query: PeriodQuery, now: number): RallyPeriod {
  let range: { start: number; end: number };
  if (query.date_filter === 'custom') {
    if (query.custom_start === undefined || query.custom_end === undefined) {
      throw new AppError(
        'BAD_REQUEST',
        'custom_start and custom_end are required when date_filter is custom',
      );
    }
    range = customRange(query.custom_start, query.custom_end);
  } else {
    range = presetRange(query.date_filter, now);
  }
  return {
    date_filter: query.date_filter,
    start: range.start,
    end: range.end,
    days: daysInPeriod(range, now),
    time_zone: RALLY_TIME_ZONE,
  };
}

async function summaryOf(db: Kysely<Database>, kd: number, period: RallyPeriod): Promise<RallySummaryStats> {
  const totals = await periodTotals(db, kd, period);
  return {
    total_rallies: totals.rallies,
    total_participants: totals.participants,
    average_per_day: averagePerDay(totals.rallies, period.days),
  };
}

/**
 * One page of the period's ranking with the period's summary. Ranking and summary cover the whole period; the
 * search narrows the rows (keeping each governor's rank in the whole ranking), never the summary.
 */
export async function rallyData(
  db: Kysely<Database>,
  kd: number,
  query: RallyDataQuery,
  now: number,
): Promise<RallyDataResponse> {
  const period = resolvePeriod(query, now);
  const search = query.search?.trim() || undefined;
  const summaryStats = await summaryOf(db, kd, period);
  const totalParticipants = await countRankedParticipants(db, { kd, range: period, search });
  const rows = await findRankedParticipants(db, {
    kd,
    range: period,
    search,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    rallyData: rows.map((row) => ({
      rank: row.rank,
      participant_id: row.governor_id,
      participant_name: row.name,
      total_rallies: row.total_rallies,
      total_joined: row.total_rallies - row.total_launched,
      total_launched: row.total_launched,
    })),
    summaryStats,
    totalPages: Math.ceil(totalParticipants / query.pageSize),
    totalParticipants,
    period,
  };
}

export async function rallySummary(
  db: Kysely<Database>,
  kd: number,
  query: PeriodQuery,
  now: number,
): Promise<{ summaryStats: RallySummaryStats; period: RallyPeriod }> {
  const period = resolvePeriod(query, now);
  return { summaryStats: await summaryOf(db, kd, period), period };
}

export function availableFilters(): RallyAvailableFiltersResponse {
  return {
    filters: RALLY_DATE_FILTER_OPTIONS.map((option) => ({ ...option })),
    default: DEFAULT_RALLY_DATE_FILTER,
    time_zone: RALLY_TIME_ZONE,
  };
}

/** Rallies posted by a bot, already checked against the events schema. */
export function ingestRallyEvents(
  db: Kysely<Database>,
  kd: number,
  rallies: readonly RallyEvent[],
): Promise<StoreRalliesResult> {
  return storeRallies(
    db,
    kd,
    rallies.map((rally) => ({
      rallyId: rally.rally_id,
      launchedAt: rally.launched_at,
      launcher: rally.launcher,
      participants: rally.participants,
    })),
  );
}
