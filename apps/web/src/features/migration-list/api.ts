import {
  type MigrationEntryAddInput,
  type MigrationEntryUpdate,
  type MigrationListResponse,
  migrationEntryResponseSchema,
  migrationFillResponseSchema,
  migrationListResponseSchema,
  migrationMessageResponseSchema,
} from '@kingdom-stats/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_BASE,
  ApiError,
  apiDelete,
  apiGet,
  apiPost,
  apiRequest,
  errorMessageFrom,
  segment,
} from '../../api/client.ts';
import { getToken } from '../../auth/session.ts';

/** The migration list calls (/admin/kingdoms/{kd}/{code}/migration-list…, docs/migration-list.md). */

const listKey = (kd: string, code: string) => ['admin-kingdoms', kd, code, 'migration-list'] as const;

export function migrationListPath(kd: string, code: string): string {
  return `/admin/kingdoms/${segment(kd)}/${segment(code)}/migration-list`;
}

/** A season's list; without a season, the server's current season (its answer names which). */
export function useMigrationList(kd: string, code: string, season: number | null) {
  return useQuery<MigrationListResponse>({
    queryKey: [...listKey(kd, code), season],
    queryFn: ({ signal }) =>
      apiGet(migrationListPath(kd, code), {
        query: { season: season ?? undefined },
        signal,
        schema: migrationListResponseSchema,
      }),
  });
}

export function useMigrationActions(kd: string, code: string, kvk: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: listKey(kd, code) });
  const base = `${migrationListPath(kd, code)}/${segment(kvk)}`;
  return {
    add: useMutation({
      mutationFn: (body: MigrationEntryAddInput) =>
        apiPost(base, body, { schema: migrationEntryResponseSchema }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ governorId, change }: { governorId: number; change: MigrationEntryUpdate }) =>
        apiRequest(`${base}/${segment(governorId)}`, {
          method: 'PATCH',
          body: change,
          schema: migrationEntryResponseSchema,
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (governorId: number) =>
        apiDelete(`${base}/${segment(governorId)}`, { schema: migrationMessageResponseSchema }),
      onSuccess: refresh,
    }),
    fill: useMutation({
      mutationFn: () => apiPost(`${base}/fill`, undefined, { schema: migrationFillResponseSchema }),
      onSuccess: refresh,
    }),
  };
}

export type MigrationActions = ReturnType<typeof useMigrationActions>;

/** The season's list as the server's CSV file (with the admin's token, so not a plain link). */
export async function fetchMigrationCsv(
  kd: string,
  code: string,
  kvk: number,
): Promise<{ blob: Blob; fileName: string }> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${migrationListPath(kd, code)}/${segment(kvk)}/export.csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the fallback sentence.
    }
    throw new ApiError(response.status, errorMessageFrom(body, response.status), body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `migration-list-${kd}-kvk${kvk}.csv`;
  return { blob: await response.blob(), fileName };
}
