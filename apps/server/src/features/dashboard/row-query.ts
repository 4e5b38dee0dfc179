import {
  applyFilters,
  type ColumnFilter,
  normalizeSearch,
  normalizeSorts,
  type SortEntry,
  searchPredicate,
  sortRows,
} from '@kingdom-stats/core';
import { NO_CAMP } from '@kingdom-stats/core/api';
import { badRequest } from '../../errors.ts';

/**
 * The player tables' query semantics, shared by the main dashboard and the autarch view, applied to rows already in
 * memory with packages/core's functions (the same the browser uses). Order of operations:
 *   kd and camp filters → top N by current power → search → column filters → sort → page.
 * Summaries are computed over the rows after every filter and before paging.
 */

/** The fields every table row has. */
export interface BaseRow extends Record<string, unknown> {
  'Gov ID': number;
  Name: string;
  Alliance: string | null;
  Camp: string | null;
  KD: number | null;
  Power: number | null;
}

export interface TableRequest {
  sorts: SortEntry[];
  kd: number | null;
  /** A camp name, NO_CAMP for governors in no camp, or null for every camp. */
  camp: string | null;
  search: string;
  top: number | null;
  filters: ColumnFilter[];
  page: number;
  pageSize: number;
}

export interface TableQuery {
  page: number;
  pageSize: number;
  sorts?: SortEntry[] | undefined;
  sortBy?: string | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
  kd?: string | undefined;
  camp?: string | undefined;
  search?: string | undefined;
  top?: string | undefined;
  filters?: ColumnFilter[] | undefined;
}

/**
 * Checks and normalises a table query before anything touches the database: a sort key or filter column that is
 * not a row field is a 400 naming the fields that are.
 */
export function parseTableRequest(
  query: TableQuery,
  fields: readonly string[],
  defaultSorts: readonly SortEntry[],
): TableRequest {
  const requested =
    query.sorts && query.sorts.length > 0
      ? query.sorts
      : query.sortBy
        ? [{ key: query.sortBy, direction: query.sortDirection ?? 'asc', priority: 1 }]
        : [];
  for (const entry of requested) {
    if (!fields.includes(entry.key)) {
      throw badRequest(`Unknown sort key "${entry.key}". Sortable fields: ${fields.join(', ')}`);
    }
  }
  const filters = query.filters ?? [];
  for (const filter of filters) {
    if (!fields.includes(filter.column)) {
      throw badRequest(`Unknown filter column "${filter.column}". Filterable fields: ${fields.join(', ')}`);
    }
  }
  return {
    sorts: normalizeSorts(requested.length > 0 ? requested : defaultSorts),
    kd: parseKdFilter(query.kd),
    camp: parseAllOr(query.camp),
    search: normalizeSearch(query.search ?? ''),
    top: parseTop(query.top),
    filters,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function parseAllOr(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' || text.toLowerCase() === 'all' ? null : text;
}

function parseKdFilter(value: string | undefined): number | null {
  const text = parseAllOr(value);
  if (text === null) return null;
  if (!/^\d{1,5}$/.test(text)) throw badRequest('kd must be a kingdom number or "all"');
  return Number(text);
}

function parseTop(value: string | undefined): number | null {
  const text = parseAllOr(value);
  if (text === null) return null;
  if (!/^\d{1,7}$/.test(text)) throw badRequest('top must be a whole number, or "all" for everyone');
  const top = Number(text);
  return top === 0 ? null : top;
}

/** Governors ranked by current power, highest first (unknown power last, then by Gov ID): what `top` keeps. */
export function rankByPower<T extends BaseRow>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      (a.Power === null ? 1 : 0) - (b.Power === null ? 1 : 0) ||
      (b.Power ?? 0) - (a.Power ?? 0) ||
      a['Gov ID'] - b['Gov ID'],
  );
}

export interface RowSource<T extends BaseRow> {
  rows: readonly T[];
  /** The same rows in rankByPower order (computed once per cached period, on first use). */
  byPower: () => readonly T[];
}

/** The rows the request selects, before sorting and paging. */
export function filterRows<T extends BaseRow>(source: RowSource<T>, request: TableRequest): readonly T[] {
  const { kd, camp, top, search, filters } = request;
  const inScope = (row: T) => (kd === null || row.KD === kd) && (camp === null || sameCamp(row.Camp, camp));
  let rows: readonly T[];
  if (top !== null) {
    const kept: T[] = [];
    for (const row of source.byPower()) {
      if (kept.length >= top) break;
      if (inScope(row)) kept.push(row);
    }
    rows = kept;
  } else {
    rows = kd === null && camp === null ? source.rows : source.rows.filter(inScope);
  }
  if (search !== '') {
    const matches = searchPredicate(search);
    rows = rows.filter((row) => matches({ govId: row['Gov ID'], name: row.Name, alliance: row.Alliance }));
  }
  if (filters.length > 0) rows = applyFilters(rows, filters);
  return rows;
}

