import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { type DatabaseSnapshot, snapshot } from '../import/import-support.ts';

/** Every row a hostile file could have changed: scans and their stat rows, and the pre-KvK points. */
export interface HostileSnapshot extends DatabaseSnapshot {
  prekvk: number;
}

export async function hostileSnapshot(db: Kysely<Database>): Promise<HostileSnapshot> {
  const { count } = await db
    .selectFrom('prekvk_points')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { ...(await snapshot(db)), prekvk: Number(count) };
}

/** Names and alliances as stored, for the files whose bad characters may be stripped instead of refused. */
export async function storedTexts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('governor_stats').select(['name', 'alliance']).execute();
  const scans = await db.selectFrom('scans').select('name').execute();
  return [...rows.flatMap((row) => [row.name ?? '', row.alliance ?? '']), ...scans.map((scan) => scan.name)];
}

/**
 * The time given with a scan file, so that the file itself, not a missing time, is what gets judged: a day of its
 * own for each case, so that a file that is imported (a name cleaned of a bad character) never meets another.
 */
export function scanTime(caseIndex: number): string {
  return new Date(Date.UTC(2026, 9, 5 + caseIndex)).toISOString();
}
export const KVK = '5';
