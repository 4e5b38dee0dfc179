import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { type AuthWorld, bearer, createAuthWorld, type TestUser } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A kingdom with three clean scans of three governors, for the review API, CLI, CSV and marks tests. Flags are
 * written by hand (flagValue): which values the import's checks flag is the checks' and the import's own tests'
 * business; these tests are about what the review does with a flag.
 */

export const KD = 2101;
export const TIMES = ['2026-05-01T00:00:00Z', '2026-05-08T00:00:00Z', '2026-05-15T00:00:00Z'] as const;

/** Per scan: governor → [power, kill points, t4 kills, t5 kills, dead]. Counters only grow; power moves little. */
const ROWS: Record<number, [string, number, number, number, number, number][]> = {
  0: [
    ['Ayla', 40_000_000, 80_000_000, 4_700_000, 1_600_000, 900_000],
    ['Bren', 30_000_000, 50_000_000, 3_000_000, 1_000_000, 500_000],
    ['Cato', 20_000_000, 10_000_000, 600_000, 200_000, 100_000],
  ],
  1: [
    ['Ayla', 40_500_000, 82_000_000, 4_777_297, 1_630_000, 950_000],
    ['Bren', 30_200_000, 51_000_000, 3_050_000, 1_020_000, 510_000],
    ['Cato', 20_100_000, 10_500_000, 620_000, 210_000, 105_000],
  ],
  2: [
    ['Ayla', 41_000_000, 84_000_000, 4_850_000, 1_660_000, 990_000],
    ['Bren', 30_400_000, 52_000_000, 3_100_000, 1_040_000, 520_000],
    ['Cato', 20_200_000, 11_000_000, 640_000, 220_000, 110_000],
  ],
};
export const GOVERNORS = [101, 102, 103] as const;

export interface ReviewWorld {
  t: TestApp;
  db: Kysely<Database>;
  world: AuthWorld;
  code: string;
  /** Scan ids in time order. */
  scans: number[];
  admin: TestUser;
}

export async function createReviewWorld(): Promise<ReviewWorld> {
  const t = await createTestApp();
  const db = t.database.db;
  const world = await createAuthWorld(db, KD);
  await importSeries(db, KD);
  const scans = (
    await db.selectFrom('scans').select('id').where('kingdom_kd', '=', KD).orderBy('taken_at').execute()
  ).map((s) => s.id);
  return { t, db, world, code: await world.codeOf(KD), scans, admin: world.kingdomAdmin };
}

export async function importSeries(db: Kysely<Database>, kd: number): Promise<void> {
  for (const [index, time] of TIMES.entries()) {
    const lines = (ROWS[index] ?? []).map(
      ([name, power, kp, t4, t5, dead], i) => `${GOVERNORS[i]},${name},${power},${kp},${t4},${t5},${dead}`,
    );
    await importScanFile(db, {
      kingdomKd: kd,
      filePath: `review-${index + 1}.csv`,
      content: Buffer.from(
        `governor_id,name,power,kill points,t4 kills,t5 kills,deads\n${lines.join('\n')}\n`,
      ),
      at: time,
    });
  }
}

/** Writes one open flag; answers its id. */
export async function flagValue(
  db: Kysely<Database>,
  flag: {
    scanId: number;
    governorId: number;
    field: string;
    check?: string;
    reason?: string;
    value?: number | null;
    suggested?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('value_flags')
    .values({
      scan_id: flag.scanId,
      governor_id: flag.governorId,
      field: flag.field,
      check_kind: flag.check ?? 'digit_misread',
      reason: flag.reason ?? `${flag.field} looks misread`,
      value: flag.value ?? null,
      suggested_value: flag.suggested ?? null,
      status: 'open',
      resolved_by: null,
      resolved_at: null,
      created_at: 1_700_000_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function reviewUrl(r: ReviewWorld, path: string, code = r.code): string {
  return `/api/admin/kingdoms/${KD}/${code}/review${path}`;
}

export async function asAdmin(
  r: ReviewWorld,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: unknown,
  user: TestUser | null = r.admin,
) {
  return r.t.app.inject({
    method,
    url: reviewUrl(r, path),
    headers: bearer(user),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The dashboard's value of one governor's column over the whole period. */
export async function dashboardValue(r: ReviewWorld, governorId: number, column: string): Promise<unknown> {
  const answer = await r.t.app.inject({
    method: 'GET',
    url: `/api/dashboard/${KD}/data/${r.code}?pageSize=100`,
  });
  const body = answer.json() as { playerData: Record<string, unknown>[] };
  return body.playerData.find((row) => row['Gov ID'] === governorId)?.[column];
}
