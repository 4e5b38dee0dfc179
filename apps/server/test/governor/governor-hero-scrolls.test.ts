import {
  type GovernorResponse,
  governorResponseSchema,
  kdDashboardResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import {
  HERO_FILES,
  importHeroScans,
  KD,
  readHeroSheet,
  SEASON,
  type SheetRow,
} from '../kd-dashboard/hero-scrolls-support.ts';
import { bearer, createUser } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The governor page's data on the nine real Hero Scrolls scans of kingdom 3584 with a season, goals and one war:
 * scan values checked against the workbooks (read with exceljs), season and war results against the KD DKP
 * dashboard's own answer for the same governor and period.
 */

const CODE = 'gov-3584';
const TIERS = [
  { from: 0, to: 50, type: 'percentage', score_multiplier: 100, dead_multiplier: 1, kp_multiplier: 200 },
  { from: 50, to: 10000, type: 'direct', score_multiplier: 30, dead_multiplier: 1, kp_multiplier: 60 },
] as const;

let t: TestApp;
let sheets: Map<number, SheetRow>[];
let scans: { name: string; takenAt: number }[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addKingdom(db, { kd: KD, code: CODE });
  const superadmin = await createUser(db, 'root', 'superadmin');
  scans = await importHeroScans(db);
  sheets = await Promise.all(HERO_FILES.map(readHeroSheet));
  await db
    .insertInto('kvk_seasons')
    .values({ kingdom_kd: KD, ...SEASON })
    .execute();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/formula/save',
    headers: bearer(superadmin),
    payload: {
      passed_data: {
        kdnumber: KD,
        code: CODE,
        data: {
          goals: TIERS,
          stats_formula: { 'T4-Kills': [10, true], 'T5-Kills': [20, true], 'Dead Troops': [15, true] },
          score_on: true,
          dead_on: false,
          kp_on: false,
        },
        warsConfig: {
          base: {},
          wars: [
            {
              before: { [scans[2]!.name]: scans[2]!.takenAt },
              after: { [scans[4]!.name]: scans[4]!.takenAt },
            },
          ],
        },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}, 180_000);
afterAll(() => t?.close());

async function governor(id: number, code = CODE): Promise<GovernorResponse> {
  const res = await t.app.inject(`/api/governor/${KD}/${id}/${code}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return governorResponseSchema.parse(res.json());
}

/** The governor seen in every scan with the highest power in the last one. */
function strongestEverywhere(): number {
  const ids = [...sheets[0]!.keys()].filter((id) => sheets.every((sheet) => sheet.has(id)));
  return ids.sort((a, b) => (sheets.at(-1)!.get(b)!.power ?? 0) - (sheets.at(-1)!.get(a)!.power ?? 0))[0]!;
}

describe('the governor page on the Hero Scrolls scans', () => {
  it('lists every scan of a governor with the workbooks’ values, and a header from the latest', async () => {
    const id = strongestEverywhere();
    const body = await governor(id);
    expect(body.scans.map((s) => s.takenAt)).toEqual(scans.map((s) => s.takenAt));
    body.scans.forEach((scan, i) => {
      const sheet = sheets[i]!.get(id)!;
      expect([scan.power, scan.t4Kills, scan.t5Kills, scan.dead]).toEqual([
        sheet.power,
        sheet.t4,
        sheet.t5,
        sheet.dead,
      ]);
    });
    const last = sheets.at(-1)!.get(id)!;
    expect(body.header?.power).toBe(last.power);
    expect(body.header?.lastSeen).toBe(scans.at(-1)!.takenAt);
    // 50M and above: the direct tier, 30M DKP goal.
    const power = last.power!;
    expect(body.header?.goalTier).toEqual(
      power >= 50_000_000
        ? { from: 50, to: 10000, dkpGoal: 30_000_000 }
        : { from: 0, to: 50, dkpGoal: Math.round(power) },
    );
  });

  it('skips the scans a governor is missing from', async () => {
    const partial = [...new Set(sheets.flatMap((s) => [...s.keys()]))].find(
      (id) => sheets.filter((s) => s.has(id)).length >= 2 && sheets.some((s) => !s.has(id)),
    )!;
    const body = await governor(partial);
    const expected = scans.filter((_, i) => sheets[i]!.has(partial)).map((s) => s.takenAt);
    expect(body.scans.map((s) => s.takenAt)).toEqual(expected);
  });

  it('answers the season’s and the war’s gains, DKP, goal, Reached and rank as the KD DKP dashboard does', async () => {
    const id = strongestEverywhere();
    const body = await governor(id);
    const season = await t.app.inject(`/api/kd-dashboard/${KD}/data/${CODE}?top=all`);
    const dkp = kdDashboardResponseSchema.parse(season.json()).playerData;
    const index = dkp.findIndex((r) => r['Governor ID'] === id);
    const row = dkp[index]!;
    expect(body.seasons).toHaveLength(1);
    expect(body.seasons[0]!.result).toEqual({
      powerChange: row['Power Change'],
      killPoints: row['T4+T5 KP'],
      t4Kills: row['T4 Kills'],
      t5Kills: row['T5 Kills'],
      dead: row['All Deads'],
      healed: row.Healed,
      dkp: row['DKP Score'],
      goal: row['DKP Goal'],
      reached: row.Reached,
      rank: index + 1,
      ranked: dkp.length,
    });
    // The war alone, from the sheets: T4 × 10 + T5 × 20 + dead × 15 between scans 2 and 4.
    const [a, b] = [sheets[2]!.get(id)!, sheets[4]!.get(id)!];
    const gain = (k: keyof SheetRow) => (b[k] ?? 0) - (a[k] ?? 0);
    expect(body.wars).toHaveLength(1);
    expect(body.wars[0]).toMatchObject({ name: 'War 1', start: scans[2]!.takenAt, end: scans[4]!.takenAt });
    expect(body.wars[0]!.result?.t4Kills).toBe(gain('t4'));
    expect(body.wars[0]!.result?.dkp).toBe(gain('t4') * 10 + gain('t5') * 20 + gain('dead') * 15);
  });

  it('keeps unknown values null, and history as changes only', async () => {
    const id = strongestEverywhere();
    const body = await governor(id);
    expect(body.prekvk).toEqual([]);
    expect(body.hoh).toEqual([]);
    expect(body.rallies).toEqual({ launched: 0, joined: 0 });
    for (const list of [body.history.names, body.history.alliances, body.history.homeKds]) {
      expect(list[0]!.from).toBe(scans[0]!.takenAt);
      expect(list.at(-1)!.to).toBe(scans.at(-1)!.takenAt);
      for (let i = 1; i < list.length; i++) expect(list[i]!.value).not.toBe(list[i - 1]!.value);
    }
  });

  it('answers an unseen governor with no scans, and a wrong code with 404', async () => {
    const body = await governor(1);
    expect(body.header).toBeNull();
    expect(body.scans).toEqual([]);
    expect(body.seasons[0]!.result).toBeNull();
    const wrong = await t.app.inject(`/api/governor/${KD}/1/not-the-code`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error?.message ?? wrong.json().message).toBe('Kingdom not found');
  });
});
