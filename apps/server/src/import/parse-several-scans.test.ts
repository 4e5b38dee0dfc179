import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseScanFile } from './parse-scan.ts';
import { refusalOf } from './test-refusal.ts';

const utc = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h, mi) / 1000;

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = [
  'Governor ID',
  'Governor Name',
  'Power',
  'Kill Points',
  'Dead Troops',
  'T4 Kills',
  'T5 Kills',
];
const governors = (power: number) => [
  [101, 'Alice', power, 10, 1, 2, 3],
  [102, 'Bob', power + 1, 20, 2, 4, 6],
];

describe('a workbook with one sheet per scan', () => {
  it('gives one scan per sheet, timed by its name, and names the sheets it skipped', async () => {
    const content = await workbook({
      '16Jul23-03h': [HEADER, ...governors(100)],
      '29Feb24-21h40m': [HEADER, ...governors(200)],
      '2025-06-27': [HEADER, ...governors(300)],
      Summary: [
        ['Kingdom', 'Total power'],
        [1234, 600],
      ],
    });
    const file = parseScanFile(content, 'kd1234-kvk.xlsx');
    expect(file.container).toBe('xlsx');
    expect(
      file.scans.map((s) => [s.name, s.sheetName, s.detectedTime, s.rows.length, s.rows[0]!.power]),
    ).toEqual([
      ['16Jul23-03h', '16Jul23-03h', { takenAt: utc(2023, 7, 16, 3), source: 'sheet-name' }, 2, 100],
      [
        '29Feb24-21h40m',
        '29Feb24-21h40m',
        { takenAt: utc(2024, 2, 29, 21, 40), source: 'sheet-name' },
        2,
        200,
      ],
      ['2025-06-27', '2025-06-27', { takenAt: utc(2025, 6, 27), source: 'sheet-name' }, 2, 300],
    ]);
    expect(file.skippedSheets.map((s) => s.name)).toEqual(['Summary']);
  });

  it('refuses a data sheet whose name is no time, by name, rather than skipping it', async () => {
    const content = await workbook({
      '16Jul23-03h': [HEADER, ...governors(1)],
      Data: [HEADER, ...governors(2)],
    });
    expect(refusalOf(() => parseScanFile(content, 'kvk.xlsx'))).toBe(
      'kvk.xlsx: sheet "Data" holds governors but its name is no scan time: in a workbook of several scans each ' +
        'sheet is one scan, named after its time (16Jul23-03h, 29Feb24-21h40m, 2025-06-27 or 2025-06-27 14:00); ' +
        'rename the sheet, or delete it if it is not a scan',
    );
  });

  it('refuses two sheets of one time, and names the sheet of a bad cell', async () => {
    const twice = await workbook({
      '2025-06-27': [HEADER, ...governors(1)],
      '27Jun25': [HEADER, ...governors(2)],
    });
    expect(refusalOf(() => parseScanFile(twice, 'kvk.xlsx'))).toBe(
      'kvk.xlsx: sheets "2025-06-27" and "27Jun25" are both the scan of 27 June 2025; keep one',
    );
    const bad = await workbook({
      '2025-06-27': [HEADER, ...governors(1)],
      '2025-06-28': [HEADER, [101, 'Alice', 'lots', 1, 1, 1, 1]],
    });
    expect(refusalOf(() => parseScanFile(bad, 'kvk.xlsx'))).toBe(
      'kvk.xlsx: sheet "2025-06-28", row 2, column "Power": "lots" is not a number',
    );
  });
});

describe('a long table with a date column', () => {
  it('gives one scan per date, in the order the dates come', () => {
    const lines = ['Date,Governor ID,Name,Power,Deads'];
    for (const date of ['2025-01-02', '2025-01-01', '2025-01-03']) {
      for (let id = 1; id <= 400; id++) lines.push(`${date},${id},G${id},${id * 10},${date.at(-1)}`);
    }
    const file = parseScanFile(Buffer.from(lines.join('\n')), 'kd77 history.csv');
    expect(file.scans.map((s) => [s.name, s.detectedTime, s.rows.length, s.rows[0]!.dead])).toEqual([
      ['kd77 history 2 January 2025', { takenAt: utc(2025, 1, 2), source: 'date-column' }, 400, 2],
      ['kd77 history 1 January 2025', { takenAt: utc(2025, 1, 1), source: 'date-column' }, 400, 1],
      ['kd77 history 3 January 2025', { takenAt: utc(2025, 1, 3), source: 'date-column' }, 400, 3],
    ]);
    expect(file.scans[0]!.ignoredColumns).toEqual([]);
  });

  it('reads dates typed into spreadsheet cells, and refuses a cell that is no date', async () => {
    const content = await workbook({
      Sheet1: [
        ['Scan Date', 'ID', 'Power'],
        [new Date(Date.UTC(2025, 0, 1)), 1, 5],
        [new Date(Date.UTC(2025, 0, 2)), 1, 6],
      ],
    });
    expect(parseScanFile(content, 'h.xlsx').scans.map((s) => s.detectedTime?.takenAt)).toEqual([
      utc(2025, 1, 1),
      utc(2025, 1, 2),
    ]);
    expect(refusalOf(() => parseScanFile(Buffer.from('Date,ID\n2025-01-01,1\nsoon,2\n'), 'h.csv'))).toBe(
      'h.csv: row 3, column "Date": the date is "soon", which is not a date; write it as YYYY-MM-DD (or ' +
        'YYYY-MM-DD HH:MM, UTC)',
    );
    expect(parseScanFile(Buffer.from('Date,ID\n19/12/2024,1\n'), 'h.csv').scans[0]!.detectedTime).toEqual({
      takenAt: utc(2024, 12, 19),
      source: 'date-column',
    });
    expect(refusalOf(() => parseScanFile(Buffer.from('Date,ID\n04-12-2024,1\n'), 'h.csv'))).toBe(
      'h.csv: row 2, column "Date": the date "04-12-2024" can be read as 4 December 2024 (day first) or ' +
        '12 April 2024 (month first), and the import never guesses; write dates as YYYY-MM-DD',
    );
  });
});

