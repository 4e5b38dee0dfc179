import { type GovernorCompareResponse, governorCompareResponseSchema } from '@kingdom-stats/core/api';
import { useQuery } from '@tanstack/react-query';
import { apiGet, segment } from './client.ts';

/** GET /compare/{kd}/{code}?ids=… (kd and code lower-cased, as the other viewer calls send them). */
export function useGovernorCompare(kd: string, code: string, ids: readonly number[]) {
  const list = ids.join(',');
  return useQuery<GovernorCompareResponse>({
    queryKey: ['governor-compare', kd, code, list],
    enabled: ids.length >= 2,
    queryFn: ({ signal }) =>
      apiGet(`/compare/${segment(kd.toLowerCase())}/${segment(code.toLowerCase())}`, {
        signal,
        query: { ids: list },
        schema: governorCompareResponseSchema,
      }),
  });
}
