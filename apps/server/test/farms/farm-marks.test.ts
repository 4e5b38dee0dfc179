import { MAX_EXPORT_PAGE_SIZE } from '@kingdom-stats/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  AYLA,
  AYLA_FARM_1,
  AYLA_FARM_2,
  BRAM,
  BRAM_FARM,
  CORA,
  END,
  seedFarmKingdom,
} from './farm-support.ts';

/**
 * The main dashboard's farm marks (docs/farms.md, "Main dashboard"): in `apart` mode the answer says, for the rows of
 * the page it answers, which governors are farms and of which main; in every other mode, and for a kingdom without
 * links, the field is absent. The marks never change the numbers.
 */

const KD = 3311;
const CODE = 'code-3311';
/** The same governors, no links. */
const KD_UNLINKED = 3312;
const CODE_UNLINKED = 'code-3312';
const LINKS = [
  { farm: AYLA_FARM_1, main: AYLA },
  { farm: AYLA_FARM_2, main: AYLA },
  { farm: BRAM_FARM, main: BRAM },
];
const MAIN_NAMES: Record<number, string> = { [AYLA]: 'Ayla', [BRAM]: 'Bram' };

interface Answer {
  playerData: Record<string, unknown>[];
  farmMarks?: Record<string, { mainId: number; mainName: string | null }>;
}

