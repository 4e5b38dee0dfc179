import { kdDashboardResponseSchema, prekvkRankingsResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** scanStatus (SPEC §4, docs/dkp.md), update-data and the pre-KvK rankings. */

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);

describe('KD DKP scanStatus, update-data and pre-KvK rankings', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function kingdom(kd: number) {
    await addKingdom(t.database.db, { kd, code: `code-${kd}` });
  }
  async function scan(kd: number, at: number, rows = '1,One,100,5\n2,Two,200,7\n') {
    const file = await importScanFile(t.database.db, {
      kingdomKd: kd,
      filePath: `scan-${kd}-${at}.csv`,
      content: Buffer.from(`governor_id,name,power,t4 kills\n${rows}`),
      at: new Date(at * 1000).toISOString(),
    });
    return file.scans[0]!;
  }
  async function season(kd: number, kvk: number, open: number, close: number) {
    await t.database.db
      .insertInto('kvk_seasons')
      .values({ kingdom_kd: kd, kvk_number: kvk, open_time: open, close_time: close })
      .execute();
  }
  async function data(kd: number, query = '') {
    const res = await t.app.inject({ url: `/api/kd-dashboard/${kd}/data/code-${kd}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return kdDashboardResponseSchema.parse(res.json());
  }

  it('offseason_no_scans: no season has opened and there are no scans', async () => {
    await kingdom(5001);
    await season(5001, 9, NOW + 5 * DAY, NOW + 20 * DAY); // scheduled, not yet open
    const body = await data(5001);
    expect(body).toMatchObject({
      scanStatus: 'offseason_no_scans',
      playerData: [],
      latestKvk: null,
      totalPlayers: 0,
    });
    expect(body.formulaString).toBe('T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15');
  });

  it('no_scans_in_kvk: the open KvK has no scans yet (older scans are not shown)', async () => {
    await kingdom(5002);
    await scan(5002, NOW - 30 * DAY);
    await season(5002, 4, NOW - DAY, NOW + 10 * DAY);
    const body = await data(5002);
    expect(body).toMatchObject({
      scanStatus: 'no_scans_in_kvk',
      playerData: [],
      latestKvk: { kvk_number: 4, open_time: NOW - DAY },
      activeKvk: true,
      dates: [],
    });
  });

  it('single: one scan in the KvK, every gain 0', async () => {
    await kingdom(5003);
    await season(5003, 4, NOW - 5 * DAY, NOW + 10 * DAY);
    await scan(5003, NOW - DAY);
    const body = await data(5003);
    expect(body.scanStatus).toBe('single');
    expect(body.playerData.map((r) => [r['Governor ID'], r['DKP Score'], r['T4 Kills']])).toEqual([
      [1, 0, 0],
      [2, 0, 0],
    ]);
  });

  it('normal without a season: every scan of the kingdom; only its own governors', async () => {
    await kingdom(5004);
    await scan(5004, NOW - 3 * DAY);
    await scan(5004, NOW - DAY, '1,One,150,15\n2,Two,250,17\n');
    // A governor of another kingdom in the same scans is not listed.
    await t.database.db
      .updateTable('governor_stats')
      .set({ home_kd: 9999 })
      .where('governor_id', '=', 2)
      .where('scan_id', 'in', t.database.db.selectFrom('scans').select('id').where('kingdom_kd', '=', 5004))
      .execute();
    const body = await data(5004);
    expect(body.scanStatus).toBe('normal');
    expect(body.latestKvk).toBeNull();
    expect(body.playerData.map((r) => [r['Governor ID'], r['T4 Kills'], r['DKP Score']])).toEqual([
      [1, 10, 100],
    ]);
    // update-data computes the same period ahead of the call.
    const warm = await t.app.inject({
      method: 'POST',
      url: '/api/kd-dashboard/update-data',
      payload: { kd: 5004, code: 'code-5004' },
    });
    expect(warm.json()).toEqual({ status: 'success', rows: 1 });
  });

  it('error: a saved war names a scan that was deleted', async () => {
    await kingdom(5005);
    await season(5005, 4, NOW - 10 * DAY, NOW + 10 * DAY);
    const a = await scan(5005, NOW - 5 * DAY);
    const b = await scan(5005, NOW - 3 * DAY);
    await t.database.db
      .insertInto('formulas')
      .values({
        kingdom_kd: 5005,
        stats_formula_json: JSON.stringify({ 'T4-Kills': [1, true] }),
        goals_json: '[]',
        score_on: 1,
        dead_on: 0,
        kp_on: 0,
        wars_json: JSON.stringify({
          base: {},
          wars: [{ before: { [a.name]: a.takenAt }, after: { gone: b.takenAt + 1 } }],
        }),
        updated_at: 1,
      })
      .execute();
    const body = await data(5005);
    expect(body.scanStatus).toBe('error');
    expect(body.wars).toEqual([]);
    // Without goals there is no DKP goal.
    expect(body.playerData[0]).toMatchObject({ 'DKP Goal': null, Reached: null });
  });

  it("opens a past season's dates on that season, with its own scans", async () => {
    await kingdom(5007);
    await season(5007, 3, NOW - 60 * DAY, NOW - 40 * DAY);
    await season(5007, 4, NOW - 10 * DAY, NOW + 10 * DAY);
    const start = await scan(5007, NOW - 55 * DAY);
    const end = await scan(5007, NOW - 45 * DAY, '1,One,130,25\n2,Two,210,9\n');
    await scan(5007, NOW - 5 * DAY, '1,One,500,99\n2,Two,500,99\n');
    const current = await data(5007);
    expect(current.latestKvk).toMatchObject({ kvk_number: 4 });
    const past = await data(5007, `?start_date=${start.takenAt}&end_date=${end.takenAt}`);
    expect(past.latestKvk).toMatchObject({ kvk_number: 3 });
    expect(past.activeKvk).toBe(false);
    expect(past.dates.map((d) => d.timestamp)).toEqual([start.takenAt, end.takenAt]);
    expect(past.playerData.map((r) => [r['Governor ID'], r['T4 Kills']])).toEqual([
      [1, 20],
      [2, 2],
    ]);
  });

  it('refuses dates that are not scans of the KvK, and a wrong code', async () => {
    const res = await t.app.inject({ url: '/api/kd-dashboard/5004/data/code-5004?start_date=12345' });
    expect(res.statusCode).toBe(400);
    const wrong = await t.app.inject({ url: '/api/kd-dashboard/5004/data/nope' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Kingdom not found');
  });

  it('answers pre-KvK rankings by total points, the latest KvK by default', async () => {
    await kingdom(5006);
    const db = t.database.db;
    const row = (kvk: number, id: number, s1: number, s2: number, s3: number, at: number) => ({
      kingdom_kd: 5006,
      kvk_number: kvk,
      governor_id: id,
      name: `G${id}`,
      stage1_points: s1,
      stage2_points: s2,
      stage3_points: s3,
      updated_at: at,
    });
    const url = (query: string) => `/api/kd-dashboard/5006/prekvk-rankings?code=code-5006${query}`;
    expect((await t.app.inject({ url: url('') })).json()).toEqual({
      data: [],
      last_updated: null,
      kvk_number: null,
    });
    await db
      .insertInto('prekvk_points')
      .values([
        row(2, 1, 10, 0, 0, 100),
        row(3, 1, 5, 5, 5, 200),
        row(3, 2, 30, 0, 0, 300),
        row(3, 3, 15, 0, 0, 250),
      ])
      .execute();
    const latest = prekvkRankingsResponseSchema.parse((await t.app.inject({ url: url('') })).json());
    expect(latest.kvk_number).toBe(3);
    expect(latest.last_updated).toBe(300);
    expect(latest.data.map((r) => [r.governor_id, r.total_points])).toEqual([
      [2, 30],
      [1, 15],
      [3, 15],
    ]);
    expect(latest.data[1]).toEqual({
      governor_id: 1,
      name: 'G1',
      stage1_points: 5,
      stage2_points: 5,
      stage3_points: 5,
      total_points: 15,
    });
    const older = prekvkRankingsResponseSchema.parse(
      (await t.app.inject({ url: url('&kvk_number=2') })).json(),
    );
    expect(older.data.map((r) => r.governor_id)).toEqual([1]);
    expect(
      (await t.app.inject({ url: '/api/kd-dashboard/5006/prekvk-rankings?code=wrong' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/kd-dashboard/5006/prekvk-rankings' })).statusCode).toBe(400);
  });
});
