import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS } from '../limits.ts';
import { parseScanFile } from '../parse-scan.ts';
import { refusalOf } from '../test-refusal.ts';
import { ODS_MIMETYPE } from './ods.ts';
import { readFileTables } from './read-tables.ts';
import { buildZip } from './test-archives.ts';

/** OpenDocument spreadsheets as LibreOffice Calc writes them: mimetype first and stored, the tables in content.xml. */
function buildOds(tables: string): Buffer {
  const content =
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content ' +
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
    `office:version="1.3"><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body>` +
    '</office:document-content>';
  return buildZip([
    { name: 'mimetype', content: ODS_MIMETYPE, method: 0 },
    { name: 'content.xml', content },
    { name: 'META-INF/manifest.xml', content: '<manifest:manifest/>' },
  ]);
}

const number = (value: number, repeat = 1) =>
  `<table:table-cell office:value-type="float" office:value="${value}"` +
  `${repeat > 1 ? ` table:number-columns-repeated="${repeat}"` : ''} calcext:value-type="float">` +
  `<text:p>${value}</text:p></table:table-cell>`;
const text = (value: string) =>
  `<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>${value}</text:p></table:table-cell>`;
const row = (cells: string, repeat = 1) =>
  `<table:table-row${repeat > 1 ? ` table:number-rows-repeated="${repeat}"` : ''}>${cells}</table:table-row>`;
/** What Calc writes after the last value: empty cells to the last column, empty rows to the last row. */
const EMPTY_TAIL = '<table:table-cell table:number-columns-repeated="16370"/>';
const EMPTY_ROWS = row('<table:table-cell table:number-columns-repeated="16384"/>', 1_048_000);

describe('an .ods scan (LibreOffice Calc)', () => {
  const header = ['ID', 'Name', 'Power', 'Killpoints', 'Deads', 'T1 Kills', 'T2 Kills', 'Alliance'];
  const sheet =
    '<table:table table:name="2026-10-01"><table:table-column table:number-columns-repeated="1024"/>' +
    row(header.map(text).join('') + EMPTY_TAIL) +
    row(
      number(51234567) +
        text('Ayla<text:s text:c="2"/>the<text:s/>Bold') +
        number(75123456) +
        number(2000000) +
        number(0, 3) +
        '<table:table-cell office:value-type="string"><text:p>[KS]<text:span>Kings</text:span></text:p>' +
        '<office:annotation><text:p>a comment, not the value</text:p></office:annotation></table:table-cell>' +
        EMPTY_TAIL,
    ) +
    row(`${number(51234568)}${text('=Bram &amp; Co')}${number(6.5e7)}`) +
    EMPTY_ROWS +
    '</table:table>';
  const file = buildOds(sheet);

  it('imports its governors, with the time from the sheet name, skipping the empty runs without building them', () => {
    const [scan] = parseScanFile(file, 'kd1234-start.ods').scans;
    expect(scan).toMatchObject({
      sourceFormat: 'roktracker-v5',
      sheetName: '2026-10-01',
      detectedTime: { takenAt: Date.parse('2026-10-01T00:00:00Z') / 1000, source: 'sheet-name' },
    });
    expect(
      scan!.rows.map((r) => [r.governor_id, r.name, r.alliance, r.power, r.dead, r.t1_kills, r.t2_kills]),
    ).toEqual([
      [51234567, 'Ayla  the Bold', '[KS]Kings', 75123456, 0, 0, 0],
      [51234568, '=Bram & Co', null, 65000000, null, null, null],
    ]);
  });

  it('is told apart by its content, whatever its name', () => {
    expect(readFileTables(file, 'upload').container).toBe('ods');
  });
});

describe('.ods runs and limits', () => {
  const table = (rows: string) => buildOds(`<table:table table:name="S">${rows}</table:table>`);
  const header = row(`${text('Governor ID')}${text('Power')}`);

  it('builds a run of equal rows and cells', () => {
    const [sheet] = readFileTables(table(header + row(number(7, 2), 3)), 's.ods').tables;
    expect(sheet!.rows).toEqual([
      { number: 2, cells: [7, 7] },
      { number: 3, cells: [7, 7] },
      { number: 4, cells: [7, 7] },
    ]);
  });

  it('refuses runs past the row and column limits before building them', () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, rows: 100, columns: 10 };
    expect(
      refusalOf(() => readFileTables(table(header + row(number(1), 1_000_000)), 'r.ods', { limits })),
    ).toMatch(/^r\.ods: sheet "S" has more than 100 rows; .*IMPORT_MAX_ROWS/);
    expect(
      refusalOf(() => readFileTables(table(header + row(number(1, 1_000_000))), 'c.ods', { limits })),
    ).toMatch(/^c\.ods: sheet "S" has a value in column 16,384; .*IMPORT_MAX_COLUMNS/);
  });

  it('refuses a cell past the cell limit as it grows, not once it is built', () => {
    const spaces = `<text:p>${'<text:s text:c="999999999"/>'.repeat(1000)}</text:p>`;
    const cell = `<table:table-cell office:value-type="string">${spaces}</table:table-cell>`;
    expect(refusalOf(() => readFileTables(table(header + row(cell)), 's.ods'))).toMatch(
      /^s\.ods: sheet "S" cell A2 holds more than 4,000 characters; .*IMPORT_MAX_CELL_CHARS/,
    );
  });

  it('refuses a package without content and content that is not well-formed', () => {
    const bare = buildZip([{ name: 'mimetype', content: ODS_MIMETYPE, method: 0 }]);
    expect(refusalOf(() => readFileTables(bare, 'b.ods'))).toBe(
      'b.ods: is not a readable .ods spreadsheet (it has no content.xml; is it an .ods file?)',
    );
    expect(
      refusalOf(() => readFileTables(table(row('<table:table-cell office:value-type="float" o')), 'x.ods')),
    ).toMatch(/^x\.ods: is not a readable \.ods spreadsheet \(/);
  });
});
