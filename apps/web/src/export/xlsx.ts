import { neutralizeFormula } from '@kingdom-stats/core';
import { NUMBER_FORMAT, type SheetData, sheetCells } from './sheet.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An .xlsx workbook with one sheet per entry: bold frozen header row, a filter on the header, number columns in
 * `#,##0`. exceljs is large, so it is downloaded only when the first export runs.
 */
export async function buildXlsx<T>(sheets: readonly SheetData<T>[]): Promise<Blob> {
  const module = await import('exceljs');
  const ExcelJS = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Kingdom Stats';
  workbook.created = new Date();

  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({
      header: neutralizeFormula(column.header),
      width: column.width ?? Math.max(10, Math.min(40, column.header.length + 4)),
      ...(column.numeric ? { style: { numFmt: NUMBER_FORMAT } } : {}),
    }));
    worksheet.addRows(sheetCells(sheet));
    const header = worksheet.getRow(1);
    header.font = { bold: true };
    header.alignment = { vertical: 'middle' };
    if (sheet.columns.length > 0) {
      worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
    }
  }

  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_MIME });
}
