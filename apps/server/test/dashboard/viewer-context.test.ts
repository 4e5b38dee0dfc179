import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { type KingdomContext, loadKingdomContext } from '../../src/features/dashboard/context.ts';
import { loadViewerContext } from '../../src/features/dashboard/viewer-context.ts';
import { loadKingdomFarms } from '../../src/features/farms/policy.ts';
import { selectFormulaRow } from '../../src/features/formula/queries.ts';
import { selectSeasonRules } from '../../src/features/formula/season-rules.ts';
import { readViewerPlanInputs } from '../../src/features/kd-dashboard/service.ts';
import { KINGDOM_NOT_FOUND, requireViewerAccess } from '../../src/features/kingdoms/access.ts';
import { addKingdom, setCamp } from '../../src/features/kingdoms/service.ts';
import { selectSeasons } from '../../src/features/kvk/season.ts';
import { selectKingdomScans } from '../../src/features/scans/kingdom-scans.ts';
import { AYLA, AYLA_FARM_1, AYLA_FARM_2, BRAM, BRAM_FARM, seedFarmKingdom } from '../farms/farm-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * loadViewerContext (one statement) against requireViewerAccess + loadKingdomContext (six queries): the same
 * context for a kingdom with everything set, for one with nothing set, after each part changes, and the same 404.
 * The KD DKP dashboard's and governor page's plan inputs, read by the same statement, against their separate queries.
 */

const FULL = 3401;
const EMPTY = 3402;
const CODE = 'code-3401';

let database: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await addKingdom(db, { kd: FULL, code: CODE });
  await addKingdom(db, { kd: EMPTY, code: 'code-3402' });
  await seedFarmKingdom(db, FULL);
  // Camps given out of kd order, links out of (main, farm) order: the single statement must restore the order.
  await setCamp(db, { kd: FULL, campName: 'Blue', memberKds: [3405, 3401] });
  await setCamp(db, { kd: FULL, campName: 'Red', memberKds: [3403] });
  await db
    .insertInto('account_links')
    .values(
      [
        { farm: BRAM_FARM, main: BRAM },
        { farm: AYLA_FARM_2, main: AYLA },
        { farm: AYLA_FARM_1, main: AYLA },
      ].map((link) => ({
        kingdom_kd: FULL,
        farm_governor_id: link.farm,
        main_governor_id: link.main,
        source: 'cli' as const,
        created_by: null,
        created_at: 1,
      })),
    )
    .execute();
  await db
    .insertInto('farm_policies')
    .values({ kingdom_kd: FULL, mode: 'rolled-up', weight_pct: 50, updated_at: 1 })
    .execute();
  // Seasons beside the seeded KvK 7, given out of time order and numbered against it.
  await db
    .insertInto('kvk_seasons')
    .values([
      { kingdom_kd: FULL, kvk_number: 2, open_time: 2_000_000, close_time: 2_500_000 },
      { kingdom_kd: FULL, kvk_number: 3, open_time: 1_000_000, close_time: 1_500_000 },
      { kingdom_kd: FULL, kvk_number: 1, open_time: 3_000_000, close_time: 3_500_000 },
    ])
    .execute();
});

afterAll(() => database?.drop());

/** Every field, functions read for every camp and kd they can be asked about. */
function comparable(context: KingdomContext) {
  const { campOf, campKds, ...data } = context;
  const kds = [null, 3401, 3403, 3405, 9999];
  return {
    ...data,
    campOf: kds.map((kd) => campOf(kd)),
    campKds: [...context.campNames, 'blue', 'nobody'].map((camp) => campKds(camp)),
  };
}

async function bothWays(kd: number | string, code: string) {
  const separate = await loadKingdomContext(db, await requireViewerAccess(db, kd, code));
  const single = await loadViewerContext(db, kd, code);
  return { separate: comparable(separate), single: comparable(single) };
}

