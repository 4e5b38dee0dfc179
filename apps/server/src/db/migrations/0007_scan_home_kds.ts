import { type Kysely, sql } from 'kysely';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * A scan of a KvK map is often made of one file per home kingdom, scanned minutes apart (docs/import-formats.md,
 * "Scans of a KvK map"). scan_home_kds records, per scan and home kingdom, the time that kingdom's file states, so
 * a file imported again is recognised by its kingdoms and time even when it joined a scan of an earlier time.
 * scans.revision counts changes to a scan's rows after it was first stored (a kingdom's file added or replaced):
 * the dashboards' cache keys carry it, as a scan's id alone no longer says what its rows are.
 * Existing scans: each home kd of their rows, at the scan's own time (scan_kd_totals, migration 0005, lists them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    await db.schema
      .createTable('scan_home_kds')
      .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
      .addColumn('home_kd', 'integer', (c) => c.notNull())
      .addColumn('taken_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('scan_home_kds_pk', ['scan_id', 'home_kd'])
      .execute();
    await db.schema
      .alterTable('scans')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      insert into scan_home_kds (scan_id, home_kd, taken_at)
      select distinct t.scan_id, t.home_kd, s.taken_at
      from scan_kd_totals t join scans s on s.id = t.scan_id
      where t.home_kd is not null
    `.execute(db);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_home_kds').ifExists().execute();
  await db.schema.alterTable('scans').dropColumn('revision').execute();
}
