import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { parseScanFile } from '../parse-scan.ts';
import { buildZip } from './test-archives.ts';
import { readXlsxTables } from './xlsx.ts';

const SCANS = resolve(import.meta.dirname, '../../../../../fixtures/scans');
const FIXTURE_XLSX = [
  ...readdirSync(resolve(SCANS, 'hero-scrolls')).map((f) => resolve(SCANS, 'hero-scrolls', f)),
  ...readdirSync(resolve(SCANS, 'roktracker'))
    .filter((f) => f.endsWith('.xlsx'))
    .map((f) => resolve(SCANS, 'roktracker', f)),
];

/** A cell as exceljs reads it, reduced to the plain value our reader gives. */
function plain(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  if ('text' in value) return value.text;
  return value;
}

describe('readXlsxTables agrees with exceljs', () => {
  it.each(FIXTURE_XLSX.map((file) => [file.replace(/^.*\//, ''), file]))('%s', async (_name, file) => {
    const content = readFileSync(file);
    for (const rolledUp of file.includes('hero-scrolls') ? [false, true] : [false]) {
      const { tables } = readXlsxTables(content, file, { rolledUp });
      expect(tables).toHaveLength(1);
      const table = tables[0]!;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet(table.sheetName)!;
      expect(table.headers).toEqual((sheet.getRow(1).values as unknown[]).slice(1).map(String));
      const expected: { number: number; cells: unknown[] }[] = [];
      sheet.eachRow((row, number) => {
        if (number === 1) return;
        const cells: unknown[] = [];
        row.eachCell((cell, column) => {
          cells[column - 1] = plain(cell.value);
        });
        expected.push({ number, cells });
      });
      expect(table.rows.map((r) => ({ number: r.number, cells: [...r.cells] }))).toEqual(expected);
    }
  });
});

async function workbookBuffer(build: (workbook: ExcelJS.Workbook) => void, useSharedStrings = true) {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings }));
}

describe('readXlsxTables on cells as spreadsheets write them', () => {
  it.each([true, false])(
    'reads rich text, formulas, text numbers and dates (shared strings: %s)',
    async (shared) => {
      const content = await workbookBuffer((workbook) => {
        const sheet = workbook.addWorksheet('Governors');
        sheet.addRow(['Governor ID', 'Name', 'Power', 'Kill Points', 'Alliance']);
        sheet.addRow([
          '1001',
          { richText: [{ text: '龍', font: { bold: true } }, { text: '王 & <co>' }] },
          { formula: '1000*2', result: 2000 },
          '1,234,567',
          { formula: 'UPPER("abc")', result: 'ABC' },
        ]);
        sheet.addRow([1002, '=not a formula', 5, '2.5M', null]);
      }, shared);
      const parsed = parseScanFile(content, 'g.xlsx', {}).scans[0]!;
      expect(parsed.sheetName).toBe('Governors');
      expect(parsed.rows.map((r) => [r.governor_id, r.name, r.power, r.kill_points, r.alliance])).toEqual([
        [1001, '龍王 & <co>', 2000, 1234567, 'ABC'],
        [1002, '=not a formula', 5, 2500000, null],
      ]);
    },
  );

  it('chooses the first sheet with a governor ID column, not the first sheet', async () => {
    const content = await workbookBuffer((workbook) => {
      workbook.addWorksheet('Notes').addRow(['Read me first']);
      const data = workbook.addWorksheet('Data');
      data.addRow(['Exported by some bot']);
      data.addRow(['ID', 'Name']);
      data.addRow([7, 'Seven']);
    });
    const table = readXlsxTables(content, 'x.xlsx').tables[0]!;
    expect(table).toMatchObject({ sheetName: 'Data', headerRowNumber: 2, headers: ['ID', 'Name'] });
    expect(table.rows).toEqual([{ number: 3, cells: [7, 'Seven'] }]);
  });

  it('reads the Summary F2 scan time from a date cell', async () => {
    const content = await workbookBuffer((workbook) => {
      workbook.addWorksheet('Summary').getCell('F2').value = new Date(Date.UTC(2025, 11, 25, 6, 55));
      const data = workbook.addWorksheet('3584');
      data.addRow(['Kingdom', 'Governor ID', 'Governor Name']);
      data.addRow(['3584', '1', 'A']);
    });
    const parsed = parseScanFile(content, 'kingdom_scan_x.xlsx').scans[0]!;
    expect(parsed.detectedTime).toEqual({
      takenAt: Date.UTC(2025, 11, 25, 6, 55) / 1000,
      source: 'summary-sheet',
    });
    expect(parsed.rows[0]!.home_kd).toBe(3584);
  });

  it('refuses workbooks it cannot use, naming the file', async () => {
    const refusal = (content: Buffer, options = {}) => {
      try {
        readXlsxTables(content, 'f.xlsx', options);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return (error as AppError).message;
      }
      return 'not refused';
    };
    expect(refusal(Buffer.from('PK\u0003\u0004 this is not a zip archive at all'))).toBe(
      'f.xlsx: is not a readable xlsx file (it is not a ZIP archive, which every xlsx file is)',
    );
    const valid = await workbookBuffer((workbook) => workbook.addWorksheet('Summary').addRow(['x']));
    expect(refusal(valid)).toBe('f.xlsx: has no sheet of governor data (it has "Summary")');
    expect(refusal(valid, { rolledUp: true })).toBe(
      'f.xlsx: has no "Rolled Up" sheet (it has "Summary"); import it without the rolled-up option',
    );
    const truncated = valid.subarray(0, valid.length - 200);
    expect(refusal(truncated)).toMatch(/^f\.xlsx: is not a readable xlsx file/);
    // An xlsb: the package's main part is a binary workbook.
    const officeDocument =
      'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';
    const xlsb = buildZip([
      {
        name: '_rels/.rels',
        content: `<Relationships><Relationship Id="rId1" Type="${officeDocument}" Target="xl/workbook.bin"/></Relationships>`,
      },
      { name: 'xl/workbook.bin', content: Buffer.from([0x83, 0x01, 0x00]) },
    ]);
    expect(refusal(xlsb)).toBe(
      'f.xlsx: is an Excel binary workbook (.xlsb), which is not read; open it and save it as .xlsx or .csv',
    );
    // A Numbers document (as Numbers 3 and later save it): a ZIP of binary parts, no workbook.
    const numbers = buildZip([
      { name: 'Index/Document.iwa', content: Buffer.from([0x00, 0x8d, 0x01]) },
      { name: 'Metadata/Properties.plist', content: 'bplist00' },
    ]);
    expect(refusal(numbers)).toBe(
      'f.xlsx: is an Apple Numbers document, which is not read; in Numbers choose File › Export To › Excel (or CSV) and import that file',
    );
  });
});
