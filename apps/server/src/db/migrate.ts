import {
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
  type TableMetadata,
} from 'kysely';
import { dialectOf } from './dialect.ts';
import * as initial from './migrations/0001_initial.ts';
import * as rallyTokens from './migrations/0002_rally_tokens.ts';
import * as governorPresence from './migrations/0003_governor_presence.ts';
import * as sqliteClusteredStats from './migrations/0004_sqlite_clustered_stats.ts';
import * as scanKdTotals from './migrations/0005_scan_kd_totals.ts';
import * as uniqueAccessCodes from './migrations/0006_unique_access_codes.ts';
import * as scanHomeKds from './migrations/0007_scan_home_kds.ts';
import * as dataReview from './migrations/0008_data_review.ts';
import * as accountLinks from './migrations/0009_account_links.ts';
import * as periodSums from './migrations/0010_period_sums.ts';
import * as reviewRevision from './migrations/0011_review_revision.ts';
import * as memberExports from './migrations/0013_member_exports.ts';
import * as discord from './migrations/0015_discord.ts';
import * as scanStatisticsTarget from './migrations/0016_scan_statistics_target.ts';
import * as uploadTokens from './migrations/0019_upload_tokens.ts';
import * as seasonRules from './migrations/0020_season_rules.ts';
import * as kingdomSheets from './migrations/0021_kingdom_sheets.ts';
import * as migrationList from './migrations/0022_migration_list.ts';
import type { Database } from './schema.ts';

// Listed here rather than read from disk so that migrations run the same from source, tests and any bundle.
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_rally_tokens': rallyTokens,
  '0003_governor_presence': governorPresence,
  '0004_sqlite_clustered_stats': sqliteClusteredStats,
  '0005_scan_kd_totals': scanKdTotals,
  '0006_unique_access_codes': uniqueAccessCodes,
  '0007_scan_home_kds': scanHomeKds,
  '0008_data_review': dataReview,
  '0009_account_links': accountLinks,
  '0010_period_sums': periodSums,
  '0011_review_revision': reviewRevision,
  '0013_member_exports': memberExports,
  '0015_discord': discord,
  '0016_scan_statistics_target': scanStatisticsTarget,
  '0019_upload_tokens': uploadTokens,
  '0020_season_rules': seasonRules,
  '0021_kingdom_sheets': kingdomSheets,
  '0022_migration_list': migrationList,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export interface MigrationReport {
  applied: string[];
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several installations (or
  // test runs) in one PostgreSQL database it would find another's and skip creating its own.
  const migrationTableSchema = dialectOf(db) === 'postgres' ? await currentSchema(db) : undefined;
  // Unordered: 0008 and 0009 were written side by side and some development databases ran 0009 first; they still
  // get 0008. Each migration stands alone, so the order between them does not matter.
  const migrator = new Migrator({
    db: migrationTableSchema ? askingOnlyOf(db, migrationTableSchema) : db,
    provider,
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${errorMessage(error)}`);
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

/**
 * Kysely's Migrator asks its introspector whether its schema and bookkeeping tables exist, and PostgreSQL's
 * introspector reads every schema of the database, calling functions that look each schema and column up again by
 * name (has_schema_privilege, pg_get_serial_sequence). When another installation, or another test file, drops a
 * schema or a column meanwhile, that lookup fails ("schema … does not exist") and the migration with it. The
 * Migrator here sees the database through an introspector that reads the catalog of its one schema only.
 */
function askingOnlyOf(db: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
      return rows.map(
        (row): TableMetadata => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }),
      );
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value = Reflect.get(target, property, target);
      // Kysely's methods reach its private fields through `this`, which must be the instance, not the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema)
    throw new Error('PostgreSQL has no current schema: check the search_path or ?schema= of DATABASE_URL');
  return schema;
}
