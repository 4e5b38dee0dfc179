import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { correctValue, excludeRow, revertCorrection } from '../../src/features/data-review/corrections.ts';
import { acceptFlag } from '../../src/features/data-review/store.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { importMessage } from '../../src/import/import-report.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The store's corrections (docs/data-review-storage.md) on a small kingdom: a misread flagged at import and counted
 * in the result, a correction written through and kept by a re-import, a --replace that keeps or supersedes it, a
 * row excluded and put back (presence and totals follow), the audit log, and the refusals.
 */

const KD = 3801;
const CODE = 'corr-code';
const TIMES = ['2026-05-01T00:00:00Z', '2026-05-08T00:00:00Z', '2026-05-15T00:00:00Z'];
const AYLA = 101;
const BREN = 102;
const CATO = 103;

/** Per scan: [id, name, power, kill points, t4 kills, t5 kills, dead]. Scan 2 has Ayla's T4 kills misread. */
const CLEAN: number[][][] = [
  [
    [AYLA, 40_000_000, 80_000_000, 4_700_000, 1_600_000, 900_000],
    [BREN, 30_000_000, 50_000_000, 3_000_000, 1_000_000, 500_000],
    [CATO, 20_000_000, 10_000_000, 600_000, 200_000, 100_000],
  ],
  [
    [AYLA, 40_500_000, 82_000_000, 4_777_297, 1_630_000, 950_000],
    [BREN, 30_200_000, 51_000_000, 3_050_000, 1_020_000, 510_000],
    [CATO, 20_100_000, 10_500_000, 620_000, 210_000, 105_000],
  ],
  [
    [AYLA, 41_000_000, 84_000_000, 4_850_000, 1_660_000, 990_000],
    [BREN, 30_400_000, 52_000_000, 3_100_000, 1_040_000, 520_000],
    [CATO, 20_200_000, 11_000_000, 640_000, 220_000, 110_000],
  ],
];
const NAMES: Record<number, string> = { [AYLA]: 'Ayla', [BREN]: 'Bren', [CATO]: 'Cato' };
const MISREAD_T4 = 4_177_297;

function file(rows: number[][]): Buffer {
  const lines = rows.map(([id, ...values]) => `${id},${NAMES[id!]},${values.join(',')}`);
  return Buffer.from(`governor_id,name,power,kill points,t4 kills,t5 kills,deads\n${lines.join('\n')}\n`);
}

function misreadScan2(): number[][] {
  return CLEAN[1]!.map((row) =>
    row[0] === AYLA ? [AYLA, row[1]!, row[2]!, MISREAD_T4, row[4]!, row[5]!] : row,
  );
}

