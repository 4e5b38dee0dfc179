import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectHomeKds, selectScanTotalsByKd } from '../../src/features/dashboard/scan-kd-totals.ts';
import { deleteScan, type GovernorStatRow, insertScan } from '../../src/features/scans/scan-store.ts';
import { addTestKingdom } from '../import/import-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * The diplomacy overview's totals and the list of home kds come from scan_kd_totals, kept at import: they must be
 * what grouping the scan's stat rows gives, unknown values and governors without a home kd included.
 */
const KD = 3201;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await addTestKingdom(database.db, KD);
});

afterAll(async () => {
  await database?.drop();
});

function rows(seed: number): GovernorStatRow[] {
  return Array.from({ length: 40 }, (_, i) => {
    const unknown = (i + seed) % 7 === 0;
    return {
      governor_id: 70_000 + i,
      name: `Gov ${i}`,
      alliance: null,
      home_kd: i % 5 === 0 ? null : KD + (i % 3),
      power: unknown ? null : 1_000_000 + i * seed,
      t4_kills: i * 10 + seed,
      t5_kills: unknown ? null : i,
      dead: i % 2 === 0 ? null : i * 3,
      healed: seed,
      extra_json: null,
    } as GovernorStatRow;
  });
}

async function addScan(day: number, seed: number): Promise<number> {
  return database.db.transaction().execute((trx) =>
    insertScan(trx, {
      kingdomKd: KD,
      kind: 'kingdom',
      takenAt: day * 86_400,
      name: `day ${day}`,
      sourceFormat: 'test',
      rows: rows(seed),
    }),
  );
}

/** The same totals by grouping the stat rows. */
async function plainTotals(scanId: number) {
  const grouped = await database.db
    .selectFrom('governor_stats')
    .select(({ fn }) => [
      'home_kd',
      fn.sum<number | null>('power').as('power'),
      fn.sum<number | null>('t4_kills').as('t4_kills'),
      fn.sum<number | null>('t5_kills').as('t5_kills'),
      fn.sum<number | null>('dead').as('dead'),
      fn.sum<number | null>('healed').as('healed'),
    ])
    .where('scan_id', '=', scanId)
    .groupBy('home_kd')
    .execute();
  const value = (v: unknown) => (v === null ? null : Number(v));
  return grouped.map((r) => ({
    home_kd: value(r.home_kd),
    power: value(r.power),
    t4_kills: value(r.t4_kills),
    t5_kills: value(r.t5_kills),
    dead: value(r.dead),
    healed: value(r.healed),
  }));
}

const byKd = (a: { home_kd: number | null }, b: { home_kd: number | null }) =>
  (a.home_kd ?? -1) - (b.home_kd ?? -1);

describe('scan totals per home kd', () => {
  it('equal the grouped stat rows of each scan, and go with a deleted scan', async () => {
    const first = await addScan(10, 1);
    const second = await addScan(11, 2);
    for (const scanId of [first, second]) {
      const totals = await selectScanTotalsByKd(database.db, scanId);
      expect(totals.sort(byKd)).toEqual((await plainTotals(scanId)).sort(byKd));
      expect(totals.some((t) => t.home_kd === null)).toBe(true);
    }
    expect(await selectHomeKds(database.db, [first, second])).toEqual([KD, KD + 1, KD + 2]);

    await database.db.transaction().execute((trx) => deleteScan(trx, second));
    expect(await selectScanTotalsByKd(database.db, second)).toEqual([]);
    expect(await selectScanTotalsByKd(database.db, first)).toHaveLength(4);
  });
});
