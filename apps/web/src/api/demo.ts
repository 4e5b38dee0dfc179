import { type DemoTargetResponse, demoTargetResponseSchema } from '@kingdom-stats/core/api';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { prefetchDashboard } from './dashboard.ts';
import { demoPath, prefetchDemoCalls } from './dashboard-requests.ts';

export type DemoTarget = DemoTargetResponse;

export function demoTargetQueryKey(secret: string) {
  return ['demo', secret] as const;
}

/** Resolves the public demo secret to the kingdom and access code it shows. A wrong secret is a 404 ApiError. */
export function useDemoTarget(secret: string) {
  return useQuery({
    queryKey: demoTargetQueryKey(secret),
    queryFn: ({ signal }) => apiGet(demoPath(secret), { signal, schema: demoTargetResponseSchema }),
  });
}

/** The demo route's loader: resolves the secret now, then sends the dashboard's first calls (prefetchDashboard). */
export function prefetchDemo(queryClient: QueryClient, secret: string): void {
  const known = queryClient.getQueryData<DemoTarget>(demoTargetQueryKey(secret));
  if (known) {
    prefetchDashboard(queryClient, String(known.kd), known.code);
    return;
  }
  prefetchDemoCalls(secret);
}
