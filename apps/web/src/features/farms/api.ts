import {
  type FarmLinkBody,
  type FarmPolicyBody,
  type FarmsResponse,
  farmsResponseSchema,
  type GovernorLookupResponse,
  governorLookupResponseSchema,
} from '@kingdom-stats/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, segment } from '../../api/client.ts';

/** The admin page's farm calls (/admin/kingdoms/{kd}/{code}/farms…, docs/farms.md). */

// Under the admin page's own key: whatever refreshes the page (a scan upload, which may bring Rolled Up suggestions)
// refreshes the farm section too.
const farmKeys = {
  one: (kd: string, code: string) => ['admin-kingdoms', kd, code, 'farms'] as const,
};

function basePath(kd: string, code: string): string {
  return `/admin/kingdoms/${segment(kd)}/${segment(code)}/farms`;
}

export function useFarms(kd: string, code: string) {
  return useQuery<FarmsResponse>({
    queryKey: farmKeys.one(kd, code),
    queryFn: ({ signal }) => apiGet(basePath(kd, code), { signal, schema: farmsResponseSchema }),
  });
}

export function lookupGovernor(
  kd: string,
  code: string,
  governorId: number,
): Promise<GovernorLookupResponse> {
  return apiGet(`${basePath(kd, code)}/governors/${segment(governorId)}`, {
    schema: governorLookupResponseSchema,
  });
}

/** Every change answers the whole farms state, which replaces the cached one. */
export function useFarmActions(kd: string, code: string) {
  const queryClient = useQueryClient();
  const base = basePath(kd, code);
  const onSuccess = (answer: FarmsResponse) => queryClient.setQueryData(farmKeys.one(kd, code), answer);
  const schema = farmsResponseSchema;
  return {
    link: useMutation({
      mutationFn: (body: FarmLinkBody) => apiPost(`${base}/links`, body, { schema }),
      onSuccess,
    }),
    unlink: useMutation({
      mutationFn: (farmId: number) => apiDelete(`${base}/links/${segment(farmId)}`, { schema }),
      onSuccess,
    }),
    policy: useMutation({
      mutationFn: (body: FarmPolicyBody) => apiPost(`${base}/policy`, body, { schema }),
      onSuccess,
    }),
    accept: useMutation({
      mutationFn: (farmIds?: number[]) =>
        apiPost(`${base}/suggestions/accept`, farmIds ? { farmIds } : {}, { schema }),
      onSuccess,
    }),
    dismiss: useMutation({
      mutationFn: (farmIds?: number[]) =>
        apiPost(`${base}/suggestions/dismiss`, farmIds ? { farmIds } : {}, { schema }),
      onSuccess,
    }),
  };
}
