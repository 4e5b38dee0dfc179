/**
 * What every reader (xlsx, csv, jsonl) hands to the scan parser: one table of cells with a header, and for each
 * data row the number the person sees in their spreadsheet or editor, so that messages can point at it.
 */

export type Container = 'xlsx' | 'xls' | 'ods' | 'csv' | 'jsonl';

export interface TableRow {
  number: number;
  cells: readonly unknown[];
}

export interface RawTable {
  container: Container;
  /** xlsx: the sheet the rows come from. */
  sheetName?: string;
  /** 'row' in spreadsheets and CSV (header = row 1), 'line' in JSON lines. */
  rowWord: 'row' | 'line';
  /** The header row's number; 0 when the headers are JSON keys. */
  headerRowNumber: number;
  headers: string[];
  rows: TableRow[];
  /** CSV: the delimiter; with ';' a comma may be the decimal mark, so "2,500" cannot be read as 2500. */
  delimiter?: ',' | ';' | '\t';
}

/**
 * Every governor table a file holds, as `readFileTables` (read-tables.ts) finds them: CSV and JSON give one; an
 * xlsx gives each sheet whose header names a governor ID (workbook order), and names the sheets it left out.
 */
export interface FileTables {
  container: Container;
  tables: RawTable[];
  /** xlsx sheets that hold no governor table, or that are not scans (Summary, Top 10s, Rolled Up …). */
  skippedSheets: { name: string; reason: string }[];
  /** xlsx: every sheet's name, in workbook order. */
  sheetNames?: string[];
  /** Hero Scrolls: cell F2 of the `Summary` sheet, which holds the scan time. */
  summaryTime?: unknown;
  /** The workbook counts serial dates from 1904 (matters only for a date in a number cell). */
  date1904?: boolean;
}

/** How many rows at the top of a sheet may be titles before the header row (Hero Scrolls' "Top 10s" has two). */
export const HEADER_SEARCH_ROWS = 10;

/**
 * Splits rows into header and data. The header is the first row, among the first few, for which `isHeader` says
 * yes (it names a governor ID column); without one, the first row is the header and the parser reports what is
 * missing from it.
 */
export function splitHeader(
  rows: readonly TableRow[],
  isHeader: (headers: string[]) => boolean,
): { headerRowNumber: number; headers: string[]; rows: TableRow[] } {
  const first = rows[0];
  if (!first) return { headerRowNumber: 0, headers: [], rows: [] };
  let headerIndex = 0;
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    if (isHeader(headerTexts(rows[i]!.cells))) {
      headerIndex = i;
      break;
    }
  }
  const header = rows[headerIndex]!;
  return {
    headerRowNumber: header.number,
    headers: headerTexts(header.cells),
    rows: rows.slice(headerIndex + 1),
  };
}

export function headerTexts(cells: readonly unknown[]): string[] {
  return Array.from(cells, (cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
}

export function isBlankCell(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function isBlankRow(cells: readonly unknown[]): boolean {
  for (const cell of cells) if (!isBlankCell(cell)) return false;
  return true;
}
