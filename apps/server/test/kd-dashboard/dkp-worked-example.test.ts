import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { kdDashboardResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { utc } from '../import/import-support.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** docs/dkp.md's worked example, step by step, through the API. */

const KD = 1001;
const CODE = 'code-1001';
const DOC = resolve(import.meta.dirname, '../../../../docs/dkp.md');
const SCANS = [
  ['s1', '2026-03-01 00:00', 40_000_000, 1_000, 500, 2_000],
  ['s2', '2026-03-05 00:00', 42_000_000, 31_000, 10_500, 12_000],
  ['s3', '2026-03-10 00:00', 43_000_000, 41_000, 12_500, 14_000],
  ['s4', '2026-03-12 00:00', 45_000_000, 61_000, 22_500, 24_000],
] as const;

describe('docs/dkp.md worked example', () => {
  let t: TestApp;
  const at = (i: number) => utc(SCANS[i]![1]);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await addKingdom(db, { kd: KD, code: CODE });
    for (const [name, time, power, t4, t5, dead] of SCANS) {
      await importScanFile(db, {
        kingdomKd: KD,
        filePath: `${name}.csv`,
        content: Buffer.from(
          `governor_id,name,power,t4 kills,t5 kills,deads\n101,Ayla,${power},${t4},${t5},${dead}\n`,
        ),
        at: `${time.replace(' ', 'T')}:00Z`,
      });
    }
    await db
      .insertInto('kvk_seasons')
      .values({
        kingdom_kd: KD,
        kvk_number: 3,
        open_time: utc('2026-03-01 00:00'),
        close_time: utc('2026-03-31 00:00'),
      })
      .execute();
    const scanName = async (i: number) =>
      (await db.selectFrom('scans').select('name').where('taken_at', '=', at(i)).executeTakeFirstOrThrow())
        .name;
    const war = async (b: number, a: number) => ({
      before: { [await scanName(b)]: at(b) },
      after: { [await scanName(a)]: at(a) },
    });
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
          {
            from: 0,
            to: 25,
            type: 'percentage',
            score_multiplier: 200,
            dead_multiplier: 1,
            kp_multiplier: 400,
          },
          { from: 25, to: 150, type: 'direct', score_multiplier: 1, dead_multiplier: 0.02, kp_multiplier: 1 },
        ]),
        score_on: 1,
        dead_on: 1,
        kp_on: 1,
        wars_json: JSON.stringify({ base: {}, wars: [await war(0, 1), await war(2, 3)] }),
        updated_at: 1,
      })
      .execute();
  });
  afterAll(() => t.close());

  async function ayla() {
    const res = await t.app.inject({ url: `/api/kd-dashboard/${KD}/data/${CODE}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = kdDashboardResponseSchema.parse(res.json());
    return { body, row: body.playerData.find((r) => r['Governor ID'] === 101)! };
  }

  it('gives the numbers of steps 1–5', async () => {
    const { body, row } = await ayla();
    expect(body.scanStatus).toBe('normal');
    expect(body.wars.map((w) => [w.before, w.after])).toEqual([
      [at(0), at(1)],
      [at(2), at(3)],
    ]);
    expect(row).toMatchObject({
      'DKP Score': 1_200_000,
      'T4 Kills': 50_000,
      'T5 Kills': 20_000,
      'All Deads': 20_000,
      'T4+T5 KP': 900_000,
      'Base Power': 40_000_000,
      'Current Power': 45_000_000,
      'Power Change': 5_000_000,
      'DKP Goal': 1_000_000,
      'Dead Goal': 20_000,
      'KP Goal': 1_000_000,
      Reached: 120,
      'Dead %': 100,
      'KP %': 90,
    });
  });

  it('gives step 6 with the T4/T5 Dead Troops switch on and a Hall of Heroes record', async () => {
    const db = t.database.db;
    await db
      .insertInto('hoh_records')
      .values({
        kingdom_kd: KD,
        kvk_number: 3,
        governor_id: 101,
        t4_dead: 8_000,
        t5_dead: 2_000,
        notes: null,
        recorded_at: 1,
      })
      .execute();
    await db
      .updateTable('formulas')
      .set({
        stats_formula_json: JSON.stringify({
          'T4-Kills': [10, true],
          'T5-Kills': [20, true],
          'Dead Troops': [15, true],
          'T4 Dead Troops': [15, true],
          'T5 Dead Troops': [30, true],
        }),
      })
      .where('kingdom_kd', '=', KD)
      .execute();
    const { row } = await ayla();
    expect(row['DKP Score']).toBe(1_080_000);
    expect(row['Deads (T4+T5)']).toBe(10_000);
    expect(row['Dead %']).toBe(50);

    // The main dashboard applies the same replacement (its T4/T5 dead come from the scans, which have none here).
    const main = await t.app.inject({ url: `/api/dashboard/${KD}/data/${CODE}` });
    expect(main.json().formulaString).toBe(
      'T4 Kills x 10 + T5 Kills x 20 + T4 Dead Troops x 15 + T5 Dead Troops x 30',
    );
    expect(main.json().playerData[0].DKP).toBe(60_000 * 10 + 22_000 * 20);
  });

  it('is the example the document shows', () => {
    const doc = readFileSync(DOC, 'utf8');
    for (const text of [
      '**DKP Score = 1,200,000**',
      '**Reached = 120**, **Dead % = 100**, **KP % = 90**',
      '**1,080,000**',
      '= **50**',
      '| s1 2026-03-01 | 40,000,000 | 1,000 | 500 | 2,000 |',
      '| s4 2026-03-12 | 45,000,000 | 61,000 | 22,500 | 24,000 |',
    ]) {
      expect(doc).toContain(text);
    }
  });
});
