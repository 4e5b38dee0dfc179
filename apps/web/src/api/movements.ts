import { type MovementsResponse, movementsResponseSchema } from '@kingdom-stats/core/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, segment } from './client.ts';

export interface MovementsView {
  /** Unix seconds of kingdom scans as text; null: the server's default period. */
  start: string | null;
  end: string | null;
  inactiveScans: number;
}

/** GET /dashboard/{kd}/movements/{code}: arrivals, departures and inactive governors (docs/movements.md). */
export function useMovements(kd: string, code: string, view: MovementsView) {
  return useQuery<MovementsResponse>({
    queryKey: ['movements', kd, code, view] as const,
    queryFn: ({ signal }) =>
      apiGet(`/dashboard/${segment(kd.toLowerCase())}/movements/${segment(code.toLowerCase())}`, {
        signal,
        query: {
          start_date: view.start ?? undefined,
          end_date: view.end ?? undefined,
          inactive_scans: String(view.inactiveScans),
        },
        schema: movementsResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}