describe('corrections are records applied everywhere', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let scans: number[] = [];

  const importScan = (index: number, rows: number[][], replace = false) =>
    importScanFile(db, {
      kingdomKd: KD,
      filePath: `corr-${index + 1}.csv`,
      content: file(rows),
      at: TIMES[index]!,
      replace,
    });

  async function stored(scanId: number, governorId: number) {
    return db
      .selectFrom('governor_stats')
      .selectAll()
      .where('scan_id', '=', scanId)
      .where('governor_id', '=', governorId)
      .executeTakeFirst();
  }

  async function revision(scanId: number) {
    const row = await db
      .selectFrom('scans')
      .select('revision')
      .where('id', '=', scanId)
      .executeTakeFirstOrThrow();
    return Number(row.revision);
  }

  async function flagsOf(scanId: number, governorId: number) {
    return db
      .selectFrom('value_flags')
      .selectAll()
      .where('scan_id', '=', scanId)
      .where('governor_id', '=', governorId)
      .orderBy('id')
      .execute();
  }

  async function audit() {
    return (
      await db.selectFrom('audit_log').select('action').where('kingdom_kd', '=', KD).orderBy('id').execute()
    ).map((r) => r.action);
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    await addKingdom(db, { kd: KD, code: CODE });
  });
  afterAll(() => t.close());

  it('a misread scan placed between two others is flagged and counted; the later scan is not flagged for it', async () => {
    const first = await importScan(0, CLEAN[0]!);
    expect(first.misreads).toBeUndefined();
    await importScan(2, CLEAN[2]!);
    const result = await importScan(1, misreadScan2());
    scans = (
      await db.selectFrom('scans').select('id').where('kingdom_kd', '=', KD).orderBy('taken_at').execute()
    ).map((s) => s.id);
    const flags = await flagsOf(scans[1]!, AYLA);
    expect(flags.length).toBeGreaterThan(0);
    const t4 = flags.find((f) => f.field === 't4_kills');
    expect(t4).toMatchObject({ status: 'open', value: MISREAD_T4 });
    expect(Number(t4?.suggested_value)).toBe(4_777_297);
    expect(t4?.reason).toMatch(/T4 kills/i);
    expect(result.misreads).toEqual({
      count: flags.length,
      reviewPath: `/admin/settings/${KD}/${CODE}/review`,
    });
    expect(importMessage(result)).toContain(
      `${flags.length === 1 ? '1 value looks' : `${flags.length} values look`} misread: review them at /admin/settings/${KD}/${CODE}/review.`,
    );
    // The later scan's right value is not doubted because of the misread before it.
    expect(await flagsOf(scans[2]!, AYLA)).toEqual([]);
  });

  it('a correction writes the value through, keeps the imported one, bumps the revision and is audited', async () => {
    const flag = (await flagsOf(scans[1]!, AYLA)).find((f) => f.field === 't4_kills')!;
    const before = await revision(scans[1]!);
    const id = await correctValue(db, {
      kd: KD,
      scanId: scans[1]!,
      governorId: AYLA,
      field: 't4_kills',
      value: 4_777_297,
      reason: 'read again in game',
      actorId: null,
      flagId: flag.id,
    });
    expect(Number((await stored(scans[1]!, AYLA))?.t4_kills)).toBe(4_777_297);
    const record = await db
      .selectFrom('value_corrections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(record.imported_value)).toBe(MISREAD_T4);
    expect(Number(record.corrected_value)).toBe(4_777_297);
    expect(record.reverted_at).toBeNull();
    expect(await revision(scans[1]!)).toBe(before + 1);
    expect((await flagsOf(scans[1]!, AYLA)).find((f) => f.id === flag.id)?.status).toBe('corrected');
    expect(await audit()).toContain('value.correct');
  });

  it('re-importing the same file keeps the correction: already imported, nothing changed', async () => {
    const result = await importScan(1, misreadScan2());
    expect(result.scans[0]?.status).toBe('already-imported');
    expect(Number((await stored(scans[1]!, AYLA))?.t4_kills)).toBe(4_777_297);
    const active = await db
      .selectFrom('value_corrections')
      .select('id')
      .where('scan_id', '=', scans[1]!)
      .where('reverted_at', 'is', null)
      .execute();
    expect(active).toHaveLength(1);
  });

  it('--replace keeps a correction when the file gives the cell as imported, and a new value supersedes it', async () => {
    // Bren's power changes in the file; Ayla's cell is as imported: the correction stays.
    const changed = misreadScan2().map((row) =>
      row[0] === BREN ? [BREN, 30_250_000, ...row.slice(2)] : row,
    );
    const kept = await importScan(1, changed, true);
    expect(kept.scans[0]?.status).toBe('replaced');
    expect(Number((await stored(scans[1]!, AYLA))?.t4_kills)).toBe(4_777_297);
    expect(Number((await stored(scans[1]!, BREN))?.power)).toBe(30_250_000);
    // A file with another value for Ayla's cell: that value stands, the correction is superseded.
    const other = changed.map((row) =>
      row[0] === AYLA ? [AYLA, row[1]!, row[2]!, 4_777_298, row[4]!, row[5]!] : row,
    );
    await importScan(1, other, true);
    expect(Number((await stored(scans[1]!, AYLA))?.t4_kills)).toBe(4_777_298);
    const record = await db
      .selectFrom('value_corrections')
      .selectAll()
      .where('scan_id', '=', scans[1]!)
      .where('field', '=', 't4_kills')
      .executeTakeFirstOrThrow();
    expect(record.reverted_at).not.toBeNull();
    expect(record.revert_reason).toMatch(/superseded: corr-2\.csv/);
  });

  it('excluding a row takes it out of the scan, its totals and presence; a re-import keeps it out; revert puts it back', async () => {
    const totals = async () =>
      Number(
        (
          await db
            .selectFrom('scan_kd_totals')
            .select('governors')
            .where('scan_id', '=', scans[1]!)
            .executeTakeFirstOrThrow()
        ).governors,
      );
    const runs = async () =>
      db
        .selectFrom('governor_presence')
        .selectAll()
        .where('kingdom_kd', '=', KD)
        .where('governor_id', '=', CATO)
        .execute();
    expect(await totals()).toBe(3);
    expect(await runs()).toHaveLength(1);
    const id = await excludeRow(db, {
      kd: KD,
      scanId: scans[1]!,
      governorId: CATO,
      reason: 'not Cato',
      actorId: null,
    });
    expect(await stored(scans[1]!, CATO)).toBeUndefined();
    expect(await totals()).toBe(2);
    // A hole in the run: Cato is in scans 1 and 3, not 2.
    expect(await runs()).toHaveLength(2);
    const again = await importScanFile(db, {
      kingdomKd: KD,
      filePath: 'corr-2.csv',
      content: file(
        misreadScan2().map((row) =>
          row[0] === BREN
            ? [BREN, 30_250_000, ...row.slice(2)]
            : row[0] === AYLA
              ? [AYLA, row[1]!, row[2]!, 4_777_298, row[4]!, row[5]!]
              : row,
        ),
      ),
      at: TIMES[1]!,
    });
    expect(again.scans[0]?.status).toBe('already-imported');
    expect(await stored(scans[1]!, CATO)).toBeUndefined();
    await revertCorrection(db, { kd: KD, correctionId: id, actorId: null });
    expect(Number((await stored(scans[1]!, CATO))?.power)).toBe(20_100_000);
    expect(await totals()).toBe(3);
    expect(await runs()).toHaveLength(1);
    expect(await audit()).toEqual(expect.arrayContaining(['value.exclude-row', 'value.revert']));
  });

  it('a revert restores the imported value and opens the flag again; accepting closes it', async () => {
    const id = await correctValue(db, {
      kd: KD,
      scanId: scans[2]!,
      governorId: BREN,
      field: 'dead',
      value: 521_000,
      reason: null,
      actorId: null,
    });
    expect(Number((await stored(scans[2]!, BREN))?.dead)).toBe(521_000);
    const before = await revision(scans[2]!);
    await revertCorrection(db, { kd: KD, correctionId: id, actorId: null });
    expect(Number((await stored(scans[2]!, BREN))?.dead)).toBe(520_000);
    expect(await revision(scans[2]!)).toBe(before + 1);
    const open = (await flagsOf(scans[1]!, AYLA)).filter((f) => f.status === 'open');
    for (const flag of open) await acceptFlag(db, { kd: KD, flagId: flag.id, actorId: null });
    expect((await flagsOf(scans[1]!, AYLA)).filter((f) => f.status === 'open')).toEqual([]);
    expect(await audit()).toEqual(expect.arrayContaining(['value.revert']));
  });

  it('refuses unknown flags, scans, governors and fields, values out of range, and a second revert', async () => {
    const base = {
      kd: KD,
      scanId: scans[2]!,
      governorId: BREN,
      field: 'dead',
      value: 1,
      reason: null,
      actorId: null,
    };
    await expect(acceptFlag(db, { kd: KD, flagId: 999_999, actorId: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `Kingdom ${KD} has no flag 999999`,
    });
    await expect(correctValue(db, { ...base, scanId: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(correctValue(db, { ...base, governorId: 4 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `Governor 4 has no row in scan ${scans[2]}`,
    });
    await expect(correctValue(db, { ...base, field: 'name' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(correctValue(db, { ...base, value: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(correctValue(db, { ...base, value: 1e15 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(correctValue(db, { ...base, kd: KD + 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const id = await correctValue(db, base);
    await revertCorrection(db, { kd: KD, correctionId: id, actorId: null });
    await expect(revertCorrection(db, { kd: KD, correctionId: id, actorId: null })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
