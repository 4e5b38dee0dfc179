import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { setCamp } from '../../src/features/kingdoms/service.ts';
import { rebuildKingdomPresence } from '../../src/features/scans/presence.ts';
import { getData } from '../dashboard/fixture-support.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addTestKingdom, refusal, snapshot } from './import-support.ts';

/**
 * A KvK map scanned kingdom by kingdom: kd 4001's file at 00:00, kd 4002's at 00:40, kd 4003's at 01:10, on two
 * days, each imported into kd 4001's dashboard. Each day is one moment of the map.
 */
const KD = 4001;
const CODE = `code-${KD}`;
const HOME_KDS = [4001, 4002, 4003] as const;
const DAY1 = Date.UTC(2026, 9, 1) / 1000;
const DAY2 = Date.UTC(2026, 9, 2) / 1000;
const MINUTES = [0, 40, 70];

interface Governor {
  id: number;
  homeKd: number;
}
const governors: Governor[] = HOME_KDS.flatMap((homeKd, k) =>
  [1, 2, 3].map((n) => ({ id: 70_000 + k * 10 + n, homeKd })),
);

/** A canonical CSV of one home kingdom; day 2's counts are day 1's plus a gain that depends on the governor. */
function kingdomFile(homeKd: number, day: 1 | 2, change: (id: number) => number = () => 0): Buffer {
  const lines = ['governor_id,name,power,t4_kills,t5_kills,dead'];
  for (const g of governors.filter((governor) => governor.homeKd === homeKd)) {
    const gain = day === 2 ? g.id - 69_990 : 0;
    lines.push(
      `${g.id},Gov ${g.id},${1_000_000 + gain + change(g.id)},${100 + gain * 10},${50 + gain},${20 + gain * 2}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function at(day: 1 | 2, k: number): string {
  const start = day === 1 ? DAY1 : DAY2;
  return new Date((start + (MINUTES[k] ?? 0) * 60) * 1000).toISOString();
}

describe('scans of a KvK map, one file per home kingdom', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addTestKingdom(t.database.db, KD);
    await setCamp(t.database.db, { kd: KD, campName: 'Alpha', memberKds: [4001, 4002] });
    await setCamp(t.database.db, { kd: KD, campName: 'Beta', memberKds: [4003] });
  });
  afterAll(() => t.close());

  const importKingdom = (homeKd: number, day: 1 | 2, extra: Record<string, unknown> = {}) =>
    importScanFile(t.database.db, {
      kingdomKd: KD,
      filePath: `kd${homeKd}-day${day}.csv`,
      content: kingdomFile(homeKd, day),
      at: at(day, HOME_KDS.indexOf(homeKd as (typeof HOME_KDS)[number])),
      homeKd,
      ...extra,
    });
  const dashboard = async (query = 'pageSize=100') => (await getData(t.app, query, KD, CODE)).body;

  it('imports the first kingdom of each day as a scan of its own', async () => {
    const day1 = await importKingdom(4001, 1);
    const day2 = await importKingdom(4001, 2);
    expect(day1.scans).toEqual([
      expect.objectContaining({ status: 'imported', takenAt: DAY1, rows: 3, name: 'kd4001-day1' }),
    ]);
    expect(day2.scans[0]).toMatchObject({ status: 'imported', takenAt: DAY2 });
    // The dashboard is read (and its period cached) before the other kingdoms arrive.
    const before = await dashboard();
    expect(before.totalPlayers).toBe(3);
    expect(before.availableKds).toEqual([4001]);
  });

  it('adds the other kingdoms to the scan of their moment, which keeps its time and name', async () => {
    for (const day of [1, 2] as const) {
      const first = await importKingdom(4001, day);
      expect(first.scans[0]?.status).toBe('already-imported');
      for (const homeKd of [4002, 4003]) {
        const result = await importKingdom(homeKd, day);
        expect(result.scans).toEqual([
          expect.objectContaining({
            status: 'added',
            scanId: first.scans[0]?.scanId,
            takenAt: day === 1 ? DAY1 : DAY2,
            name: `kd4001-day${day}`,
            rows: 3,
          }),
        ]);
      }
    }
    const scans = await t.database.db.selectFrom('scans').select(['taken_at', 'row_count']).execute();
    expect(scans.map((scan) => [Number(scan.taken_at), scan.row_count])).toEqual([
      [DAY1, 9],
      [DAY2, 9],
    ]);
  });

  it('shows every kingdom of the map with full-period gains, one date per moment, totals and camps included', async () => {
    const body = await dashboard();
    expect(body.dates).toHaveLength(2);
    expect(body.selectedDates).toEqual({ start: String(DAY1), end: String(DAY2) });
    expect(body.totalPlayers).toBe(9);
    expect(body.availableKds).toEqual([...HOME_KDS]);
    expect(body.availableCamps).toEqual(['Alpha', 'Beta']);
    for (const g of governors) {
      const row = body.playerData.find((r: { 'Gov ID': number }) => r['Gov ID'] === g.id);
      const gain = g.id - 69_990;
      expect(row).toMatchObject({
        KD: g.homeKd,
        Camp: g.homeKd === 4003 ? 'Beta' : 'Alpha',
        'Full Period': true,
        'T4 Kills': gain * 10,
        'T5 Kills': gain,
        Dead: gain * 2,
        'Power Change': gain,
      });
    }
    const camps = body.diplomOverview.camps;
    expect(Object.keys(camps).sort()).toEqual(['Alpha', 'Beta']);
    // Day 2's totals: kd 4003's governors gained 31, 32 and 33 in power, kd 4002's 21, 22 and 23.
    expect(camps.Beta['4003']).toMatchObject({ power: 3_000_096, t4_kills: 1_260 });
    expect(camps.Alpha['4002']).toMatchObject({ power: 3_000_066, t4_kills: 960 });
  });

  it('keeps governor_presence equal to what the stats say', async () => {
    const presence = () =>
      t.database.db
        .selectFrom('governor_presence')
        .selectAll()
        .where('kingdom_kd', '=', KD)
        .orderBy('governor_id')
        .orderBy('first_at')
        .execute();
    const kept = await presence();
    expect(kept).toHaveLength(9);
    expect(kept.every((run) => Number(run.first_at) === DAY1 && run.last_at === null)).toBe(true);
    await rebuildKingdomPresence(t.database.db, KD);
    expect(await presence()).toEqual(kept);
  });

  it('changes nothing when any file is imported again', async () => {
    const before = await snapshot(t.database.db);
    for (const day of [1, 2] as const) {
      for (const homeKd of HOME_KDS) {
        const again = await importKingdom(homeKd, day);
        expect(again.scans[0]?.status).toBe('already-imported');
      }
    }
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('refuses a file that contradicts the stored values, changing nothing', async () => {
    const before = await snapshot(t.database.db);
    const message = await refusal(() =>
      importScanFile(t.database.db, {
        kingdomKd: KD,
        filePath: 'kd4002-day1-fixed.csv',
        content: kingdomFile(4002, 1, (id) => (id === 70_012 ? 5 : 0)),
        at: at(1, 1),
        homeKd: 4002,
      }),
    );
    expect(message).toMatch(/^kd4002-day1-fixed\.csv: these governors are already in scan \d+ "kd4001-day1"/);
    expect(message).toContain(
      'governor 70012 ("Gov 70012") has power 1000000 stored and 1000005 in this file',
    );
    expect(message).toContain('--replace');
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('refuses a governor found in two kingdoms’ files of one moment, naming both', async () => {
    const before = await snapshot(t.database.db);
    const message = await refusal(() =>
      importScanFile(t.database.db, {
        kingdomKd: KD,
        filePath: 'kd4004-day1.csv',
        content: Buffer.from('governor_id,name,power\n70001,Gov 70001,1000000\n79999,Newcomer,5\n'),
        at: new Date((DAY1 + 20 * 60) * 1000).toISOString(),
        homeKd: 4004,
      }),
    );
    expect(message).toContain('governor 70001 ("Gov 70001") is in kd 4004 here and in kd 4001');
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('replaces a kingdom’s rows of a moment when asked, and the dashboard shows the new values', async () => {
    const replaced = await importScanFile(t.database.db, {
      kingdomKd: KD,
      filePath: 'kd4002-day2-fixed.csv',
      content: kingdomFile(4002, 2, (id) => (id === 70_012 ? 7 : 0)),
      at: at(2, 1),
      homeKd: 4002,
      replace: true,
    });
    expect(replaced.scans[0]).toMatchObject({ status: 'replaced', takenAt: DAY2, name: 'kd4001-day2' });
    const body = await dashboard();
    expect(body.totalPlayers).toBe(9);
    const row = body.playerData.find((r: { 'Gov ID': number }) => r['Gov ID'] === 70_012);
    expect(row['Power Change']).toBe(70_012 - 69_990 + 7);
  });

  it('adds a new kingdom’s file given with replace: there is nothing of it to replace', async () => {
    const result = await importScanFile(t.database.db, {
      kingdomKd: KD,
      filePath: 'kd4007-day2.csv',
      content: Buffer.from('governor_id,name,power\n77001,Seven,1\n'),
      at: new Date((DAY2 + 20 * 60) * 1000).toISOString(),
      homeKd: 4007,
      replace: true,
    });
    expect(result.scans[0]).toMatchObject({ status: 'added', takenAt: DAY2, name: 'kd4001-day2' });
    const body = await dashboard();
    expect(body.totalPlayers).toBe(10);
    const seven = body.playerData.find((r: { 'Gov ID': number }) => r['Gov ID'] === 77_001);
    expect(seven).toMatchObject({ KD: 4007, 'Full Period': false });
  });

  it('adds the kingdoms’ autarch files of one moment to one autarch scan, and the autarch view shows them', async () => {
    const autarch = async () =>
      (await t.app.inject(`/api/dashboard/${KD}/autarch-data/${CODE}?pageSize=100`)).json();
    const first = await importKingdom(4001, 1, { kind: 'autarch' });
    expect(first.scans[0]).toMatchObject({ status: 'imported', takenAt: DAY1 });
    expect((await autarch()).totalPlayers).toBe(3);
    const added = await importKingdom(4002, 1, { kind: 'autarch' });
    expect(added.scans[0]).toMatchObject({ status: 'added', scanId: first.scans[0]?.scanId });
    const view = await autarch();
    expect(view.totalPlayers).toBe(6);
    expect(view.availableKDs).toEqual([4001, 4002]);
  });

  it('makes a scan of its own when asked, and joins a named scan whatever its time', async () => {
    const separate = await importScanFile(t.database.db, {
      kingdomKd: KD,
      filePath: 'kd4005-day1.csv',
      content: Buffer.from('governor_id,name,power\n75001,Five,1\n'),
      at: new Date((DAY1 + 30 * 60) * 1000).toISOString(),
      homeKd: 4005,
      newScan: true,
    });
    expect(separate.scans[0]).toMatchObject({ status: 'imported', takenAt: DAY1 + 30 * 60 });
    const day1 = (await dashboard()).dates.length;
    expect(day1).toBe(3);
    const joined = await importScanFile(t.database.db, {
      kingdomKd: KD,
      filePath: 'kd4006-late.csv',
      content: Buffer.from('governor_id,name,power\n76001,Six,1\n'),
      at: new Date((DAY1 + 9 * 3600) * 1000).toISOString(),
      homeKd: 4006,
      joinScanId: separate.scans[0]?.scanId,
    });
    expect(joined.scans[0]).toMatchObject({ status: 'added', scanId: separate.scans[0]?.scanId });
    expect((await dashboard()).dates).toHaveLength(3);
  });
});
