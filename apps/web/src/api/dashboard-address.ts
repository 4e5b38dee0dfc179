import {
  type ColumnFilter,
  DEFAULT_TABLE_PAGE_SIZE,
  isFilterOperator,
  isSortDirection,
  type SortEntry,
  TABLE_PAGE_SIZES,
} from '@kingdom-stats/core';
import { ALL, firstPlayerQuery, type PlayerQuery } from './dashboard-requests.ts';

// The main dashboard's view in the browser's address (issue 14, "State in the URL"), so a view can be shared in
// alliance chat and survives a reload:
//   ?from=1700000000&to=1700600000&page=3&size=50&sort=DKP:desc&sort=Power:asc&kd=1234&camp=Blue&q=lord
//    &top=all&filter=Power:greater:50M
// Kept apart from the screen (and free of React) because the page's first script (src/prefetch.ts) reads it too:
// the first data call goes out with the address's view before the app has loaded. Values that make no sense are
// dropped one by one (the rest of the address still applies), never refused; for the period, KD and camp the screen
// also says so and takes them out of the address (features/dashboard/address-problems.ts).

/** Names of the address's parameters; short, as people paste these links into chat. */
const KEY = {
  from: 'from',
  to: 'to',
  page: 'page',
  size: 'size',
  sort: 'sort',
  kd: 'kd',
  camp: 'camp',
  search: 'q',
  top: 'top',
  filter: 'filter',
} as const;

/** The server's limits (packages/core/src/api/dashboard.ts): more would be refused, so the rest is dropped. */
const MAX_SORTS = 10;
const MAX_FILTERS = 20;
const MAX_TEXT = 100;

const TIMESTAMP = /^\d{1,12}$/;
const WHOLE = /^\d{1,9}$/;

function positiveWhole(text: string | null): number | null {
  if (text === null || !WHOLE.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

function shortText(text: string | null): string | null {
  if (text === null) return null;
  const trimmed = text.trim();
  return trimmed !== '' && trimmed.length <= MAX_TEXT ? trimmed : null;
}

/** 'DKP:desc' → a sort entry; the key is everything before the last colon (keys have spaces, not colons). */
export function readSorts(values: readonly string[]): SortEntry[] {
  const sorts: SortEntry[] = [];
  for (const value of values) {
    const at = value.lastIndexOf(':');
    const key = value.slice(0, at).trim();
    const direction = value.slice(at + 1);
    if (at <= 0 || key.length > MAX_TEXT || !isSortDirection(direction)) continue;
    if (sorts.some((sort) => sort.key === key)) continue;
    sorts.push({ key, direction, priority: sorts.length + 1 });
    if (sorts.length === MAX_SORTS) break;
  }
  return sorts;
}

/** 'Power:greater:50M' → a filter; the value is everything after the second colon (it may hold colons). */
function readFilters(values: readonly string[]): ColumnFilter[] {
  const filters: ColumnFilter[] = [];
  for (const text of values) {
    const first = text.indexOf(':');
    const second = text.indexOf(':', first + 1);
    if (first <= 0 || second < 0) continue;
    const column = text.slice(0, first).trim();
    const operator = text.slice(first + 1, second);
    const value = text.slice(second + 1).trim();
    if (!isFilterOperator(operator) || value === '' || value.length > MAX_TEXT || column.length > MAX_TEXT)
      continue;
    filters.push({ column, operator, value });
    if (filters.length === MAX_FILTERS) break;
  }
  return filters;
}

/**
 * The player query an address asks for: what it does not say (or says wrongly) is the screen's first view, with
 * the kingdom's default top-N. A period needs both ends.
 */
export function playerQueryOfAddress(
  search: URLSearchParams | string,
  defaultTopFilter: number | null,
): PlayerQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const query: PlayerQuery = firstPlayerQuery(defaultTopFilter);
  const from = params.get(KEY.from);
  const to = params.get(KEY.to);
  // A start after the end is no period: the server would refuse it (the screen says so, address-problems.ts).
  if (
    from !== null &&
    to !== null &&
    TIMESTAMP.test(from) &&
    TIMESTAMP.test(to) &&
    Number(from) <= Number(to)
  ) {
    query.start = from;
    query.end = to;
  }
  query.page = positiveWhole(params.get(KEY.page)) ?? query.page;
  const size = positiveWhole(params.get(KEY.size));
  if (size !== null && (TABLE_PAGE_SIZES as readonly number[]).includes(size)) query.pageSize = size;
  query.sorts = readSorts(params.getAll(KEY.sort));
  const kd = params.get(KEY.kd);
  if (kd !== null && (kd === ALL || /^\d{1,5}$/.test(kd))) query.kd = kd;
  query.camp = shortText(params.get(KEY.camp)) ?? query.camp;
  query.search = shortText(params.get(KEY.search)) ?? query.search;
  const top = params.get(KEY.top);
  if (top === ALL) query.top = ALL;
  else if (positiveWhole(top) !== null) query.top = String(positiveWhole(top));
  query.filters = readFilters(params.getAll(KEY.filter));
  return query;
}

/** The address's query string for a view: only what differs from the first view, so plain links stay plain. */
export function addressOfPlayerQuery(query: PlayerQuery, defaultTopFilter: number | null): URLSearchParams {
  const first = firstPlayerQuery(defaultTopFilter);
  const params = new URLSearchParams();
  if (query.start !== null && query.end !== null) {
    params.set(KEY.from, query.start);
    params.set(KEY.to, query.end);
  }
  if (query.page !== first.page) params.set(KEY.page, String(query.page));
  if (query.pageSize !== DEFAULT_TABLE_PAGE_SIZE) params.set(KEY.size, String(query.pageSize));
  for (const sort of [...query.sorts].sort((a, b) => a.priority - b.priority)) {
    params.append(KEY.sort, `${sort.key}:${sort.direction}`);
  }
  if (query.kd !== ALL) params.set(KEY.kd, query.kd);
  if (query.camp !== ALL) params.set(KEY.camp, query.camp);
  if (query.search.trim() !== '') params.set(KEY.search, query.search.trim());
  if (query.top !== first.top) params.set(KEY.top, query.top);
  for (const filter of query.filters)
    params.append(KEY.filter, `${filter.column}:${filter.operator}:${filter.value}`);
  return params;
}

/**
 * The address with the player query's parameters replaced by `query`'s; the others (the summary tables' sorts, the
 * mode, the language) stay: a new page or search must not reset the camp table's sort.
 */
export function withPlayerQuery(
  search: string,
  query: PlayerQuery,
  defaultTopFilter: number | null,
): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of Object.values(KEY)) params.delete(name);
  for (const [name, value] of addressOfPlayerQuery(query, defaultTopFilter)) params.append(name, value);
  return params;
}
