import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

function idColumn(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres'
    ? ({ type: 'serial', build: (c: ColumnDefinitionBuilder) => c.primaryKey() } as const)
    : ({ type: 'integer', build: (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement() } as const);
}

/**
 * Misread values (issue 12, docs/data-review-storage.md).
 * - value_flags: what the data-quality checks found at import, per scan, governor, field and check, with the reason
 *   in plain words and the suggestion a check has. A flag belongs to a kingdom through its scan. status is open,
 *   accepted (the value is right), corrected or excluded (the row was left out of the scan).
 * - value_corrections: a correction is a record, not an edit. The imported value stays here while the corrected one
 *   is written through to governor_stats, so every reader sees it; reverting writes the imported value back. An
 *   excluded row (field 'row') keeps the whole imported row in imported_row_json. reverted_at is set when reverted
 *   (reverted_by the user) or superseded by a re-import with another value (reverted_by null, revert_reason says so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);
  await atomically(db, async (db) => {
    await db.schema
      .createTable('value_flags')
      .addColumn('id', id.type, id.build)
      .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
      .addColumn('governor_id', 'bigint', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('check_kind', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('value', 'bigint')
      .addColumn('suggested_value', 'bigint')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('resolved_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('value_flags_cell_unique', ['scan_id', 'governor_id', 'field', 'check_kind'])
      .execute();
    // A kingdom's open flags: the kingdom's scans (scans_kingdom index), then their flags by status.
    await db.schema
      .createIndex('value_flags_status_idx')
      .on('value_flags')
      .columns(['status', 'scan_id'])
      .execute();
    await db.schema
      .createTable('value_corrections')
      .addColumn('id', id.type, id.build)
      .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
      .addColumn('governor_id', 'bigint', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('imported_value', 'bigint')
      .addColumn('corrected_value', 'bigint')
      .addColumn('imported_row_json', 'text')
      .addColumn('reason', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('reverted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reverted_at', 'bigint')
      .addColumn('revert_reason', 'text')
      .execute();
    await db.schema
      .createIndex('value_corrections_cell_idx')
      .on('value_corrections')
      .columns(['scan_id', 'governor_id', 'field'])
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('value_corrections').ifExists().execute();
  await db.schema.dropTable('value_flags').ifExists().execute();
}
