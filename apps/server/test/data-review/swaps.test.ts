import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  dashboardResponseSchema,
  reviewChangeResponseSchema,
  reviewCorrectionsResponseSchema,
  reviewFlagsResponseSchema,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * Issue 36 item 5: two rows stored under each other's IDs are put back as one act (every column, names and
 * alliances too), audited, reversible and kept by a re-import; the flags on both rows and the ones the swap caused
 * around it close by themselves. And a correction re-checks what it touches: no flag stays open whose reason is gone.
 */

const KD = 2236;
const TIMES = ['2026-06-01T00:00:00Z', '2026-06-08T00:00:00Z', '2026-06-15T00:00:00Z'];
type Row = [
  id: number,
  name: string,
  alliance: string,
  power: number,
  kp: number,
  dead: number,
  helps: number,
];
const AYLA = (s: number): Row => [
  201,
  'Ayla',
  'AAA',
  60_000_000 + s,
  900_000_000 + s,
  3_000_000 + s,
  90_000 + s,
];
const BREN = (s: number): Row => [
  202,
  'Bren',
  'BBB',
  // Of like size to Ayla's: only the crossed names tell the swap (power alone would not).
  45_000_000 + s,
  100_000_000 + s,
  500_000 + s,
  30_000 + s,
];
const CATO = (s: number): Row => [
  203,
  'Cato',
  'AAA',
  35_000_000 + s,
  300_000_000 + s,
  1_000_000 + s,
  50_000 + s,
];
/** The middle scan holds Ayla's row under Bren's ID and Bren's under Ayla's. */
const swapped = (row: Row, id: number): Row => [
  id,
  ...(row.slice(1) as [string, string, number, number, number, number]),
];
const SCANS: Row[][] = [
  [AYLA(0), BREN(0), CATO(0)],
  [swapped(BREN(1_000), 201), swapped(AYLA(1_000), 202), CATO(1_000)],
  [AYLA(2_000), BREN(2_000), CATO(2_000)],
];

function file(rows: readonly Row[]): Buffer {
  const lines = rows.map((row) => row.join(','));
  return Buffer.from(`governor_id,name,alliance,power,kill points,deads,helps\n${lines.join('\n')}\n`);
}

async function importAll(db: Kysely<Database>, kd: number) {
  for (const [i, rows] of SCANS.entries())
    await importScanFile(db, {
      kingdomKd: kd,
      filePath: `swap-${i + 1}.csv`,
      content: file(rows),
      at: TIMES[i],
    });
}

async function storedRow(db: Kysely<Database>, scanId: number, governorId: number) {
  return db
    .selectFrom('governor_stats')
    .select(['name', 'alliance', 'power', 'kill_points', 'dead', 'helps'])
    .where('scan_id', '=', scanId)
    .where('governor_id', '=', governorId)
    .executeTakeFirstOrThrow();
}

async function scanIds(db: Kysely<Database>, kd: number): Promise<number[]> {
  const rows = await db
    .selectFrom('scans')
    .select('id')
    .where('kingdom_kd', '=', kd)
    .orderBy('taken_at')
    .execute();
  return rows.map((row) => row.id);
}

