import { crc32 } from 'node:zlib';
import { ODS_MIMETYPE } from '../../src/import/readers/ods.ts';
import { buildXls, type XlsCell } from '../../src/import/readers/test-xls.ts';
import { writeZip, type ZipPart } from './zip-writer.ts';

/**
 * A generator for every hostile file of issue 15, each with what a careful reader must answer. Files are made in
 * memory (the biggest, the 1M-row CSV, is about 16 MB) and kept once made, as the CLI and upload suites share them.
 *
 * - `refused`: a 4xx refusal whose message starts with the file's name and says what is wrong (`says`).
 * - `cleanedOrRefused`: a bad character in a name; stripping it or refusing the file are both right, as long as
 *   the answer is not a 500 and what is stored is clean (C1's choice, docs/import-formats.md).
 */
export type Expectation =
  | { kind: 'refused'; says: RegExp }
  | { kind: 'cleanedOrRefused'; refusalSays: RegExp; isBad(text: string): boolean };

export interface HostileFile {
  /** The file's name as uploaded or given to the CLI. */
  fileName: string;
  /** What issue 15 calls it. */
  title: string;
  /** Scans (the scan import) or the pre-KvK points upload, which reads files with the same readers. */
  target: 'scan' | 'prekvk';
  expect: Expectation;
  /**
   * Big enough that reading it takes a while whatever the readers detect first (the bombs are refused from their
   * headers in milliseconds): the tests check that the server answered others before this file's answer.
   */
  big?: boolean;
  content(): Buffer;
}

const MB = 1024 * 1024;
const HEADER = ['Governor ID', 'Name', 'Power', 'Kill Points', 'Deads'];

function once(make: () => Buffer): () => Buffer {
  let made: Buffer | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

function csv(lines: string[]): Buffer {
  return Buffer.from(`${lines.join('\n')}\n`);
}

function governorRows(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `${40_000_000 + i},Governor ${i},${1_000_000 + i},${i * 10},${i}`,
  );
}

// ---- xlsx -------------------------------------------------------------------------------------------------------

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

function inlineCell(ref: string, text: string): string {
  return `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
}

function numberCell(ref: string, value: string): string {
  return `<c r="${ref}"><v>${value}</v></c>`;
}

/** A sheet's XML: a header row and governor rows, then `tail` (hostile filler) before the closing tags. */
export function sheetXml(rows: string[][], tail = ''): string {
  const letters = 'ABCDEFGHIJ';
  const body = rows
    .map((cells, r) => {
      const refs = cells.map((value, c) => {
        const ref = `${letters[c]}${r + 1}`;
        return r > 0 && /^\d+$/.test(value) ? numberCell(ref, value) : inlineCell(ref, value);
      });
      return `<row r="${r + 1}">${refs.join('')}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>${body}${tail}</sheetData></worksheet>`;
}

const SMALL_TABLE = [HEADER, ...governorRows(3).map((line) => line.split(','))];

/** The parts of a workbook of `sheetCount` sheets, without the sheets: sheet i is xl/worksheets/sheet{i}.xml. */
function workbookParts(sheetCount: number): ZipPart[] {
  const sheetsXml = Array.from(
    { length: sheetCount },
    (_, i) => `<sheet name="Scan ${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
  ).join('');
  const sheetRels = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  const overrides = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  const text = (name: string, xml: string): ZipPart => ({ name, data: Buffer.from(xml) });
  return [
    text(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}</Types>`,
    ),
    text(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    text(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets>${sheetsXml}</sheets></workbook>`,
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL_NS}">${sheetRels}</Relationships>`,
    ),
  ];
}

/** A workbook of one sheet with this XML. */
export function xlsxWithSheet(xml: string | Buffer, sheet: Partial<ZipPart> = {}): Buffer {
  const data = typeof xml === 'string' ? Buffer.from(xml) : xml;
  return writeZip([...workbookParts(1), { name: 'xl/worksheets/sheet1.xml', data, ...sheet }]);
}

