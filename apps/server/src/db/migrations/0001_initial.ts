import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

function idColumn(db: Kysely<unknown>) {
  // SQLite's rowid alias and PostgreSQL's serial give the same "next integer" behaviour.
  return dialectOf(db) === 'postgres'
    ? ({ type: 'serial', build: (c: ColumnDefinitionBuilder) => c.primaryKey() } as const)
    : ({ type: 'integer', build: (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement() } as const);
}

const STAT_COLUMNS = [
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

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable('kingdoms')
    .addColumn('kd', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('access_code', 'text', (c) => c.notNull())
    .addColumn('settings_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('camps')
    .addColumn('id', id.type, id.build)
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('camps_kingdom_name_unique', ['kingdom_kd', 'name'])
    .execute();

  await db.schema
    .createTable('camp_members')
    .addColumn('camp_id', 'integer', (c) => c.notNull().references('camps.id').onDelete('cascade'))
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('member_kd', 'integer', (c) => c.notNull())
    // A home kd belongs to one camp on a given kingdom's map.
    .addPrimaryKeyConstraint('camp_members_pk', ['kingdom_kd', 'member_kd'])
    .execute();
  await db.schema.createIndex('camp_members_camp_idx').on('camp_members').column('camp_id').execute();

  await db.schema
    .createTable('scans')
    .addColumn('id', id.type, id.build)
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('kingdom', 'autarch')`))
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source_format', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    // Also the index behind every period lookup: a kingdom's scans of one kind, in time order.
    .addUniqueConstraint('scans_kingdom_kind_time_unique', ['kingdom_kd', 'kind', 'taken_at'])
    .execute();

  let stats = db.schema
    .createTable('governor_stats')
    .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('governor_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alliance', 'text')
    .addColumn('home_kd', 'integer');
  for (const column of STAT_COLUMNS) stats = stats.addColumn(column, 'bigint');
  await stats
    .addColumn('extra_json', 'text')
    .addPrimaryKeyConstraint('governor_stats_pk', ['scan_id', 'governor_id'])
    .execute();
  // A governor's history across scans (first and last appearance in a period).
  await db.schema
    .createIndex('governor_stats_governor_idx')
    .on('governor_stats')
    .columns(['governor_id', 'scan_id'])
    .execute();

  await db.schema
    .createTable('kvk_seasons')
    .addColumn('id', id.type, id.build)
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('kvk_number', 'integer', (c) => c.notNull())
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('close_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('kvk_seasons_kingdom_number_unique', ['kingdom_kd', 'kvk_number'])
    .addCheckConstraint('kvk_seasons_order', sql`open_time < close_time`)
    .execute();

  await db.schema
    .createTable('formulas')
    .addColumn('kingdom_kd', 'integer', (c) => c.primaryKey().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('stats_formula_json', 'text', (c) => c.notNull())
    .addColumn('goals_json', 'text', (c) => c.notNull())
    .addColumn('score_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dead_on', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kp_on', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wars_json', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('hoh_records')
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('kvk_number', 'integer', (c) => c.notNull())
    .addColumn('governor_id', 'bigint', (c) => c.notNull())
    .addColumn('t4_dead', 'bigint')
    .addColumn('t5_dead', 'bigint')
    .addColumn('notes', 'text')
    .addColumn('recorded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('hoh_records_pk', ['kingdom_kd', 'kvk_number', 'governor_id'])
    .execute();

  await db.schema
    .createTable('prekvk_points')
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('kvk_number', 'integer', (c) => c.notNull())
    .addColumn('governor_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('stage1_points', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stage2_points', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stage3_points', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('prekvk_points_pk', ['kingdom_kd', 'kvk_number', 'governor_id'])
    .execute();

  await db.schema
    .createTable('rallies')
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('rally_id', 'text', (c) => c.notNull())
    .addColumn('launched_at', 'bigint', (c) => c.notNull())
    .addColumn('launcher_id', 'bigint', (c) => c.notNull())
    .addColumn('launcher_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rallies_pk', ['kingdom_kd', 'rally_id'])
    .execute();
  await db.schema
    .createIndex('rallies_kingdom_time_idx')
    .on('rallies')
    .columns(['kingdom_kd', 'launched_at'])
    .execute();

  await db.schema
    .createTable('rally_participants')
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull())
    .addColumn('rally_id', 'text', (c) => c.notNull())
    .addColumn('governor_id', 'bigint', (c) => c.notNull())
    .addColumn('governor_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rally_participants_pk', ['kingdom_kd', 'rally_id', 'governor_id'])
    .addForeignKeyConstraint(
      'rally_participants_rally_fk',
      ['kingdom_kd', 'rally_id'],
      'rallies',
      ['kingdom_kd', 'rally_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', id.type, id.build)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'superadmin')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_kingdoms')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_kingdoms_pk', ['user_id', 'kingdom_kd'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', id.type, id.build)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('kingdom_kd', 'integer')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_kingdom_idx')
    .on('audit_log')
    .columns(['kingdom_kd', 'at'])
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_settings',
    'audit_log',
    'sessions',
    'user_kingdoms',
    'users',
    'rally_participants',
    'rallies',
    'prekvk_points',
    'hoh_records',
    'formulas',
    'kvk_seasons',
    'governor_stats',
    'scans',
    'camp_members',
    'camps',
    'kingdoms',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
