import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import {
  addTestKingdom,
  ROKTRACKER,
  ROKTRACKER_END,
  ROKTRACKER_START_XLSX,
  ROKTRACKER_V4_CSV,
  statsOf,
  utc,
} from './import-support.ts';

const KD = 1234;
const START = utc('2026-10-01 00:00');
const END = utc('2026-10-10 00:00');
const LEAVER = 40039595; // Zoë: in the start scan only
const ARRIVAL = 49999999; // Migrant: in the end scan only
const PLUS = 40055433; // +Plus: Power is -1 (unreadable) in the start scan
const O_BRIEN = 40079190; // T5 Kills is -3 (NaN) in the end scan

const EXACT_NAMES = [
  '=HYPERLINK("x")',
  '+Plus',
  '-Minus',
  '@At',
  "O'Brien",
  'Comma, Inc',
  'Quote "Q"',
  '   Spaced  ',
  'Ωmega',
  '龍王',
  'ᴶᶜmasa4ん',
  'Nguyễn',
  'Søren',
];

describe.each([
  ['xlsx', ROKTRACKER_START_XLSX, START, 'roktracker-v6'],
  ['v4 csv', ROKTRACKER_V4_CSV, START, 'roktracker-v1-v4'],
  ['xlsx', ROKTRACKER_END.xlsx, END, 'roktracker-v6'],
  ['csv', ROKTRACKER_END.csv, END, 'roktracker-v6'],
  ['jsonl', ROKTRACKER_END.jsonl, END, 'roktracker-v6'],
])('RokTracker %s %s', (_container, fileName, takenAt, sourceFormat) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
  });
  afterAll(() => db.drop());

  it('imports 60 governors at the time its name or sheet says, with exact names and unknowns as NULL', async () => {
    const imported = await importScanFile(db.db, { kingdomKd: KD, filePath: resolve(ROKTRACKER, fileName) });
    expect(imported.fileName).toBe(fileName);
    const result = imported.scans[0]!;
    expect(result).toMatchObject({ status: 'imported', rows: 60, takenAt, sourceFormat });
    const scan = await db.db
      .selectFrom('scans')
      .selectAll()
      .where('id', '=', result.scanId)
      .executeTakeFirstOrThrow();
    expect(scan).toMatchObject({ kingdom_kd: KD, kind: 'kingdom', taken_at: takenAt, row_count: 60 });
    expect(scan.source_format).toBe(sourceFormat);
    expect(scan.name).toMatch(/^(kd1234-start|kd1234-end)$/);

    const rows = await statsOf(db.db, result.scanId);
    expect(rows).toHaveLength(60);
    const byId = new Map(rows.map((row) => [row.governor_id, row]));
    const names = new Set(rows.map((row) => row.name));
    for (const name of EXACT_NAMES) expect(names).toContain(name);
    // No home kd column in RokTracker files: every row belongs to the importing kingdom.
    expect(new Set(rows.map((row) => row.home_kd))).toEqual(new Set([KD]));

    const first = byId.get(40000000)!;
    expect(first).toMatchObject({ name: 'Aragorn', alliance: 'ABC1', t1_kills: 1887203, t2_kills: 595508 });
    if (takenAt === START) {
      expect(byId.has(LEAVER)).toBe(true);
      expect(byId.has(ARRIVAL)).toBe(false);
      // The start xlsx has Power -1 for +Plus; the v4 csv (another scanner run) read it.
      expect(byId.get(PLUS)!.power).toBe(sourceFormat === 'roktracker-v6' ? null : 67362370);
      expect(byId.get(PLUS)!.kill_points).toBe(386590200);
    } else {
      expect(byId.has(LEAVER)).toBe(false);
      expect(byId.get(ARRIVAL)!.name).toBe('Migrant');
      expect(byId.get(O_BRIEN)!.t5_kills).toBeNull();
      expect(byId.get(O_BRIEN)!.t4_kills).toBe(9155044);
    }
  });
});

describe('RokTracker columns', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
  });
  afterAll(() => db.drop());

  it('maps v6 headers to columns and keeps derived and extra columns in extra_json', async () => {
    const result = (
      await importScanFile(db.db, {
        kingdomKd: KD,
        filePath: resolve(ROKTRACKER, ROKTRACKER_END.csv),
      })
    ).scans[0]!;
    const aragorn = (await statsOf(db.db, result.scanId)).find((row) => row.governor_id === 40000000)!;
    expect(aragorn).toMatchObject({
      power: 167485840,
      kill_points: 481104115,
      acclaim: 19806310,
      dead: 6291398,
      t3_kills: 1305622,
      t4_kills: 21281473,
      t5_kills: 13074922,
      rss_gathered: 16156065057,
      rss_assistance: 8856788164,
      helps: 93015,
      healed: null,
      t4_dead: null,
    });
    expect(JSON.parse(aragorn.extra_json!)).toEqual({
      highest_acclaim: 19806310,
      total_kills: 38144728,
      t45_kills: 34356395,
      ranged: 231965,
    });
  });

  it('maps v1–v4 headers (Governor ID, Kill Points, Deaths, T1…T5, Kills, Kills (T4+), Ranged Points)', async () => {
    const result = (
      await importScanFile(db.db, {
        kingdomKd: KD,
        filePath: resolve(ROKTRACKER, ROKTRACKER_V4_CSV),
      })
    ).scans[0]!;
    const aragorn = (await statsOf(db.db, result.scanId)).find((row) => row.governor_id === 40000000)!;
    expect(aragorn).toMatchObject({
      kill_points: 431988169,
      dead: 5354400,
      t1_kills: 1887203,
      t5_kills: 11235775,
    });
    expect(aragorn.acclaim).toBeNull(); // v4 has no acclaim column: unknown, not 0
    expect(JSON.parse(aragorn.extra_json!)).toEqual({
      total_kills: 35037961,
      t45_kills: 31306827,
      ranged: 0,
    });
  });

  it('reads the same rows from the end scan in xlsx, csv and jsonl', async () => {
    const other = await createTestDatabase();
    try {
      await addTestKingdom(other.db, 1);
      await addTestKingdom(other.db, 2);
      await addTestKingdom(other.db, 3);
      const files = [ROKTRACKER_END.xlsx, ROKTRACKER_END.csv, ROKTRACKER_END.jsonl];
      const contents = [];
      for (const [i, file] of files.entries()) {
        const result = (
          await importScanFile(other.db, {
            kingdomKd: i + 1,
            filePath: resolve(ROKTRACKER, file),
            homeKd: 9,
          })
        ).scans[0]!;
        contents.push((await statsOf(other.db, result.scanId)).map(({ scan_id: _, ...row }) => row));
      }
      expect(contents[1]).toEqual(contents[0]);
      expect(contents[2]).toEqual(contents[0]);
      expect(contents[0]!.every((row) => row.home_kd === 9)).toBe(true);
    } finally {
      await other.drop();
    }
  });
});
