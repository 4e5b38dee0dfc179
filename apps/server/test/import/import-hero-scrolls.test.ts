import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { addTestKingdom, HERO_SCROLLS, statsOf, utc } from './import-support.ts';

const KD = 3584;

// The scan times listed in fixtures/README.md.
const SCANS: ReadonlyArray<[file: string, time: string]> = [
  ['kingdom_scan_742871269048975389_1766002874_3851.xlsx', '2025-12-17 20:21'],
  ['kingdom_scan_baseline_data.xlsx', '2025-12-25 06:55'],
  ['kingdom_scan_scan_before_pass4.xlsx', '2026-01-02 09:51'],
  ['kingdom_scan_first_9_hours.xlsx', '2026-01-02 22:20'],
  ['kingdom_scan_after_first_24_hours.xlsx', '2026-01-03 12:46'],
  ['kingdom_scan_pass4_day_3_start.xlsx', '2026-01-04 01:57'],
  ['kingdom_scan_pass4_fight_ends.xlsx', '2026-01-05 00:44'],
  ['kingdom_scan_pass4_fight_ends_part2.xlsx', '2026-01-05 17:12'],
  ['kingdom_scan_703413897184673792_1768226060_7495.xlsx', '2026-01-12 13:54'],
];

/** The governor IDs of a sheet, read independently with exceljs (column "Governor ID", below the header). */
async function governorIdsOfSheet(file: string, sheetName: string): Promise<number[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(resolve(HERO_SCROLLS, file));
  const sheet = workbook.getWorksheet(sheetName)!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const idColumn = header.indexOf('Governor ID');
  const ids: number[] = [];
  sheet.eachRow((row, number) => {
    const id = row.getCell(idColumn).value;
    if (number > 1 && id !== null && id !== '') ids.push(Number(id));
  });
  return ids.sort((a, b) => a - b);
}

describe('Hero Scrolls scans of kingdom 3584', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
  });
  afterAll(() => db.drop());

  it.each(SCANS)('%s imports at %s UTC with every governor of the data sheet', async (file, time) => {
    const result = (await importScanFile(db.db, { kingdomKd: KD, filePath: resolve(HERO_SCROLLS, file) }))
      .scans[0]!;
    expect(result).toMatchObject({ status: 'imported', takenAt: utc(time), sourceFormat: 'hero-scrolls' });
    expect(result.takenAtSource).toBe('summary-sheet');
    const rows = await statsOf(db.db, result.scanId);
    expect(rows.map((row) => row.governor_id)).toEqual(await governorIdsOfSheet(file, String(KD)));
    expect(result.rows).toBe(rows.length);
    // Home kd comes from the "Kingdom" column (text in the file).
    expect(new Set(rows.map((row) => row.home_kd))).toEqual(new Set([KD]));
  });

  it('holds nine scans of kingdom 3584 at the listed times', async () => {
    const scans = await db.db
      .selectFrom('scans')
      .select(['kingdom_kd', 'taken_at', 'kind'])
      .orderBy('taken_at')
      .execute();
    expect(scans).toEqual(
      SCANS.map(([, time]) => ({ kingdom_kd: KD, taken_at: utc(time), kind: 'kingdom' })),
    );
  });

  it('reads Hero Scrolls columns: text IDs as numbers, Deads, Helps Given, Resources Given, extras', async () => {
    const scan = await db.db
      .selectFrom('scans')
      .select('id')
      .where('taken_at', '=', utc('2025-12-25 06:55'))
      .executeTakeFirstOrThrow();
    const rows = await statsOf(db.db, scan.id);
    const masa = rows.find((row) => row.governor_id === 53242709)!;
    expect(masa).toMatchObject({
      name: 'ᴶᶜmasa4ん',
      alliance: 'EoS',
      home_kd: 3584,
      power: 230639240,
      dead: 45368922,
      kill_points: 5857666585,
      acclaim: 0,
      t1_kills: 11625565,
      t5_kills: 234244498,
      helps: 57855,
      rss_gathered: 43996529445,
      rss_assistance: 24765370658,
    });
    expect(JSON.parse(masa.extra_json!)).toEqual({
      domain_id: 0,
      troop_power: 170199170,
      tech_power: 31342718,
      building_power: 19350352,
      commander_power: 9747000,
      town_hall: 25,
    });
    // An empty Alliance Tag is unknown, not an empty string.
    expect(rows.some((row) => row.alliance === null)).toBe(true);
    expect(rows.some((row) => row.alliance === '')).toBe(false);
  });
});

describe('Hero Scrolls rolled-up sheet', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
  });
  afterAll(() => db.drop());

  it('is read only when asked, with Governor Type kept in extra_json', async () => {
    const file = 'kingdom_scan_baseline_data.xlsx';
    const result = (
      await importScanFile(db.db, {
        kingdomKd: KD,
        filePath: resolve(HERO_SCROLLS, file),
        rolledUp: true,
        kind: 'autarch', // a second scan at the same time needs another kind; the sheet choice is what is tested
      })
    ).scans[0]!;
    expect(result).toMatchObject({ status: 'imported', sourceFormat: 'hero-scrolls-rolled-up' });
    const rows = await statsOf(db.db, result.scanId);
    expect(rows.map((row) => row.governor_id)).toEqual(await governorIdsOfSheet(file, `Rolled Up ${KD}`));
    const types = new Set(rows.map((row) => JSON.parse(row.extra_json!).governor_type));
    expect(types).toEqual(new Set(['Primary', 'Farms', undefined]));
    // The rolled-up sheet folds farms into the main account: its totals differ from the data sheet's.
    const shino = rows.find((row) => row.governor_id === 51540567)!;
    expect(shino.kill_points).toBe(10249275420);

    const plain = (await importScanFile(db.db, { kingdomKd: KD, filePath: resolve(HERO_SCROLLS, file) }))
      .scans[0]!;
    expect(plain.sourceFormat).toBe('hero-scrolls');
    const plainShino = (await statsOf(db.db, plain.scanId)).find((row) => row.governor_id === 51540567)!;
    expect(plainShino.extra_json).not.toContain('governor_type');
  });
});
