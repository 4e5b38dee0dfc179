import { describe, expect, it } from 'vitest';
import { readGameExportRows, recogniseGameExport } from './game-export.ts';
import { parseScanFile } from './parse-scan.ts';
import { readFileTables } from './readers/read-tables.ts';
import { refusalOf } from './test-refusal.ts';

// Small exports written from the column list of issue 37 (the game's 17 columns, in their order).
const ENGLISH =
  'ID,Username,Power,Highest Power,T5 Deaths,T4 Deaths,T3 Deaths,T2 Deaths,T1 Deaths,Total Kill Points,' +
  'T5 Kills,T4 Kills,T3 Kills,T2 Kills,T1 Kills,Resources Gathered,Alliance Helps';
const VIETNAMESE =
  'ID nhân vật,Tên Người Dùng,Sức Mạnh,Kỷ Lục Sức Mạnh,T5 tử vong,T4 tử vong,T3 tử vong,T2 tử vong,T1 tử vong,' +
  'Tổng Điểm Tiêu Diệt,Tổng Tiêu Diệt T5,Tổng Tiêu Diệt T4,Tổng Tiêu Diệt T3,Tổng Tiêu Diệt T2,Tổng Tiêu Diệt T1,' +
  'Tài Nguyên Thu Thập,Hỗ Trợ Liên Minh';
// The same columns in a language without a header table (a made-up one: only the shape may tell).
const UNLISTED = Array.from({ length: 17 }, (_, i) => `Kolumn ${String.fromCharCode(945 + i)}`).join(',');
const ROWS =
  '\n70001,Anh Hùng,5000000,6000000,10,20,30,40,50,123456,1,2,3,4,5,900000,77\n70002,Bé,1,2,0,0,0,0,0,0,0,0,0,0,0,0,0\n';

const tableOf = (fileName: string, text: string) =>
  readFileTables(Buffer.from(text), fileName, { rolledUp: false }).tables[0]!;

describe("the game's member export", () => {
  it.each([
    ['english', ENGLISH],
    ['vietnamese', VIETNAMESE],
    ['position', UNLISTED],
  ])('is recognised by its %s headers and read by column position', (matchedBy, header) => {
    const fileName = 'kingdom-2025-01-01-2025-01-31.csv';
    const table = tableOf(fileName, header + ROWS);
    expect(recogniseGameExport(fileName, table)).toEqual({
      matchedBy,
      dates: { from: '2025-01-01', to: '2025-01-31' },
    });
    expect(readGameExportRows(table, fileName)[0]).toEqual({
      governor_id: 70001,
      name: 'Anh Hùng',
      power: 5_000_000,
      highest_power: 6_000_000,
      t5_dead: 10,
      t4_dead: 20,
      t3_dead: 30,
      t2_dead: 40,
      t1_dead: 50,
      kill_points: 123_456,
      t5_kills: 1,
      t4_kills: 2,
      t3_kills: 3,
      t2_kills: 4,
      t1_kills: 5,
      rss_gathered: 900_000,
      helps: 77,
    });
  });

  it('says how it recognised the export when a scan is expected', () => {
    expect(refusalOf(() => parseScanFile(Buffer.from(UNLISTED + ROWS), 'members.csv'))).toMatch(
      /^members\.csv: is the game's own member export \(read by column position: headers in a language not listed\): .* over the dates it was exported for/,
    );
    expect(
      refusalOf(() => parseScanFile(Buffer.from(VIETNAMESE + ROWS), 'kingdom-2025-01-01-2025-01-31.csv')),
    ).toMatch(
      /^kingdom-2025-01-01-2025-01-31\.csv: is the game's own member export \(headers in Vietnamese\): .* from 2025-01-01 to 2025-01-31/,
    );
  });

  it("is not a scan of 17 columns, nor a table whose cells are not the export's", () => {
    const v5 =
      'ID,Name,Power,Killpoints,Deads,T1 Kills,T2 Kills,T3 Kills,T4 Kills,T5 Kills,Total Kills,T45 Kills,Ranged,' +
      'Rss Gathered,Rss Assistance,Helps,Alliance\n1,A,5,5,5,1,1,1,1,1,5,2,0,0,0,0,\n';
    expect(recogniseGameExport('scan.csv', tableOf('scan.csv', v5))).toBeUndefined();
    const words = `${UNLISTED}\n70001,A,lots,2,0,0,0,0,0,0,0,0,0,0,0,0,0\n`;
    expect(recogniseGameExport('x.csv', tableOf('x.csv', words))).toBeUndefined();
  });

  it('names the row and column of a cell it cannot read', () => {
    const fileName = 'kingdom-2025-01-01-2025-01-31.csv';
    const table = tableOf(fileName, `${VIETNAMESE}\n70001,A,5,6,x,0,0,0,0,0,0,0,0,0,0,0,0\n`);
    expect(refusalOf(() => readGameExportRows(table, fileName))).toBe(
      `${fileName}: row 2, column "T5 tử vong": "x" is not a number`,
    );
  });
});
