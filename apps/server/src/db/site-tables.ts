import type { Database } from './schema.ts';

/**
 * How a table's rows are copied and compared: `key` orders its rows (unique, the primary key where it has one);
 * the first key column also cuts the batches, so a batch always holds whole groups of that column. `text` names key
 * columns compared as text (byte order on both databases); `nullable` those that may be NULL (sorted first).
 */
export interface SiteTable {
  name: keyof Database;
  key: readonly string[];
  text?: readonly string[];
  nullable?: readonly string[];
  /** A serial id: PostgreSQL's sequence is set past the copied ids. */
  serial?: boolean;
  /** Copied in one transaction (small tables keyed by text, whose order is not one both databases share). */
  whole?: boolean;
}

/**
 * Every table of an installation, parents before children (the foreign keys' order). A Record over the schema's
 * tables, so a table added to schema.ts without a line here does not compile; site-copy.ts also fails when the
 * database holds a table this list does not name.
 */
const TABLES: Record<keyof Database, Omit<SiteTable, 'name'> & { order: number }> = {
  kingdoms: { order: 1, key: ['kd'] },
  users: { order: 2, key: ['id'], serial: true },
  app_settings: { order: 3, key: ['key'], text: ['key'], whole: true },
  camps: { order: 4, key: ['id'], serial: true },
  camp_members: { order: 5, key: ['kingdom_kd', 'member_kd'] },
  scans: { order: 6, key: ['id'], serial: true },
  governor_stats: { order: 7, key: ['scan_id', 'governor_id'] },
  governor_presence: { order: 8, key: ['kingdom_kd', 'governor_id', 'first_at'] },
  scan_kd_totals: { order: 9, key: ['scan_id', 'home_kd'], nullable: ['home_kd'] },
  scan_home_kds: { order: 10, key: ['scan_id', 'home_kd'] },
  scan_home_moves: { order: 11, key: ['scan_id', 'governor_id'] },
  kvk_seasons: { order: 12, key: ['id'], serial: true },
  formulas: { order: 13, key: ['kingdom_kd'] },
  hoh_records: { order: 14, key: ['kingdom_kd', 'kvk_number', 'governor_id'] },
  prekvk_points: { order: 15, key: ['kingdom_kd', 'kvk_number', 'governor_id'] },
  rallies: { order: 16, key: ['kingdom_kd', 'rally_id'], text: ['rally_id'] },
  rally_participants: { order: 17, key: ['kingdom_kd', 'rally_id', 'governor_id'], text: ['rally_id'] },
  rally_tokens: { order: 18, key: ['kingdom_kd'] },
  user_kingdoms: { order: 19, key: ['user_id', 'kingdom_kd'] },
  sessions: { order: 20, key: ['token_hash'], text: ['token_hash'], whole: true },
  audit_log: { order: 21, key: ['id'], serial: true },
  account_links: { order: 22, key: ['kingdom_kd', 'farm_governor_id'] },
  farm_policies: { order: 23, key: ['kingdom_kd'] },
  farm_link_suggestions: { order: 24, key: ['kingdom_kd', 'farm_governor_id'] },
  value_flags: { order: 25, key: ['id'], serial: true },
  value_corrections: { order: 26, key: ['id'], serial: true },
  member_exports: { order: 27, key: ['id'], serial: true },
  member_export_rows: { order: 28, key: ['export_id', 'governor_id'] },
  discord_guilds: { order: 29, key: ['guild_id'], text: ['guild_id'], whole: true },
  discord_setup_codes: { order: 30, key: ['code_hash'], text: ['code_hash'], whole: true },
  discord_staff_links: {
    order: 31,
    key: ['discord_user_id', 'user_id'],
    text: ['discord_user_id'],
    whole: true,
  },
  discord_governor_links: { order: 32, key: ['id'], serial: true },
  upload_tokens: { order: 33, key: ['kingdom_kd'] },
  season_rules: { order: 34, key: ['kingdom_kd', 'kvk_number'] },
  kvk_honor_points: { order: 35, key: ['kingdom_kd', 'kvk_number', 'governor_id'] },
  rally_fort_tallies: { order: 36, key: ['kingdom_kd', 'counted_at', 'governor_id'] },
  alliance_activity: { order: 37, key: ['kingdom_kd', 'week_start', 'governor_id'], text: ['week_start'] },
  migration_list_entries: { order: 38, key: ['kingdom_kd', 'kvk_number', 'governor_id'] },
};

export const SITE_TABLES: readonly SiteTable[] = Object.entries(TABLES)
  .sort(([, a], [, b]) => a.order - b.order)
  .map(([name, { order: _order, ...spec }]) => ({ name: name as keyof Database, ...spec }));

/**
 * Tables a copy leaves out: Kysely's own bookkeeping, which each database's migrations keep for themselves, and the
 * rate-limit windows the server makes at start (plugins/counter-store.ts), which hold nothing worth keeping.
 */
export const NOT_COPIED_TABLES = ['kysely_migration', 'kysely_migration_lock', 'rate_limit_windows'];
