import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Keeps governor_presence (migration 0003) equal to what governor_stats says: for each kingdom, the runs of
 * consecutive kingdom scans in which each governor appears, a run that reaches the latest scan being open (no
 * last_at). Every function runs in the caller's transaction, so a failed import or deletion leaves the runs as they
 * were.
 * - The usual case, a new latest scan, closes the open runs of governors missing from it and opens runs for the
 *   governors new to it: rows change only for the governors who left or arrived.
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
 * Serialises presence upkeep per kingdom: on PostgreSQL, two imports of one kingdom at once would each work from a
 * "latest scan" that the other is replacing. SQLite allows one writer at a time anyway.
 */
export async function lockKingdomPresence(db: Executor, kingdomKd: number): Promise<void> {
  if (dialectOf<Database>(db) !== 'postgres') return;
  // NO KEY UPDATE: conflicts with itself but not with the key-share locks that inserting a scan row takes.
  await db.selectFrom('kingdoms').select('kd').where('kd', '=', kingdomKd).forNoKeyUpdate().execute();
}

/** Rows per statement when writing runs: well under SQLite's and PostgreSQL's bound-value limits. */
const BATCH = 1_000;

/**
 * After a kingdom scan's rows are stored; `governorIds` are the scan's governors. Who left and who arrived is
 * worked out here rather than by an anti-join in SQL: PostgreSQL plans such a join from statistics that a bulk
 * import has just made stale (one plan took seconds), while two sets of ids in memory cost the same every time.
 */
export async function recordScanPresence(
  db: Executor,
  scan: PresenceScan,
  governorIds: readonly number[],
): Promise<void> {
  const { kingdomKd, takenAt } = scan;
  const neighbours = await kingdomScanTimes(db, kingdomKd, takenAt);
  if (neighbours.later) {
    await rebuildKingdomPresence(db, kingdomKd);
    return;
  }
  const openRows = await db
    .selectFrom('governor_presence')
    .select('governor_id')
    .where('kingdom_kd', '=', kingdomKd)
    .where('last_at', 'is', null)
    .execute();
  const open = new Set(openRows.map((row) => Number(row.governor_id)));
  const inScan = new Set(governorIds);
  const left = [...open].filter((id) => !inScan.has(id));
  const arrived = [...inScan].filter((id) => !open.has(id));
  for (let i = 0; i < left.length && neighbours.earlier !== undefined; i += BATCH) {
    await db
      .updateTable('governor_presence')
      .set({ last_at: neighbours.earlier })
      .where('kingdom_kd', '=', kingdomKd)
      .where('last_at', 'is', null)
      .where('governor_id', 'in', left.slice(i, i + BATCH))
      .execute();
  }
  await insertRuns(db, kingdomKd, arrived, takenAt);
}

/**
 * Opens a run at `takenAt` for each governor. PostgreSQL takes the ids as one array (a whole scan's 16,000 arrivals
 * in one statement: multi-row VALUES cost about as much again in building and parsing parameters).
 */
async function insertRuns(
  db: Executor,
  kingdomKd: number,
  governorIds: readonly number[],
  takenAt: number,
): Promise<void> {
  if (governorIds.length === 0) return;
  if (dialectOf<Database>(db) === 'postgres') {
    await sql`
      insert into governor_presence (kingdom_kd, governor_id, first_at)
      select ${kingdomKd}, id, ${takenAt} from unnest(${[...governorIds]}::int8[]) as ids (id)
    `.execute(db);
    return;
  }
  for (let i = 0; i < governorIds.length; i += BATCH) {
    await db
      .insertInto('governor_presence')
      .values(
        governorIds
          .slice(i, i + BATCH)
          .map((id) => ({ kingdom_kd: kingdomKd, governor_id: id, first_at: takenAt })),
      )
      .execute();
  }
}

/**
 * After governors are added to a stored kingdom scan (another home kingdom's file of that moment). When the scan is
 * the latest, each added governor's run either continues from the scan just before it (reopened) or starts here;
 * otherwise the kingdom's runs are rebuilt, as for a late import.
 */
export async function recordAddedPresence(
  db: Executor,
  scan: PresenceScan,
  governorIds: readonly number[],
): Promise<void> {
  const { kingdomKd, takenAt } = scan;
  const neighbours = await kingdomScanTimes(db, kingdomKd, takenAt);
  if (neighbours.later) {
    await rebuildKingdomPresence(db, kingdomKd);
    return;
  }
  const continuing = new Set<number>();
  for (let i = 0; i < governorIds.length && neighbours.earlier !== undefined; i += BATCH) {
    const batch = governorIds.slice(i, i + BATCH);
    const rows = await db
      .selectFrom('governor_presence')
      .select('governor_id')
      .where('kingdom_kd', '=', kingdomKd)
      .where('last_at', '=', neighbours.earlier)
      .where('governor_id', 'in', batch)
      .execute();
    for (const row of rows) continuing.add(Number(row.governor_id));
    await db
      .updateTable('governor_presence')
      .set({ last_at: null })
      .where('kingdom_kd', '=', kingdomKd)
      .where('last_at', '=', neighbours.earlier)
      .where('governor_id', 'in', batch)
      .execute();
  }
  await insertRuns(
    db,
    kingdomKd,
    governorIds.filter((id) => !continuing.has(id)),
    takenAt,
  );
}

/** After a kingdom scan (and with it its rows) is deleted. */
export async function forgetScanPresence(db: Executor, scan: PresenceScan): Promise<void> {
  const { kingdomKd, takenAt } = scan;
  const neighbours = await kingdomScanTimes(db, kingdomKd, takenAt);
  if (neighbours.later) {
    await rebuildKingdomPresence(db, kingdomKd);
    return;
  }
  // It was the latest scan: runs that began there held only it; runs it closed are open again.
  await db
    .deleteFrom('governor_presence')
    .where('kingdom_kd', '=', kingdomKd)
    .where('first_at', '=', takenAt)
    .execute();
  if (neighbours.earlier !== undefined) {
    await db
      .updateTable('governor_presence')
      .set({ last_at: null })
      .where('kingdom_kd', '=', kingdomKd)
      .where('last_at', '=', neighbours.earlier)
      .execute();
  }
}

/** Recomputes a kingdom's runs from governor_stats (see migration 0003 for the islands query). */
export async function rebuildKingdomPresence(db: Executor, kingdomKd: number): Promise<void> {
  await db.deleteFrom('governor_presence').where('kingdom_kd', '=', kingdomKd).execute();
  await sql`
    insert into governor_presence (kingdom_kd, governor_id, first_at, last_at)
    select ${kingdomKd}, governor_id, min(taken_at),
      case when max(taken_at) = max(latest) then null else max(taken_at) end
    from (
      select gs.governor_id, o.taken_at, o.latest,
        o.ord - row_number() over (partition by gs.governor_id order by o.ord) as island
      from (
        select id, taken_at, row_number() over (order by taken_at) as ord, max(taken_at) over () as latest
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
