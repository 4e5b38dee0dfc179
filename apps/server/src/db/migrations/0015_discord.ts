import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * Kingdom Stats in Discord (docs/discord.md):
 * - discord_guilds: a Discord server bound to one kingdom, with where its announcements and admin messages go and
 *   the role whose holders may act as the kingdom's admins there. The webhook URL holds a secret: never answered.
 * - discord_setup_codes: one-time codes that bind a server (`/setup code:`); only a SHA-256 hash is kept.
 * - discord_staff_links: a Discord user who used a staff member's setup code acts as that staff account.
 * - discord_governor_links: a Discord user's claim on a governor (`/link`), pending until an admin decides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite's rowid alias and PostgreSQL's serial give the same "next integer" behaviour.
  const id =
    dialectOf(db) === 'postgres'
      ? ({ type: 'serial', build: (c: ColumnDefinitionBuilder) => c.primaryKey() } as const)
      : ({ type: 'integer', build: (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement() } as const);
  await db.schema
    .createTable('discord_guilds')
    .addColumn('guild_id', 'text', (c) => c.primaryKey())
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('admin_role_id', 'text')
    .addColumn('admin_channel_id', 'text')
    .addColumn('announce_channel_id', 'text')
    .addColumn('announce_webhook_url', 'text')
    .addColumn('bound_at', 'bigint', (c) => c.notNull())
    .addColumn('bound_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('discord_guilds_kingdom').on('discord_guilds').column('kingdom_kd').execute();
  await db.schema
    .createTable('discord_setup_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('discord_staff_links')
    .addColumn('discord_user_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('discord_staff_links_pk', ['discord_user_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('discord_governor_links')
    .addColumn('id', id.type, id.build)
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('governor_id', 'bigint', (c) => c.notNull())
    .addColumn('discord_user_id', 'text', (c) => c.notNull())
    .addColumn('discord_username', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('discord_governor_links_claim')
    .on('discord_governor_links')
    .columns(['kingdom_kd', 'governor_id', 'discord_user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('discord_governor_links_user')
    .on('discord_governor_links')
    .columns(['discord_user_id', 'kingdom_kd'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'discord_governor_links',
    'discord_staff_links',
    'discord_setup_codes',
    'discord_guilds',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
