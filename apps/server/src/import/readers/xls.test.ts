import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS } from '../limits.ts';
import { parseScanFile } from '../parse-scan.ts';
import { refusalOf } from '../test-refusal.ts';
import { readFileTables } from './read-tables.ts';
import { buildXls, type XlsCell } from './test-xls.ts';
import { openXlsWorkbook } from './xls.ts';

/**
 * Legacy .xls workbooks (BIFF8): built by test-xls.ts as Excel and xlwt lay them out. The builder's output was
 * checked against an independent reader (Python's xlrd) cell for cell when it was written.
 */

const LEGACY_HEADER = [
  'Governor Name',
  'Governor ID',
  'Power',
  'Kill Points',
  'Deads',
  'Tier 1 Kills',
  'Tier 2 Kills',
  'Tier 3 Kills',
  'Tier 4 Kills',
  'Tier 5 Kills',
  'Rss Assistance',
  'Alliance',
];

/** Every sheet's rows, as the reader gives them. */
function sheetRows(content: Buffer) {
  const { workbook } = openXlsWorkbook(content, 'x.xls');
  return workbook.sheets.map((sheet) => ({ name: sheet.name, rows: workbook.openSheet(sheet).all() }));
}

describe('a legacy RokTracker scan (.xls, as nikolakis1919/RokTracker saves it through xlwt)', () => {
  const rows: XlsCell[][] = [
    LEGACY_HEADER,
    ['Ayla', 51234567, 75123456, 2000000, 1500, 10, 20, 30, 40, 50, 123456, '[KS]Kings\n'],
    ['=Bram', 51234568, 60000000, 'Unknown', 1200, 'Unknown\n', 2, 3, 4, 5, 'Unknown', 'ABC'],
    ['Čeněk 李', 51234569, 3_000_000_000, 0, 0, 0, 0, 0, 0, 0, 0, ''],
  ];
  const file = buildXls([{ name: '2021-12-25', rows }]);

  it('imports its governors, the scan time from the sheet name, and Unknown as unknown', () => {
    const parsed = parseScanFile(file, 'TOP300-2021-12-25-1253.xls');
    expect(parsed.container).toBe('xls');
    const [scan] = parsed.scans;
    expect(scan).toMatchObject({
      sourceFormat: 'roktracker-legacy',
      sheetName: '2021-12-25',
      detectedTime: { takenAt: Date.parse('2021-12-25T00:00:00Z') / 1000, source: 'sheet-name' },
      skippedRows: [],
    });
    expect(
      scan!.rows.map((row) => [row.governor_id, row.name, row.alliance, row.power, row.kill_points]),
    ).toEqual([
      [51234567, 'Ayla', '[KS]Kings', 75123456, 2000000],
      [51234568, '=Bram', 'ABC', 60000000, null],
      [51234569, 'Čeněk 李', null, 3_000_000_000, 0],
    ]);
    expect(scan!.rows[1]).toMatchObject({ t1_kills: null, t2_kills: 2, rss_assistance: null, dead: 1200 });
  });

  it('is read whatever the file is named: the content says it is a workbook', () => {
    expect(readFileTables(file, 'scan').container).toBe('xls');
  });
});

describe('cells', () => {
  it('reads text, whole and fractional numbers, booleans, errors and formulas as a spreadsheet shows them', () => {
    // Each cell as written, and as read (undefined: no value, so no cell).
    const cells: [XlsCell, unknown][] = [
      ['plain', 'plain'],
      ['Ωμέγα', 'Ωμέγα'],
      [42, 42],
      [-7, -7],
      [2.5, 2.5],
      [1e15 + 1, 1e15 + 1],
      [true, true],
      [false, false],
      [{ error: 0x2a }, '#N/A'],
      [{ formula: 12.75 }, 12.75],
      [{ formula: 'from a formula' }, 'from a formula'],
      [{ label: 'an inline label' }, 'an inline label'],
      [null, undefined],
      ['', undefined],
      ['last', 'last'],
    ];
    const [sheet] = sheetRows(buildXls([{ name: 'S', rows: [cells.map(([written]) => written)] }]));
    const expected: unknown[] = [];
    for (const [i, [, read]] of cells.entries()) if (read !== undefined) expected[i] = read;
    expect(sheet!.rows).toEqual([{ number: 1, cells: expected }]);
  });

  it('reads shared strings split over CONTINUE records, one byte or two a character', () => {
    const names = Array.from(
      { length: 300 },
      (_, i) => `Governor ${i} ${'ž'.repeat(i % 40)}${'a'.repeat(i % 33)}`,
    );
    const rows: XlsCell[][] = [['Governor ID', 'Name'], ...names.map((name, i): XlsCell[] => [i + 1, name])];
    for (const options of [{ sstRecordBytes: 97 }, { sstRecordBytes: 200, wideStrings: true }, {}]) {
      const [sheet] = sheetRows(buildXls([{ name: 'S', rows }], options));
      expect(sheet!.rows.map((row) => row.cells[1])).toEqual(['Name', ...names]);
    }
  });

  it('reads a row of whole numbers written as one MULRK record', () => {
    const rows: XlsCell[][] = [
      ['Governor ID', 'a', 'b', 'c'],
      [5, 6, 7, 8],
      [9, 10, 'x', 11],
    ];
    const [sheet] = sheetRows(buildXls([{ name: 'S', rows }], { mulrk: true }));
    expect(sheet!.rows.map((row) => row.cells)).toEqual(rows);
  });

  // [MS-CFB]: the header fills sector -1, so sector n starts at (n + 1) × 4,096. (xlrd reads only version 3 files
  // right: it puts every sector at 512 + n × size.)
  it('reads a version 4 compound file, whose sectors are 4,096 bytes', () => {
    const rows: XlsCell[][] = [
      ['Governor ID', 'Name'],
      ...Array.from({ length: 900 }, (_, i): XlsCell[] => [i + 1, `n${i}`]),
    ];
    const [sheet] = sheetRows(buildXls([{ name: 'Big', rows }], { version4: true }));
    expect(sheet!.rows.map((row) => row.cells)).toEqual(rows);
  });

  it('reads a workbook small enough to sit in the mini stream', () => {
    const rows: XlsCell[][] = [
      ['Governor ID', 'Power'],
      [1, 2.5],
      [3, 4],
    ];
    const [sheet] = sheetRows(buildXls([{ name: 'Tiny', rows }], { miniStream: true }));
    expect(sheet).toEqual({
      name: 'Tiny',
      rows: rows.map((cells, i) => ({ number: i + 1, cells })),
    });
  });
});

