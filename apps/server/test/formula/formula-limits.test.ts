import { kdDashboardResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { utc } from '../import/import-support.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 15: a formula saved with 1e308 goals (before the limits existed) broke the kingdom's KvK DKP page for every
 * viewer. Such a stored goal now reads as no goal; the page answers, and the other goals still count.
 */

const KD = 1002;
const CODE = 'code-1002';

describe('a stored formula with goals outside the limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await addKingdom(db, { kd: KD, code: CODE });
    for (const [name, time, power, t4] of [
      ['s1', '2026-03-01T00:00:00Z', 40_000_000, 1_000],
      ['s2', '2026-03-05T00:00:00Z', 42_000_000, 31_000],
    ] as const) {
      await importScanFile(db, {
        kingdomKd: KD,
        filePath: `${name}.csv`,
        content: Buffer.from(`governor_id,name,power,t4 kills\n101,Ayla,${power},${t4}\n`),
        at: time,
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
    await db
      .insertInto('formulas')
      .values({
        kingdom_kd: KD,
        stats_formula_json: JSON.stringify({ 'T4-Kills': [10, true] }),
        goals_json: JSON.stringify([
          {
            from: 0,
            to: 150,
            type: 'percentage',
            score_multiplier: 1e308,
            dead_multiplier: -1,
            kp_multiplier: 400,
          },
        ]),
        score_on: 1,
        dead_on: 1,
        kp_on: 1,
        wars_json: null,
        updated_at: 1,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('answers the KvK DKP page with those goals left out and the others kept', async () => {
    const res = await t.app.inject({ url: `/api/kd-dashboard/${KD}/data/${CODE}` });
    expect(res.statusCode, res.body).toBe(200);
    const row = kdDashboardResponseSchema.parse(res.json()).playerData.find((r) => r['Governor ID'] === 101)!;
    expect(row['DKP Score']).toBe(300_000);
    expect(row['DKP Goal']).toBeNull();
    expect(row.Reached).toBeNull();
    expect(row['Dead Goal']).toBeNull();
    expect(row['KP Goal']).toBe(160_000_000);
  });

  it('shows the editor those goals as empty, so Save asks for them', async () => {
    const res = await t.app.inject({ url: `/api/${KD}/formula/${CODE}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().formula.goals[0]).toMatchObject({
      score_multiplier: null,
      dead_multiplier: null,
      kp_multiplier: 400,
    });
  });
});
