import { type SpreadsheetValue, safeCell } from '@kingdom-stats/core';

/** One column of an exported sheet. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => unknown;
  /** Written as a number with the `#,##0` format. */
  numeric?: boolean;
  /** Width in characters (xlsx); guessed from the header when left out. */
  width?: number;
}

export interface SheetData<T> {
  name: string;
  columns: readonly ExportColumn<T>[];
  rows: readonly T[];
}

export const NUMBER_FORMAT = '#,##0';

/** Each row's cells, numbers as numbers and text neutralised against formula injection. */
export function sheetCells<T>(sheet: SheetData<T>): SpreadsheetValue[][] {
  return sheet.rows.map((row) =>
    sheet.columns.map((column) => {
      const cell = safeCell(column.value(row));
      // A numeric column never holds text: unknown is an empty cell, not '-'.
      if (column.numeric && typeof cell !== 'number') return null;
      return cell;
    }),
  );
}
