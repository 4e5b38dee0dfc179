import { type GovernorResponse, governorResponseSchema } from '@kingdom-stats/core/api';
import { useQuery } from '@tanstack/react-query';
import { apiGet, segment } from './client.ts';

export const governorKeys = {
  data: (kd: string, governorId: string, code: string) => ['governor', kd, governorId, code] as const,
};

/** GET /governor/{kd}/{id}/{code} (kd and code lower-cased, as the other viewer calls send them). */
export function useGovernor(kd: string, governorId: string, code: string) {
  return useQuery<GovernorResponse>({
    queryKey: governorKeys.data(kd, governorId, code),
    queryFn: ({ signal }) =>
      apiGet(`/governor/${segment(kd.toLowerCase())}/${segment(governorId)}/${segment(code.toLowerCase())}`, {
        signal,
        schema: governorResponseSchema,
      }),
  });
}