describe('sheets', () => {
  const scan = (id: number): XlsCell[][] => [
    ['Governor ID', 'Name', 'Power'],
    [id, 'A', 100],
  ];

  it('chooses them as in an xlsx: summaries and sheets without a governor ID are skipped, with why', () => {
    const file = buildXls([
      { name: 'Summary', rows: [['Scan'], ['x']] },
      { name: '2026-10-01', rows: scan(1) },
      { name: 'Notes', rows: [['hello']] },
      { name: '2026-10-02', rows: scan(2) },
    ]);
    const tables = readFileTables(file, 'kd.xls');
    expect(tables.sheetNames).toEqual(['Summary', '2026-10-01', 'Notes', '2026-10-02']);
    expect(tables.tables.map((table) => [table.sheetName, table.rows[0]!.cells[0]])).toEqual([
      ['2026-10-01', 1],
      ['2026-10-02', 2],
    ]);
    expect(tables.skippedSheets).toEqual([
      { name: 'Summary', reason: 'a summary, not a scan' },
      { name: 'Notes', reason: 'no governor ID column' },
    ]);
  });

  it('reads the Rolled Up sheet alone with the rolled-up option', () => {
    const file = buildXls([
      { name: '3584', rows: scan(1) },
      { name: 'Rolled Up 3584', rows: scan(2) },
    ]);
    const tables = readFileTables(file, 'hero.xls', { rolledUp: true });
    expect(tables.tables.map((table) => table.sheetName)).toEqual(['Rolled Up 3584']);
  });
});

describe('refusals', () => {
  const rows: XlsCell[][] = [['Governor ID'], [1]];

  it('names an Excel 5.0/95 workbook, a password, and a compound file that holds no workbook', () => {
    expect(
      refusalOf(() => readFileTables(buildXls([{ name: 'S', rows }], { streamName: 'Book' }), 'old.xls')),
    ).toBe(
      'old.xls: is an Excel 5.0/95 (or older) workbook, which is not read; open it and save it as .xlsx or .csv',
    );
    expect(
      refusalOf(() => readFileTables(buildXls([{ name: 'S', rows }], { password: true }), 'p.xls')),
    ).toBe('p.xls: is protected by a password; save it without one (or as .xlsx or .csv)');
    expect(
      refusalOf(() => readFileTables(buildXls([{ name: 'S', rows }], { biffVersion: 0x0500 }), 'v5.xls')),
    ).toBe('v5.xls: is not a readable .xls workbook (is not in the Excel 97–2003 (BIFF8) format)');
    expect(
      refusalOf(() =>
        readFileTables(buildXls([{ name: 'S', rows }], { streamName: 'WordDocument' }), 'a.doc'),
      ),
    ).toBe('a.doc: is a compound document without a workbook (a .doc or .msg?), not a spreadsheet');
  });

  it('refuses a damaged file without looping or reading past its end', () => {
    const big: XlsCell[][] = Array.from({ length: 400 }, (_, i) => [i + 1, `name ${i}`]);
    const looped = buildXls([{ name: 'S', rows: [['Governor ID', 'Name'], ...big] }], { loopedChain: true });
    expect(refusalOf(() => readFileTables(looped, 'loop.xls'))).toBe(
      'loop.xls: is not a readable .xls workbook (a sector chain is broken)',
    );
    const file = buildXls([{ name: 'S', rows }]);
    // The record after the workbook's BOF (the stream starts at the first sector, byte 512) claims 65,535 bytes.
    file.writeUInt16LE(0xffff, 512 + 20 + 2);
    expect(refusalOf(() => readFileTables(file, 'cut.xls'))).toBe(
      'cut.xls: is not a readable .xls workbook (has a record that runs past its end)',
    );
  });

  it('holds a sheet to the import limits, naming the sheet and the limit', () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, rows: 3, columns: 2 };
    const tall = buildXls([{ name: 'Tall', rows: [['Governor ID'], [1], [2], [3]] }]);
    expect(refusalOf(() => readFileTables(tall, 't.xls', { limits }))).toMatch(
      /^t\.xls: sheet "Tall" has more than 3 rows; .*IMPORT_MAX_ROWS/,
    );
    const wide = buildXls([{ name: 'Wide', rows: [['Governor ID', 'a', 'b']] }]);
    expect(refusalOf(() => readFileTables(wide, 'w.xls', { limits }))).toMatch(
      /^w\.xls: sheet "Wide" cell C1 is in column 3; .*IMPORT_MAX_COLUMNS/,
    );
  });
});
