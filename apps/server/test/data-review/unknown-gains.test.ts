import {
  type DkpRow,
  dashboardResponseSchema,
  governorResponseSchema,
  kdDashboardResponseSchema,
  type PlayerRow,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { createAuthWorld } from '../support/auth-world.ts';
import { sort } from '../support/formulas.ts';
import { createTestApp } from '../support/test-app.ts';
import { flagValue, type ReviewWorld } from './review-support.ts';

/**
 * Issue 36 item 3, "no absurd number unmarked": a governor whose later scans were read as all zeros showed DKP
 * −757,361,821 and −754 % of goal with no mark. A lifetime counter's gain that went down is unknown, with the mark,
 * on both dashboards and their exports, until a value is corrected; a flag on a scan between a governor's ends marks
 * it too.
 */
const KD = 2136;
const TIMES = ['2026-06-01T00:00:00Z', '2026-06-05T00:00:00Z', '2026-06-09T00:00:00Z'] as const;
// governor, name, power, kill points, t4 kills, t5 kills, dead
type Row = [number, string, number, number, number, number, number];
const ROWS: Row[][] = [
  [
    [301, 'Zero', 90_000_000, 757_000_000, 20_000_000, 20_000_000, 10_000_000],
    [302, 'Mid', 60_000_000, 300_000_000, 10_000_000, 10_000_000, 5_000_000],
    [303, 'Clean', 30_000_000, 100_000_000, 5_000_000, 2_500_000, 1_000_000],
  ],
  [
    [301, 'Zero', 90_100_000, 0, 0, 0, 0],
    [302, 'Mid', 60_100_000, 310_000_000, 10_500_000, 10_250_000, 5_100_000],
    [303, 'Clean', 30_100_000, 101_000_000, 5_050_000, 2_550_000, 1_010_000],
  ],
  [
    [301, 'Zero', 90_200_000, 0, 0, 0, 0],
    [302, 'Mid', 60_200_000, 320_000_000, 11_000_000, 10_500_000, 5_200_000],
    [303, 'Clean', 30_200_000, 102_000_000, 5_100_000, 2_600_000, 1_020_000],
  ],
];

describe('gains that went down and flags between the ends (issue 36 item 3)', () => {
  let r: ReviewWorld;

  beforeAll(async () => {
    const t = await createTestApp();
    const db = t.database.db;
    const world = await createAuthWorld(db, KD);
    for (const [index, time] of TIMES.entries()) {
      const lines = ROWS[index]!.map((row) => row.join(','));
      await importScanFile(db, {
        kingdomKd: KD,
        filePath: `zeros-${index + 1}.csv`,
        content: Buffer.from(
          `governor_id,name,power,kill points,t4 kills,t5 kills,deads\n${lines.join('\n')}\n`,
        ),
        at: time,
      });
    }
    // The default formula (T4 × 10 + T5 × 20 + Dead × 15) with a direct DKP goal of 100 M for every governor.
    await db
      .insertInto('formulas')
      .values({
        kingdom_kd: KD,
        stats_formula_json: JSON.stringify({
          'T4-Kills': [10, true],
          'T5-Kills': [20, true],
          'Dead Troops': [15, true],
        }),
        goals_json: JSON.stringify([
          { from: 0, to: 150, type: 'direct', score_multiplier: 100, dead_multiplier: 1, kp_multiplier: 100 },
        ]),
        score_on: 1,
        dead_on: 0,
        kp_on: 0,
        wars_json: null,
        updated_at: 1,
      })
      .execute();
    // A KvK season over the scans: the governor page shows its KD DKP row for it.
    await db
      .insertInto('kvk_seasons')
      .values({
        kingdom_kd: KD,
        kvk_number: 1,
        open_time: Date.parse('2026-05-31T00:00:00Z') / 1000,
        close_time: Date.parse('2026-06-30T00:00:00Z') / 1000,
      })
      .execute();
    const scans = (
      await db.selectFrom('scans').select('id').where('kingdom_kd', '=', KD).orderBy('taken_at').execute()
    ).map((s) => s.id);
    r = { t, db, world, code: await world.codeOf(KD), scans, admin: world.kingdomAdmin };
  });
  afterAll(() => r.t.close());

  const review = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) =>
    r.t.app.inject({
      method,
      url: `/api/admin/kingdoms/${KD}/${r.code}/review${path}`,
      headers: { authorization: `Bearer ${r.admin.token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const dashboard = async (query: string) => {
    const answer = await r.t.app.inject(`/api/dashboard/${KD}/data/${r.code}?${query}`);
    expect(answer.statusCode).toBe(200);
    return dashboardResponseSchema.parse(answer.json());
  };
  const byDkp = `sorts=${encodeURIComponent(JSON.stringify(sort(['DKP', 'desc'])))}`;
  const kdDkp = async () => {
    const answer = await r.t.app.inject(`/api/kd-dashboard/${KD}/data/${r.code}`);
    expect(answer.statusCode).toBe(200);
    return kdDashboardResponseSchema.parse(answer.json());
  };
  const seasonResult = async (id: number) => {
    const answer = await r.t.app.inject(`/api/governor/${KD}/${id}/${r.code}`);
    expect(answer.statusCode).toBe(200);
    return governorResponseSchema.parse(answer.json()).seasons[0];
  };
  const row = (rows: readonly PlayerRow[], id: number) => rows.find((each) => each['Gov ID'] === id)!;
  const dkpRow = (rows: readonly DkpRow[], id: number) => rows.find((each) => each['Governor ID'] === id)!;
  const DECREASED = ['kill_points', 't4_kills', 't5_kills', 'dead'];

  it('a governor read as zeros: DKP, kills, dead and points unknown and sorted last, never negative, with the mark', async () => {
    // A cold period (the SQL first page), the warm one, and the export (every row, the full path) agree.
    for (const query of [byDkp, byDkp, `${byDkp}&pageSize=50000`]) {
      const answer = await dashboard(query);
      expect(answer.playerData.map((each) => each['Gov ID'])).toEqual([302, 303, 301]);
      const zero = row(answer.playerData, 301);
      expect(zero).toMatchObject({
        DKP: null,
        'T4 Kills': null,
        'T5 Kills': null,
        Dead: null,
        'KP (T4+T5)': null,
        'Kill Points': null,
        'Total Points': null,
        'Kill Points Gained': null,
        'Power Change': 200_000,
      });
      expect(zero).not.toHaveProperty('decreased');
      expect(answer.reviewMarks?.['301']?.decreased).toEqual(DECREASED);
      expect(answer.reviewMarks?.['302']).toBeUndefined();
      // The sums count known gains only: the kingdom's DKP is the other two governors' DKP.
      const known = row(answer.playerData, 302).DKP! + row(answer.playerData, 303).DKP!;
      const dkpAt = answer.campSummary.headers.indexOf('DKP');
      expect(answer.campSummary.data[0]?.[dkpAt]).toBe(known);
      expect(answer.campSummary.data[0]?.[answer.campSummary.headers.indexOf('Dead')]).toBe(200_000 + 20_000);
    }
    const kvk = await kdDkp();
    expect(kvk.playerData.map((each) => each['Governor ID'])).toEqual([302, 303, 301]);
    expect(dkpRow(kvk.playerData, 301)).toMatchObject({
      'DKP Score': null,
      'DKP Goal': 100_000_000,
      Reached: null,
      'T4 Kills': null,
      'All Deads': null,
    });
    expect(dkpRow(kvk.playerData, 301)).not.toHaveProperty('decreased');
    expect(kvk.reviewMarks?.['301']?.decreased).toEqual(DECREASED);
    // The governor page's season row: the KD DKP row, unknown, naming the gains.
    expect((await seasonResult(301))?.result).toMatchObject({
      dkp: null,
      reached: null,
      rank: 3,
      decreased: DECREASED,
    });
  });

  it('every flag accepted: the gains stay unknown and marked; the last scan corrected: the number is back', async () => {
    const open = await review('GET', '/flags?status=open&governor=301&pageSize=500');
    const flags = (open.json() as { flags: { id: number }[] }).flags;
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags)
      expect((await review('POST', `/flags/${flag.id}/accept`, {})).statusCode).toBe(200);

    const accepted = await dashboard(byDkp);
    expect(row(accepted.playerData, 301).DKP).toBeNull();
    expect(accepted.reviewMarks?.['301']).toEqual({ underReview: [], corrected: [], decreased: DECREASED });
    expect(dkpRow((await kdDkp()).playerData, 301)['DKP Score']).toBeNull();

    for (const [field, value] of [
      ['kill_points', 790_000_000],
      ['t4_kills', 21_000_000],
      ['t5_kills', 21_000_000],
      ['dead', 10_500_000],
    ] as const) {
      const correct = await review('POST', '/corrections', {
        scanId: r.scans[2],
        governorId: 301,
        field,
        value,
      });
      expect(correct.statusCode).toBe(200);
    }
    const corrected = await dashboard(byDkp);
    expect(row(corrected.playerData, 301)).toMatchObject({
      DKP: 1_000_000 * 10 + 1_000_000 * 20 + 500_000 * 15,
      Dead: 500_000,
    });
    expect(corrected.reviewMarks?.['301']?.decreased).toBeUndefined();
    expect(corrected.reviewMarks?.['301']?.corrected).toHaveLength(4);
    expect(dkpRow((await kdDkp()).playerData, 301)).toMatchObject({
      'DKP Score': 37_500_000,
      Reached: 37.5,
    });
    expect((await seasonResult(301))?.result?.dkp).toBe(37_500_000);
    expect((await seasonResult(301))?.result).not.toHaveProperty('decreased');
  });

  it('an open flag on a scan between a governor’s ends marks it on both dashboards', async () => {
    await flagValue(r.db, {
      scanId: r.scans[1]!,
      governorId: 302,
      field: 'dead',
      reason: 'Dead looks misread',
    });
    const marked = { underReview: [{ field: 'dead', reason: 'Dead looks misread' }], corrected: [] };
    expect((await dashboard(byDkp)).reviewMarks?.['302']).toEqual(marked);
    expect((await kdDkp()).reviewMarks?.['302']).toEqual(marked);
  });
});
