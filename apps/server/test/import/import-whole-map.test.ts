import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { setCamp } from '../../src/features/kingdoms/service.ts';
import { importMessage } from '../../src/import/import-report.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { addTestKingdom, refusal, snapshot, statsOf, utc } from './import-support.ts';

/** Whole-KvK-map workbooks (docs/import-formats.md, "Whole-KvK-map files"), written from issue 37's description. */
const KD = 4201;

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const STATS = ['power', 'killpoints', 'deads', 't1_kills', 't2_kills', 't3_kills', 't4_kills', 't5_kills'];
const FULL_HEADER = [
  'rank',
  'governor_id',
  'name',
  'kingdom',
  'campid',
  ...STATS.flatMap((stat) => [`${stat}_min`, `${stat}_max`, `${stat}_diff`]),
  'healed_troops',
  'first_updateUTC',
  'last_updateUTC',
];

/** One governor of the Full Data sheet: min is max minus 100 per stat, diff the 100. */
function fullRow(rank: number, id: number, kd: number, camp: number, base: number, last: string): unknown[] {
  const stats = STATS.flatMap((_stat, i) => [base + i - 100, base + i, 100]);
  return [rank, id, `Gov ${id}`, kd, camp, ...stats, base * 2, '2025-06-20 10:00:00', last];
}

describe('whole-KvK-map files', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
    // The map as Kingdom Management has it: our camp holds our kingdom and one other.
    await setCamp(db.db, { kd: KD, campName: 'Ours', memberKds: [KD, 4202] });
  });
  afterAll(() => db.drop());

  const camps = async () => {
    const rows = await db.db
      .selectFrom('camps as c')
      .innerJoin('camp_members as m', 'm.camp_id', 'c.id')
      .select(['c.name', 'm.member_kd'])
      .where('c.kingdom_kd', '=', KD)
      .orderBy('m.member_kd')
      .execute();
    return rows.map((row) => `${row.name}:${row.member_kd}`);
  };

  it('imports a Full Data sheet in one step: the max of each stat, home kingdoms and camps', async () => {
    const full = [
      FULL_HEADER,
      fullRow(1, 91001, KD, 1, 50_000_000, '2025-06-27 14:30:00'),
      fullRow(2, 91002, 4202, 1, 40_000_000, '2025-06-27 14:10:00'),
      fullRow(3, 91003, 4203, 2, 30_000_000, '2025-06-27 13:00:00'),
      fullRow(4, 91004, 4204, 2, 20_000_000, '2025-06-27 12:00:00'),
    ];
    const basic = [
      ['governor_id', 'name', 'power'],
      [91001, 'Gov 91001', 1],
    ];
    const content = await workbook({
      'Basic Data': basic,
      Summary: [
        ['kingdom', 'power'],
        [KD, 1],
      ],
      'Full Data': full,
      'Summary Full': basic,
    });
    const result = await importScanFile(db.db, { kingdomKd: KD, filePath: 'kvk-map.xlsx', content });
    expect(result.scans[0]).toMatchObject({
      status: 'imported',
      rows: 4,
      sourceFormat: 'whole-map-full-data',
      takenAt: utc('2025-06-27 14:30'),
      takenAtSource: 'update-column',
    });
    const message = importMessage(result);
    expect(message).toContain('time from the latest last_updateUTC.');
    expect(message).toContain('Sheet "Basic Data" skipped: a summary of the map\'s "Full Data" sheet.');
    expect(message).toContain(
      'Sheet "Full Data": each stat\'s max column read as the scan\'s value (8 columns); its min and _diff columns left out.',
    );
    expect(message).toContain(
      'Camps of the map: "Ours" matched (kd 4201, 4202); "Camp 2" created (kd 4203, 4204).',
    );
    expect(result.ignoredColumns).toEqual([]);
    const stats = await statsOf(db.db, result.scans[0]!.scanId);
    expect(stats[0]).toMatchObject({
      governor_id: 91001,
      home_kd: KD,
      power: 50_000_000,
      kill_points: 50_000_001,
      dead: 50_000_002,
      t5_kills: 50_000_007,
      healed: 100_000_000,
    });
    expect(stats.map((row) => row.home_kd)).toEqual([KD, 4202, 4203, 4204]);
    expect(await camps()).toEqual(['Ours:4201', 'Ours:4202', 'Camp 2:4203', 'Camp 2:4204']);
  });

  it('imports a Scan sheet of text numbers, timed by its name, and moves a kingdom to the camp the file gives', async () => {
    const scan = [
      [
        'Governor ID',
        'Name',
        'Alliance',
        'Kingdom',
        'Camp',
        'Power',
        'Kill Points',
        'Dead',
        'T4 Kills',
        'T5 Kills',
      ],
      [92001, 'A', 'AAA', KD, 'Blue', '4.78B', '12K', '512.3M', 10, 20],
      [92002, 'B', 'BBB', 4204, 'Blue', '98.5M', 1000, 5, 1, 2],
      [92003, 'C', 'CCC', 4205, 'Red', 50_000_000, 1000, 5, 1, 2],
    ];
    const content = await workbook({
      Scan: scan,
      'Camp Stats': [
        ['Camp', 'Power'],
        ['Blue', '4.88B'],
        ['Red', '50M'],
      ],
      'Kingdom Stats': [
        ['Kingdom', 'Camp', 'Power'],
        [KD, 'Blue', '4.78B'],
      ],
    });
    const result = await importScanFile(db.db, {
      kingdomKd: KD,
      filePath: 'SoC_map_2025-07-01_0930.xlsx',
      content,
    });
    expect(result.scans[0]).toMatchObject({
      status: 'imported',
      rows: 3,
      sourceFormat: 'whole-map-scan',
      takenAt: utc('2025-07-01 09:30'),
      name: '2025-07-01 09:30 UTC',
    });
    expect(result.skippedSheets.map((sheet) => sheet.name)).toEqual(['Camp Stats', 'Kingdom Stats']);
    // Blue holds kd 4201 and 4204: the stored "Ours" (kd 4201) and "Camp 2" (kd 4204) share one each; the first
    // found is matched and 4204 moves to it; Red is new.
    expect(importMessage(result)).toContain(
      'Camps of the map: "Ours" matched (kd 4201, 4204; kd 4204 added to it); "Red" created (kd 4205).',
    );
    const stats = await statsOf(db.db, result.scans[0]!.scanId);
    expect(stats[0]).toMatchObject({ power: 4_780_000_000, kill_points: 12_000, dead: 512_300_000 });
    expect(await camps()).toEqual(['Ours:4201', 'Ours:4202', 'Camp 2:4203', 'Ours:4204', 'Red:4205']);
  });

  it('refuses a file that puts one kingdom in two camps, and stores nothing', async () => {
    const content = await workbook({
      Scan: [
        ['Governor ID', 'Name', 'Kingdom', 'Camp', 'Power'],
        [93001, 'A', 4206, 1, 10],
        [93002, 'B', 4206, 2, 10],
      ],
      'Kingdom Stats': [
        ['Kingdom', 'Power'],
        [4206, '20'],
      ],
    });
    const before = await snapshot(db.db);
    const message = await refusal(() =>
      importScanFile(db.db, { kingdomKd: KD, filePath: 'map_2025-07-02_0000.xlsx', content }),
    );
    expect(message).toBe(
      'map_2025-07-02_0000.xlsx: kingdom 4206 is in "Camp 1" (governor 93001) and in "Camp 2" (governor 93002); a kingdom is in one camp of the map',
    );
    expect(await snapshot(db.db)).toEqual(before);
  });
});
