/**
 * Sort, filter and search semantics for the data tables (SPEC §3 Filter and Sort config, §4 Sorting
 * and Paging, §5). The server applies them when it pages a query and the browser when it sorts what
 * it already holds; sharing them keeps page 2 from disagreeing with page 1.
 */
import { plainNameKey } from './name-order.ts';
import { parseNumber, tryParseNumber } from './numbers.ts';

export type SortDirection = 'asc' | 'desc';
export type SortEntry = { key: string; direction: SortDirection; priority: number };
export type FilterOperator = 'contains' | 'equals' | 'greater' | 'less';
export type ColumnFilter = { column: string; operator: FilterOperator; value: string };

export const FILTER_OPERATORS: readonly FilterOperator[] = ['contains', 'equals', 'greater', 'less'];

export const SEARCH_DEBOUNCE_MS = 500;

export function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);
}

export function isSortDirection(value: unknown): value is SortDirection {
  return value === 'asc' || value === 'desc';
}

// Case-insensitive as the brief asks; numeric collation so 'Camp 2' comes before 'Camp 10'. Made on first use: the
// first Intl object of a browser tab loads ICU's data, which a first screen sorted by the server does without.
let textCollator: Intl.Collator | undefined;

/**
 * Sort key of one cell. Numbers and numeric text compare by value. Other text counts as 0 (SPEC §5)
 * and, among equal values, comes after real numbers and sorts alphabetically with other text, which
 * is what makes Name and Alliance columns sort by name while keeping the order a total one.
 * Numeric text is decided by the lenient reader (not the strict scan reader) because the value
 * compared is the lenient one: '12%' or '1,2' must not sort as a name and as 12 at the same time.
 */
type SortKey =
  | { kind: 'missing' }
  | { kind: 'number'; value: number }
  /** `plain`: plainNameKey of a printable ASCII text, null for other text. */
  | { kind: 'text'; text: string; plain: string | null };

function isMissing(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  return typeof value === 'string' && value.trim() === '';
}

function sortKeyOf(value: unknown): SortKey {
  if (isMissing(value)) return { kind: 'missing' };
  if (typeof value === 'string') {
    const parsed = tryParseNumber(value);
    if (parsed !== null) return { kind: 'number', value: parsed };
    const text = value.trim();
    return { kind: 'text', text, plain: plainNameKey(text) };
  }
  return { kind: 'number', value: parseNumber(value) };
}

function numericPart(key: SortKey): number {
  return key.kind === 'number' ? key.value : 0;
}

/** Ascending order of two present values. */
function comparePresent(a: SortKey, b: SortKey): number {
  const byValue = numericPart(a) - numericPart(b);
  if (byValue !== 0) return Math.sign(byValue);
  if (a.kind === 'text' && b.kind === 'text') return compareTexts(a, b);
  if (a.kind === 'text') return 1;
  if (b.kind === 'text') return -1;
  return 0;
}

/** Two texts in the collator's order: printable ASCII ones by their plain keys, whose string order is the same. */
function compareTexts(a: SortKey & { kind: 'text' }, b: SortKey & { kind: 'text' }): number {
  // A name sort of 16,500 governors in a real kingdom's order spent much of its time in the collator
  // (docs/benchmarks.md, session 17); name-order.test.ts checks the keys' order against it.
  if (a.plain !== null && b.plain !== null) return a.plain < b.plain ? -1 : a.plain > b.plain ? 1 : 0;
  textCollator ??= new Intl.Collator('en', { sensitivity: 'accent', numeric: true });
  return Math.sign(textCollator.compare(a.text, b.text));
}

function compareKeys(a: SortKey, b: SortKey, direction: SortDirection): number {
  // Blanks go last in both directions: nobody wants empty rows at the top of a "top killers" list.
  if (a.kind === 'missing' || b.kind === 'missing') {
    return (a.kind === 'missing' ? 1 : 0) - (b.kind === 'missing' ? 1 : 0);
  }
  const ascending = comparePresent(a, b);
  return direction === 'asc' ? ascending : -ascending;
}

/**
 * Ascending comparator for two cells: negative when `a` sorts first. Missing values (null,
 * undefined, NaN, blank text) sort after everything; `sortRows` keeps them last in descending order
 * too, so do not simply negate this for a descending sort.
 */
