import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Keeps governor_presence (migration 0003) equal to what governor_stats says: for each kingdom, the runs of
 * consecutive kingdom scans in which each governor appears. Every function runs in the caller's transaction, so a
 * failed import or deletion leaves the runs as they were.
 * - The usual case, a new latest scan, extends the runs that end at the previous scan and starts runs for the
 *   governors new to it: work in proportion to the scan, not to the kingdom's history.
 * - Deleting the latest scan undoes exactly that.
 * - Anything else (an older scan imported late, an older scan deleted) rebuilds the kingdom's runs from its stats.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export interface PresenceScan {
  kingdomKd: number;
  /** Unix seconds. */
  takenAt: number;
}

/**
 * Serialises presence upkeep per kingdom: on PostgreSQL, two imports of one kingdom at once would each extend runs
 * from a "previous scan" that the other has just changed. SQLite allows one writer at a time anyway.
 */
export async function lockKingdomPresence(db: Executor, kingdomKd: number): Promise<void> {
  if (dialectOf<Database>(db) !== 'postgres') return;
  // NO KEY UPDATE: conflicts with itself but not with the key-share locks that inserting a scan row takes.
  await db.selectFrom('kingdoms').select('kd').where('kd', '=', kingdomKd).forNoKeyUpdate().execute();
}

/** After a kingdom scan's rows are stored. */
export async function recordScanPresence(db: Executor, scanId: number, scan: PresenceScan): Promise<void> {
  const { kingdomKd, takenAt } = scan;
  const neighbours = await kingdomScanTimes(db, kingdomKd, takenAt);
  if (neighbours.later) {
    await rebuildKingdomPresence(db, kingdomKd);
    return;
  }
  if (neighbours.earlier !== undefined) {
    await db
      .updateTable('governor_presence')
      .set({ last_at: takenAt })
      .where('kingdom_kd', '=', kingdomKd)
      .where('last_at', '=', neighbours.earlier)
      .where('governor_id', 'in', (eb) =>
        eb.selectFrom('governor_stats').select('governor_id').where('scan_id', '=', scanId),
      )
      .execute();
  }
  await db
    .insertInto('governor_presence')
    .columns(['kingdom_kd', 'governor_id', 'first_at', 'last_at'])
    .expression((eb) =>
      eb
        .selectFrom('governor_stats as gs')
        .select([
          sql.val(kingdomKd).as('kingdom_kd'),
          'gs.governor_id',
          sql.val(takenAt).as('first_at'),
          sql.val(takenAt).as('last_at'),
        ])
        .where('gs.scan_id', '=', scanId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('governor_presence as p')
                .select('p.governor_id')
                .where('p.kingdom_kd', '=', kingdomKd)
                .where('p.last_at', '=', takenAt)
                .whereRef('p.governor_id', '=', 'gs.governor_id'),
            ),
          ),
        ),
    )
    .execute();
}

/** After a kingdom scan (and with it its rows) is deleted. */
export async function forgetScanPresence(db: Executor, scan: PresenceScan): Promise<void> {
  const { kingdomKd, takenAt } = scan;
  const neighbours = await kingdomScanTimes(db, kingdomKd, takenAt);
  if (neighbours.later) {
    await rebuildKingdomPresence(db, kingdomKd);
    return;
  }
  // It was the latest scan: runs that began there held only it; runs that reached it now end one scan earlier.
  await db
    .deleteFrom('governor_presence')
    .where('kingdom_kd', '=', kingdomKd)
    .where('first_at', '=', takenAt)
    .execute();
  if (neighbours.earlier !== undefined) {
    await db
      .updateTable('governor_presence')
      .set({ last_at: neighbours.earlier })
      .where('kingdom_kd', '=', kingdomKd)
      .where('last_at', '=', takenAt)
      .execute();
  }
}

/** Recomputes a kingdom's runs from governor_stats (see migration 0003 for the islands query). */
export async function rebuildKingdomPresence(db: Executor, kingdomKd: number): Promise<void> {
  await db.deleteFrom('governor_presence').where('kingdom_kd', '=', kingdomKd).execute();
  await sql`
    insert into governor_presence (kingdom_kd, governor_id, first_at, last_at)
    select ${kingdomKd}, governor_id, min(taken_at), max(taken_at)
    from (
      select gs.governor_id, o.taken_at,
        o.ord - row_number() over (partition by gs.governor_id order by o.ord) as island
      from (
        select id, taken_at, row_number() over (order by taken_at) as ord
        from scans where kingdom_kd = ${kingdomKd} and kind = 'kingdom'
      ) o
      join governor_stats gs on gs.scan_id = o.id
    ) runs
    group by governor_id, island
  `.execute(db);
}

/** The kingdom's nearest kingdom scan before `takenAt`, and whether any is after it. */
async function kingdomScanTimes(
  db: Executor,
  kingdomKd: number,
  takenAt: number,
): Promise<{ earlier: number | undefined; later: boolean }> {
  const scans = db.selectFrom('scans').where('kingdom_kd', '=', kingdomKd).where('kind', '=', 'kingdom');
  const earlier = await scans
    .select('taken_at')
    .where('taken_at', '<', takenAt)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const later = await scans.select('taken_at').where('taken_at', '>', takenAt).limit(1).executeTakeFirst();
  return { earlier: earlier ? Number(earlier.taken_at) : undefined, later: later !== undefined };
}
