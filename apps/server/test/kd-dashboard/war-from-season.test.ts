import type { DkpRow } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLink, upsertPolicy } from '../../src/features/farms/store.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { KdDashboardService } from '../../src/features/kd-dashboard/service.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { utc } from '../import/import-support.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The KD DKP service answers each war's own table (the war's dates chosen) from the season's computation
 * (docs/governor.md, "A war's own table"). These rows must be the ones the war computed alone gives, including the
 * governors a season's read would not need: one who migrated out after the war, one who left during the war and came
 * back later as another kingdom's, one who arrived during a war from another kingdom.
 */

const KD = 1001;
const CODE = 'code-1001';
const TIMES = ['03-01', '03-03', '03-05', '03-07', '03-09', '03-11'].map((d) => utc(`2026-${d} 00:00`));
/** [id, name, home kd per scan (null: not in the scan)]; counters grow with the scan index. */
const GOVERNORS: [number, string, (number | null)[]][] = [
  [101, 'Stays', [KD, KD, KD, KD, KD, KD]],
  [102, 'Leaves after war 1', [KD, KD, KD, 1002, 1002, 1002]],
  [103, 'Arrives in war 2', [1002, 1002, 1002, 1002, KD, KD]],
  [104, 'Gone in war 1, back as 1002', [KD, KD, null, null, null, 1002]],
  [105, 'Other kingdom', [1002, 1002, 1002, 1002, 1002, 1002]],
  [106, 'Gone in war 2', [KD, KD, KD, KD, null, null]],
  [107, 'Big', [KD, KD, KD, KD, KD, KD]],
];
/** Saved wars as scan indexes (before, after). */
const WARS = [
  [1, 2],
  [3, 4],
] as const;

function scanCsv(index: number): string {
  const lines = ['governor_id,name,home_kd,power,t4_kills,t5_kills,dead'];
  for (const [id, name, homes] of GOVERNORS) {
    const home = homes[index];
    if (home === null || home === undefined) continue;
    const step = (id % 7) + 1;
    lines.push(
      [
        id,
        `"${name}"`,
        home,
        50_000_000 + id * 1000 * index,
        step * 1000 * index,
        step * 300 * index,
        id * index,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('a war’s own KD DKP table from the season’s computation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await addKingdom(db, { kd: KD, code: CODE });
    for (const [i, at] of TIMES.entries()) {
      await importScanFile(db, {
        kingdomKd: KD,
        filePath: `kd${KD}-s${i + 1}.csv`,
        content: Buffer.from(scanCsv(i)),
        at: new Date(at * 1000).toISOString(),
      });
    }
    await db
      .insertInto('kvk_seasons')
      .values({ kingdom_kd: KD, kvk_number: 3, open_time: TIMES[0]!, close_time: utc('2026-03-31 00:00') })
      .execute();
    const scans = await db.selectFrom('scans').select(['name', 'taken_at']).orderBy('taken_at').execute();
    const at = (i: number) => ({ [scans[i]!.name]: Number(scans[i]!.taken_at) });
    await db
      .insertInto('formulas')
      .values({
        kingdom_kd: KD,
        stats_formula_json: JSON.stringify({
          'T4-Kills': [10, true],
          'T5-Kills': [20, true],
          'Dead Troops': [5, true],
        }),
        goals_json: JSON.stringify([
          { from: 0, to: 150, type: 'direct', score_multiplier: 1, dead_multiplier: 0.02, kp_multiplier: 1 },
        ]),
        score_on: 1,
        dead_on: 1,
        kp_on: 1,
        wars_json: JSON.stringify({
          base: {},
          wars: WARS.map(([b, a]) => ({ before: at(b), after: at(a) })),
        }),
        updated_at: 1,
      })
      .execute();
  });
  afterAll(() => t?.close());

  const viewer = { kd: String(KD), code: CODE };
  const now = TIMES[0]!;
  const warQuery = ([b, a]: readonly [number, number]) => ({
    top: 'all',
    start_date: String(TIMES[b]),
    end_date: String(TIMES[a]),
  });
  const ids = (rows: readonly DkpRow[]) => rows.map((r) => r['Governor ID']).sort();

  it('answers every war exactly as the war computed alone, then from the cache without reading again', async () => {
    const alone: DkpRow[][] = [];
    for (const war of WARS) {
      alone.push((await new KdDashboardService(t.database.db).data(viewer, warQuery(war), now)).playerData);
    }
    // The cases this test is for are there: war 1's own table has 102 and 104 (not the season's own governors).
    expect(ids(alone[0]!)).toEqual([101, 102, 104, 106, 107]);
    expect(ids(alone[1]!)).toEqual([101, 103, 106, 107]);
    const season = await new KdDashboardService(t.database.db).data(viewer, { top: 'all' }, now);
    expect(ids(season.playerData)).toEqual([101, 103, 106, 107]);

    const fromSeason = new KdDashboardService(t.database.db);
    await fromSeason.data(viewer, { top: 'all' }, now);
    // Proof that the war answers below come from the season's computation: the rows a new read would see change.
    await t.database.db.deleteFrom('governor_stats').where('governor_id', '=', 107).execute();
    for (const [w, war] of WARS.entries()) {
      const answer = await fromSeason.data(viewer, warQuery(war), now);
      expect(answer.playerData, `war ${w + 1}`).toEqual(alone[w]);
      expect(answer.wars.map((x) => x.name)).toEqual([`War ${w + 1}`]);
    }
    const reread = await new KdDashboardService(t.database.db).data(viewer, warQuery(WARS[0]), now);
    expect(ids(reread.playerData)).toEqual([101, 102, 104, 106]);
  });

  it('keeps them equal with farms rolled into their mains or shown apart', async () => {
    const db = t.database.db;
    // 102 is one of war 1's own governors but not the season's: rolled into 101 in war 1's table only.
    await insertLink(db, KD, { farmId: 102, mainId: 101 }, 'admin', null, 1);
    for (const mode of ['rolled-up', 'apart', 'excluded'] as const) {
      await upsertPolicy(db, KD, { mode, weight: 0.5 }, 1);
      const fromSeason = new KdDashboardService(db);
      await fromSeason.data(viewer, { top: 'all' }, now);
      for (const [w, war] of WARS.entries()) {
        const alone = await new KdDashboardService(db).data(viewer, warQuery(war), now);
        const answer = await fromSeason.data(viewer, warQuery(war), now);
        expect(answer.playerData, `${mode}, war ${w + 1}`).toEqual(alone.playerData);
      }
    }
  });
});