describe('loadViewerContext', () => {
  it('reads the same context as the separate queries, with every part set', async () => {
    const { separate, single } = await bothWays(FULL, CODE);
    expect(single).toEqual(separate);
    expect(single.kingdomScans).toHaveLength(2);
    expect(single.formulaInfo).not.toBeNull();
    expect(single.campNames).toEqual(['Blue', 'Red']);
    expect(single.farms.links).toHaveLength(3);
    expect(single.farms.policy.mode).toBe('rolled-up');
  });

  it('reads the same context for a kingdom with nothing set', async () => {
    const { separate, single } = await bothWays(EMPTY, ' CODE-3402 ');
    expect(single).toEqual(separate);
    expect(single.kingdomScans).toEqual([]);
    expect(single.formulaInfo).toBeNull();
    expect(single.farms.links).toEqual([]);
  });

  it('sees each change on the next call, as the separate queries do', async () => {
    const before = (await bothWays(FULL, CODE)).single;
    await db
      .updateTable('formulas')
      .set({ updated_at: 2, wars_json: '{"wars":[]}' })
      .where('kingdom_kd', '=', FULL)
      .execute();
    await setCamp(db, { kd: FULL, campName: 'Red', memberKds: [3403, 3407] });
    await db.updateTable('farm_policies').set({ mode: 'apart' }).where('kingdom_kd', '=', FULL).execute();
    await db.updateTable('scans').set({ revision: 5 }).where('kingdom_kd', '=', FULL).execute();
    const { separate, single } = await bothWays(FULL, CODE);
    expect(single).toEqual(separate);
    expect(single.formulaKey).toBe(before.formulaKey);
    expect(single.formulaInfo?.warsJson).toBe('{"wars":[]}');
    expect(single.campKey).not.toBe(before.campKey);
    expect(single.farms.key).not.toBe(before.farms.key);
    expect(single.kingdomScans.map((scan) => scan.revision)).toEqual([5, 5]);
  });

  it('answers the same 404 as requireViewerAccess for a wrong code, a wrong kd or a kd that is no number', async () => {
    for (const [kd, code] of [
      [FULL, 'wrong'],
      [FULL, ''],
      [9999, CODE],
      ['abc', CODE],
      ['3401.5', CODE],
      [EMPTY, CODE],
    ] as const) {
      const separate = await requireViewerAccess(db, kd, code).catch((error: unknown) => error);
      const single = await loadViewerContext(db, kd, code).catch((error: unknown) => error);
      expect(single).toEqual(separate);
      expect(single).toMatchObject({ code: 'NOT_FOUND', message: KINGDOM_NOT_FOUND });
    }
  });

  it('reads the same plan inputs (scans, seasons, formula rows, farms) as the separate queries', async () => {
    await db
      .updateTable('formulas')
      .set({ goals_json: '[{"from":0,"to":null,"dkp":5}]', score_on: 1, dead_on: 0, kp_on: 1 })
      .where('kingdom_kd', '=', FULL)
      .execute();
    const formula = await db
      .selectFrom('formulas')
      .selectAll()
      .where('kingdom_kd', '=', FULL)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('season_rules')
      .values({ ...formula, kvk_number: 3, kp_on: 0, wars_json: null })
      .execute();
    for (const [kd, code] of [
      [FULL, CODE],
      [EMPTY, 'code-3402'],
    ] as const) {
      const [allScans, seasons, row, seasonRules, farms] = await Promise.all([
        selectKingdomScans(db, kd),
        selectSeasons(db, kd),
        selectFormulaRow(db, kd),
        selectSeasonRules(db, kd),
        loadKingdomFarms(db, kd),
      ]);
      const single = await readViewerPlanInputs(db, kd, code);
      expect(single.kingdom).toEqual(await requireViewerAccess(db, kd, code));
      expect(single.inputs).toEqual({ allScans, seasons, row, seasonRules, farms });
    }
    const full = await readViewerPlanInputs(db, FULL, CODE);
    expect(full.inputs.seasons.map((season) => season.kvkNumber)).toEqual([3, 2, 1, 7]);
    expect(full.inputs.row).toMatchObject({ kingdom_kd: FULL, score_on: 1, dead_on: 0, kp_on: 1 });
    expect(full.inputs.seasonRules.get(3)).toMatchObject({ kingdom_kd: FULL, kp_on: 0, wars_json: null });
    expect((await readViewerPlanInputs(db, EMPTY, 'code-3402')).inputs).toMatchObject({
      seasons: [],
      row: null,
    });
  });

  it('answers the same 404 for the plan inputs as requireViewerAccess', async () => {
    const separate = await requireViewerAccess(db, FULL, 'wrong').catch((error: unknown) => error);
    const single = await readViewerPlanInputs(db, FULL, 'wrong').catch((error: unknown) => error);
    expect(single).toEqual(separate);
    expect(single).toMatchObject({ code: 'NOT_FOUND', message: KINGDOM_NOT_FOUND });
  });
});
