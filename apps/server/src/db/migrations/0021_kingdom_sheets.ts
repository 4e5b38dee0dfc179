import type { Kysely } from 'kysely';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * A kingdom's other sheets (issue 37, docs/import-formats.md "A kingdom's other sheets"):
 * - kvk_honor_points: honor points per governor per KvK from an honor sheet with IDs; KvK DKP's Honor Points reads
 *   them where a KvK has them (instead of the scans' acclaim gain).
 * - rally_fort_tallies: a rally-fort tracker's counts per governor (total, launched, joined) as of counted_at; the
 *   rally page's leaderboard adds them to the rallies of a period that holds counted_at. tally_hash is the rows'
 *   hash: the same tally imported again changes nothing.
 * - alliance_activity: the weekly alliance activity sheet per governor, for the week starting week_start
 *   (YYYY-MM-DD, a Monday).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    await db.schema
      .createTable('kvk_honor_points')
      .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('kvk_number', 'integer', (c) => c.notNull())
      .addColumn('governor_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('honor_points', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('kvk_honor_points_pk', ['kingdom_kd', 'kvk_number', 'governor_id'])
      .execute();
    await db.schema
      .createTable('rally_fort_tallies')
      .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('counted_at', 'bigint', (c) => c.notNull())
      .addColumn('governor_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('total_rallies', 'bigint', (c) => c.notNull())
      .addColumn('rallies_launched', 'bigint', (c) => c.notNull())
      .addColumn('rallies_joined', 'bigint', (c) => c.notNull())
      .addColumn('tally_hash', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('imported_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rally_fort_tallies_pk', ['kingdom_kd', 'counted_at', 'governor_id'])
      .execute();
    await db.schema
      .createIndex('rally_fort_tallies_hash_idx')
      .on('rally_fort_tallies')
      .columns(['kingdom_kd', 'tally_hash'])
      .execute();
    await db.schema
      .createTable('alliance_activity')
      .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('week_start', 'text', (c) => c.notNull())
      .addColumn('governor_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('alliance', 'text')
      .addColumn('power', 'bigint')
      .addColumn('kill_points', 'bigint')
      .addColumn('help_times', 'bigint')
      .addColumn('rss_trading', 'bigint')
      .addColumn('building', 'bigint')
      .addColumn('tech_donation', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('alliance_activity_pk', ['kingdom_kd', 'week_start', 'governor_id'])
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alliance_activity').ifExists().execute();
  await db.schema.dropTable('rally_fort_tallies').ifExists().execute();
  await db.schema.dropTable('kvk_honor_points').ifExists().execute();
}
