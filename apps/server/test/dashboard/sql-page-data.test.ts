import type { SortEntry } from '@kingdom-stats/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KD, DEMO_KDS, type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { DashboardService, type DataQuery } from '../../src/features/dashboard/service.ts';
import { correctValue, excludeRow } from '../../src/features/data-review/corrections.ts';
import { setFarmPolicy } from '../../src/features/farms/service.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * A cold view answered by SQL alone (page-query.ts) against the full path's answer, on what changes the numbers
 * outside the formula: the kingdom's farm policy (only 'counted' is answered by SQL; the others are applied in
 * JavaScript, docs/farms.md) and data review's corrections and excluded rows (written through to governor_stats,
 * so SQL must show them exactly as the full path does). See sql-page.test.ts for sorts, scopes and formulas.
 */
let database: TestDatabase;
let demo: DemoSeedResult;
let scans: { id: number; takenAt: number }[];

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.db, { now: new Date('2026-11-01T12:34:00Z'), secret: 'sql-page-data-test' });
  const rows = await database.db
    .selectFrom('scans')
    .select(['id', 'taken_at'])
    .where('kingdom_kd', '=', DEMO_KD)
    .where('kind', '=', 'kingdom')
    .orderBy('taken_at')
    .execute();
  scans = rows.map((row) => ({ id: row.id, takenAt: Number(row.taken_at) }));
});

afterAll(async () => {
  await database?.drop();
});

const sort = (...entries: [string, 'asc' | 'desc'][]): SortEntry[] =>
  entries.map(([key, direction], i) => ({ key, direction, priority: i + 1 }));

/** A new service's cold answer, then (after the period computed in the background) the cached full path's. */
async function coldThenWarm(query: Partial<DataQuery>) {
  const service = new DashboardService(database.db);
  const params = { kd: String(DEMO_KD), code: demo.code };
  const full = { page: 1, pageSize: 20, ...query } as DataQuery;
  const cold = await service.data(params, full);
  const answeredBySql = service.sqlAnswers === 1;
  await service.settled();
  const warm = await service.data(params, full);
  return { cold, warm, answeredBySql };
}

function views(): Partial<DataQuery>[] {
  const whole = { start_date: String(scans[0]!.takenAt), end_date: String(scans.at(-1)!.takenAt) };
  const short = { start_date: String(scans[4]!.takenAt), end_date: String(scans[9]!.takenAt) };
  return [
    { ...whole, sorts: sort(['DKP', 'desc']) },
    { ...whole, sorts: sort(['T4 Kills', 'desc']), kd: String(DEMO_KDS[3]) },
    { ...short, sorts: sort(['Dead', 'asc']), camp: 'Emerald Order', page: 2 },
    { ...short, sorts: sort(['Power', 'desc']) },
  ];
}

describe('a cold view from SQL, with farm policies and data review', () => {
  for (const mode of ['counted', 'excluded', 'apart', 'rolled-up'] as const) {
    it(`answers what the full path answers with farms ${mode}`, async () => {
      await setFarmPolicy(database.db, DEMO_KD, { mode, weightPct: 50 }, { userId: null, source: 'cli' });
      for (const view of views()) {
        const { cold, warm, answeredBySql } = await coldThenWarm(view);
        expect({ view, answeredBySql }).toEqual({ view, answeredBySql: mode === 'counted' });
        expect(cold, JSON.stringify(view)).toEqual(warm);
        expect(cold.totalPlayers).toBeGreaterThan(0);
      }
    }, 120_000);
  }

  it('shows corrected values and leaves excluded rows out, as the full path does', async () => {
    await setFarmPolicy(
      database.db,
      DEMO_KD,
      { mode: 'counted', weightPct: 50 },
      { userId: null, source: 'cli' },
    );
    const kd = DEMO_KDS[5]!;
    const last = scans.at(-1)!;
    // Governors of the kd in the first, the last but one and the last scan.
    const members = await database.db
      .selectFrom('governor_stats as l')
      .innerJoin('governor_stats as p', 'p.governor_id', 'l.governor_id')
      .innerJoin('governor_stats as f', 'f.governor_id', 'l.governor_id')
      .select(['l.governor_id', 'l.t4_kills'])
      .where('l.scan_id', '=', last.id)
      .where('p.scan_id', '=', scans.at(-2)!.id)
      .where('f.scan_id', '=', scans[0]!.id)
      .where('l.home_kd', '=', kd)
      .where('l.t4_kills', 'is not', null)
      .orderBy('l.governor_id')
      .execute();
    const [corrected, excluded] = [members[0]!, members[1]!];
    const dates = { start_date: String(scans[0]!.takenAt), end_date: String(last.takenAt) };
    const byT4 = { ...dates, kd: String(kd), sorts: sort(['T4 Kills', 'desc']), pageSize: 1000 };
    const wholeByT4 = { ...dates, sorts: sort(['T4 Kills', 'desc']) };
    const before = await coldThenWarm(byT4);
    const t4Before = before.cold.playerData.find((row) => row['Gov ID'] === corrected.governor_id)![
      'T4 Kills'
    ];

    // Past the map's best T4 kills gain, so the corrected governor leads the sort of the whole period too.
    const best = (await coldThenWarm(wholeByT4)).cold.playerData[0]!['T4 Kills'] ?? 0;
    const raise = best - Number(t4Before) + 1_000;
    await correctValue(database.db, {
      kd: DEMO_KD,
      scanId: last.id,
      governorId: corrected.governor_id,
      field: 't4_kills',
      value: Number(corrected.t4_kills) + raise,
      reason: 'misread',
      actorId: null,
    });
    await excludeRow(database.db, {
      kd: DEMO_KD,
      scanId: last.id,
      governorId: excluded.governor_id,
      reason: 'not this governor',
      actorId: null,
    });

    const after = await coldThenWarm(byT4);
    expect(after.answeredBySql).toBe(true);
    expect(after.cold).toEqual(after.warm);
    // The correction raised the governor's gain to the top of the kd's T4 kills.
    expect(after.cold.playerData[0]!['Gov ID']).toBe(corrected.governor_id);
    expect(after.cold.playerData[0]!['T4 Kills']).toBe(Number(t4Before) + raise);
    // Without its row in the last scan, the excluded governor's period ends at its scan before.
    const gone = after.cold.playerData.find((row) => row['Gov ID'] === excluded.governor_id)!;
    expect(gone['Last Scan']).toBe(scans.at(-2)!.takenAt);
    expect(gone['Full Period']).toBe(false);
    expect(after.cold.totalPlayers).toBe(before.cold.totalPlayers);
    const sums = (body: typeof before.cold) => body.kdSummary.data.find((row) => row[1] === kd);
    expect(sums(after.cold)).not.toEqual(sums(before.cold));
    // The whole period's first page from SQL (on both databases) shows the correction as the full path does.
    const whole = await coldThenWarm(wholeByT4);
    expect(whole.answeredBySql).toBe(true);
    expect(whole.cold).toEqual(whole.warm);
    expect(whole.cold.playerData[0]!['Gov ID']).toBe(corrected.governor_id);
    // Field 0, the camp, is named only on a camp's first kd row.
    expect(sums(whole.cold)?.slice(1)).toEqual(sums(after.cold)?.slice(1));
  }, 120_000);
});
