import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { importMessage } from '../../src/import/import-report.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { addTestKingdom, statsOf } from './import-support.ts';

/** The newer scanner's 35 columns, in its order (issue 37's list). */
const HEADERS_35 = [
  'Governor ID',
  'Name',
  'Power',
  'Alliance',
  'T1-Kills',
  'T2-Kills',
  'T3-Kills',
  'T4-Kills',
  'T5-Kills',
  'Total Kill Points',
  'Dead Troops',
  'Healed Troops',
  'Rss Assistance',
  'Alliance Helps',
  'Rss Gathered',
  'City Hall',
  'Troops Power',
  'Tech Power',
  'Building Power',
  'Commander Power',
  'Civilization',
  'Autarch Times',
  'Ranged Points',
  'KvK Played',
  'Most KvK Kill',
  'Most KvK Dead',
  'Most KvK Heal',
  'Acclaim',
  'Highest Acclaim',
  'AOO Joined',
  'AOO Won',
  'AOO Avg Kill',
  'AOO Avg Dead',
  'AOO Avg Heal',
  'Credit',
];

const KD = 3101;

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('the 35-column scanner file', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
  });
  afterAll(() => db.drop());

  it('stores healed troops as healed, 11-digit kill points, and keeps the profile columns', async () => {
    const full = [
      71001,
      'Full',
      98_000_000,
      'ABC',
      1,
      2,
      3,
      4_000_000,
      5_000_000,
      12_345_678_901,
      700_000,
      5_360_000,
      8,
      9,
      10,
      25,
      60_000_000,
      20_000_000,
      10_000_000,
      8_000_000,
      'China',
      2,
      1234,
      6,
      900_000,
      300_000,
      1_200_000,
      40_000,
      55_000,
      12,
      7,
      150_000,
      20_000,
      30_000,
      100,
    ];
    // Columns not scanned are left empty: unknown, not 0.
    const partial = [71002, 'Partial', 50_000_000, '', ...Array(30).fill(null), 90];
    const content = await workbook({ '2026-11-20': [HEADERS_35, full, partial] });
    const result = await importScanFile(db.db, { kingdomKd: KD, filePath: 'scan35.xlsx', content });
    expect(result.scans[0]).toMatchObject({
      status: 'imported',
      rows: 2,
      sourceFormat: 'scanner-35-columns',
    });
    expect(result.ignoredColumns).toEqual([]);
    expect(importMessage(result)).toMatch(
      /^scan35\.xlsx: Imported 2 governors as scan 1 "scan35" \(2026-11-20 00:00 UTC\), time from the sheet name\./,
    );
    const [first, second] = await statsOf(db.db, result.scans[0]!.scanId);
    expect(first).toMatchObject({
      governor_id: 71001,
      kill_points: 12_345_678_901,
      healed: 5_360_000,
      dead: 700_000,
      t5_kills: 5_000_000,
      acclaim: 40_000,
    });
    expect(JSON.parse(first!.extra_json!)).toEqual({
      town_hall: 25,
      troop_power: 60_000_000,
      tech_power: 20_000_000,
      building_power: 10_000_000,
      commander_power: 8_000_000,
      civilization: 'China',
      autarch_times: 2,
      ranged: 1234,
      kvk_played: 6,
      kvk_kills_high: 900_000,
      kvk_deads_high: 300_000,
      kvk_severely_wounds_high: 1_200_000,
      highest_acclaim: 55_000,
      aoo_joined: 12,
      aoo_won: 7,
      aoo_avg_kill: 150_000,
      aoo_avg_dead: 20_000,
      aoo_avg_heal: 30_000,
      credit: 100,
    });
    expect(second).toMatchObject({ governor_id: 71002, healed: null, kill_points: null, alliance: null });
    expect(JSON.parse(second!.extra_json!)).toEqual({ credit: 90 });
  });
});
