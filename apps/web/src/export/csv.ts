import { neutralizeFormula } from '@kingdom-stats/core';
import { type SheetData, sheetCells } from './sheet.ts';

export const CSV_MIME = 'text/csv;charset=utf-8';

/**
 * CSV text with a header row. papaparse does the quoting (commas, quotes, line breaks in names); it is loaded only
 * when someone exports. A byte-order mark makes Excel read the UTF-8 names correctly. Percentages are written as
 * '98.04%' (spreadsheets read that as the number 0.9804 shown as a percentage); everything else as it is, text
 * that could run as a formula prefixed with a quote.
 */
export async function buildCsv<T>(sheet: SheetData<T>): Promise<Blob> {
  const { default: Papa } = await import('papaparse');
  const text = Papa.unparse(
    {
      fields: sheet.columns.map((column) => neutralizeFormula(column.header)),
      data: sheetCells(sheet, true).map((cells) =>
        cells.map((cell, index) => {
          if (cell === null) return '';
          return sheet.columns[index]?.format === 'percent' && typeof cell === 'number' ? `${cell}%` : cell;
        }),
      ),
    },
    { newline: '\r\n' },
  );
  return new Blob([`\uFEFF${text}`], { type: CSV_MIME });
}
