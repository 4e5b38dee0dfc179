import { QUERY_GC_TIME_MS, QUERY_RETRY_COUNT, queryRetryDelay } from '@kingdom-stats/core';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

// A 4xx is the server's verdict on the request itself (wrong access code, unknown kingdom, missing rights):
// asking again gives the same answer, a wrong code won't fix itself, and retrying only delays the error the
// user needs to see while spending rate-limit budget. Network failures and 5xx are worth retrying.
function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < QUERY_RETRY_COUNT;
}

/** SPEC §4: unused data kept 5 minutes; 3 retries with exponential backoff capped at 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay: (failureCount) => queryRetryDelay(failureCount),
      },
    },
  });
}
