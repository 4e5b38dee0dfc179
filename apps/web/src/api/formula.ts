import {
  type FormulaResponse,
  type FormulaSaveBody,
  formulaResetResponseSchema,
  formulaResponseSchema,
  formulaSaveResponseSchema,
} from '@kingdom-stats/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, isApiError, segment } from './client.ts';
import { dashboardKeys } from './dashboard.ts';
import { kdDashboardKeys } from './kd-dashboard.ts';

export type { FormulaResponse, HohValidation } from '@kingdom-stats/core/api';
export type FormulaSavePayload = FormulaSaveBody;

export const formulaKeys = {
  all: ['formula'] as const,
  detail: (kd: string, code: string) => ['formula', kd, code] as const,
  /** One season's rules (undefined: the current season, as the server picks it). */
  season: (kd: string, code: string, season: number | undefined) =>
    ['formula', kd, code, season ?? 'current'] as const,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** SPEC §8: 'No data in response', 'No formula data found in response'. */
export function readFormulaResponse(body: unknown): FormulaResponse {
  if (!isRecord(body)) throw new Error('No data in response');
  if (!isRecord(body.formula)) throw new Error('No formula data found in response');
  return formulaResponseSchema.parse(body);
}

/** The rules of one KvK season (`?season=N`; undefined: the current season). */
export function useFormula(kd: string, code: string, season?: number) {
  return useQuery<FormulaResponse>({
    queryKey: formulaKeys.season(kd, code, season),
    queryFn: async ({ signal }) => {
      const query = season === undefined ? '' : `?season=${season}`;
      const path = `/${segment(kd.toLowerCase())}/formula/${segment(code)}${query}`;
      return readFormulaResponse(await apiGet(path, { signal }));
    },
    // The editor holds its own draft: a refetch on focus would not replace it, so don't make one.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    // Dropped as soon as the editor is left: coming back (Edit on the KvK dashboard) always starts from what is
    // saved now, never from the answer read before the last save (issue 14: the editor showed T5 = 20 after a save
    // of 25, and the next save reverted it).
    gcTime: 0,
  });
}

/** A refused save's per-field message, with core's code and parameters when the server sent them. */
export interface SaveIssue {
  message: string;
  code?: string;
  params?: Record<string, string | number>;
}

/** The per-field messages of a refused save (400 `issues`), in the editor's order. */
export function saveIssues(error: unknown): SaveIssue[] {
  const body = isApiError(error) ? error.body : null;
  if (!isRecord(body) || !Array.isArray(body.issues)) return [];
  const issues: SaveIssue[] = [];
  for (const issue of body.issues) {
    if (!isRecord(issue) || typeof issue.message !== 'string') continue;
    issues.push({
      message: issue.message,
      ...(typeof issue.code === 'string' ? { code: issue.code } : {}),
      ...(isRecord(issue.params) ? { params: issue.params as Record<string, string | number> } : {}),
    });
  }
  return issues;
}

/** POST /formula/save with the signed-in admin's session (no static credential: docs/decisions.md). */
export function useSaveFormula(kd: string, code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: FormulaSavePayload) =>
      apiPost('/formula/save', payload, { schema: formulaSaveResponseSchema }),
    // The editor reloads the saved formula (its draft then compares against it), and the dashboards' banners and
    // goals are read again when next shown. Not awaited: the reload remounts the editor, and the caller's own
    // onSuccess (the result modal) must run first.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: formulaKeys.detail(kd, code) });
      void client.invalidateQueries({ queryKey: kdDashboardKeys.all });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/**
 * POST /{kd}/formula/reset (the access code in the body) for one season, with the confirmation a past season needs;
 * the editor then reloads the formula (SPEC §4).
 */
export function useResetFormula(kd: string, code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { season?: number; confirmPastSeason?: boolean } = {}) =>
      apiPost(
        `/${segment(kd.toLowerCase())}/formula/reset`,
        { code, ...target },
        { schema: formulaResetResponseSchema },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: formulaKeys.detail(kd, code) });
      void client.invalidateQueries({ queryKey: kdDashboardKeys.all });
    },
  });
}