/** Repeats `unit` until `bytes` long: filler that deflate packs at its highest ratio. */
function filler(unit: string, bytes: number): Buffer {
  return Buffer.alloc(bytes, unit);
}

/** C0 controls other than tab, line feed and carriage return, and DEL. */
export function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') || code === 0x7f) return true;
  }
  return false;
}

// ---- legacy xls and ods -------------------------------------------------------------------------------------------

/** A governor table as .xls cells: the header, then `count` governors. */
function xlsTable(count: number): XlsCell[][] {
  return [
    HEADER,
    ...governorRows(count).map((line) => line.split(',').map((cell, i) => (i === 1 ? cell : Number(cell)))),
  ];
}

/** An OpenDocument spreadsheet of one sheet, `rows` its table-row elements; `stored`: content.xml not deflated. */
function ods(rows: string, stored = false): Buffer {
  const content =
    '<office:document-content><office:body><office:spreadsheet><table:table table:name="Scan 1">' +
    `<table:table-row>${HEADER.map((name) => `<table:table-cell office:value-type="string"><text:p>${name}</text:p></table:table-cell>`).join('')}</table:table-row>` +
    `${rows}</table:table></office:spreadsheet></office:body></office:document-content>`;
  return writeZip([
    { name: 'mimetype', data: Buffer.from(ODS_MIMETYPE), stored: true },
    { name: 'content.xml', data: Buffer.from(content), stored },
  ]);
}

const ODS_NUMBER = (value: number) => `<table:table-cell office:value-type="float" office:value="${value}"/>`;

// ---- the cases ----------------------------------------------------------------------------------------------------

