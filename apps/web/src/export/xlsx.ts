import { columnNumberFormat, type SheetData, sheetCells } from './sheet.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An .xlsx workbook with one sheet per entry: bold frozen header row, a filter on the header, counts in `#,##0`,
 * percentages in `0.00%` (stored as fractions, as spreadsheets keep them), IDs as plain numbers. Text goes in as
 * text cells, which a spreadsheet never evaluates, so no protective quote is added (it would show in the cell).
 * exceljs is large, so it is downloaded only when the first export runs.
 */
export async function buildXlsx<T>(sheets: readonly SheetData<T>[]): Promise<Blob> {
  const module = await import('exceljs');
  const ExcelJS = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Kingdom Stats';
  workbook.created = new Date();

  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => {
      const numFmt = columnNumberFormat(column);
      return {
        header: column.header,
        width: column.width ?? Math.max(10, Math.min(40, column.header.length + 4)),
        ...(numFmt ? { style: { numFmt } } : {}),
      };
    });
    const percent = sheet.columns.map((column) => column.format === 'percent');
    worksheet.addRows(
      sheetCells(sheet, false).map((cells) =>
        cells.map((cell, index) => (percent[index] && typeof cell === 'number' ? cell / 100 : cell)),
      ),
    );
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