function sameCamp(rowCamp: string | null, wanted: string): boolean {
  if (rowCamp === null) return wanted.toLowerCase() === NO_CAMP.toLowerCase();
  return rowCamp.toLowerCase() === wanted.toLowerCase();
}

/** Sorted by the request's sorts, then by Gov ID so that pages never overlap or skip a row. */
export function sortForPaging<T extends BaseRow>(rows: readonly T[], sorts: readonly SortEntry[]): T[] {
  const withTieBreak = sorts.some((entry) => entry.key === 'Gov ID')
    ? sorts
    : [...sorts, { key: 'Gov ID', direction: 'asc' as const, priority: sorts.length + 1 }];
  return sortNumberColumns(rows, normalizeSorts(withTieBreak)) ?? sortRows(rows, withTieBreak);
}

/**
 * sortRows' order when every sorted column holds numbers or nothing (DKP, kills, power… — the first sort of every
 * cold period): the values are read once into typed arrays and compared as numbers, instead of one key object per
 * cell. Missing values (null, undefined, not finite) go last in both directions, ties keep the rows' order, as
 * sortRows does (test/dashboard/row-sort.test.ts compares the two). Null when a column holds anything else.
 */
export function sortNumberColumns<T extends BaseRow>(
  rows: readonly T[],
  sorts: readonly SortEntry[],
): T[] | null {
  const columns: Float64Array[] = [];
  for (const entry of sorts) {
    const column = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const value = rows[i]![entry.key];
      if (typeof value === 'number') column[i] = Number.isFinite(value) ? value : Number.NaN;
      else if (value === null || value === undefined) column[i] = Number.NaN;
      else return null;
    }
    columns.push(column);
  }
  const descending = sorts.map((entry) => entry.direction === 'desc');
  const order = Array.from({ length: rows.length }, (_, i) => i);
  order.sort((x, y) => {
    for (let c = 0; c < columns.length; c++) {
      const a = columns[c]![x]!;
      const b = columns[c]![y]!;
      const aMissing = Number.isNaN(a);
      const bMissing = Number.isNaN(b);
      if (aMissing || bMissing) {
        if (aMissing && bMissing) continue;
        return aMissing ? 1 : -1;
      }
      if (a === b) continue;
      return a < b !== descending[c] ? -1 : 1;
    }
    return x - y;
  });
  return order.map((i) => rows[i]!);
}

export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** Sort entries as a cache key part. */
export function sortsKey(sorts: readonly SortEntry[]): string {
  return sorts.map((entry) => `${entry.key}:${entry.direction}`).join('|');
}

/** Rows of a cached period (or autarch event) with the sort orders computed so far. */
export interface TableData<T extends BaseRow> extends RowSource<T> {
  /** Sort orders of all rows, by sortsKey, most recently used last. */
  sorted: Map<string, T[]>;
}

/** Sort orders kept per cached table: the common sorts of a screen. */
const SORTS_KEPT = 8;

/** All rows in the order of `sorts`, computed once per table and sort. */
export function sortedRows<T extends BaseRow>(data: TableData<T>, sorts: readonly SortEntry[]): T[] {
  const key = sortsKey(sorts);
  const hit = data.sorted.get(key);
  if (hit) {
    data.sorted.delete(key);
    data.sorted.set(key, hit);
    return hit;
  }
  const sorted = sortForPaging(data.rows, sorts);
  data.sorted.set(key, sorted);
  if (data.sorted.size > SORTS_KEPT) data.sorted.delete(data.sorted.keys().next().value!);
  return sorted;
}

/**
 * The request's rows: `selected` in table order (for summaries) and `ordered`, the same rows sorted for paging.
 * Filtering the cached full sort keeps its order, so a filtered request costs one pass, not a sort.
 */
export function selectRows<T extends BaseRow>(
  data: TableData<T>,
  request: TableRequest,
): { selected: readonly T[]; ordered: T[] } {
  const selected = filterRows(data, request);
  const sorted = sortedRows(data, request.sorts);
  if (selected === data.rows) return { selected, ordered: sorted };
  const keep = new Set(selected);
  return { selected, ordered: sorted.filter((row) => keep.has(row)) };
}

/** What a request's rows depend on apart from the page: equal keys, equal selection and order. */
export function viewKey(request: TableRequest): string {
  const { sorts, kd, camp, search, top, filters } = request;
  return JSON.stringify([sortsKey(sorts), kd, camp, search, top, filters]);
}

export function isUnfiltered(request: TableRequest): boolean {
  return (
    request.kd === null &&
    request.camp === null &&
    request.top === null &&
    request.search === '' &&
    request.filters.length === 0
  );
}
