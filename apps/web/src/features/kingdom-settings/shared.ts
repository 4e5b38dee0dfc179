import { errorBodySchema } from '@kingdom-stats/core/api';
import { isApiError } from '../../api/client.ts';

export type Message = { tone: 'success' | 'error' | 'warning' | 'info'; text: string } | null;

/** The server's sentence for a failed call (the import's refusal, a conflict…), else a fallback. */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

/** The places a refusal of several rows names, one each (the error body's issues); empty for any other failure. */
export function listedProblems(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const body = errorBodySchema.safeParse(error.body);
  return body.success ? (body.data.issues ?? []).map((issue) => issue.message) : [];
}

export const fileInputClass =
  'block w-full text-sm text-slate-300 file:me-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-slate-700 file:bg-slate-800 file:px-3 file:text-sm file:font-medium file:text-slate-100 hover:file:bg-slate-700';

export const smallDanger =
  'inline-flex h-8 items-center rounded-lg border border-red-500/40 px-3 text-sm font-medium text-red-200 hover:bg-red-950/60 focus-visible:outline-2 focus-visible:outline-red-400 disabled:opacity-50';

export const smallButton =
  'inline-flex h-8 items-center rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-200 hover:border-slate-500 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400 disabled:opacity-50';

/** Kingdom numbers typed as "2101, 2102 2103". */
export function parseKingdomList(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const kds = parts.map(Number);
  return kds.every((kd) => Number.isInteger(kd) && kd >= 1 && kd <= 99999) ? kds : null;
}
