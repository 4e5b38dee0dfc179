import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * PostgreSQL: a small statistics target for governor_stats.scan_id, so that analysing that one column after every
 * import costs about 25 ms at 1.92 M rows instead of about 200 (docs/decisions.md, "Planner statistics after an
 * import"). The sample of 3,000 rows still counts every scan's share; the other columns keep the default target, so
 * a whole-table ANALYZE (autovacuum's, or ours after a large import) samples as before. SQLite: nothing to do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table governor_stats alter column scan_id set statistics 10`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table governor_stats alter column scan_id set statistics -1`.execute(db);
}
