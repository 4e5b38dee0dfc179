import { hasGovernorIdHeader, normaliseHeader } from '../columns.ts';
import { refuse } from '../import-error.ts';
import { FULL_DATA_SHEET, MAP_SCAN_SHEET, MAP_SCAN_SUMMARIES } from '../whole-map.ts';
import type { CellValue, SheetRow } from './spreadsheet-xml.ts';
import {
  type Container,
  type FileTables,
  headerTexts,
  isBlankRow,
  type RawTable,
  splitHeader,
} from './table.ts';

/**
 * Which sheets of a workbook are scans, the same for an xlsx and a legacy .xls: the workbook readers hand over their
 * sheets and a way to read each, and these functions choose (docs/import-formats.md, "xlsx sheet choice").
 */

const SUMMARY_SHEET = 'summary';
const SUMMARY_TIME_ROW = 2;
const SUMMARY_TIME_COLUMN = 5; // F
// Overview sheets (Hero Scrolls' Summary and Top 10s; a kingdom's own score sheet): they hold governor IDs too, but
// as rankings or results, not as a scan.
const NOT_DATA_SHEETS = new Set([SUMMARY_SHEET, 'top10s', 'score', 'scores']);
const ROLLED_UP = 'rolledup';

export const SKIP_REASONS = {
  summary: 'a summary, not a scan',
  pivot: 'a pivot table, not a scan',
  noGovernorId: 'no governor ID column',
  rolledUp: 'the rolled-up view; import with --rolled-up',
  notRolledUp: 'not the rolled-up view, which is the only sheet the rolled-up option reads',
} as const;

/** A workbook as the choice needs it. Reading a sheet may throw the reader's own errors; they pass through. */
export interface WorkbookSheets<S extends { name: string }> {
  container: Container;
  sheets: readonly S[];
  /** The sheet's first rows (at most HEADER_SEARCH_ROWS, table.ts), and all of them; each sheet is opened once. */
  openSheet(sheet: S): { top(): SheetRow[]; all(): SheetRow[] };
  /** A pivot table summarises other data (xlsx only). */
  isPivot?(sheet: S): boolean;
}

type FoundTables = Pick<FileTables, 'tables' | 'skippedSheets'>;

/** With the rolled-up option: the `Rolled Up …` sheet alone; every other sheet is named as skipped. */
function rolledUpTable<S extends { name: string }>(
  workbook: WorkbookSheets<S>,
  fileName: string,
): FoundTables {
  const { sheets } = workbook;
  const sheet = sheets.find((candidate) => sheetKind(candidate.name) === 'rolledUp');
  if (!sheet) {
    const names = quoteNames(sheets.map((candidate) => candidate.name));
    throw refuse(
      fileName,
      `has no "Rolled Up" sheet (it has ${names}); import it without the rolled-up option`,
    );
  }
  return {
    tables: [sheetTable(workbook.container, sheet.name, workbook.openSheet(sheet).all())],
    skippedSheets: sheets
      .filter((other) => other !== sheet)
      .map((other) => ({
        name: other.name,
        reason: sheetKind(other.name) === 'summary' ? SKIP_REASONS.summary : SKIP_REASONS.notRolledUp,
      })),
  };
}

/**
 * A whole-KvK-map workbook (whole-map.ts): its `Full Data` sheet, or its `Scan` sheet beside `Camp Stats` /
 * `Kingdom Stats`, is the one scan; the other sheets summarise it.
 */
function wholeMapTable<S extends { name: string }>(workbook: WorkbookSheets<S>): FoundTables | undefined {
  const { sheets } = workbook;
  const named = (name: string) => sheets.find((sheet) => normaliseHeader(sheet.name) === name);
  const sheet =
    named(FULL_DATA_SHEET) ??
    (sheets.some((other) => MAP_SCAN_SUMMARIES.has(normaliseHeader(other.name)))
      ? named(MAP_SCAN_SHEET)
      : undefined);
  if (!sheet) return undefined;
  return {
    tables: [sheetTable(workbook.container, sheet.name, workbook.openSheet(sheet).all())],
    skippedSheets: sheets
      .filter((other) => other !== sheet)
      .map((other) => ({ name: other.name, reason: `a summary of the map's "${sheet.name}" sheet` })),
  };
}

