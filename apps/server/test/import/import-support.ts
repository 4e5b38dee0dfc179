import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { AppError } from '../../src/errors.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';

/** The project's copy of the scanner fixtures (fixtures/, with their attribution in fixtures/README.md). */
export const FIXTURES = resolve(import.meta.dirname, '../../../../fixtures');
export const ROKTRACKER = resolve(FIXTURES, 'scans/roktracker');
export const HERO_SCROLLS = resolve(FIXTURES, 'scans/hero-scrolls');

export const ROKTRACKER_START_XLSX = 'TOP60-2026-10-01-kd1234-start-[a1b2c3].xlsx';
export const ROKTRACKER_END = {
  xlsx: 'TOP60-2026-10-10-kd1234-end-[d4e5f6].xlsx',
  csv: 'TOP60-2026-10-10-kd1234-end-[d4e5f6].csv',
  jsonl: 'TOP60-2026-10-10-kd1234-end-[d4e5f6].jsonl',
} as const;
export const ROKTRACKER_V4_CSV = 'v4-2026-10-01-kd1234-start.csv';

export async function addTestKingdom(db: Kysely<Database>, kd: number): Promise<void> {
  await addKingdom(db, { kd, code: `code-${kd}` });
}

export interface DatabaseSnapshot {
  scans: number;
  stats: number;
  /** sha256 of every row of scans, governor_stats and the tables derived from them, in key order. */
  checksum: string;
}

/** Everything an import could change, so a test can prove that a refused file changed nothing. */
export async function snapshot(db: Kysely<Database>): Promise<DatabaseSnapshot> {
  const scans = await db.selectFrom('scans').selectAll().orderBy('id').execute();
  const stats = await db
    .selectFrom('governor_stats')
    .selectAll()
    .orderBy('scan_id')
    .orderBy('governor_id')
    .execute();
  // What is derived from the stats at import must not change either.
  const totals = await db
    .selectFrom('scan_kd_totals')
    .selectAll()
    .orderBy('scan_id')
    .orderBy('home_kd')
    .execute();
  const homeKds = await db
    .selectFrom('scan_home_kds')
    .selectAll()
    .orderBy('scan_id')
    .orderBy('home_kd')
    .execute();
  const presence = await db
    .selectFrom('governor_presence')
    .selectAll()
    .orderBy('kingdom_kd')
    .orderBy('governor_id')
    .orderBy('first_at')
    .execute();
  const checksum = createHash('sha256')
    .update(JSON.stringify({ scans, stats, totals, homeKds, presence }))
    .digest('hex');
  return { scans: scans.length, stats: stats.length, checksum };
}

export async function statsOf(db: Kysely<Database>, scanId: number) {
  return db
    .selectFrom('governor_stats')
    .selectAll()
    .where('scan_id', '=', scanId)
    .orderBy('governor_id')
    .execute();
}

/** Runs `action`, expects an AppError with `code`, and returns its message. */
export async function refusal(action: () => Promise<unknown>, code = 'IMPORT_REFUSED'): Promise<string> {
  const error = await action().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return (error as AppError).message;
}

/** "2026-01-12 13:54" (UTC) as unix seconds. */
export function utc(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}:00Z`) / 1000;
}