export function compareValues(a: unknown, b: unknown): number {
  return compareKeys(sortKeyOf(a), sortKeyOf(b), 'asc');
}

/**
 * Orders sort entries by priority (ties keep list order), drops repeated keys (the higher-priority
 * entry wins) and renumbers priorities 1..n. Accepts whatever a client sent.
 */
export function normalizeSorts(sorts: readonly SortEntry[]): SortEntry[] {
  const ordered = sorts
    .map((entry, index) => ({ entry, index }))
    .sort((x, y) => x.entry.priority - y.entry.priority || x.index - y.index);
  const seen = new Set<string>();
  const result: SortEntry[] = [];
  for (const { entry } of ordered) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    result.push({ key: entry.key, direction: entry.direction, priority: result.length + 1 });
  }
  return result;
}

/** A sort column's keys, one per row, in arrays of one type each (SortKey spread out). */
interface SortColumn {
  descending: boolean;
  /** MISSING, NUMBER or TEXT. */
  kinds: Uint8Array;
  /** numericPart of each key: the number, 0 for text and missing values. */
  values: Float64Array;
  texts: (SortKey & { kind: 'text' })[];
}

const MISSING = 0;
const NUMBER = 1;
const TEXT = 2;

function sortColumn<T extends Record<string, unknown>>(rows: readonly T[], entry: SortEntry): SortColumn {
  const kinds = new Uint8Array(rows.length);
  const values = new Float64Array(rows.length);
  const texts: (SortKey & { kind: 'text' })[] = [];
  for (let i = 0; i < rows.length; i++) {
    const key = sortKeyOf(ownValue(rows[i]!, entry.key));
    if (key.kind === 'number') {
      kinds[i] = NUMBER;
      values[i] = key.value;
    } else if (key.kind === 'text') {
      kinds[i] = TEXT;
      texts[i] = key;
    }
  }
  return { descending: entry.direction === 'desc', kinds, values, texts };
}

/**
 * Stable multi-key sort by ascending priority (1 = primary), in compareKeys' order. Returns a new array.
 * Keys are computed once per cell, not once per comparison, and kept in typed arrays per column: exports sort up to
 * 50,000 rows, and comparisons reading one key object per cell (of three shapes) were most of a sort's time
 * (docs/benchmarks.md, session 17).
 */
export function sortRows<T extends Record<string, unknown>>(
  rows: readonly T[],
  sorts: readonly SortEntry[],
): T[] {
  const entries = normalizeSorts(sorts);
  if (entries.length === 0) return [...rows];
  const columns = entries.map((entry) => sortColumn(rows, entry));
  const order = Array.from({ length: rows.length }, (_, i) => i);
  order.sort((x, y) => {
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      const xKind = column.kinds[x]!;
      const yKind = column.kinds[y]!;
      // Missing values last in both directions (compareKeys).
      if (xKind === MISSING || yKind === MISSING) {
        if (xKind === yKind) continue;
        return xKind === MISSING ? 1 : -1;
      }
      let ascending: number;
      const byValue = column.values[x]! - column.values[y]!;
      if (byValue !== 0) ascending = Math.sign(byValue);
      else if (xKind === TEXT && yKind === TEXT) ascending = compareTexts(column.texts[x]!, column.texts[y]!);
      else ascending = xKind === yKind ? 0 : xKind === TEXT ? 1 : -1;
      if (ascending !== 0) return column.descending ? -ascending : ascending;
    }
    return x - y;
  });
  return order.map((i) => rows[i]!);
}

/**
 * The player table's header click (SPEC §4): unsorted → asc → desc → removed, priorities renumbered.
 * A plain click (multi=false) makes the clicked column the only sort: a new column starts at asc, and
 * a column already in the list advances its own cycle and drops the others, because a plain click
 * means "sort by this" and leaving hidden secondary sorts behind would surprise. A shift-click
 * (multi=true) appends a new column at the lowest priority or advances an existing one in place.
 */
export function cycleSort(
  sorts: readonly SortEntry[],
  key: string,
  options: { multi: boolean },
): SortEntry[] {
  const current = normalizeSorts(sorts);
  const existing = current.find((entry) => entry.key === key);
  if (!existing) {
    if (!options.multi) return [{ key, direction: 'asc', priority: 1 }];
    return [...current, { key, direction: 'asc', priority: current.length + 1 }];
  }
  const advanced: SortEntry | null = existing.direction === 'asc' ? { ...existing, direction: 'desc' } : null;
  if (!options.multi) return advanced ? [{ ...advanced, priority: 1 }] : [];
  const next = current.flatMap((entry) => (entry.key === key ? (advanced ? [advanced] : []) : [entry]));
  return normalizeSorts(next);
}