describe('swapping two rows (API)', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let base: string;
  let code: string;
  let headers: Record<string, string>;
  let scans: number[];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const world = await createAuthWorld(db, KD);
    code = await world.codeOf(KD);
    base = `/api/admin/kingdoms/${KD}/${code}/review`;
    headers = bearer(world.kingdomAdmin);
    await importAll(db, KD);
    scans = await scanIds(db, KD);
  });
  afterAll(() => t.close());

  const flags = async (status = 'open') => {
    const answer = await t.app.inject({ method: 'GET', url: `${base}/flags?status=${status}`, headers });
    return reviewFlagsResponseSchema.parse(answer.json()).flags;
  };

  let correctionId: number;

  it('names each swapped row’s partner, and one swap puts both rows back and closes every flag it explains', async () => {
    const before = await flags();
    const onSwap = before.filter((f) => f.check === 'id_reused' && f.scanId === scans[1]);
    expect(onSwap.map((f) => [f.governorId, f.swapWith])).toEqual([
      [201, { governorId: 202, governorName: 'Ayla' }],
      [202, { governorId: 201, governorName: 'Bren' }],
    ]);

    const answer = await t.app.inject({
      method: 'POST',
      url: `${base}/flags/${onSwap[0]!.id}/swap`,
      headers,
      payload: { reason: 'IDs read crosswise' },
    });
    expect(answer.statusCode).toBe(200);
    const body = reviewChangeResponseSchema.parse(answer.json());
    expect(body.message).toMatch(/201 and 202 swapped rows/);
    expect(body.correction).toMatchObject({
      field: 'swap',
      governorId: 201,
      swapWith: 202,
      reason: 'IDs read crosswise',
    });
    expect(body.flag?.status).toBe('corrected');

    expect(await storedRow(db, scans[1]!, 201)).toMatchObject({
      name: 'Ayla',
      alliance: 'AAA',
      power: 60_001_000,
    });
    expect(await storedRow(db, scans[1]!, 202)).toMatchObject({
      name: 'Bren',
      alliance: 'BBB',
      helps: 31_000,
    });
    // The flags on both rows, and those the swapped rows caused in the scans around them, are gone.
    expect(await flags()).toEqual([]);
    expect((await flags('corrected')).map((f) => f.governorId).sort()).toEqual([201, 202]);
    expect(await auditActions(db)).toContain('value.swap');
    correctionId = body.correction!.id;

    // A period ending at the swapped scan rests on both rows: both governors carry the ✎ mark.
    const [start, end] = [TIMES[0]!, TIMES[1]!].map((time) => Date.parse(time) / 1000);
    const dashboard = await t.app.inject(
      `/api/dashboard/${KD}/data/${code}?start_date=${start}&end_date=${end}&pageSize=10`,
    );
    const marks = dashboardResponseSchema.parse(dashboard.json()).reviewMarks ?? {};
    expect(Object.keys(marks).sort()).toEqual(['201', '202']);
    for (const mark of Object.values(marks))
      expect(mark.corrected).toEqual([{ field: 'swap', oldValue: null, newValue: null, takenAt: end }]);
  });

  it('keeps the swap when the same file is imported again, or imported over with replace', async () => {
    const again = await importScanFile(db, {
      kingdomKd: KD,
      filePath: 'swap-2.csv',
      content: file(SCANS[1]!),
      at: TIMES[1],
    });
    expect(again.scans[0]?.status).toBe('already-imported');
    await importScanFile(db, {
      kingdomKd: KD,
      filePath: 'swap-2.csv',
      content: file(SCANS[1]!),
      at: TIMES[1],
      replace: true,
    });
    expect(await storedRow(db, scans[1]!, 201)).toMatchObject({ name: 'Ayla', power: 60_001_000 });
    const listed = await t.app.inject({ method: 'GET', url: `${base}/corrections?state=active`, headers });
    expect(reviewCorrectionsResponseSchema.parse(listed.json()).corrections.map((c) => c.id)).toEqual([
      correctionId,
    ]);
  });

  it('reverts as one act: the rows as imported and their flags open again', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${base}/corrections/${correctionId}/revert`,
      headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(await storedRow(db, scans[1]!, 201)).toMatchObject({ name: 'Bren', power: 45_001_000 });
    const open = await flags();
    expect(
      open.filter((f) => f.scanId === scans[1] && f.check === 'id_reused').map((f) => f.governorId),
    ).toEqual([201, 202]);
  });

  it('refuses a flag that is not a swapped row, and one already settled', async () => {
    const { id } = await db
      .insertInto('value_flags')
      .values({
        scan_id: scans[1]!,
        governor_id: 203,
        field: 'helps',
        check_kind: 'digit_misread',
        reason: 'Helps look misread',
        value: 51_000,
        suggested_value: null,
        status: 'accepted',
        created_at: 1_700_000_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await t.app.inject({
      method: 'POST',
      url: `${base}/flags/${id}/swap`,
      headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: `Flag ${id} is not about a row read under another governor's ID`,
    });
    const swap = (await flags()).find((f) => f.check === 'id_reused')!;
    await t.app.inject({ method: 'POST', url: `${base}/flags/${swap.id}/accept`, headers, payload: {} });
    const settled = await t.app.inject({
      method: 'POST',
      url: `${base}/flags/${swap.id}/swap`,
      headers,
      payload: {},
    });
    expect(settled.statusCode).toBe(409);
  });
});