describe('tables that compare scans', () => {
  it.each([
    ['Governor ID,Name,Dead Gain,T4 Kills', 'its column "Dead Gain" holds what changed'],
    ['ID,Name,KP Difference', 'its column "KP Difference"'],
    ['ID,Name,Power Change', 'its column "Power Change"'],
    ['ID,Name,t4_kills_delta', 'its column "t4_kills_delta"'],
    ['ID,Name,Gain', 'its column "Gain"'],
  ])('refuses a table of gains: %s', (header, says) => {
    const message = refusalOf(() => parseScanFile(Buffer.from(`${header}\n1,A,5\n`), 'gains.csv'));
    expect(message).toContain(`gains.csv: is a table of gains, not a scan: ${says}`);
    expect(message).toContain(
      "a scan is every governor's totals (power, kill points, dead, kills by tier …) at one moment",
    );
  });

  it.each([
    ['ID,Name,T4 Kills (start),T4 Kills (end)', '"T4 Kills (start)" and "T4 Kills (end)"'],
    ['ID,Name,Power Before,Power After', '"Power Before" and "Power After"'],
    ['ID,Name,Power,Power End', '"Power" and "Power End"'],
    ['ID,Name,killpoints_x,killpoints_y', '"killpoints_x" and "killpoints_y"'],
  ])('refuses two columns of one stat: %s', (header, named) => {
    expect(refusalOf(() => parseScanFile(Buffer.from(`${header}\n1,A,5,6\n`), 'two.csv'))).toContain(
      `two.csv: has two columns of one stat (${named}): it compares two scans rather than being one; a scan is`,
    );
  });

  it('takes ordinary scans whose headers only resemble these words', () => {
    const text = 'ID,Name,Current Power,Highest Power,Exchange Rate,Changed By\n1,A,5,6,x,y\n';
    expect(parseScanFile(Buffer.from(text), 's.csv').scans[0]!.rows[0]!.power).toBe(5);
  });
});

describe("the game's own member export", () => {
  const header =
    'Character ID,Username,Current Power,Highest Power,T5 Deaths,T4 Deaths,T3 Deaths,T2 Deaths,T1 Deaths,' +
    'Total Kill Points,T5 Kills,T4 Kills,T3 Kills,T2 Kills,T1 Kills,Resources Gathered,Alliance Helps';

  it('is refused with what it is and what a scan is, by its name or its headers', async () => {
    const content = await workbook({ Members: [header.split(','), [1, 'A', ...Array(15).fill(1)]] });
    expect(refusalOf(() => parseScanFile(content, 'kingdom-2025-01-01-2025-01-31.xlsx'))).toBe(
      "kingdom-2025-01-01-2025-01-31.xlsx: is the game's own member export (headers in English): its kills, deaths, kill points, " +
        'resources and helps are what each member did from 2025-01-01 to 2025-01-31, not their totals at one ' +
        "moment. The import takes scans: every governor's totals at one moment, as a scanner (RokTracker, Hero " +
        "Scrolls) reads them from the profiles; the dashboard works out a period's gains from two scans. To store " +
        "it as the members' activity over its dates, upload it on the kingdom's page or import it with npm run " +
        'cli -- member-export import <kd> kingdom-2025-01-01-2025-01-31.xlsx',
    );
    const csv = Buffer.from(
      `${header.replace('Current Power', 'Power')}\n1,A,${Array(15).fill(1).join(',')}\n`,
    );
    expect(refusalOf(() => parseScanFile(csv, 'members.csv'))).toContain(
      "members.csv: is the game's own member export (headers in English): its kills, deaths, kill points, resources and helps are " +
        'what each member did over the dates it was exported for',
    );
    expect(refusalOf(() => parseScanFile(csv, 'members.csv'))).toMatch(
      /name it as the game does, kingdom-YYYY-MM-DD-YYYY-MM-DD\.xlsx with the first and last day it covers, and upload it again$/,
    );
  });
});

describe('what a scan cannot give', () => {
  it('lists the stat fields without a column', () => {
    const [scan] = parseScanFile(
      Buffer.from('ID,Name,Power,Kill Points,T4 Kills\n1,A,5,6,7\n'),
      's.csv',
    ).scans;
    expect(scan!.missingFields).toEqual([
      't1_kills',
      't2_kills',
      't3_kills',
      't5_kills',
      'dead',
      't4_dead',
      't5_dead',
      'healed',
      't4_healed',
      't5_healed',
      'rss_gathered',
      'rss_assistance',
      'helps',
      'acclaim',
    ]);
  });
});
