import {
  type AdminKingdomResponse,
  type AdminKingdomsResponse,
  adminKingdomListItemSchema,
  adminKingdomResponseSchema,
  adminKingdomsResponseSchema,
  type CreateKingdomBody,
  type KingdomSettingsChange,
  kvkUploadResponseSchema,
  messageResponseSchema,
  type RecentChangesResponse,
  rallyTokenResponseSchema,
  rallyTokenStatusResponseSchema,
  recentChangesResponseSchema,
  rotateCodeResponseSchema,
  scanImportResponseSchema,
  scanRenameResponseSchema,
  settingsChangeResponseSchema,
} from '@kingdom-stats/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { translate } from '../i18n/i18n.ts';
import { ApiError, apiDelete, apiGet, apiPost, apiRequest, segment } from './client.ts';

/**
 * The chosen file, refused before it is sent when it has 0 bytes: said in the reader's language as what it is (an
 * empty file), where the server's 400 once asked to "choose a file" of someone who had (issue 41).
 */
function nonEmptyFile(file: File): File {
  if (file.size === 0) throw new ApiError(400, translate('upload.emptyFile', { name: file.name }));
  return file;
}

/** One scanner file and the CLI's `scan import` options. */
export interface ScanUploadInput {
  file: File;
  kind: 'kingdom' | 'autarch';
  /** ISO-8601; only for a single file (a file's own time otherwise). */
  at?: string;
  /** Home kingdom of rows whose file has no kingdom column. */
  homeKd?: string;
  replace: boolean;
  rolledUp: boolean;
  /** A scan of its own even when a scan of other home kingdoms was taken at about the same time. */
  newScan?: boolean;
  /** Add the file's governors to this scan. */
  joinScanId?: string;
  /** The admin confirmed a file most of whose governors the kingdom never had (NEW_GOVERNORS). */
  newGovernors?: boolean;
}

export const adminKingdomKeys = {
  list: ['admin-kingdoms'] as const,
  one: (kd: string, code: string) => ['admin-kingdoms', kd, code] as const,
  ingestToken: (kd: string, kind: 'rally' | 'upload') => ['admin-kingdoms', kd, `${kind}-token`] as const,
};

/** GET /admin/kingdoms: the kingdoms the signed-in user administers (all of them for a superadmin). */
export function useAdminKingdoms() {
  return useQuery<AdminKingdomsResponse>({
    queryKey: adminKingdomKeys.list,
    queryFn: ({ signal }) => apiGet('/admin/kingdoms', { signal, schema: adminKingdomsResponseSchema }),
  });
}

export function useCreateKingdom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKingdomBody) =>
      apiPost('/admin/kingdoms', body, { schema: adminKingdomListItemSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKingdomKeys.list }),
  });
}

/** GET /admin/kingdoms/{kd}/{code}: everything the per-kingdom page shows. */
export function useAdminKingdom(kd: string, code: string) {
  return useQuery<AdminKingdomResponse>({
    queryKey: adminKingdomKeys.one(kd, code),
    queryFn: ({ signal }) =>
      apiGet(`/admin/kingdoms/${segment(kd)}/${segment(code)}`, {
        signal,
        schema: adminKingdomResponseSchema,
      }),
  });
}

/** GET /admin/kingdoms/{kd}/{code}/changes?before=: Recent changes older than a page's `next` cursor. */
export function fetchOlderChanges(kd: string, code: string, before: string): Promise<RecentChangesResponse> {
  const query = new URLSearchParams({ before });
  return apiGet(`/admin/kingdoms/${segment(kd)}/${segment(code)}/changes?${query}`, {
    schema: recentChangesResponseSchema,
  });
}

