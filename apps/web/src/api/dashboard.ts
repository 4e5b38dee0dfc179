import type { SortEntry } from '@kingdom-stats/core';
import {
  type AutarchResponse,
  allKdsResponseSchema,
  autarchResponseSchema,
  type DashboardResponse,
  dashboardResponseSchema,
  formulaStringResponseSchema,
  type SettingsResponse,
  settingsResponseSchema,
  updateTablesResponseSchema,
} from '@kingdom-stats/core/api';
import { keepPreviousData, type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, segment } from './client.ts';
import { playerQueryOfAddress } from './dashboard-address.ts';
import {
  dashboardSearchParams,
  dataPath,
  type PlayerQuery,
  prefetchDashboardCalls,
  restricted,
  settingsPath,
} from './dashboard-requests.ts';

export {
  ALL,
  dashboardSearchParams,
  firstPlayerQuery,
  type PlayerQuery,
} from './dashboard-requests.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  settings: (kd: string, code: string) => ['dashboard', 'settings', kd, code] as const,
  data: (kd: string, code: string, query: PlayerQuery) => ['dashboard', 'data', kd, code, query] as const,
  allKds: (code: string) => ['dashboard', 'all-kds', code] as const,
  formula: (kd: string, code: string) => ['dashboard', 'formula', kd, code] as const,
  autarch: (kd: string, code: string, query: AutarchQuery) =>
    ['dashboard', 'autarch', kd, code, query] as const,
};

/** GET /settings/{kd}/{code}: the kingdom's default top-N filter and default period. */
export function useDashboardSettings(kd: string, code: string) {
  return useQuery<SettingsResponse>({
    queryKey: dashboardKeys.settings(kd, code),
    queryFn: ({ signal }) => apiGet(settingsPath(kd, code), { signal, schema: settingsResponseSchema }),
    staleTime: 5 * 60_000,
  });
}

export function fetchDashboardData(
  kd: string,
  code: string,
  query: PlayerQuery,
  signal?: AbortSignal,
): Promise<DashboardResponse> {
  return apiGet(dataPath(kd, code), {
    query: dashboardSearchParams(query),
    schema: dashboardResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The dashboard route's loader: sends the screen's first calls when the route matches, while its chunks download
 * (see prefetchDashboardCalls). Settings still in the cache are what the screen starts from, so they say which data
 * call comes first; the screen refreshes stale ones itself.
 */
export function prefetchDashboard(queryClient: QueryClient, kd: string, code: string, address = ''): void {
  const known = queryClient.getQueryData<SettingsResponse>(dashboardKeys.settings(kd, code));
  prefetchDashboardCalls(kd, code, known ? known.defaultTopFilter : undefined, (defaultTop) =>
    playerQueryOfAddress(address, defaultTop),
  );
}

/**
 * GET /dashboard/{kd}/data/{code}. The previous answer stays on screen while the next page, sort or filter loads,
 * so the tables do not collapse and the reader keeps their place.
 */
export function useDashboardData(kd: string, code: string, query: PlayerQuery, enabled = true) {
  return useQuery<DashboardResponse>({
    queryKey: dashboardKeys.data(kd, code, query),
    queryFn: ({ signal }) => fetchDashboardData(kd, code, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /dashboard/{code}/all-kds: every home kd the access code can see, for the KD filter. */
export function useAllKds(code: string) {
  return useQuery({
    queryKey: dashboardKeys.allKds(code),
    queryFn: ({ signal }) =>
      apiGet(`/dashboard/${segment(code)}/all-kds`, { signal, schema: allKdsResponseSchema }),
    staleTime: 5 * 60_000,
    // SPEC §8: a failed KD list falls back to the kds of the loaded rows, so there is no point insisting.
    retry: false,
  });
}

/** GET /dashboard/{kd}/formula/{code} (path values lower-cased, SPEC §7): the DKP formula as one line. */
export function useFormulaString(kd: string, code: string, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.formula(kd, code),
    queryFn: ({ signal }) =>
      apiGet(`/dashboard/${segment(kd.toLowerCase())}/formula/${segment(code.toLowerCase())}`, {
        signal,
        schema: formulaStringResponseSchema,
      }),
    enabled,
  });
}

/** POST /dashboard/update-tables: recompute the period's tables before they are read. */
export function useUpdateTables() {
  return useMutation({
    mutationFn: (body: { kd: string; code: string; start_date: string; end_date: string }) =>
      apiPost('/dashboard/update-tables', body, { schema: updateTablesResponseSchema }),
  });
}

export interface AutarchQuery {
  sorts: readonly SortEntry[];
  kd: string;
  search: string;
  top: string;
}

/** SPEC §7: the autarch view loads page 1 of 1000 rows; its export asks again with the same settings. */
export const AUTARCH_PAGE_SIZE = 1000;

export function autarchSearchParams(query: AutarchQuery): Record<string, string | number | undefined> {
  return {
    page: 1,
    pageSize: AUTARCH_PAGE_SIZE,
    sorts: query.sorts.length > 0 ? JSON.stringify(query.sorts) : undefined,
    kd: restricted(query.kd),
    search: restricted(query.search),
    top: restricted(query.top),
  };
}

export function fetchAutarchData(
  kd: string,
  code: string,
  query: AutarchQuery,
  signal?: AbortSignal,
): Promise<AutarchResponse> {
  return apiGet(`/dashboard/${segment(kd)}/autarch-data/${segment(code)}`, {
    query: autarchSearchParams(query),
    schema: autarchResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** GET /dashboard/{kd}/autarch-data/{code}; only fetched while autarch mode is on (SPEC §4). */
export function useAutarchData(kd: string, code: string, query: AutarchQuery, enabled: boolean) {
  return useQuery<AutarchResponse>({
    queryKey: dashboardKeys.autarch(kd, code, query),
    queryFn: ({ signal }) => fetchAutarchData(kd, code, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /dashboard/autarch/update-tables. */
export function useUpdateAutarchTables() {
  return useMutation({
    mutationFn: (body: { kd: string; code: string }) => apiPost('/dashboard/autarch/update-tables', body),
  });
}
