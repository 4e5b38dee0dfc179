/**
 * Where a screen shows a mark's fields (issue 36 item 6, docs/data-review.md "Marks"): beside the governor's name, when
 * the value feeds the row's headline numbers (its fixed columns and what the kingdom's formula scores); in the value's
 * own column only, when the screen shows it there and nothing else uses it; or nowhere, when the screen neither shows
 * nor scores it. A misread helps count then no longer puts "?" beside the name of a governor whose DKP ignores helps.
 */
export interface MarkScope {
  row: ReadonlySet<string>;
  aside: ReadonlySet<string>;
}

/** A row as a whole (another governor's row, a row left out, a swap) always marks the row. */
export const WHOLE_ROW_FIELDS: ReadonlySet<string> = new Set(['governor', 'row', 'swap']);

/**
 * The main dashboard: power, the kills, deaths and heals behind its fixed columns (KP, the points), and the kill
 * points (the identity names them when it cannot tell which of the six kill values is wrong) mark the row, as does
 * every gain the formula scores; the other gains have columns of their own (T1–T3 kills, resources, helps).
 */
const DASHBOARD_ROW_FIELDS = [
  'power',
  'kill_points',
  't4_kills',
  't5_kills',
  'dead',
  'healed',
  't4_dead',
  't5_dead',
  't4_healed',
  't5_healed',
];
const DASHBOARD_COLUMN_FIELDS = [
  't1_kills',
  't2_kills',
  't3_kills',
  'rss_gathered',
  'rss_assistance',
  'helps',
];

/** `scored`: the gains the kingdom's formula scores (dashboard scoredGains). */
export function dashboardMarkScope(scored: readonly string[]): MarkScope {
  const row = new Set([...DASHBOARD_ROW_FIELDS, ...scored]);
  return { row, aside: new Set(DASHBOARD_COLUMN_FIELDS.filter((field) => !row.has(field))) };
}

/** The KvK DKP table's columns (its answer's activeColumns) and the fields behind each. */
const KVK_COLUMN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'Current Power': ['power'],
  'Base Power': ['power'],
  'Power Change': ['power'],
  'T1 Kills': ['t1_kills', 'kill_points'],
  'T2 Kills': ['t2_kills', 'kill_points'],
  'T3 Kills': ['t3_kills', 'kill_points'],
  'T4 Kills': ['t4_kills', 'kill_points'],
  'T5 Kills': ['t5_kills', 'kill_points'],
  'T4+T5 KP': ['t4_kills', 't5_kills', 'kill_points'],
  'All Deads': ['dead'],
  'Deads (T4+T5)': ['t4_dead', 't5_dead'],
  'Rss Assistance': ['rss_assistance'],
  'Alliance Helps': ['helps'],
  'Rss Gathered': ['rss_gathered'],
  Healed: ['healed'],
};

/**
 * The KvK DKP table shows only the formula's terms and goals (activeColumns), each a part of the DKP or a goal: every
 * field behind a shown column marks the row, and the rest (helps when the formula has no helps term) nothing.
 */
export function kvkDkpMarkScope(activeColumns: readonly string[]): MarkScope {
  return {
    row: new Set(activeColumns.flatMap((column) => KVK_COLUMN_FIELDS[column] ?? [])),
    aside: new Set(),
  };
}

export function placeInScope(scope: MarkScope | undefined, field: string): 'row' | 'aside' | null {
  if (scope === undefined || WHOLE_ROW_FIELDS.has(field) || scope.row.has(field)) return 'row';
  return scope.aside.has(field) ? 'aside' : null;
}
