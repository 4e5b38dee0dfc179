/** SPEC §9 business constants and limits shared by the server and the browser. */

export const TABLE_PAGE_SIZES = [10, 20, 25, 50, 100, 250, 500, 1000] as const;
/** Player, camp, kingdom and DKP tables. */
export const DEFAULT_TABLE_PAGE_SIZE = 20;
export const RALLY_PAGE_SIZES = [20, 50, 100, 200] as const;
export const DEFAULT_RALLY_PAGE_SIZE = 50;
/** The player export asks for page 1 of this size (SPEC §7), so the server must allow it. */
export const MAX_EXPORT_PAGE_SIZE = 50000;

export const MOBILE_BREAKPOINT_PX = 768;
export const DIPLO_LOADING_DELAY_MS = 100;

export const MAX_GOAL_TIERS = 15;
export const MAX_WARS = 8;
/** Goal tier power bounds, in millions. */
export const TIER_POWER_MAX_M = 10000;
export const TIER_MIN_GAP_M = 10;
/** A saved tier bound of 'above' counts as this many millions. */
export const ABOVE_POWER_M = 110;
/** Deleting the last tier sets the new last tier's upper bound to this. */
export const LAST_TIER_DELETE_TO_M = 150;

export const QUERY_GC_TIME_MS = 5 * 60_000;
export const QUERY_RETRY_COUNT = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;

/** Exponential backoff for query retries; `attempt` is 0 for the first retry. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS);
}

export const PREKVK_DAYS_BEFORE_OPEN = 5;
export const COPYRIGHT_YEAR = 2025;

export type PagerItem = number | 'ellipsis';

const PAGER_SLOTS = 7;

/**
 * Page buttons for a pager (SPEC §9: all pages when 7 or fewer, otherwise ellipses). Beyond 7 pages
 * the list always has exactly 7 slots: first, last, the current page and its neighbours, with the
 * window pushed against an end when the current page is near it (1 2 3 4 5 … 20). Keeping the count
 * fixed stops the buttons jumping under the pointer while paging, and an ellipsis never stands for
 * a single page (that page is shown instead).
 * Out-of-range or fractional input is clamped, so a stale page number still renders a sane pager.
 */
export function pagerItems(current: number, total: number): PagerItem[] {
  const pages = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  if (pages === 0) return [];
  const range = (from: number, to: number): number[] =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pages <= PAGER_SLOTS) return range(1, pages);

  const page = Number.isFinite(current) ? Math.min(pages, Math.max(1, Math.round(current))) : 1;
  if (page <= 4) return [...range(1, 5), 'ellipsis', pages];
  if (page >= pages - 3) return [1, 'ellipsis', ...range(pages - 4, pages)];
  return [1, 'ellipsis', page - 1, page, page + 1, 'ellipsis', pages];
}

/**
 * The largest count stored from any file (scan cells, pre-KvK points, Hall of Heroes deaths): 10^14. Real counters
 * stay below 10^12 (a whale's resources gathered is about 4 × 10^10); 10^14 leaves room for them and keeps any sum
 * over 50,000 rows inside a signed 64-bit integer, which SQLite's and PostgreSQL's SUM both need.
 */
export const MAX_STORED_COUNT = 100_000_000_000_000;
