import { type PublicConfigResponse, publicConfigResponseSchema } from '@kingdom-stats/core/api';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';

export const publicConfigKey = ['config'] as const;

/** GET /config: whether sign-in is on, the demo link and the external links. Fixed while the server runs. */
export function usePublicConfig() {
  return useQuery<PublicConfigResponse>({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => apiGet('/config', { signal, schema: publicConfigResponseSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
