import type { RallyDateFilter } from '@kingdom-stats/core';
import {
  type RallyDataResponse,
  type RallySummaryResponse,
  rallyAvailableFiltersResponseSchema,
  rallyDataResponseSchema,
  rallySummaryResponseSchema,
} from '@kingdom-stats/core/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, segment } from './client.ts';

/** What the Rally Data page asks for (SPEC §7 GET /rally/{kd}/data/{code}). */
export interface RallyQuery {
  dateFilter: RallyDateFilter;
  /** Unix seconds, inclusive; only with dateFilter 'custom'. */
  customStart: number | null;
  customEnd: number | null;
  page: number;
  pageSize: number;
  search: string;
}

/** The query string: the custom range only with the custom filter, the search only when not blank. */
export function rallySearchParams(query: RallyQuery): Record<string, string | number | undefined> {
  const custom = query.dateFilter === 'custom';
  const search = query.search.trim();
  return {
    date_filter: query.dateFilter,
    page: query.page,
    pageSize: query.pageSize,
    search: search === '' ? undefined : search,
    custom_start: custom ? (query.customStart ?? undefined) : undefined,
    custom_end: custom ? (query.customEnd ?? undefined) : undefined,
  };
}

export const rallyKeys = {
  all: ['rally'] as const,
  data: (kd: string, code: string, query: RallyQuery) => ['rally', 'data', kd, code, query] as const,
  summary: (kd: string, code: string, dateFilter: RallyDateFilter) =>
    ['rally', 'summary', kd, code, dateFilter] as const,
  filters: ['rally', 'available-filters'] as const,
};

/**
 * One page of the period's ranking. The previous answer stays on screen while the next loads (the page shows an
 * overlay over it rather than emptying the table).
 */
export function useRallyData(kd: string, code: string, query: RallyQuery, enabled = true) {
  return useQuery<RallyDataResponse>({
    queryKey: rallyKeys.data(kd, code, query),
    queryFn: ({ signal }) =>
      apiGet(`/rally/${segment(kd)}/data/${segment(code)}`, {
        query: rallySearchParams(query),
        signal,
        schema: rallyDataResponseSchema,
      }),
    placeholderData: keepPreviousData,
    // The data changes every 30 minutes at most; refocusing the tab need not reload it each time.
    staleTime: 60_000,
    enabled,
  });
}

/** GET /rally/{kd}/summary/{code}: the period's summary alone (SPEC: defined, not used visibly). */
export function useRallySummary(kd: string, code: string, dateFilter: RallyDateFilter) {
  return useQuery<RallySummaryResponse>({
    queryKey: rallyKeys.summary(kd, code, dateFilter),
    queryFn: ({ signal }) =>
      apiGet(`/rally/${segment(kd)}/summary/${segment(code)}`, {
        query: { date_filter: dateFilter },
        signal,
        schema: rallySummaryResponseSchema,
      }),
  });
}

/** GET /rally/available-filters: the period presets (the page uses the same list from core). */
export function useRallyAvailableFilters() {
  return useQuery({
    queryKey: rallyKeys.filters,
    queryFn: ({ signal }) =>
      apiGet('/rally/available-filters', { signal, schema: rallyAvailableFiltersResponseSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
