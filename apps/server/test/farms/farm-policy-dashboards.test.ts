import { MAX_EXPORT_PAGE_SIZE } from '@kingdom-stats/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  AYLA,
  AYLA_FARM_1,
  AYLA_FARM_2,
  BRAM,
  BRAM_FARM,
  CORA,
  dkpOf,
  GAINS,
  mainRows,
  seedFarmKingdom,
} from './farm-support.ts';

/**
 * Every farm policy's effect on the main dashboard and the KD DKP dashboard, against a computation written here
 * from the fixture's gains (docs/farms.md). Links and policy are stored directly: the admin routes have their own
 * test, and the dashboards must see a change made by any process on the next call (cache keys, not cache clears).
 */

const KD = 3301;
const CODE = 'code-3301';
const LINKS = [
  { farm: AYLA_FARM_1, main: AYLA },
  { farm: AYLA_FARM_2, main: AYLA },
  { farm: BRAM_FARM, main: BRAM },
];
const MAINS = [AYLA, BRAM, CORA];
const ALL = [...MAINS, AYLA_FARM_1, AYLA_FARM_2, BRAM_FARM];

/** A governor's expected gains under rolled-up with `weight` (0..1): its own + round(weight × its farms' sum). */
function rolled(id: number, weight: number) {
  const own = GAINS[id]!;
  const farms = LINKS.filter((l) => l.main === id).map((l) => GAINS[l.farm]!);
  const add = (key: keyof typeof own) => Math.round(weight * farms.reduce((sum, f) => sum + f[key], 0));
  return {
    kp: own.kp + add('kp'),
    t1: own.t1 + add('t1'),
    t4: own.t4 + add('t4'),
    t5: own.t5 + add('t5'),
    dead: own.dead + add('dead'),
    healed: own.healed, // never rolled up
  };
}

