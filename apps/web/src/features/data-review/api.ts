import {
  type CorrectionsCsvResponse,
  type CorrectValueBody,
  correctionsCsvResponseSchema,
  type DataQualitySettingsChange,
  type DataQualitySettingsResponse,
  dataQualitySettingsResponseSchema,
  type ExcludeRowBody,
  type FlagStatus,
  type RecheckResponse,
  type ReviewCheck,
  type ReviewCorrectionsResponse,
  type ReviewFlagsResponse,
  recheckResponseSchema,
  reviewChangeResponseSchema,
  reviewCorrectionsResponseSchema,
  reviewFlagsResponseSchema,
} from '@kingdom-stats/core/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_BASE,
  ApiError,
  apiGet,
  apiPost,
  apiRequest,
  errorMessageFrom,
  segment,
} from '../../api/client.ts';
import { getToken } from '../../auth/session.ts';

/** The data review calls (/admin/kingdoms/{kd}/{code}/review…, docs/data-review.md), one hook per endpoint. */

export type FlagFilter = FlagStatus | 'all';

/** What the flag list shows: the page's address holds it (address.ts). */
export interface FlagQuery {
  status: FlagFilter;
  check: ReviewCheck | null;
  scan: number | null;
  /** An ID (all digits) or part of a name. */
  governor: string;
  page: number;
}

export const REVIEW_PAGE_SIZE = 50;

// Under the admin page's own key: an upload (new flags) refreshes the review too.
const reviewKeys = {
  all: (kd: string, code: string) => ['admin-kingdoms', kd, code, 'review'] as const,
  flags: (kd: string, code: string, query: FlagQuery) =>
    [...reviewKeys.all(kd, code), 'flags', query] as const,
  corrections: (kd: string, code: string) => [...reviewKeys.all(kd, code), 'corrections'] as const,
  settings: (kd: string, code: string) => [...reviewKeys.all(kd, code), 'settings'] as const,
};

export function reviewPath(kd: string, code: string): string {
  return `/admin/kingdoms/${segment(kd)}/${segment(code)}/review`;
}

/** The list's filters as the API's query (the CSV download takes the same, without paging). */
export function flagsQueryParams(
  query: FlagQuery,
  paged = true,
): Record<string, string | number | undefined> {
  return {
    status: query.status,
    check: query.check ?? undefined,
    scan: query.scan ?? undefined,
    governor: query.governor.trim() || undefined,
    ...(paged ? { page: query.page, pageSize: REVIEW_PAGE_SIZE } : {}),
  };
}

export function useReviewFlags(kd: string, code: string, query: FlagQuery) {
  return useQuery<ReviewFlagsResponse>({
    queryKey: reviewKeys.flags(kd, code, query),
    queryFn: ({ signal }) =>
      apiGet(`${reviewPath(kd, code)}/flags`, {
        query: flagsQueryParams(query),
        signal,
        schema: reviewFlagsResponseSchema,
      }),
    // Paging and typing a search keep the list on screen until the next answer replaces it.
    placeholderData: keepPreviousData,
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
    /** Two rows stored under each other's IDs trade places (the flag's `swapWith`). */
    swap: useMutation({
      mutationFn: (flagId: number) => apiPost(`${base}/flags/${segment(flagId)}/swap`, {}, { schema }),
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

/**
 * The flags of the current filters as a CSV file. Fetched with the session's token (the API has no cookie: a plain
 * link would be refused), then handed to the browser as a file named as the server names it.
 */
export async function fetchFlagsCsv(
  kd: string,
  code: string,
  query: FlagQuery,
): Promise<{ blob: Blob; fileName: string }> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(flagsQueryParams(query, false)))
    if (value !== undefined) params.append(key, String(value));
  const token = getToken();
  const response = await fetch(`${API_BASE}${reviewPath(kd, code)}/flags.csv?${params}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the fallback sentence below.
    }
    throw new ApiError(response.status, errorMessageFrom(body, response.status), body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `review-${kd}.csv`;
  return { blob: await response.blob(), fileName };
}

/** Uploads a corrections CSV (all or nothing); new corrections change the flags and the corrections list. */
export function useUploadCorrections(kd: string, code: string) {
  const queryClient = useQueryClient();
  return useMutation<CorrectionsCsvResponse, Error, File>({
    mutationFn: (file) =>
      apiRequest(`${reviewPath(kd, code)}/corrections.csv`, {
        method: 'POST',
        body: file,
        query: { fileName: file.name },
        schema: correctionsCsvResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(kd, code) }),
  });
}

export function useReviewSettings(kd: string, code: string, enabled: boolean) {
  return useQuery<DataQualitySettingsResponse>({
    queryKey: reviewKeys.settings(kd, code),
    queryFn: ({ signal }) =>
      apiGet(`${reviewPath(kd, code)}/settings`, { signal, schema: dataQualitySettingsResponseSchema }),
    enabled,
  });
}

export function useSettingsActions(kd: string, code: string) {
  const queryClient = useQueryClient();
  const base = reviewPath(kd, code);
  return {
    save: useMutation<DataQualitySettingsResponse, Error, DataQualitySettingsChange>({
      mutationFn: (change) =>
        apiRequest(`${base}/settings`, {
          method: 'PUT',
          body: change,
          schema: dataQualitySettingsResponseSchema,
        }),
      onSuccess: (answer) => queryClient.setQueryData(reviewKeys.settings(kd, code), answer),
    }),
    recheck: useMutation<RecheckResponse, Error, void>({
      mutationFn: () => apiPost(`${base}/recheck`, undefined, { schema: recheckResponseSchema }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(kd, code) }),
    }),
  };
}
