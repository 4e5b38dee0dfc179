import { type SpreadsheetValue, safeCell } from '@kingdom-stats/core';

/** One column of an exported sheet. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => unknown;
  /** Written as a number: `#,##0` for counts unless `format` says otherwise. */
  numeric?: boolean;
  /**
   * 'percent': the value is a percentage (98.04 means 98.04 %), written as a percentage with two decimals;
   * 'id': an identifier (a governor ID), written as a plain number without thousands separators.
   */
  format?: 'percent' | 'id';
  /** Width in characters (xlsx); guessed from the header when left out. */
  width?: number;
}

export interface SheetData<T> {
  name: string;
  columns: readonly ExportColumn<T>[];
  rows: readonly T[];
}

export const NUMBER_FORMAT = '#,##0';
export const PERCENT_FORMAT = '0.00%';
export const ID_FORMAT = '0';

/** The xlsx number format of a column: percentages and IDs have their own, other numbers are counts. */
export function columnNumberFormat(column: Pick<ExportColumn<unknown>, 'numeric' | 'format'>): string | null {
  if (column.format === 'percent') return PERCENT_FORMAT;
  if (column.format === 'id') return ID_FORMAT;
  return column.numeric ? NUMBER_FORMAT : null;
}

function isNumberColumn(column: Pick<ExportColumn<unknown>, 'numeric' | 'format'>): boolean {
  return column.numeric === true || column.format !== undefined;
}

/**
 * Each row's cells: numbers as numbers, text as it is (`neutralize` then prefixes text that could run as a
 * formula: CSV needs it, an xlsx text cell is never evaluated, so there the quote would only show).
 */
export function sheetCells<T>(sheet: SheetData<T>, neutralize: boolean): SpreadsheetValue[][] {
  return sheet.rows.map((row) =>
    sheet.columns.map((column) => {
      const value = column.value(row);
      if (isNumberColumn(column)) {
        const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
        // A numeric column never holds text: unknown is an empty cell, not '-'.
        return typeof n === 'number' && Number.isFinite(n) ? n : null;
      }
      return neutralize ? safeCell(value) : plainCell(value);
    }),
  );
}

function plainCell(value: unknown): SpreadsheetValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  return String(value);
}