describe('farm policies on the dashboards', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await addKingdom(t.database.db, { kd: KD, code: CODE });
    await seedFarmKingdom(t.database.db, KD);
    await t.database.db
      .insertInto('account_links')
      .values(
        LINKS.map((l) => ({
          kingdom_kd: KD,
          farm_governor_id: l.farm,
          main_governor_id: l.main,
          source: 'cli' as const,
          created_by: null,
          created_at: 1,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  async function setPolicy(mode: string, weightPct = 100) {
    await t.database.db
      .insertInto('farm_policies')
      .values({ kingdom_kd: KD, mode, weight_pct: weightPct, updated_at: 1 })
      .onConflict((oc) => oc.column('kingdom_kd').doUpdateSet({ mode, weight_pct: weightPct }))
      .execute();
  }

  const main = () => mainRows(t.app, KD, CODE);
  async function kdDkp() {
    const res = await t.app.inject(`/api/kd-dashboard/${KD}/data/${CODE}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().playerData as Record<string, unknown>[];
  }
  const ids = (rows: Record<string, unknown>[], key: string) => rows.map((r) => r[key] as number).sort();
  const byId = (rows: Record<string, unknown>[], key: string, id: number) => rows.find((r) => r[key] === id)!;

  it('counts farms like any governor by default (no policy stored)', async () => {
    const rows = await main();
    expect(ids(rows, 'Gov ID')).toEqual([...ALL].sort());
    for (const id of ALL) {
      const g = GAINS[id]!;
      expect(byId(rows, 'Gov ID', id)).toMatchObject({ 'T4 Kills': g.t4, Dead: g.dead, DKP: dkpOf(g) });
    }
    expect(ids(await kdDkp(), 'Governor ID')).toEqual([...ALL].sort());
  });

  it('excluded: farm rows leave both dashboards, mains unchanged', async () => {
    await setPolicy('excluded');
    const rows = await main();
    expect(ids(rows, 'Gov ID')).toEqual([...MAINS].sort());
    expect(byId(rows, 'Gov ID', AYLA)).toMatchObject({ DKP: dkpOf(GAINS[AYLA]!) });
    const dkp = await kdDkp();
    expect(ids(dkp, 'Governor ID')).toEqual([...MAINS].sort());
    expect(byId(dkp, 'Governor ID', AYLA)['DKP Score']).toBe(dkpOf(GAINS[AYLA]!));
    // The export asks for its page of up to MAX_EXPORT_PAGE_SIZE rows from the same period rows.
    const exported = await t.app.inject(`/api/dashboard/${KD}/data/${CODE}?pageSize=${MAX_EXPORT_PAGE_SIZE}`);
    expect(ids(exported.json().playerData, 'Gov ID')).toEqual([...MAINS].sort());
  });

  it.each([100, 20, 0, 33])(
    'rolled-up at %i %%: kills and deaths added to the main, farms gone',
    async (pct) => {
      await setPolicy('rolled-up', pct);
      const rows = await main();
      expect(ids(rows, 'Gov ID')).toEqual([...MAINS].sort());
      for (const id of MAINS) {
        const g = rolled(id, pct / 100);
        expect(byId(rows, 'Gov ID', id)).toMatchObject({
          'Kill Points Gained': g.kp,
          'T1 Kills': g.t1,
          'T4 Kills': g.t4,
          'T5 Kills': g.t5,
          Dead: g.dead,
          Healed: g.healed,
          DKP: dkpOf(g),
          // Power is never added: the main's own.
          'Power Change': 1_000_000,
        });
      }
      const dkp = await kdDkp();
      expect(ids(dkp, 'Governor ID')).toEqual([...MAINS].sort());
      for (const id of MAINS) {
        const g = rolled(id, pct / 100);
        expect(byId(dkp, 'Governor ID', id)).toMatchObject({
          'DKP Score': dkpOf(g),
          'T4 Kills': g.t4,
          'T5 Kills': g.t5,
          'All Deads': g.dead,
          Healed: g.healed,
          'Power Change': 1_000_000,
        });
      }
    },
  );

  it('apart: every row stays on the main dashboard; on KD DKP farms have no goal and come after the mains', async () => {
    await setPolicy('apart');
    const rows = await main();
    expect(ids(rows, 'Gov ID')).toEqual([...ALL].sort());
    const dkp = await kdDkp();
    expect(dkp.map((r) => r['Governor ID'])).toEqual([
      // Mains by DKP, then farms by DKP.
      ...[...MAINS].sort((a, b) => dkpOf(GAINS[b]!) - dkpOf(GAINS[a]!)),
      ...[AYLA_FARM_1, AYLA_FARM_2, BRAM_FARM].sort((a, b) => dkpOf(GAINS[b]!) - dkpOf(GAINS[a]!)),
    ]);
    for (const farm of [AYLA_FARM_1, AYLA_FARM_2, BRAM_FARM]) {
      const row = byId(dkp, 'Governor ID', farm);
      expect(row).toMatchObject({ 'DKP Score': dkpOf(GAINS[farm]!), 'DKP Goal': null, Reached: null });
      expect(row['Farm Of']).toBe(LINKS.find((l) => l.farm === farm)!.main);
    }
    expect(byId(dkp, 'Governor ID', AYLA)['DKP Goal']).not.toBeNull();
    expect(byId(dkp, 'Governor ID', AYLA)['Farm Of']).toBeUndefined();
    // The governor page ranks as the KD DKP table does: mains only; a farm shown apart has no rank.
    const season = async (id: number) => {
      const res = await t.app.inject(`/api/governor/${KD}/${id}/${CODE}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().seasons[0].result;
    };
    expect(await season(BRAM_FARM)).toMatchObject({ rank: null, ranked: MAINS.length, farmOf: BRAM });
    const mainOrder = [...MAINS].sort((a, b) => dkpOf(GAINS[b]!) - dkpOf(GAINS[a]!));
    expect(await season(AYLA)).toMatchObject({ rank: mainOrder.indexOf(AYLA) + 1, ranked: MAINS.length });
  });

  it('sees a link removed on the next call (the cache key follows the links)', async () => {
    await setPolicy('excluded');
    expect(ids(await main(), 'Gov ID')).not.toContain(BRAM_FARM);
    await t.database.db
      .deleteFrom('account_links')
      .where('kingdom_kd', '=', KD)
      .where('farm_governor_id', '=', BRAM_FARM)
      .execute();
    expect(ids(await main(), 'Gov ID')).toContain(BRAM_FARM);
    expect(ids(await kdDkp(), 'Governor ID')).toContain(BRAM_FARM);
    await setPolicy('counted');
    expect(ids(await main(), 'Gov ID')).toEqual([...ALL].sort());
  });
});
