import { type Kysely, sql } from 'kysely';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * governor_presence: for each kingdom, the runs of consecutive kingdom scans in which a governor appears, as the
 * times of a run's first and last scan; a run still going at the kingdom's latest scan has no last_at, so that a new
 * scan only touches the governors who left or arrived, not every row. A period needs each governor's first and last scan within it; reading them
 * from governor_stats means grouping every (scan, governor) pair of the period (1.92 M at DESIGN's scale case),
 * while the runs are about one row per governor. Kept by features/scans/presence.ts in the transaction of every
 * import and deletion; filled here for the scans already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    await db.schema
      .createTable('governor_presence')
      .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('governor_id', 'bigint', (c) => c.notNull())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint')
      .addPrimaryKeyConstraint('governor_presence_pk', ['kingdom_kd', 'governor_id', 'first_at'])
      .addCheckConstraint('governor_presence_order', sql`last_at is null or first_at <= last_at`)
      .execute();
    // Islands: within one governor's scans in time order, consecutive kingdom scans share ordinal − row number.
    await sql`
      insert into governor_presence (kingdom_kd, governor_id, first_at, last_at)
      select kingdom_kd, governor_id, min(taken_at),
        case when max(taken_at) = max(latest) then null else max(taken_at) end
      from (
        select o.kingdom_kd, gs.governor_id, o.taken_at, o.latest,
          o.ord - row_number() over (partition by o.kingdom_kd, gs.governor_id order by o.ord) as island
        from (
          select id, kingdom_kd, taken_at,
            row_number() over (partition by kingdom_kd order by taken_at) as ord,
            max(taken_at) over (partition by kingdom_kd) as latest
          from scans where kind = 'kingdom'
        ) o
        join governor_stats gs on gs.scan_id = o.id
      ) runs
      group by kingdom_kd, governor_id, island
    `.execute(db);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('governor_presence').ifExists().execute();
}