/** The per-kingdom page's changes; each refreshes the page's data (and the kingdom list) when it succeeds. */
export function useKingdomAdminActions(kd: string, code: string) {
  const queryClient = useQueryClient();
  const base = `/admin/kingdoms/${segment(kd)}/${segment(code)}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKingdomKeys.list });
  const options = { onSuccess: refresh };
  return {
    saveSettings: useMutation({
      mutationFn: (settings: KingdomSettingsChange) =>
        apiPost(`${base}/settings`, { settings }, { schema: settingsChangeResponseSchema }),
      ...options,
    }),
    rename: useMutation({
      mutationFn: (name: string | null) =>
        apiPost(`${base}/name`, { name }, { schema: messageResponseSchema }),
      ...options,
    }),
    rotateCode: useMutation({
      mutationFn: (wanted: string | undefined) =>
        apiPost(`${base}/code`, wanted ? { code: wanted } : {}, { schema: rotateCodeResponseSchema }),
      // Not this page's own query: its address holds the old code, which now answers 404. The page moves to the
      // new address, which loads afresh.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKingdomKeys.list, exact: true }),
    }),
    saveCamp: useMutation({
      mutationFn: (camp: { name: string; members: number[] }) =>
        apiPost(`${base}/camps`, camp, { schema: messageResponseSchema }),
      ...options,
    }),
    deleteCamp: useMutation({
      mutationFn: (id: number) =>
        apiDelete(`${base}/camps/${segment(id)}`, { schema: messageResponseSchema }),
      ...options,
    }),
    addSeason: useMutation({
      mutationFn: (season: { kvkNumber: number; openTime: number; closeTime: number }) =>
        apiPost(`${base}/seasons`, season, { schema: messageResponseSchema }),
      ...options,
    }),
    deleteSeason: useMutation({
      mutationFn: (kvk: number) =>
        apiDelete(`${base}/seasons/${segment(kvk)}`, { schema: messageResponseSchema }),
      ...options,
    }),
    uploadScan: useMutation({
      mutationFn: (input: ScanUploadInput) =>
        apiPost(`${base}/scans`, nonEmptyFile(input.file), {
          query: {
            fileName: input.file.name,
            kind: input.kind,
            at: input.at || undefined,
            homeKd: input.homeKd || undefined,
            replace: input.replace ? 'true' : undefined,
            rolledUp: input.rolledUp ? 'true' : undefined,
            newScan: input.newScan ? 'true' : undefined,
            joinScanId: input.joinScanId,
            newGovernors: input.newGovernors ? 'true' : undefined,
          },
          schema: scanImportResponseSchema,
        }),
      ...options,
    }),
    renameScan: useMutation({
      mutationFn: (input: { id: number; name: string }) =>
        apiRequest(`${base}/scans/${segment(input.id)}`, {
          method: 'PATCH',
          body: { name: input.name },
          schema: scanRenameResponseSchema,
        }),
      ...options,
    }),
    deleteScan: useMutation({
      mutationFn: (id: number) =>
        apiDelete(`${base}/scans/${segment(id)}`, { schema: messageResponseSchema }),
      ...options,
    }),
    uploadKvkFile: useMutation({
      mutationFn: (input: { kind: 'prekvk' | 'hoh' | 'honor'; file: File; kvk: number }) =>
        apiPost(`${base}/${input.kind}`, nonEmptyFile(input.file), {
          query: { fileName: input.file.name, kvk: input.kvk },
          schema: kvkUploadResponseSchema,
        }),
      ...options,
    }),
    clearKvkFile: useMutation({
      mutationFn: (input: { kind: 'prekvk' | 'hoh' | 'honor'; kvk: number }) =>
        apiDelete(`${base}/${input.kind}/${segment(input.kvk)}`, { schema: messageResponseSchema }),
      ...options,
    }),
  };
}

/** A kingdom's token for machines: the rally bot's (`rally-token`) or a scanner's files (`upload-token`). */
export type IngestTokenKind = 'rally' | 'upload';

const tokenPath = (kd: string, kind: IngestTokenKind) => `/admin/kingdoms/${segment(kd)}/${kind}-token`;

/** Whether the kingdom has a token of this kind, and when it was made. */
export function useIngestTokenStatus(kd: string, kind: IngestTokenKind) {
  return useQuery({
    queryKey: adminKingdomKeys.ingestToken(kd, kind),
    queryFn: ({ signal }) => apiGet(tokenPath(kd, kind), { signal, schema: rallyTokenStatusResponseSchema }),
  });
}

/** Creates or rotates it (the answer holds the token, this once) and, for an upload token, revokes it. */
export function useIngestTokenActions(kd: string, kind: IngestTokenKind) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminKingdomKeys.ingestToken(kd, kind) });
  return {
    rotate: useMutation({
      mutationFn: () => apiPost(tokenPath(kd, kind), undefined, { schema: rallyTokenResponseSchema }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: () => apiDelete(tokenPath(kd, kind), { schema: messageResponseSchema }),
      onSuccess,
    }),
  };
}
