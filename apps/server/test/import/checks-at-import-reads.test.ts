import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.ts';
import type { Database } from '../../src/db/schema.ts';
import { checkStoredScan, kingdomDataQuality } from '../../src/features/data-review/checks-at-import.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addTestKingdom } from './import-support.ts';

/**
 * How an import stores and checks a scan (issue 16, import speed). What the checks read: a new scan is checked from the file's rows in memory,
 * not read back, and a governor missing from the previous scan is looked up in the scans before it by id. Both must
 * flag exactly what a check over the stored scans flags. And a scan's rows are stored in governor order whatever the
 * file's (a power ranking), which is what keeps a period's read of two whole scans to one visit per page.
 */

const KD = 3901;
const TIMES = ['2026-06-01T00:00:00Z', '2026-06-08T00:00:00Z', '2026-06-15T00:00:00Z'];
const [AYLA, BREN, CATO, DARA] = [101, 102, 103, 104];
const NAMES: Record<number, string> = { [AYLA]: 'Ayla', [BREN]: 'Bren', [CATO]: 'Cato', [DARA]: 'Dara' };

/** [id, power, kill points, t4 kills, t5 kills, dead]. Dara is absent from the second scan. */
const FIRST = [
  [AYLA, 40_000_000, 80_000_000, 4_700_000, 1_600_000, 900_000],
  [BREN, 30_000_000, 50_000_000, 3_000_000, 1_000_000, 500_000],
  [CATO, 20_000_000, 10_000_000, 600_000, 200_000, 100_000],
  [DARA, 15_000_000, 9_000_000, 540_000, 180_000, 90_000],
];
const SECOND = [
  [AYLA, 40_500_000, 82_000_000, 4_777_297, 1_630_000, 950_000],
  [BREN, 30_200_000, 51_000_000, 3_050_000, 1_020_000, 510_000],
  [CATO, 20_100_000, 10_500_000, 620_000, 210_000, 105_000],
];
/** Ayla's T4 kills lose a digit against the second scan; Dara's dead lose one against the first (two scans back). */
const THIRD = [
  [AYLA, 41_000_000, 84_000_000, 485_000, 1_660_000, 990_000],
  [BREN, 30_400_000, 52_000_000, 3_100_000, 1_040_000, 520_000],
  [CATO, 20_200_000, 11_000_000, 640_000, 220_000, 110_000],
  [DARA, 15_100_000, 9_200_000, 550_000, 185_000, 9_500],
];

function file(rows: number[][]): Buffer {
  const lines = rows.map(([id, ...values]) => `${id},${NAMES[id!]},${values.join(',')}`);
  return Buffer.from(`governor_id,name,power,kill points,t4 kills,t5 kills,deads\n${lines.join('\n')}\n`);
}

describe('checks at import read what they need once', () => {
  let t: TestApp;
  let db: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    await addTestKingdom(db, KD);
  });
  afterAll(() => t.close());

  async function storedFlags(scanId: number) {
    const rows = await db
      .selectFrom('value_flags')
      .select(['id', 'governor_id', 'field', 'check_kind', 'value', 'suggested_value', 'status'])
      .where('scan_id', '=', scanId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      governor_id: Number(row.governor_id),
      value: row.value === null ? null : Number(row.value),
      suggested_value: row.suggested_value === null ? null : Number(row.suggested_value),
    }));
  }

  it('flags a new scan from the file’s rows as a check over the stored scan does, neighbours two scans back included', async () => {
    for (const [index, rows] of [FIRST, SECOND].entries()) {
      const result = await importScanFile(db, {
        kingdomKd: KD,
        filePath: `reads-${index + 1}.csv`,
        content: file(rows),
        at: TIMES[index]!,
      });
      expect(result.misreads).toBeUndefined();
    }
    const third = await importScanFile(db, {
      kingdomKd: KD,
      filePath: 'reads-3.csv',
      content: file(THIRD),
      at: TIMES[2]!,
    });
    expect(third.scans[0]?.status).toBe('imported');
    const scanId = third.scans[0]!.scanId;
    const atImport = await storedFlags(scanId);
    // Ayla against the second scan; Dara against the first, the nearest scan that holds her.
    expect(atImport.map((flag) => [flag.governor_id, flag.field])).toEqual(
      expect.arrayContaining([
        [AYLA, 't4_kills'],
        [DARA, 'dead'],
      ]),
    );
    expect(new Set(atImport.map((flag) => flag.governor_id))).toEqual(new Set([AYLA, DARA]));
    expect(third.misreads?.count).toBe(atImport.length);

    // The same check reading the stored scan back finds the same flags: nothing is added, dropped or changed.
    const settings = await kingdomDataQuality(db, KD);
    const again = await checkStoredScan(db, KD, scanId, settings, {
      fileOrder: THIRD.map(([id]) => id!),
    });
    expect(again?.flags.map((flag) => [flag.governorId, flag.field, flag.check]).sort()).toEqual(
      atImport.map((flag) => [flag.governor_id, flag.field, flag.check_kind]).sort(),
    );
    expect(await storedFlags(scanId)).toEqual(atImport);
  });

  it('stores a power-ranked file’s rows in governor order, values unchanged', async () => {
    const ranked = [
      [DARA, 90_000_000, 1, 2, 3, 4],
      [AYLA, 80_000_000, 5, 6, 7, 8],
      [CATO, 70_000_000, 9, 10, 11, 12],
      [BREN, 60_000_000, 13, 14, 15, 16],
    ];
    const result = await importScanFile(db, {
      kingdomKd: KD,
      filePath: 'ranked.csv',
      content: file(ranked),
      at: '2026-07-01T00:00:00Z',
    });
    const scanId = result.scans[0]!.scanId;
    // The order a whole-scan read meets the rows in: PostgreSQL's heap order; SQLite's table is the key's b-tree.
    const physical =
      dialectOf(db) === 'postgres'
        ? sql<{ governor_id: number; power: number }>`
            select governor_id, power from governor_stats where scan_id = ${scanId} order by ctid`
        : sql<{ governor_id: number; power: number }>`
            select governor_id, power from governor_stats where scan_id = ${scanId}`;
    const { rows } = await physical.execute(db);
    expect(rows.map((row) => [Number(row.governor_id), Number(row.power)])).toEqual([
      [AYLA, 80_000_000],
      [BREN, 60_000_000],
      [CATO, 70_000_000],
      [DARA, 90_000_000],
    ]);
  });
});
