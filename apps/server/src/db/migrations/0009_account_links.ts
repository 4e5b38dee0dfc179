import type { Kysely } from 'kysely';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * Farm and alt accounts (issue 13, docs/farms.md).
 * - account_links: a farm account linked to its main, per kingdom. One main per farm (the primary key); the
 *   service refuses a farm that is itself a main and a main that is itself a farm, so there are no chains.
 * - farm_policies: how the kingdom's dashboards count farms ('counted', the default when there is no row,
 *   'excluded', 'apart', 'rolled-up' with weight_pct 0–100). A table of its own rather than a settings_json key so
 *   that the dashboards read links and policy in one small query and no settings save can drop it.
 * - farm_link_suggestions: links read from a Hero Scrolls `Rolled Up` sheet (a `Farms` row belongs to the
 *   `Primary` row above it), waiting for an admin. A dismissed suggestion is kept (dismissed = 1) so that the next
 *   import of the same file does not offer it again; an accepted one becomes a link and is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    await db.schema
      .createTable('account_links')
      .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('farm_governor_id', 'bigint', (c) => c.notNull())
      .addColumn('main_governor_id', 'bigint', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_links_pk', ['kingdom_kd', 'farm_governor_id'])
      .execute();
    await db.schema
      .createIndex('account_links_main')
      .on('account_links')
      .columns(['kingdom_kd', 'main_governor_id'])
      .execute();
    await db.schema
      .createTable('farm_policies')
      .addColumn('kingdom_kd', 'integer', (c) => c.primaryKey().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('weight_pct', 'integer', (c) => c.notNull().defaultTo(100))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('farm_link_suggestions')
      .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('farm_governor_id', 'bigint', (c) => c.notNull())
      .addColumn('main_governor_id', 'bigint', (c) => c.notNull())
      .addColumn('farm_name', 'text', (c) => c.notNull())
      .addColumn('main_name', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('dismissed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('farm_link_suggestions_pk', ['kingdom_kd', 'farm_governor_id'])
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('farm_link_suggestions').ifExists().execute();
  await db.schema.dropTable('farm_policies').ifExists().execute();
  await db.schema.dropTable('account_links').ifExists().execute();
}
