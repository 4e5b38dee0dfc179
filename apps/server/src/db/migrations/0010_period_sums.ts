import { type Kysely, sql } from 'kysely';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * What a period's per-kd sums need so that a cold dashboard need not read every governor of the period for them
 * (docs/decisions.md, "Speed (issue 16, F7)"):
 * - scan_kd_totals gets the sum of the twelve counters it did not sum (a custom DKP formula may score any of them);
 * - scans.incomplete_counters: the counters that not every row of the scan knows, as a JSON object of counter →
 *   'none' (no row knows it) or 'some'; '{}' when every row knows every counter. A gain is unknown when either end
 *   is, so the difference of two scans' totals is a sum of gains only where every row of both knows the counter;
 *   the dashboard reads this with the kingdom's scans, before its statement.
 * - scan_home_moves: per kingdom scan, the governors whose home kd differs from the one they had in the kingdom's
 *   previous kingdom scan (when in both). A governor whose home kd at the start of a period differs from the one at
 *   its end, and who was in every scan between, has such a row in one of the period's scans.
 * All three are derived from governor_stats and rewritten with every change to a scan's rows (scan-store.ts
 * writeScanTotals); filled here for the scans already stored.
 */
// governor_stats' counters (migration 0001), as of this migration: the schema's list may grow, this one may not.
const COUNTERS = [
  'power',
  'kill_points',
  't1_kills',
  't2_kills',
  't3_kills',
  't4_kills',
  't5_kills',
  'dead',
  't4_dead',
  't5_dead',
  'healed',
  't4_healed',
  't5_healed',
  'rss_gathered',
  'rss_assistance',
  'helps',
  'acclaim',
] as const;
const SUMMED_BEFORE = new Set(['power', 't4_kills', 't5_kills', 'dead', 'healed']);

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    const added = COUNTERS.filter((column) => !SUMMED_BEFORE.has(column));
    for (const column of added) {
      await db.schema.alterTable('scan_kd_totals').addColumn(column, 'bigint').execute();
    }
    await db.schema
      .alterTable('scans')
      .addColumn('incomplete_counters', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await sql`delete from scan_kd_totals`.execute(db);
    await sql`
      insert into scan_kd_totals (scan_id, home_kd, governors, ${sql.raw(COUNTERS.join(', '))})
      select scan_id, home_kd, count(*), ${sql.raw(COUNTERS.map((c) => `sum(${c})`).join(', '))}
      from governor_stats group by scan_id, home_kd
    `.execute(db);
    const { rows } = await sql<Record<string, unknown>>`
      select scan_id, count(*) as governors, ${sql.raw(COUNTERS.map((c) => `count(${c}) as ${c}`).join(', '))}
      from governor_stats group by scan_id
    `.execute(db);
    for (const row of rows) {
      const incomplete: Record<string, 'none' | 'some'> = {};
      for (const column of COUNTERS) {
        const known = Number(row[column]);
        if (known < Number(row.governors)) incomplete[column] = known === 0 ? 'none' : 'some';
      }
      if (Object.keys(incomplete).length === 0) continue;
      await sql`update scans set incomplete_counters = ${JSON.stringify(incomplete)} where id = ${row.scan_id}`.execute(
        db,
      );
    }

    await db.schema
      .createTable('scan_home_moves')
      .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
      .addColumn('governor_id', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('scan_home_moves_pk', ['scan_id', 'governor_id'])
      .execute();
    await sql`
      insert into scan_home_moves (scan_id, governor_id)
      select x.scan_id, x.governor_id
      from (
        select id, lag(id) over (partition by kingdom_kd order by taken_at, id) as previous_id
        from scans where kind = 'kingdom'
      ) o
      join governor_stats x on x.scan_id = o.id
      join governor_stats p on p.scan_id = o.previous_id and p.governor_id = x.governor_id
      where x.home_kd is distinct from p.home_kd
    `.execute(db);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_home_moves').ifExists().execute();
  await db.schema.alterTable('scans').dropColumn('incomplete_counters').execute();
  for (const column of COUNTERS) {
    if (!SUMMED_BEFORE.has(column)) await db.schema.alterTable('scan_kd_totals').dropColumn(column).execute();
  }
}