describe('farm marks on the main dashboard', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    for (const [kd, code] of [
      [KD, CODE],
      [KD_UNLINKED, CODE_UNLINKED],
    ] as const) {
      await addKingdom(t.database.db, { kd, code });
      await seedFarmKingdom(t.database.db, kd);
    }
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

  async function setPolicy(kd: number, mode: string, weightPct = 100) {
    await t.database.db
      .insertInto('farm_policies')
      .values({ kingdom_kd: kd, mode, weight_pct: weightPct, updated_at: 1 })
      .onConflict((oc) => oc.column('kingdom_kd').doUpdateSet({ mode, weight_pct: weightPct }))
      .execute();
  }

  async function data(query: string, kd = KD, code = CODE): Promise<Answer> {
    const res = await t.app.inject(`/api/dashboard/${kd}/data/${code}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Answer;
  }
  const expectedMark = (farm: number) => {
    const main = LINKS.find((l) => l.farm === farm)!.main;
    return { mainId: main, mainName: MAIN_NAMES[main]! };
  };

  it('counted (no policy stored): no marks', async () => {
    const answer = await data('pageSize=100');
    expect(answer.playerData).toHaveLength(6);
    expect(answer).not.toHaveProperty('farmMarks');
  });

  it('apart: the page’s farms are marked with their main, mains and other pages’ farms are not', async () => {
    await setPolicy(KD, 'apart');
    // By power, lowest first: the three farms, then Cora; Bram and Ayla on page 2.
    const first = await data('pageSize=4&page=1&sortBy=Power&sortDirection=asc');
    expect(first.playerData.map((r) => r['Gov ID'])).toEqual([BRAM_FARM, AYLA_FARM_2, AYLA_FARM_1, CORA]);
    expect(first.farmMarks).toEqual({
      [BRAM_FARM]: expectedMark(BRAM_FARM),
      [AYLA_FARM_2]: expectedMark(AYLA_FARM_2),
      [AYLA_FARM_1]: expectedMark(AYLA_FARM_1),
    });
    const second = await data('pageSize=4&page=2&sortBy=Power&sortDirection=asc');
    expect(second.playerData.map((r) => r['Gov ID'])).toEqual([BRAM, AYLA]);
    expect(second).not.toHaveProperty('farmMarks');

    // A search keeps only the rows found: Bram and his farm.
    const bram = await data('pageSize=20&search=Bram');
    expect(bram.playerData.map((r) => r['Gov ID']).sort()).toEqual([BRAM, BRAM_FARM].sort());
    expect(bram.farmMarks).toEqual({ [BRAM_FARM]: expectedMark(BRAM_FARM) });

    // The export's page (the largest page size) carries them too.
    const exported = await data(`pageSize=${MAX_EXPORT_PAGE_SIZE}`);
    expect(Object.keys(exported.farmMarks ?? {}).sort()).toEqual(
      [AYLA_FARM_1, AYLA_FARM_2, BRAM_FARM].map(String).sort(),
    );
  });

  it('apart: the marks leave every number as counted mode gives it', async () => {
    await setPolicy(KD, 'counted');
    const counted = await data('pageSize=100&sortBy=Gov%20ID&sortDirection=asc');
    await setPolicy(KD, 'apart');
    const apart = await data('pageSize=100&sortBy=Gov%20ID&sortDirection=asc');
    expect(apart.playerData).toEqual(counted.playerData);
    expect(Object.keys(apart.farmMarks ?? {})).toHaveLength(3);
  });

  it.each([
    ['excluded', 100],
    ['rolled-up', 20],
  ])('%s: no marks (farm rows are left out)', async (mode, pct) => {
    await setPolicy(KD, mode, pct);
    const answer = await data('pageSize=100');
    expect(answer.playerData.map((r) => r['Gov ID']).sort()).toEqual([AYLA, BRAM, CORA].sort());
    expect(answer).not.toHaveProperty('farmMarks');
  });

  it('apart without links: no marks', async () => {
    await setPolicy(KD_UNLINKED, 'apart');
    const answer = await data('pageSize=100', KD_UNLINKED, CODE_UNLINKED);
    expect(answer.playerData).toHaveLength(6);
    expect(answer).not.toHaveProperty('farmMarks');
  });

  it('follows links on the next call; a main no scan holds has no name', async () => {
    await setPolicy(KD, 'apart');
    await t.database.db
      .deleteFrom('account_links')
      .where('kingdom_kd', '=', KD)
      .where('farm_governor_id', '=', BRAM_FARM)
      .execute();
    const unlinked = await data('pageSize=100');
    expect(unlinked.farmMarks).not.toHaveProperty(String(BRAM_FARM));
    expect(unlinked.farmMarks).toHaveProperty(String(AYLA_FARM_1));

    const ghost = 987_654_321;
    await t.database.db
      .insertInto('account_links')
      .values({
        kingdom_kd: KD,
        farm_governor_id: BRAM_FARM,
        main_governor_id: ghost,
        source: 'cli',
        created_by: null,
        created_at: 2,
      })
      .execute();
    const relinked = await data('pageSize=100');
    expect(relinked.farmMarks?.[String(BRAM_FARM)]).toEqual({ mainId: ghost, mainName: null });
  });

  it('names each main by its latest name, from an older scan when the newest does not hold it', async () => {
    await setPolicy(KD, 'apart');
    await t.database.db
      .updateTable('account_links')
      .set({ main_governor_id: BRAM })
      .where('kingdom_kd', '=', KD)
      .where('farm_governor_id', '=', BRAM_FARM)
      .execute();
    // A later scan: Ayla renamed, Bram not in it.
    const later = END + 86_400;
    const lines = [
      'governor_id,name,power,kill points,t4 kills,t5 kills,deads',
      `${AYLA},AylaRenamed,62000000,1600000,21000,5600,12500`,
      `${AYLA_FARM_1},AylaFarm1,9100000,50000,2100,0,1200`,
      `${BRAM_FARM},BramFarm,7100000,120000,4600,0,900`,
    ];
    await importScanFile(t.database.db, {
      kingdomKd: KD,
      filePath: 'farms-later.csv',
      content: Buffer.from(lines.join('\n')),
      at: new Date(later * 1000).toISOString(),
    });
    const answer = await data('pageSize=100');
    expect(answer.farmMarks?.[String(AYLA_FARM_1)]).toEqual({ mainId: AYLA, mainName: 'AylaRenamed' });
    expect(answer.farmMarks?.[String(BRAM_FARM)]).toEqual({ mainId: BRAM, mainName: 'Bram' });
  });
});
