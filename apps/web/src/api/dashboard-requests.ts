import { type ColumnFilter, DEFAULT_TABLE_PAGE_SIZE, type SortEntry } from '@kingdom-stats/core';
import { cancelPrefetch, prefetchGet, segment } from './client.ts';

// The dashboard's requests as URLs, and the calls its first screen makes, sent ahead of the screen. Kept apart from
// dashboard.ts (the query hooks, with the response schemas and TanStack Query) so that the page's first script
// (src/prefetch.ts) can send them before the app's bundle has even loaded.

/** 'all' (or empty) means no restriction; such values are left out of the query string. */
export const ALL = 'all';

/** What the player table asks the server for (SPEC §7); the server sorts, filters, searches and pages. */
export interface PlayerQuery {
  start: string | null;
  end: string | null;
  page: number;
  pageSize: number;
  sorts: readonly SortEntry[];
  kd: string;
  camp: string;
  search: string;
  top: string;
  filters: readonly ColumnFilter[];
}

/**
 * What the player table asks for first: page 1 at the default size, no sort, filter or search, the kingdom's
 * default top-N, and no dates, for which the server uses the kingdom's default period (the same settings the
 * browser reads) and falls back to the first and last scan where those no longer name a scan.
 */
export function firstPlayerQuery(defaultTopFilter: number | null) {
  return {
    page: 1,
    pageSize: DEFAULT_TABLE_PAGE_SIZE,
    sorts: [] as SortEntry[],
    kd: ALL,
    camp: ALL,
    search: '',
    top: defaultTopFilter !== null && defaultTopFilter > 0 ? String(defaultTopFilter) : ALL,
    filters: [] as ColumnFilter[],
    start: null,
    end: null,
  } satisfies PlayerQuery;
}

export function restricted(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' || trimmed.toLowerCase() === ALL ? undefined : trimmed;
}

/** The query string of GET /dashboard/{kd}/data/{code}: empty and 'all' values are left out. */
export function dashboardSearchParams(query: PlayerQuery): Record<string, string | number | undefined> {
  return {
    start_date: query.start ?? undefined,
    end_date: query.end ?? undefined,
    page: query.page,
    pageSize: query.pageSize,
    sorts: query.sorts.length > 0 ? JSON.stringify(query.sorts) : undefined,
    kd: restricted(query.kd),
    camp: restricted(query.camp),
    search: restricted(query.search),
    top: restricted(query.top),
    filters: query.filters.length > 0 ? JSON.stringify(query.filters) : undefined,
  };
}

export const settingsPath = (kd: string, code: string) => `/settings/${segment(kd)}/${segment(code)}`;
export const dataPath = (kd: string, code: string) => `/dashboard/${segment(kd)}/data/${segment(code)}`;
export const demoPath = (secret: string) => `/demo/${segment(secret)}`;

/**
 * Sends the dashboard's first calls side by side, ahead of the screen, which then takes their answers (client.ts,
 * prefetchGet) instead of asking for the settings first and for the data after. The data call needs the settings
 * only for a default top-N, which few kingdoms set: unless `knownDefaultTop` says (from settings already at hand),
 * it goes out at once without one and is called off should the settings name one; the screen then asks for the
 * right page itself, as it always did. `queryFor` is the view the screen opens on, given the default top-N: the first
 * one, or the one the page's address names (dashboard-address.ts).
 */
export function prefetchDashboardCalls(
  kd: string,
  code: string,
  knownDefaultTop?: number | null,
  queryFor: (defaultTopFilter: number | null) => PlayerQuery = firstPlayerQuery,
): void {
  const guess = dashboardSearchParams(queryFor(knownDefaultTop ?? null));
  prefetchGet(dataPath(kd, code), guess);
  if (knownDefaultTop !== undefined) return;
  prefetchGet(settingsPath(kd, code)).then(
    (settings) => {
      const wanted = dashboardSearchParams(queryFor(defaultTopOf(settings)));
      if (JSON.stringify(wanted) !== JSON.stringify(guess)) cancelPrefetch(dataPath(kd, code), guess);
    },
    // The screen's own settings query takes this failure and deals with it (it starts without defaults).
    () => {},
  );
}

/** The demo route: resolves the secret, then sends the dashboard's first calls. */
export function prefetchDemoCalls(
  secret: string,
  queryFor: (defaultTopFilter: number | null) => PlayerQuery = firstPlayerQuery,
): void {
  prefetchGet(demoPath(secret)).then(
    (target) => {
      if (!isRecord(target) || typeof target.kd !== 'number' || typeof target.code !== 'string') return;
      prefetchDashboardCalls(String(target.kd), target.code, undefined, queryFor);
    },
    // The demo screen's own query takes this failure and shows it.
    () => {},
  );
}

/** defaultTopFilter of a settings answer, read without its schema (which the screen applies to the same answer). */
function defaultTopOf(settings: unknown): number | null {
  const top = isRecord(settings) ? settings.defaultTopFilter : null;
  return typeof top === 'number' ? top : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
