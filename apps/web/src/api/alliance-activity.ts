import { type AllianceActivityResponse, allianceActivityResponseSchema } from '@kingdom-stats/core/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, segment } from './client.ts';

/** GET /alliance-activity/{kd}/{code}?week=: one imported week of alliance activity (null: the latest). */
export function useAllianceActivity(kd: string, code: string, week: string | null) {
  return useQuery<AllianceActivityResponse>({
    queryKey: ['alliance-activity', kd, code, week] as const,
    queryFn: ({ signal }) =>
      apiGet(`/alliance-activity/${segment(kd.toLowerCase())}/${segment(code.toLowerCase())}`, {
        signal,
        query: { week: week ?? undefined },
        schema: allianceActivityResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}