/**
 * Kingdom table and diplomacy header click (SPEC §2, §4): a new column sorts descending (biggest
 * first is what these summaries are read for), the active column flips direction.
 */
export function toggleDescFirst(
  current: { key: string; direction: SortDirection } | null,
  key: string,
): { key: string; direction: SortDirection } {
  if (current && current.key === key) {
    return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  }
  return { key, direction: 'desc' };
}

// Own properties only: a filter on column 'constructor' must not read Object.prototype.
function ownValue(row: Record<string, unknown>, column: string): unknown {
  return Object.hasOwn(row, column) ? row[column] : undefined;
}

function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

/**
 * SPEC §5: contains and equals compare trimmed text case-insensitively; greater and less compare
 * numbers read leniently on both sides (unreadable counts as 0). A row without the column passes, so
 * a filter on a column some rows lack does not hide them; an empty filter value passes everything.
 */
export function matchesFilter(row: Record<string, unknown>, filter: ColumnFilter): boolean {
  return filterPredicate(filter)(row);
}

/** matchesFilter for many rows: the filter's value is read once, not once per row (16,500 rows on a big map). */
export function filterPredicate(filter: ColumnFilter): (row: Record<string, unknown>) => boolean {
  const wanted = filter.value.trim();
  if (wanted === '') return () => true;
  const lowered = wanted.toLowerCase();
  const cellMatches = cellTest(filter.operator, wanted, lowered);
  return (row) => {
    const cell = ownValue(row, filter.column);
    return cell === null || cell === undefined || cellMatches(cell);
  };
}

function cellTest(operator: FilterOperator, wanted: string, lowered: string): (cell: unknown) => boolean {
  switch (operator) {
    case 'contains':
      return (cell) => cellText(cell).trim().toLowerCase().includes(lowered);
    case 'equals':
      return (cell) => cellText(cell).trim().toLowerCase() === lowered;
    case 'greater': {
      const bound = parseNumber(wanted);
      return (cell) => parseNumber(cell) > bound;
    }
    case 'less': {
      const bound = parseNumber(wanted);
      return (cell) => parseNumber(cell) < bound;
    }
    default:
      // An operator outside the contract (old bookmark, hand-edited URL) filters nothing out.
      return () => true;
  }
}

export function applyFilters<T extends Record<string, unknown>>(
  rows: readonly T[],
  filters: readonly ColumnFilter[],
): T[] {
  const predicates = filters.map(filterPredicate);
  return rows.filter((row) => predicates.every((matches) => matches(row)));
}

/** The one normalisation of a search box value; the server builds its LIKE pattern from it. */
export function normalizeSearch(search: string): string {
  return search.trim().toLowerCase();
}

/**
 * SQL pattern for the same search as `matchesSearch`: use it as `lower(column) LIKE ? ESCAPE '\'`
 * (PostgreSQL's LIKE does not fold case, hence lower()). Returns null when the search matches
 * everything. SQLite's built-in lower() folds ASCII only, so there 'É' and 'é' stay distinct while
 * `matchesSearch` treats them alike; names are mostly ASCII, and an ICU build of SQLite closes the gap.
 */
export function searchLikePattern(search: string): string | null {
  const normalized = normalizeSearch(search);
  if (normalized === '') return null;
  return `%${normalized.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** SPEC §5: case-insensitive substring of governor id, name or alliance; a blank search matches all. */
export function matchesSearch(row: SearchFields, search: string): boolean {
  return searchPredicate(search)(row);
}

/** The fields a search looks in. */
export interface SearchFields {
  govId: unknown;
  name: unknown;
  alliance: unknown;
}

/** matchesSearch for many rows: the search is normalised once, not once per row. */
export function searchPredicate(search: string): (row: SearchFields) => boolean {
  const needle = normalizeSearch(search);
  if (needle === '') return () => true;
  const has = (field: unknown) => cellText(field).toLowerCase().includes(needle);
  return (row) => has(row.govId) || has(row.name) || has(row.alliance);
}
