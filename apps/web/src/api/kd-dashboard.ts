import {
  type DkpRow,
  type KdDashboardResponse,
  kdDashboardResponseSchema,
  kdDashboardUpdateResponseSchema,
  type PrekvkRankingsResponse,
  prekvkRankingsResponseSchema,
} from '@kingdom-stats/core/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, segment } from './client.ts';

/**
 * The answer is checked against the shared schema except for the rows' cells: the table draws each cell defensively
 * and shows 'Error' for one it cannot draw (SPEC §2), rather than losing the whole table to one odd value.
 */
function readKdDashboard(body: unknown): KdDashboardResponse {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const rows = Array.isArray(raw.playerData) ? raw.playerData : [];
  const parsed = kdDashboardResponseSchema.parse({ ...raw, playerData: [] });
  const playerData = rows.filter((row) => typeof row === 'object' && row !== null) as DkpRow[];
  return { ...parsed, playerData };
}

export interface KdPeriod {
  start: string | null;
  end: string | null;
}

export const kdDashboardKeys = {
  all: ['kd-dashboard'] as const,
  data: (kd: string, code: string, period: KdPeriod) => ['kd-dashboard', 'data', kd, code, period] as const,
  prekvk: (kd: string, code: string, kvk: number | null) =>
    ['kd-dashboard', 'prekvk', kd, code, kvk] as const,
};

/** GET /kd-dashboard/{kd}/data/{code} (kd and code lower-cased, SPEC §7); without dates the KvK period. */
export function useKdDashboard(kd: string, code: string, period: KdPeriod) {
  return useQuery<KdDashboardResponse>({
    queryKey: kdDashboardKeys.data(kd, code, period),
    queryFn: ({ signal }) =>
      apiGet(`/kd-dashboard/${segment(kd.toLowerCase())}/data/${segment(code.toLowerCase())}`, {
        signal,
        query: { start_date: period.start ?? undefined, end_date: period.end ?? undefined },
        schema: { parse: readKdDashboard },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /kd-dashboard/update-data: prepares a period before it is read (Apply). */
export function updateKdDashboard(kd: string, code: string, period: { start: string; end: string }) {
  return apiPost(
    '/kd-dashboard/update-data',
    { kd, code, start_date: period.start, end_date: period.end },
    { schema: kdDashboardUpdateResponseSchema },
  );
}

/** GET /kd-dashboard/{kd}/prekvk-rankings?code=&kvk_number= */
export function usePrekvkRankings(kd: string, code: string, kvkNumber: number | null, enabled: boolean) {
  return useQuery<PrekvkRankingsResponse>({
    queryKey: kdDashboardKeys.prekvk(kd, code, kvkNumber),
    queryFn: ({ signal }) =>
      apiGet(`/kd-dashboard/${segment(kd.toLowerCase())}/prekvk-rankings`, {
        signal,
        query: { code, kvk_number: kvkNumber ?? undefined },
        schema: prekvkRankingsResponseSchema,
      }),
    enabled,
  });
}
