import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Keeps scan_home_moves (migration 0010) equal to what governor_stats says: per kingdom scan, the governors whose
 * home kd differs from the one they had in the kingdom's previous kingdom scan. A scan's rows depend on its own rows
 * and its previous scan's, so a change to a scan rewrites its rows and the next scan's. The dashboard's cold per-kd
 * sums (features/dashboard/period-sums.ts) find the governors who changed home kd during a period here.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** After a scan's rows were stored or changed (called by writeScanTotals). */
export async function writeScanMoves(db: Executor, scanId: number): Promise<void> {
  const scan = await db
    .selectFrom('scans')
    .select(['kingdom_kd', 'kind', 'taken_at'])
    .where('id', '=', scanId)
    .executeTakeFirst();
  if (scan?.kind !== 'kingdom') return;
  const { previous, next } = await neighbourScans(db, scan.kingdom_kd, Number(scan.taken_at));
  await rewriteMoves(db, scanId, previous);
  if (next !== undefined) await rewriteMoves(db, next, scanId);
}

/** After a kingdom scan was deleted: the scan after it now follows the one before it. */
export async function forgetScanMoves(db: Executor, kingdomKd: number, takenAt: number): Promise<void> {
  const { previous, next } = await neighbourScans(db, kingdomKd, takenAt);
  if (next !== undefined) await rewriteMoves(db, next, previous);
}

async function rewriteMoves(db: Executor, scanId: number, previousId: number | undefined): Promise<void> {
  await db.deleteFrom('scan_home_moves').where('scan_id', '=', scanId).execute();
  if (previousId === undefined) return;
  await sql`
    insert into scan_home_moves (scan_id, governor_id)
    select x.scan_id, x.governor_id
    from governor_stats x join governor_stats p on p.scan_id = ${previousId} and p.governor_id = x.governor_id
    where x.scan_id = ${scanId} and x.home_kd is distinct from p.home_kd
  `.execute(db);
}

/** The ids of the kingdom's kingdom scans just before and just after `takenAt`. */
async function neighbourScans(
  db: Executor,
  kingdomKd: number,
  takenAt: number,
): Promise<{ previous: number | undefined; next: number | undefined }> {
  const scans = db
    .selectFrom('scans')
    .select('id')
    .where('kingdom_kd', '=', kingdomKd)
    .where('kind', '=', 'kingdom');
  const previous = await scans
    .where('taken_at', '<', takenAt)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const next = await scans.where('taken_at', '>', takenAt).orderBy('taken_at').limit(1).executeTakeFirst();
  return { previous: previous?.id, next: next?.id };
}
