import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../limits.ts';
import { readFileTables, readTable } from './read-tables.ts';
import { buildXlsx, buildZip, sheetXml, xlsxParts } from './test-archives.ts';
import { buildXls } from './test-xls.ts';

const HEADER = ['Governor ID', 'Name', 'Power'];

function refusal(
  content: Buffer,
  fileName: string,
  options: { rolledUp?: boolean; limits?: Partial<ImportLimits> } = {},
) {
  try {
    readFileTables(content, fileName, {
      rolledUp: options.rolledUp ?? false,
      limits: { ...DEFAULT_IMPORT_LIMITS, ...options.limits },
    });
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  return 'not refused';
}

describe('readFileTables on workbooks', () => {
  const workbook = buildXlsx([
    {
      name: 'Summary',
      rows: [
        ['Kingdom', 'Governor ID'],
        [3584, 1],
      ],
    },
    { name: 'Notes', rows: [['Read me first']] },
    { name: '16Jul23-03h', rows: [HEADER, [1, 'A', 100]] },
    { name: 'Top 10s', rows: [['Title'], ['Governor ID', 'Name'], [1, 'A']] },
    { name: '29Feb24-21h40m', rows: [['Exported by a bot'], HEADER, [1, 'A', 150], [2, 'B', 90]] },
    { name: 'Rolled Up 3584', rows: [HEADER, [1, 'A', 250]] },
    {
      name: 'Chart data',
      rows: [
        ['Date', 'Power'],
        ['x', 5],
      ],
    },
  ]);

  it('returns every sheet with a governor ID column, in workbook order, and says why others were skipped', () => {
    const file = readFileTables(workbook, 'season.xlsx');
    expect(file.container).toBe('xlsx');
    expect(file.tables.map((t) => [t.sheetName, t.headerRowNumber, t.rows.map((r) => r.number)])).toEqual([
      ['16Jul23-03h', 1, [2]],
      ['29Feb24-21h40m', 2, [3, 4]],
    ]);
    expect(file.tables[1]!.headers).toEqual(HEADER);
    expect(file.skippedSheets).toEqual([
      { name: 'Summary', reason: 'a summary, not a scan' },
      { name: 'Notes', reason: 'no governor ID column' },
      { name: 'Top 10s', reason: 'a summary, not a scan' },
      { name: 'Rolled Up 3584', reason: 'the rolled-up view; import with --rolled-up' },
      { name: 'Chart data', reason: 'no governor ID column' },
    ]);
    expect(file.sheetNames).toEqual([
      'Summary',
      'Notes',
      '16Jul23-03h',
      'Top 10s',
      '29Feb24-21h40m',
      'Rolled Up 3584',
      'Chart data',
    ]);
    expect(readTable(workbook, 'season.xlsx').sheetName).toBe('16Jul23-03h');
  });

  it('with rolledUp, returns only the Rolled Up sheet', () => {
    const file = readFileTables(workbook, 'season.xlsx', { rolledUp: true });
    expect(file.tables.map((t) => [t.sheetName, t.rows[0]!.cells])).toEqual([
      ['Rolled Up 3584', [1, 'A', 250]],
    ]);
    expect(file.skippedSheets.map((s) => s.reason)).toEqual([
      'a summary, not a scan',
      'not the rolled-up view, which is the only sheet the rolled-up option reads',
      'not the rolled-up view, which is the only sheet the rolled-up option reads',
      'a summary, not a scan',
      'not the rolled-up view, which is the only sheet the rolled-up option reads',
      'not the rolled-up view, which is the only sheet the rolled-up option reads',
    ]);
  });

  it('reads the first sheet when none names a governor ID, so the parser can say what is missing', () => {
    const file = readFileTables(
      buildXlsx([
        { name: 'A', rows: [['Name'], ['x']] },
        { name: 'B', rows: [['Power']] },
      ]),
      'x.xlsx',
    );
    expect(file.tables.map((t) => [t.sheetName, t.headers])).toEqual([['A', ['Name']]]);
    expect(file.skippedSheets).toEqual([{ name: 'B', reason: 'no governor ID column' }]);
  });

  it('names the file, sheet and cell of what it refuses', () => {
    const cell = (xml: string) =>
      buildXlsx([{ name: 'Data', xml: `<worksheet><sheetData>${xml}</sheetData></worksheet>` }]);
    expect(
      refusal(cell(`<row r="1"><c r="A1" t="inlineStr"><is><t>ID&#x110000;</t></is></c></row>`), 'f.xlsx'),
    ).toBe('f.xlsx: sheet "Data", cell A1, holds "&#x110000;", which is not a character XML allows');
    // The 2.4 KB freeze: deflated, the ratio cap refuses it unread; stored, the scanner at its first tag.
    const unclosed = `<worksheet><sheetData><row r="1">${'<c '.repeat(350_000)}</row></sheetData></worksheet>`;
    expect(refusal(cell(`<row r="1">${'<c '.repeat(350_000)}</row>`), 'f.xlsx')).toMatch(
      /^f\.xlsx: has an entry \(xl\/worksheets\/sheet1\.xml\) that unpacks to more than 200 times its packed size;/,
    );
    const stored = xlsxParts([{ name: 'Data', xml: unclosed }]).map((part) => ({
      ...part,
      method: 0 as const,
    }));
    expect(refusal(buildZip(stored), 'f.xlsx')).toBe(
      'f.xlsx: is not a readable xlsx file (sheet "Data" has a "<" inside the tag <c>)',
    );
    expect(refusal(cell('<row r="1"><c r="MWLQKWT1"><v>1</v></c></row>'), 'f.xlsx')).toBe(
      'f.xlsx: sheet "Data" has a cell at "MWLQKWT1", past column XFD; ' +
        'the last column a cell may be in is column 16,384 (XFD) (IMPORT_MAX_COLUMN_INDEX)',
    );
    expect(refusal(cell('<row r="7"><c r="C7" t="d"><v>31/02/2024</v></c></row>'), 'f.xlsx')).toBe(
      'f.xlsx: sheet "Data", cell C7, holds "31/02/2024", which is not a date',
    );
    const rows = [HEADER, ...Array.from({ length: 10 }, (_, i) => [i + 1, 'x'.repeat(i * 2), i])];
    const big = buildXlsx([{ name: 'Data', rows }]);
    expect(refusal(big, 'f.xlsx', { limits: { rows: 5 } })).toBe(
      'f.xlsx: sheet "Data" has more than 5 rows; the most rows one table may have is 5 (IMPORT_MAX_ROWS)',
    );
    expect(refusal(big, 'f.xlsx', { limits: { cellChars: 12 } })).toBe(
      'f.xlsx: sheet "Data", cell B9, holds 14 characters; the most characters one cell may hold is 12 (IMPORT_MAX_CELL_CHARS)',
    );
    expect(refusal(big, 'f.xlsx', { limits: { columns: 2 } })).toBe(
      'f.xlsx: sheet "Data", cell C1, is in column 3; the most columns one table may have is 2 (IMPORT_MAX_COLUMNS)',
    );
    const many = buildXlsx(Array.from({ length: 4 }, (_, i) => ({ name: `S${i}`, xml: sheetXml([HEADER]) })));
    expect(refusal(many, 'f.xlsx', { limits: { sheets: 3 } })).toBe(
      'f.xlsx: has more than 3 sheets; the most sheets one import takes is 3 (IMPORT_MAX_SHEETS)',
    );
  });
});

describe('readFileTables on every format', () => {
  it('refuses a file past the upload limit before reading it', () => {
    expect(refusal(Buffer.alloc(2048, 0x41), 'big.csv', { limits: { uploadBytes: 1024 } })).toBe(
      'big.csv: is 2 KB; the largest file one import takes is 1 KB (IMPORT_MAX_UPLOAD_BYTES)',
    );
  });

  it('tells formats apart by their first bytes, then their extension', () => {
    const csv = readFileTables(Buffer.from('ID;Name\n1;A\n'), 'scan');
    expect(csv).toMatchObject({ container: 'csv', skippedSheets: [], tables: [{ delimiter: ';' }] });
    expect(readFileTables(Buffer.from('[{"ID": 1}]'), 'scan').container).toBe('jsonl');
    expect(readFileTables(Buffer.from('{"ID": 1}\n'), 'scan').container).toBe('jsonl');
    expect(readFileTables(buildXlsx([{ name: 'S', rows: [HEADER] }]), 'scan.bin').container).toBe('xlsx');
    expect(refusal(Buffer.from(' \r\n\t'), 'e.csv')).toBe('e.csv: is empty');
    expect(readFileTables(buildXls([{ name: 'S', rows: [HEADER] }]), 'scan.bin').container).toBe('xls');
    expect(readFileTables(buildXlsx([{ name: 'S', rows: [HEADER] }]), 'scan.xls').container).toBe('xlsx');
    expect(readFileTables(Buffer.from('ID\tName\n1\tA\n'), 'export.xls')).toMatchObject({
      container: 'csv',
      tables: [{ delimiter: '\t' }],
    });
    expect(refusal(Buffer.from('<html><table><tr><td>ID</td></tr></table></html>'), 'export.xls')).toBe(
      'export.xls: is a web page or XML spreadsheet named .xls, not a workbook; open it and save it as .xlsx or .csv',
    );
    expect(refusal(Buffer.from([0x09, 0x04, 6, 0, 0, 0, 0x10, 0]), 'excel4.xls')).toBe(
      'excel4.xls: is an Excel 4.0 (or older) workbook, which is not read; open it and save it as .xlsx or .csv',
    );
    // Named .numbers, whatever its bytes (Numbers '09 saved another layout): the way out is an export.
    expect(refusal(Buffer.from('ID,Name\n1,A\n'), 'scan.numbers')).toMatch(
      /^scan\.numbers: is an Apple Numbers document, which is not read; in Numbers choose File › Export To/,
    );
    expect(refusal(Buffer.from('ID\n1\n'), 'a.csv', { rolledUp: true })).toBe(
      'a.csv: the rolled-up option is for Hero Scrolls xlsx files; import this file without it',
    );
  });
});

describe('readFileTables on sheets that are not scans', () => {
  it('skips score sheets by name and pivot tables by their link, with the reason', () => {
    const content = buildXlsx(
      [
        { name: 'Score', rows: [HEADER, [1, 'A', 100]] },
        { name: 'Pivot of power', rows: [HEADER, [1, 'A', 100]] },
        { name: '16Jul23-03h', rows: [HEADER, [1, 'A', 100]] },
      ],
      [
        {
          name: 'xl/worksheets/_rels/sheet2.xml.rels',
          content:
            '<Relationships><Relationship Id="rId1" Target="../pivotTables/pivotTable1.xml" ' +
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotTable"/></Relationships>',
        },
      ],
    );
    const file = readFileTables(content, 'season.xlsx');
    expect(file.tables.map((t) => t.sheetName)).toEqual(['16Jul23-03h']);
    expect(file.skippedSheets).toEqual([
      { name: 'Score', reason: 'a summary, not a scan' },
      { name: 'Pivot of power', reason: 'a pivot table, not a scan' },
    ]);
  });
});

describe('readFileTables on damaged workbook parts', () => {
  it('names the part that is damaged', () => {
    const unclosed = buildXlsx(
      [{ name: 'S', rows: [HEADER] }],
      [{ name: 'xl/sharedStrings.xml', content: `<sst>${'<si><t>x'.repeat(1000)}` }],
    );
    expect(refusal(unclosed, 'f.xlsx')).toBe(
      'f.xlsx: is not a readable xlsx file (its shared-strings part ends inside a shared string)',
    );
  });
});
