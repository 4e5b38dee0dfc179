import { type Kysely, sql } from 'kysely';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * scan_kd_totals: per scan and home kd, the governors and the sums the diplomacy overview shows. Derived from
 * governor_stats when a scan is stored (features/scans/scan-store.ts) and filled here for the scans already stored.
 * The diplomacy overview and the list of a kingdom's home kds then read a few rows per scan instead of grouping
 * every stat row of the kingdom (1.92 M at DESIGN's scale case: a quarter of a second on every cold start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    await db.schema
      .createTable('scan_kd_totals')
      .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
      .addColumn('home_kd', 'integer')
      .addColumn('governors', 'integer', (c) => c.notNull())
      .addColumn('power', 'bigint')
      .addColumn('t4_kills', 'bigint')
      .addColumn('t5_kills', 'bigint')
      .addColumn('dead', 'bigint')
      .addColumn('healed', 'bigint')
      .execute();
    await db.schema
      .createIndex('scan_kd_totals_scan_idx')
      .on('scan_kd_totals')
      .columns(['scan_id', 'home_kd'])
      .execute();
    await sql`
      insert into scan_kd_totals (scan_id, home_kd, governors, power, t4_kills, t5_kills, dead, healed)
      select scan_id, home_kd, count(*), sum(power), sum(t4_kills), sum(t5_kills), sum(dead), sum(healed)
      from governor_stats
      group by scan_id, home_kd
    `.execute(db);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_kd_totals').ifExists().execute();
}
