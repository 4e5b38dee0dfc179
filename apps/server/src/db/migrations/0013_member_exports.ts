import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/** The game's export's count columns, in the file's order after ID and name (game-export.ts, EXPORT_FIELDS). */
const COUNTS = [
  'power',
  'highest_power',
  't5_dead',
  't4_dead',
  't3_dead',
  't2_dead',
  't1_dead',
  'kill_points',
  't5_kills',
  't4_kills',
  't3_kills',
  't2_kills',
  't1_kills',
  'rss_gathered',
  'helps',
] as const;

/**
 * The game's member exports (issue 37): a kind of record of its own, never a scan. An export is what each member
 * did between two dates (period_from … period_to, whole UTC days as the file name gives them), so its rows are
 * activity over a period, not totals at a moment. content_hash is the rows' hash: the same export imported again is
 * found by (kingdom, dates, hash) and changes nothing; an overlapping or different export is stored beside it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id =
    dialectOf(db) === 'postgres'
      ? ({ type: 'serial', build: (c: ColumnDefinitionBuilder) => c.primaryKey() } as const)
      : ({ type: 'integer', build: (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement() } as const);
  await atomically(db, async (db) => {
    await db.schema
      .createTable('member_exports')
      .addColumn('id', id.type, id.build)
      .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('period_from', 'text', (c) => c.notNull())
      .addColumn('period_to', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('matched_by', 'text', (c) => c.notNull())
      .addColumn('member_count', 'integer', (c) => c.notNull())
      .addColumn('imported_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('member_exports_same_unique', [
        'kingdom_kd',
        'period_from',
        'period_to',
        'content_hash',
      ])
      .execute();
    let rows = db.schema
      .createTable('member_export_rows')
      .addColumn('export_id', 'integer', (c) =>
        c.notNull().references('member_exports.id').onDelete('cascade'),
      )
      .addColumn('governor_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull());
    for (const count of COUNTS) rows = rows.addColumn(count, 'bigint');
    await rows.addPrimaryKeyConstraint('member_export_rows_pk', ['export_id', 'governor_id']).execute();
    await db.schema
      .createIndex('member_export_rows_governor_idx')
      .on('member_export_rows')
      .columns(['governor_id'])
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_export_rows').ifExists().execute();
  await db.schema.dropTable('member_exports').ifExists().execute();
}
