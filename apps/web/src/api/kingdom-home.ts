import { type KingdomHomeResponse, kingdomHomeResponseSchema } from '@kingdom-stats/core/api';
import { useQuery } from '@tanstack/react-query';
import { apiGet, segment } from './client.ts';

export const kingdomHomeKeys = {
  home: (kdno: string) => ['kingdom-home', kdno] as const,
};

/** GET /kdhome/{kdno}: the kingdom's KvK status, for a signed-in user of that kingdom. */
export function useKingdomHome(kdno: string) {
  return useQuery<KingdomHomeResponse>({
    queryKey: kingdomHomeKeys.home(kdno),
    queryFn: ({ signal }) =>
      apiGet(`/kdhome/${segment(kdno)}`, { signal, schema: kingdomHomeResponseSchema }),
  });
}
