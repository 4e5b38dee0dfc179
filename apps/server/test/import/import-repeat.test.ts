import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { addTestKingdom, ROKTRACKER, ROKTRACKER_END, snapshot, statsOf, utc } from './import-support.ts';

const KD = 1234;

describe('importing a scan again', () => {
  let db: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
    folder = mkdtempSync(join(tmpdir(), 'import-repeat-'));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await db.drop();
  });

  it('reports "already imported" and changes nothing, even from another format of the same scan', async () => {
    const first = (
      await importScanFile(db.db, {
        kingdomKd: KD,
        filePath: resolve(ROKTRACKER, ROKTRACKER_END.xlsx),
      })
    ).scans[0]!;
    expect(first.status).toBe('imported');
    const before = await snapshot(db.db);
    for (const file of [ROKTRACKER_END.xlsx, ROKTRACKER_END.csv, ROKTRACKER_END.jsonl]) {
      const again = (await importScanFile(db.db, { kingdomKd: KD, filePath: resolve(ROKTRACKER, file) }))
        .scans[0]!;
      expect(again).toMatchObject({ status: 'already-imported', scanId: first.scanId, rows: 60 });
    }
    expect(await snapshot(db.db)).toEqual(before);
  });

  it('replaces the scan with replace: one scan at that time, rows from the new file', async () => {
    // The same end scan with one governor's power changed and one governor gone.
    const lines = readFileSync(resolve(ROKTRACKER, ROKTRACKER_END.csv), 'utf8').trimEnd().split('\n');
    const changed = [lines[0], lines[1]!.replace('Aragorn,167485840,', 'Aragorn,1.5B,'), ...lines.slice(3)];
    const file = join(folder, 'TOP60-2026-10-10-kd1234-end-fixed.csv');
    writeFileSync(file, `${changed.join('\n')}\n`);

    const result = (await importScanFile(db.db, { kingdomKd: KD, filePath: file, replace: true })).scans[0]!;
    expect(result).toMatchObject({
      status: 'replaced',
      rows: 59,
      takenAt: utc('2026-10-10 00:00'),
      name: 'kd1234-end-fixed',
    });
    const scans = await db.db.selectFrom('scans').selectAll().where('kingdom_kd', '=', KD).execute();
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ id: result.scanId, row_count: 59, name: 'kd1234-end-fixed' });
    const rows = await statsOf(db.db, result.scanId);
    expect(rows).toHaveLength(59);
    expect(rows.find((row) => row.governor_id === 40000000)!.power).toBe(1_500_000_000);
    expect(rows.some((row) => row.governor_id === 40007919)).toBe(false);
    const stored = await db.db
      .selectFrom('governor_stats')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(59);
  });

  it('keeps a scan of another kind (autarch) at the same time apart', async () => {
    const result = (
      await importScanFile(db.db, {
        kingdomKd: KD,
        filePath: resolve(ROKTRACKER, ROKTRACKER_END.csv),
        kind: 'autarch',
      })
    ).scans[0]!;
    expect(result.status).toBe('imported');
    const kinds = await db.db
      .selectFrom('scans')
      .select('kind')
      .where('kingdom_kd', '=', KD)
      .orderBy('kind')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['autarch', 'kingdom']);
  });

  it('takes the time from at over the file, so one file can be imported at two times', async () => {
    const at = '2026-10-10T18:45:00+02:00';
    const result = (
      await importScanFile(db.db, {
        kingdomKd: KD,
        filePath: resolve(ROKTRACKER, ROKTRACKER_END.jsonl),
        at,
      })
    ).scans[0]!;
    expect(result).toMatchObject({
      status: 'imported',
      takenAt: utc('2026-10-10 16:45'),
      takenAtSource: 'given',
    });
  });
});

describe('canonical CSV', () => {
  let db: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, 77);
    folder = mkdtempSync(join(tmpdir(), 'import-canonical-'));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await db.drop();
  });

  it('imports our own column names, home kd per row, K/M/B and separators, unknowns as NULL', async () => {
    const file = join(folder, 'kd77-week-2.csv');
    writeFileSync(
      file,
      [
        'governor_id,name,alliance,home_kd,power,kill_points,t1_kills,t2_kills,t3_kills,t4_kills,t5_kills,dead,t4_dead,t5_dead,healed,t4_healed,t5_healed,rss_gathered,rss_assistance,helps,acclaim',
        '101,Alice,AAA,77,"45,000,000",1.2B,0,0,0,2.5M,1M,300K,100K,200K,5M,3M,2M,10B,1B,5000,12K',
        '102,"Bob, the 2nd",,78,30M,,,,,,,,,,,,,,,,',
        '103,Carol,AAA,,-1,-2,-3,,,,,,,,,,,,,,',
      ].join('\r\n'),
    );
    const result = (
      await importScanFile(db.db, {
        kingdomKd: 77,
        filePath: file,
        at: '2026-10-08T00:00:00Z',
        homeKd: 99,
      })
    ).scans[0]!;
    expect(result).toMatchObject({
      status: 'imported',
      rows: 3,
      sourceFormat: 'canonical-csv',
      name: 'kd77-week-2',
    });
    const [alice, bob, carol] = await statsOf(db.db, result.scanId);
    expect(alice).toMatchObject({
      governor_id: 101,
      name: 'Alice',
      alliance: 'AAA',
      home_kd: 77,
      power: 45_000_000,
      kill_points: 1_200_000_000,
      t1_kills: 0,
      t4_kills: 2_500_000,
      t5_kills: 1_000_000,
      dead: 300_000,
      t4_dead: 100_000,
      t5_dead: 200_000,
      healed: 5_000_000,
      t4_healed: 3_000_000,
      t5_healed: 2_000_000,
      rss_gathered: 10_000_000_000,
      rss_assistance: 1_000_000_000,
      helps: 5000,
      acclaim: 12_000,
      extra_json: null,
    });
    expect(bob).toMatchObject({
      name: 'Bob, the 2nd',
      alliance: null,
      home_kd: 78,
      power: 30_000_000,
      kill_points: null,
    });
    // No home kd in Carol's row: the one given (homeKd), else the importing kingdom's.
    expect(carol).toMatchObject({ home_kd: 99, power: null, kill_points: null, t1_kills: null });
  });
});
