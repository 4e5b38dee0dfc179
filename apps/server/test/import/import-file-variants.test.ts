import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { resultSentences } from '../../src/import/import-report.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { addTestKingdom, FIXTURES, refusal, snapshot, statsOf, utc } from './import-support.ts';

// The file variants of issue 11 through the whole import, on the database the project runs (SQLite, and PostgreSQL
// when TEST_DATABASE_URL is set): what is stored, and that a refused file stores nothing.

const REAL = resolve(FIXTURES, 'scans/real');
const KD = 1662;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await addTestKingdom(db.db, KD);
});
afterAll(() => db.drop());

const importContent = (fileName: string, content: Buffer, at?: string) =>
  importScanFile(db.db, { kingdomKd: KD, filePath: fileName, content, ...(at ? { at } : {}) });

describe('real files', () => {
  it('stores the legacy RokTracker scan with its repeated last governor once: 249 governors', async () => {
    const result = await importScanFile(db.db, {
      kingdomKd: KD,
      filePath: resolve(REAL, 'kd1662-end_pass7.xlsx'),
    });
    expect(result.scans).toHaveLength(1);
    const [scan] = result.scans;
    expect(scan).toMatchObject({ rows: 249, mergedRepeatedRows: 1, takenAt: utc('2025-06-27 00:00') });
    const stored = await statsOf(db.db, scan!.scanId);
    expect(stored).toHaveLength(249);
    expect(stored.filter((row) => /[\r\n]/.test(row.alliance ?? ''))).toEqual([]);
  });

  it('stores the RokTracker v1–v4 CSV without its ID-0 row 6', async () => {
    const result = await importScanFile(db.db, {
      kingdomKd: KD,
      filePath: resolve(REAL, 'kd1599-dataset3.csv'),
      at: '2025-02-01T00:00:00Z',
    });
    const [scan] = result.scans;
    expect(scan!.skippedRows).toEqual([{ row: 6, reason: 'unreadable governor ID "0"' }]);
    const stored = await statsOf(db.db, scan!.scanId);
    expect(stored).toHaveLength(scan!.rows);
    expect(stored.some((row) => Number(row.governor_id) === 0)).toBe(false);
  });

  it('refuses the alliance CSV at its broken cell, storing nothing', async () => {
    const before = await snapshot(db.db);
    const message = await refusal(() =>
      importScanFile(db.db, { kingdomKd: KD, filePath: resolve(REAL, '01192025.csv') }),
    );
    expect(message).toBe(
      '01192025.csv: row 39, column "t1_kills": "4.\\r\\n84,122" is not a number (a line break splits it)',
    );
    expect(await snapshot(db.db)).toEqual(before);
  });
});