/** Without it: every data sheet whose header names a governor ID, in workbook order. */
function scanTables<S extends { name: string }>(workbook: WorkbookSheets<S>, fileName: string): FoundTables {
  const { sheets, container } = workbook;
  const wholeMap = wholeMapTable(workbook);
  if (wholeMap) return wholeMap;
  const tables: RawTable[] = [];
  const skippedSheets: FileTables['skippedSheets'] = [];
  let firstCandidate: { sheet: S; rows: SheetRow[] } | undefined;
  for (const sheet of sheets) {
    const kind = sheetKind(sheet.name);
    if (kind !== 'data') {
      skippedSheets.push({ name: sheet.name, reason: SKIP_REASONS[kind] });
      continue;
    }
    if (workbook.isPivot?.(sheet)) {
      skippedSheets.push({ name: sheet.name, reason: SKIP_REASONS.pivot });
      continue;
    }
    // The header rows decide whether the rest is read.
    const opened = workbook.openSheet(sheet);
    const top = opened.top();
    if (top.some((row) => hasGovernorIdHeader(headerTexts(row.cells)))) {
      tables.push(sheetTable(container, sheet.name, opened.all()));
    } else if (!firstCandidate) firstCandidate = { sheet, rows: top };
    else skippedSheets.push({ name: sheet.name, reason: SKIP_REASONS.noGovernorId });
  }
  if (tables.length === 0) {
    if (!firstCandidate) {
      const names = quoteNames(sheets.map((sheet) => sheet.name));
      throw refuse(fileName, `has no sheet of governor data (it has ${names || 'no sheets'})`);
    }
    // No sheet names a governor ID: the first candidate is read so that the message says what it lacks.
    tables.push(sheetTable(container, firstCandidate.sheet.name, firstCandidate.rows));
  } else if (firstCandidate) {
    skippedSheets.push({ name: firstCandidate.sheet.name, reason: SKIP_REASONS.noGovernorId });
  }
  // The first candidate was set aside before later sheets were skipped: back to workbook order.
  const order = new Map(sheets.map((sheet, index) => [sheet.name, index]));
  skippedSheets.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  return { tables, skippedSheets };
}

/** The workbook's tables as FileTables has them: the scan sheets (or the rolled-up one), the skipped, the names. */
export function chooseTables<S extends { name: string }>(
  workbook: WorkbookSheets<S>,
  fileName: string,
  rolledUp: boolean,
): Pick<FileTables, 'container' | 'tables' | 'skippedSheets' | 'sheetNames' | 'summaryTime'> {
  const found = rolledUp ? rolledUpTable(workbook, fileName) : scanTables(workbook, fileName);
  return {
    container: workbook.container,
    ...found,
    sheetNames: workbook.sheets.map((sheet) => sheet.name),
    ...summaryTimeOf(workbook),
  };
}

/** Hero Scrolls: cell F2 of the `Summary` sheet, which holds the scan time. */
function summaryTimeOf<S extends { name: string }>(workbook: WorkbookSheets<S>): { summaryTime?: CellValue } {
  const summary = workbook.sheets.find((sheet) => normaliseHeader(sheet.name) === SUMMARY_SHEET);
  if (!summary) return {};
  const rows = workbook.openSheet(summary).top();
  const time = rows.find((row) => row.number === SUMMARY_TIME_ROW)?.cells[SUMMARY_TIME_COLUMN];
  return time === undefined || time === null ? {} : { summaryTime: time };
}

export function quoteNames(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

type SheetKind = 'data' | 'summary' | 'rolledUp';

function sheetKind(name: string): SheetKind {
  const normalised = normaliseHeader(name);
  if (NOT_DATA_SHEETS.has(normalised)) return 'summary';
  if (normalised.startsWith(ROLLED_UP)) return 'rolledUp';
  return 'data';
}

function sheetTable(container: Container, sheetName: string, rows: readonly SheetRow[]): RawTable {
  return {
    container,
    rowWord: 'row',
    sheetName,
    ...splitHeader(
      rows.filter((row) => !isBlankRow(row.cells)),
      hasGovernorIdHeader,
    ),
  };
}
