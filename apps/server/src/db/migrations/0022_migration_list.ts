import type { Kysely } from 'kysely';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * Migration lists (issue 40 item 5, docs/migration-list.md): per kingdom and KvK season, the governors proposed to
 * leave or to arrive, with a reason, four independent status flags (0/1) and a note. One entry per governor and
 * season (the primary key), so "fill from movements" can never add a governor twice. The season is its KvK number,
 * as season_rules address it; entries outlive a deleted season row (they go with the kingdom).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('migration_list_entries')
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('kvk_number', 'integer', (c) => c.notNull())
    .addColumn('governor_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('contacted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('migrated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('zeroed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('migration_list_entries_pk', ['kingdom_kd', 'kvk_number', 'governor_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('migration_list_entries').ifExists().execute();
}