describe('synthetic variants', () => {
  it('removes control characters, NUL included, before they reach the database', async () => {
    const text = '{"ID": 7001, "Name": "Al\\u0000ice\\u0007", "Alliance": "[TB]\\r\\n"}\n';
    const result = await importContent('nul-2025-03-01.jsonl', Buffer.from(text));
    const [row] = await statsOf(db.db, result.scans[0]!.scanId);
    expect([row!.name, row!.alliance]).toEqual(['Alice', '[TB]']);
  });

  it('stores one scan per sheet of a workbook of several scans', async () => {
    const book = new ExcelJS.Workbook();
    const header = ['Governor ID', 'Governor Name', 'Power', 'Dead Troops'];
    book.addWorksheet('16Jul23-03h').addRows([header, [8001, 'A', 100, 1], [8002, 'B', 200, 2]]);
    book.addWorksheet('29Feb24-21h40m').addRows([header, [8001, 'A', 150, 3], [8002, 'B', 250, 4]]);
    book.addWorksheet('Summary').addRows([
      ['Kingdom', 'Power'],
      [KD, 300],
    ]);
    const result = await importContent('kd1662-history.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(result.scans.map((s) => [s.sheetName, s.takenAt, s.rows])).toEqual([
      ['16Jul23-03h', utc('2023-07-16 03:00'), 2],
      ['29Feb24-21h40m', utc('2024-02-29 21:40'), 2],
    ]);
    expect(result.skippedSheets.map((s) => s.name)).toEqual(['Summary']);
    const dead = await statsOf(db.db, result.scans[1]!.scanId);
    expect(dead.map((row) => row.dead)).toEqual([3, 4]);
  });

  it('refuses an ambiguous date in the name unless given a time', async () => {
    const content = Buffer.from('ID,Name,Power\n9001,A,5\n');
    const before = await snapshot(db.db);
    expect(await refusal(() => importContent('PriorPass4Opening 04-12-2024.csv', content))).toContain(
      'can be read as 4 December 2024 (day first) or 12 April 2024 (month first)',
    );
    expect(await snapshot(db.db)).toEqual(before);
    const result = await importContent('PriorPass4Opening 04-12-2024.csv', content, '2024-12-04T00:00:00Z');
    expect(result.scans[0]!.takenAt).toBe(utc('2024-12-04 00:00'));
  });

  it.each([
    ['gains.csv', 'Governor ID,Name,Dead Gain\n1,A,5\n', 'is a table of gains, not a scan'],
    [
      'kingdom-2025-01-01-2025-01-31.csv',
      'Character ID,Username,Current Power\n1,A,5\n',
      "the game's own member export",
    ],
    ['semicolons-2025-01-01.csv', 'ID;Name;Power\n1;A;2,500\n', '"2,500" is ambiguous'],
    ['hex-2025-01-01.csv', 'ID,Name\n0x10,A\n', '"0x10" is not a decimal number'],
    ['big-2025-01-01.csv', 'ID,Power\n1,100000000000001\n', 'larger than the largest count stored'],
  ])('refuses %s and stores nothing', async (fileName, text, says) => {
    const before = await snapshot(db.db);
    expect(await refusal(() => importContent(fileName, Buffer.from(text)))).toContain(says);
    expect(await snapshot(db.db)).toEqual(before);
  });

  it('keeps 49 good governors beside a name of 85 characters of scanner junk, cut and named, in csv and xlsx', async () => {
    // A RokTracker v1–v4 file of 50 governors whose row 37 has scanner junk in its name cell (issue 37).
    const header = [
      'Governor ID',
      'Governor Name',
      'Power',
      'Kill Points',
      'Deaths',
      'T1',
      'T2',
      'T3',
      'T4',
      'T5',
    ];
    const junk = `Iron${'̷'.repeat(30)}#@!${'x'.repeat(48)}`;
    const rows = Array.from({ length: 50 }, (_, i) => [
      String(81_000 + i),
      i === 35 ? junk : `Gov ${i}`,
      ...[1_000_000 + i, 5_000 + i, 10, 1, 2, 3, 4, 5].map(String),
    ]);
    const csv = [header, ...rows].map((row) => row.join(',')).join('\n');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('2025-02-01');
    sheet.addRow(header);
    for (const row of rows) sheet.addRow(row.map((cell, i) => (i === 1 ? cell : Number(cell))));
    const files: [string, Buffer][] = [
      ['v4-2025-02-01-junk.csv', Buffer.from(csv)],
      ['v4-2025-02-02-junk.xlsx', Buffer.from(await book.xlsx.writeBuffer())],
    ];
    for (const [fileName, content] of files) {
      const result = await importContent(fileName, content);
      expect(result.scans[0]!.rows).toBe(50);
      expect(result.warnings[0]).toBe(
        `row 37, column "Governor Name": ${[...junk].length} characters long, more than the 64 stored, so governor ` +
          `81035 is stored as "${[...junk].slice(0, 64).join('')}": review it`,
      );
      const stored = await statsOf(db.db, result.scans[0]!.scanId);
      const cut = stored.find((row) => Number(row.governor_id) === 81_035)!;
      expect(cut.name).toBe([...junk].slice(0, 64).join(''));
      expect(JSON.parse(cut.extra_json!)).toMatchObject({ name_cut_from: [...junk].length });
    }
  });

  it('stores the largest count the database takes', async () => {
    const result = await importContent('max-2025-04-01.csv', Buffer.from('ID,Power\n1,100000000000000\n'));
    const [row] = await statsOf(db.db, result.scans[0]!.scanId);
    expect(Number(row!.power)).toBe(100_000_000_000_000);
  });
});

describe('headers read by their words', () => {
  it('imports a JSON export with KillsTOne … KillsTFive and HelpClicks, and lists what it read by words', async () => {
    const rows = [
      {
        GovernorId: 82001,
        Name: 'A',
        KillsTOne: 1,
        KillsTTwo: 2,
        KillsTThree: 3,
        KillsTFour: 4,
        KillsTFive: 5,
        HelpClicks: 9,
      },
    ];
    const result = await importContent('words-2025-03-01.json', Buffer.from(JSON.stringify(rows)));
    const stored = await statsOf(db.db, result.scans[0]!.scanId);
    const row = stored.find((r) => Number(r.governor_id) === 82_001);
    expect([row!.t1_kills, row!.t5_kills, row!.helps].map(Number)).toEqual([1, 5, 9]);
    expect(result.ignoredColumns).toEqual([]);
    expect(resultSentences(result)).toContain(
      'Columns read by their words: "KillsTOne" as t1_kills, "KillsTTwo" as t2_kills, "KillsTThree" as t3_kills, ' +
        '"KillsTFour" as t4_kills, "KillsTFive" as t5_kills.',
    );
  });
});
