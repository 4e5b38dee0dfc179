import type { UploadSummary } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The per-KvK upload tables of the admin page (pre-KvK points, Hall of Heroes deaths, honor points). */
export type KvkUploadTable = 'prekvk_points' | 'hoh_records' | 'kvk_honor_points';

const WRITTEN_AT = {
  prekvk_points: 'updated_at',
  hoh_records: 'recorded_at',
  kvk_honor_points: 'updated_at',
} as const;

/** A per-KvK upload table's KvKs for the admin page: governors stored and when the latest was written. */
export async function uploadSummaries(
  db: Kysely<Database>,
  kd: number,
  table: KvkUploadTable,
): Promise<UploadSummary[]> {
  const rows = await db
    .selectFrom(table)
    .select(({ fn, ref }) => [
      'kvk_number',
      fn.countAll<number>().as('governors'),
      fn.max(ref(WRITTEN_AT[table])).as('written_at'),
    ])
    .where('kingdom_kd', '=', kd)
    .groupBy('kvk_number')
    .orderBy('kvk_number', 'desc')
    .execute();
  return rows.map((row) => ({
    kvkNumber: Number(row.kvk_number),
    governors: Number(row.governors),
    updatedAt: Number(row.written_at),
  }));
}