describe('a correction re-checks the values it touches', () => {
  let t: TestApp;
  let base: string;
  let headers: Record<string, string>;
  /** Per scan: T4 kills of governor 201 (kill points always say 1,000,000 T4 + 500,000 T5 + the scan's gain). */
  const t4Read = [990_000, 1_234_000, 1_010_000];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const world = await createAuthWorld(db, KD);
    const code = await world.codeOf(KD);
    base = `/api/admin/kingdoms/${KD}/${code}/review`;
    headers = bearer(world.kingdomAdmin);
    for (const [i, t4] of t4Read.entries()) {
      const right = [990_000, 1_000_000, 1_010_000][i]!;
      const rows = [
        `201,Ayla,60000000,${right * 10 + 10_000_000},0,0,0,${t4},500000`,
        `202,Bren,20000000,${1_000_000 + i * 10_000},0,0,0,${100_000 + i * 1_000},0`,
      ];
      await importScanFile(db, {
        kingdomKd: KD,
        filePath: `tiers-${i + 1}.csv`,
        content: Buffer.from(
          `governor_id,name,power,kill points,t1 kills,t2 kills,t3 kills,t4 kills,t5 kills\n${rows.join('\n')}\n`,
        ),
        at: TIMES[i],
      });
    }
  });
  afterAll(() => t.close());

  it('the kill points flag beside a corrected T4 value closes with the correction', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `${base}/flags`, headers });
    const open = reviewFlagsResponseSchema.parse(answer.json()).flags;
    expect(open.map((f) => f.field).sort()).toEqual(['kill_points', 't4_kills']);
    const t4 = open.find((f) => f.field === 't4_kills')!;
    const fixed = await t.app.inject({
      method: 'POST',
      url: `${base}/corrections`,
      headers,
      payload: { scanId: t4.scanId, governorId: 201, field: 't4_kills', value: 1_000_000, flagId: t4.id },
    });
    expect(fixed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `${base}/flags`, headers });
    expect(reviewFlagsResponseSchema.parse(after.json()).flags).toEqual([]);
  });
});

describe('review swap (CLI)', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-swap-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    await addKingdom(database.db, { kd: KD, code: 'swap-cli' });
    await importAll(database.db, KD);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the partner and swaps the rows with one command', async () => {
    const list = await cli(['review', 'list', '--kd', String(KD), '--check', 'id_reused']);
    expect(list.status).toBe(0);
    const match = /Swapped with governor 202's row: review swap --flag (\d+)\./.exec(list.stdout);
    expect(match).not.toBeNull();
    const swap = await cli(['review', 'swap', '--kd', String(KD), '--flag', match![1]!]);
    expect(swap.stderr).toBe('');
    expect(swap.status).toBe(0);
    expect(swap.stdout).toMatch(/Governors 201 and 202 swapped rows .* \(correction \d+\)/);
    const scans = await scanIds(database.db, KD);
    expect(await storedRow(database.db, scans[1]!, 202)).toMatchObject({ name: 'Bren', alliance: 'BBB' });
    const none = await cli(['review', 'list', '--kd', String(KD)]);
    expect(none.stdout).toMatch(/no values to review/);
  });
});