export const HOSTILE_FILES: HostileFile[] = [
  {
    fileName: 'overlapping-entries-2026-10-01.xlsx',
    title: 'zip bomb: 12 sheet entries pointing at one 40 MB deflated entry',
    target: 'scan',
    expect: { kind: 'refused', says: /overlap|unpack|IMPORT_MAX_(INFLATED_BYTES|COMPRESSION_RATIO)/i },
    content: once(() => {
      const big = Buffer.concat([
        Buffer.from(sheetXml(SMALL_TABLE).replace('</sheetData></worksheet>', '')),
        filler(' ', 40 * MB),
        Buffer.from('</sheetData></worksheet>'),
      ]);
      return writeZip([...workbookParts(12), { name: 'xl/worksheets/sheet1.xml', data: big }], {
        aliases: Array.from({ length: 11 }, (_, i) => ({
          name: `xl/worksheets/sheet${i + 2}.xml`,
          target: 'xl/worksheets/sheet1.xml',
        })),
      });
    }),
  },
  {
    fileName: 'high-ratio-2026-10-01.xlsx',
    title: 'zip bomb: one entry that inflates 100 MB from about 100 KB',
    target: 'scan',
    expect: { kind: 'refused', says: /times its packed size|IMPORT_MAX_COMPRESSION_RATIO/ },
    content: once(() =>
      xlsxWithSheet(
        Buffer.concat([
          Buffer.from(sheetXml(SMALL_TABLE).replace('</sheetData></worksheet>', '')),
          filler(' ', 100 * MB),
          Buffer.from('</sheetData></worksheet>'),
        ]),
      ),
    ),
  },
  {
    fileName: 'prekvk-bomb.xlsx',
    title: 'the overlapping-entries bomb as a pre-KvK points upload',
    target: 'prekvk',
    expect: { kind: 'refused', says: /overlap|unpack|IMPORT_MAX_(INFLATED_BYTES|COMPRESSION_RATIO)/i },
    content: () => HOSTILE_FILES[0]!.content(),
  },
  {
    fileName: 'unclosed-tag-2026-10-01.xlsx',
    title: "unclosed cell tag: '<c '.repeat(330000) in a sheet",
    target: 'scan',
    expect: { kind: 'refused', says: /sheet "Scan 1"|not closed|unclosed|ends|well-formed|XML/i },
    content: once(() =>
      xlsxWithSheet(
        `<?xml version="1.0"?><worksheet xmlns="${SHEET_NS}"><sheetData><row r="1">${'<c '.repeat(330_000)}`,
      ),
    ),
  },
  {
    fileName: 'huge-column-index-2026-10-01.xlsx',
    title: 'cell reference MWLQKWT1 (column 4.29e9)',
    target: 'scan',
    expect: { kind: 'refused', says: /MWLQKWT1|IMPORT_MAX_COLUMN_INDEX/ },
    content: once(() =>
      xlsxWithSheet(
        sheetXml(SMALL_TABLE).replace(
          '</sheetData>',
          `<row r="5">${inlineCell('MWLQKWT5', 'x')}</row></sheetData>`,
        ),
      ),
    ),
  },
  {
    fileName: 'bad-crc-2026-10-01.xlsx',
    title: 'a sheet whose CRC does not match its data',
    target: 'scan',
    expect: { kind: 'refused', says: /CRC|checksum|damaged|corrupt/i },
    content: once(() => {
      const xml = Buffer.from(sheetXml(SMALL_TABLE));
      return xlsxWithSheet(xml, { crc: (crc32(xml) ^ 0x1) >>> 0 });
    }),
  },
  {
    fileName: 'invalid-code-point-2026-10-01.xlsx',
    title: 'a cell holding &#x110000; (past the last Unicode code point)',
    target: 'scan',
    expect: { kind: 'refused', says: /&#x110000;|code point|character/i },
    content: once(() =>
      xlsxWithSheet(sheetXml([HEADER, ['40000001', 'Bad &#x110000; name', '1', '2', '3']])),
    ),
  },
  {
    fileName: 'deep-2026-10-01.json',
    title: 'JSON nested 200,000 deep',
    target: 'scan',
    expect: { kind: 'refused', says: /nest|deep|IMPORT_MAX_JSON_DEPTH/i },
    content: once(() => Buffer.from(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)),
  },
  {
    fileName: 'deep-field-2026-10-01.jsonl',
    title: 'a JSON-lines field nested 200,000 deep',
    target: 'scan',
    expect: { kind: 'refused', says: /line 1|nest|deep|IMPORT_MAX_JSON_DEPTH/i },
    content: once(() =>
      Buffer.from(`{"governor_id": 1, "name": "A", "power": ${'['.repeat(200_000)}${']'.repeat(200_000)}}\n`),
    ),
  },
  {
    fileName: 'overflow-2026-10-01.csv',
    title: 'numbers whose sum passes 64 bits',
    target: 'scan',
    expect: { kind: 'refused', says: /row 2, column "Power"/ },
    content: once(() =>
      csv([
        HEADER.join(','),
        '40000001,Alpha,9223372036854775807,1,1',
        '40000002,Beta,9223372036854775807,1,1',
      ]),
    ),
  },
  {
    fileName: 'prekvk-overflow.csv',
    title: 'pre-KvK points past what the database stores',
    target: 'prekvk',
    expect: { kind: 'refused', says: /row 2, column "stage1_points"/ },
    content: once(() => csv(['governor_id,name,stage1_points', '40000001,Alpha,100000000000000000000'])),
  },
  {
    fileName: 'nul-2026-10-01.csv',
    title: 'a NUL byte in a governor name',
    target: 'scan',
    expect: {
      kind: 'cleanedOrRefused',
      refusalSays: /row 3, column "Name"/,
      isBad: (text) => text.includes('\u0000'),
    },
    content: once(() => csv([HEADER.join(','), '40000001,Alpha,1,1,1', '40000002,Be\u0000ta,2,2,2'])),
  },
  {
    fileName: 'control-characters-2026-10-01.csv',
    title: 'control characters in a name and an alliance',
    target: 'scan',
    expect: {
      kind: 'cleanedOrRefused',
      refusalSays: /row 2, column "(Name|Alliance)"/,
      isBad: hasControlCharacter,
    },
    content: once(() =>
      csv([
        'Governor ID,Name,Alliance,Power',
        '40000001,Al\u0007pha\u001b[31m,\u0001TAG,1',
        '40000002,Beta,TAG,2',
      ]),
    ),
  },
  {
    fileName: 'hex-id-2026-10-01.csv',
    title: 'a hexadecimal governor ID (0x10)',
    target: 'scan',
    expect: { kind: 'refused', says: /row 3, column "Governor ID".*"0x10"/ },
    content: once(() => csv([HEADER.join(','), '40000001,Alpha,1,1,1', '0x10,Beta,2,2,2'])),
  },
  {
    fileName: 'looped-chain-2026-10-01.xls',
    title: 'an .xls whose sector chain loops back on itself',
    target: 'scan',
    expect: { kind: 'refused', says: /not a readable \.xls workbook \(a sector chain is broken\)/ },
    content: once(() => buildXls([{ name: 'Scan 1', rows: xlsTable(400) }], { loopedChain: true })),
  },
  {
    fileName: 'all-rows-2026-10-01.xls',
    title: 'an .xls sheet of 65,536 rows (all BIFF8 has), past the row limit',
    target: 'scan',
    expect: { kind: 'refused', says: /more than 50,000 rows|IMPORT_MAX_ROWS/ },
    content: once(() => buildXls([{ name: 'Scan 1', rows: xlsTable(65_535) }])),
  },
  {
    fileName: 'repeated-row-2026-10-01.ods',
    title: 'an .ods row of values repeated 1,000,000 times',
    target: 'scan',
    expect: { kind: 'refused', says: /more than 50,000 rows|IMPORT_MAX_ROWS/ },
    content: once(() =>
      ods(
        `<table:table-row table:number-rows-repeated="1000000">${[40000001, 1, 1, 1, 1].map(ODS_NUMBER).join('')}</table:table-row>`,
      ),
    ),
  },
  {
    fileName: 'space-run-2026-10-01.ods',
    title: 'an .ods cell of 100,000 runs of 999,999,999 spaces',
    target: 'scan',
    expect: { kind: 'refused', says: /characters|IMPORT_MAX_CELL_CHARS/ },
    content: once(() =>
      ods(
        `<table:table-row>${ODS_NUMBER(40000001)}<table:table-cell office:value-type="string"><text:p>` +
          `${'<text:s text:c="999999999"/>'.repeat(100_000)}</text:p></table:table-cell></table:table-row>`,
        // Stored, not deflated: packed, the compression-ratio limit would refuse it before the cell is read.
        true,
      ),
    ),
  },
  {
    fileName: 'infinity-2026-10-01.csv',
    title: 'Infinity as a number',
    target: 'scan',
    expect: { kind: 'refused', says: /row 2, column "Power".*"Infinity"/ },
    content: once(() => csv([HEADER.join(','), '40000001,Alpha,Infinity,1,1'])),
  },
  {
    fileName: 'million-rows-2026-10-01.csv',
    title: 'a CSV of 1,000,000 governor rows',
    target: 'scan',
    expect: { kind: 'refused', says: /rows|IMPORT_MAX_ROWS/ },
    big: true,
    // Short rows (about 17 MB in all), under the upload size limit: it is the reader's row limit that must stop it.
    content: once(() =>
      csv([HEADER.join(','), ...Array.from({ length: 1_000_000 }, (_, i) => `${40_000_000 + i},G,1,1,1`)]),
    ),
  },
  {
    fileName: 'huge-name-2026-10-01.csv',
    title: 'a 10 MB governor name',
    target: 'scan',
    expect: { kind: 'refused', says: /row 2|characters|IMPORT_MAX_CELL_CHARS/ },
    big: true,
    content: once(() => csv([HEADER.join(','), `40000001,${'N'.repeat(10 * MB)},1,1,1`])),
  },
];
