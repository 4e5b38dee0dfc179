import {
  type CorrectValueBody,
  type ExcludeRowBody,
  type FlagStatus,
  type ReviewCorrectionsResponse,
  type ReviewFlagsResponse,
  reviewChangeResponseSchema,
  reviewCorrectionsResponseSchema,
  reviewFlagsResponseSchema,
} from '@kingdom-stats/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, segment } from '../../api/client.ts';

/** The data review calls (/admin/kingdoms/{kd}/{code}/review…, docs/data-review.md), one hook per endpoint. */

export type FlagFilter = FlagStatus | 'all';

// Under the admin page's own key: an upload (new flags) refreshes the review too.
const reviewKeys = {
  all: (kd: string, code: string) => ['admin-kingdoms', kd, code, 'review'] as const,
  flags: (kd: string, code: string, status: FlagFilter) =>
    [...reviewKeys.all(kd, code), 'flags', status] as const,
  corrections: (kd: string, code: string) => [...reviewKeys.all(kd, code), 'corrections'] as const,
};

export function reviewPath(kd: string, code: string): string {
  return `/admin/kingdoms/${segment(kd)}/${segment(code)}/review`;
}

export function useReviewFlags(kd: string, code: string, status: FlagFilter) {
  return useQuery<ReviewFlagsResponse>({
    queryKey: reviewKeys.flags(kd, code, status),
    queryFn: ({ signal }) =>
      apiGet(`${reviewPath(kd, code)}/flags?status=${status}&pageSize=100`, {
        signal,
        schema: reviewFlagsResponseSchema,
      }),
  });
}

export function useReviewCorrections(kd: string, code: string) {
  return useQuery<ReviewCorrectionsResponse>({
    queryKey: reviewKeys.corrections(kd, code),
    queryFn: ({ signal }) =>
      apiGet(`${reviewPath(kd, code)}/corrections?pageSize=50`, {
        signal,
        schema: reviewCorrectionsResponseSchema,
      }),
  });
}

/** Every change can move flags between statuses and add or revert a correction: both lists are read again. */
export function useReviewActions(kd: string, code: string) {
  const queryClient = useQueryClient();
  const base = reviewPath(kd, code);
  const schema = reviewChangeResponseSchema;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(kd, code) });
  return {
    correct: useMutation({
      mutationFn: (body: CorrectValueBody) => apiPost(`${base}/corrections`, body, { schema }),
      onSuccess,
    }),
    accept: useMutation({
      mutationFn: (flagId: number) => apiPost(`${base}/flags/${segment(flagId)}/accept`, {}, { schema }),
      onSuccess,
    }),
    exclude: useMutation({
      mutationFn: (body: ExcludeRowBody) => apiPost(`${base}/exclusions`, body, { schema }),
      onSuccess,
    }),
    revert: useMutation({
      mutationFn: (correctionId: number) =>
        apiPost(`${base}/corrections/${segment(correctionId)}/revert`, {}, { schema }),
      onSuccess,
    }),
  };
}

export type ReviewActions = ReturnType<typeof useReviewActions>;
