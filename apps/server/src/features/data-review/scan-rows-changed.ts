import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeScanTotals } from '../scans/scan-store.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A scan's rows changed after import: its count, totals and the revision every dashboard cache key carries. */
export async function scanRowsChanged(db: Executor, scanId: number): Promise<void> {
  const { count } = await db
    .selectFrom('governor_stats')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('scan_id', '=', scanId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('scans')
    .set((eb) => ({ row_count: Number(count), revision: eb('revision', '+', 1) }))
    .where('id', '=', scanId)
    .execute();
  await writeScanTotals(db, scanId);
}
