import { type DemoTargetResponse, demoTargetResponseSchema } from '@kingdom-stats/core/api';
import { useQuery } from '@tanstack/react-query';
import { apiGet, segment } from './client.ts';

export type DemoTarget = DemoTargetResponse;

export function demoTargetQueryKey(secret: string) {
  return ['demo', secret] as const;
}

/** Resolves the public demo secret to the kingdom and access code it shows. A wrong secret is a 404 ApiError. */
export function useDemoTarget(secret: string) {
  return useQuery({
    queryKey: demoTargetQueryKey(secret),
    queryFn: ({ signal }) => apiGet(`/demo/${segment(secret)}`, { signal, schema: demoTargetResponseSchema }),
  });
}
