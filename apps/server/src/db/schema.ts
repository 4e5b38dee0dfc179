import type { Generated } from 'kysely';
import type {
  DiscordGovernorLinkTable,
  DiscordGuildTable,
  DiscordSetupCodeTable,
  DiscordStaffLinkTable,
} from './discord-schema.ts';
import type {
  AllianceActivityTable,
  KvkHonorPointTable,
  RallyFortTallyTable,
} from './kingdom-sheet-schema.ts';
import type { MemberExportRowTable, MemberExportTable } from './member-export-schema.ts';
import type { MigrationListEntryTable } from './migration-list-schema.ts';

export type * from './discord-schema.ts';
export type * from './kingdom-sheet-schema.ts';
export type * from './member-export-schema.ts';
export type * from './migration-list-schema.ts';

/**
 * The database as Kysely sees it. Every time is unix seconds (integer), every switch is 0/1 and every JSON
 * document is text, so that SQLite and PostgreSQL store and answer the same values.
 */
export interface Database {
  kingdoms: KingdomTable;
  camps: CampTable;
  camp_members: CampMemberTable;
  scans: ScanTable;
  governor_stats: GovernorStatTable;
  governor_presence: GovernorPresenceTable;
  scan_kd_totals: ScanKdTotalTable;
  scan_home_kds: ScanHomeKdTable;
  scan_home_moves: ScanHomeMoveTable;
  kvk_seasons: KvkSeasonTable;
  formulas: FormulaTable;
  season_rules: SeasonRulesTable;
  hoh_records: HohRecordTable;
  prekvk_points: PrekvkPointTable;
  rallies: RallyTable;
  rally_participants: RallyParticipantTable;
  rally_tokens: RallyTokenTable;
  upload_tokens: UploadTokenTable;
  users: UserTable;
  user_kingdoms: UserKingdomTable;
  sessions: SessionTable;
  audit_log: AuditLogTable;
  app_settings: AppSettingTable;
  account_links: AccountLinkTable;
  farm_policies: FarmPolicyTable;
  farm_link_suggestions: FarmLinkSuggestionTable;
  value_flags: ValueFlagTable;
  value_corrections: ValueCorrectionTable;
  discord_guilds: DiscordGuildTable;
  discord_setup_codes: DiscordSetupCodeTable;
  discord_staff_links: DiscordStaffLinkTable;
  discord_governor_links: DiscordGovernorLinkTable;
  member_exports: MemberExportTable;
  member_export_rows: MemberExportRowTable;
  migration_list_entries: MigrationListEntryTable;
  kvk_honor_points: KvkHonorPointTable;
  rally_fort_tallies: RallyFortTallyTable;
  alliance_activity: AllianceActivityTable;
}

export interface KingdomTable {
  kd: number;
  name: string | null;
  access_code: string;
  /** Opaque per-kingdom settings (SPEC §3): defaultTopFilter, defaultDates and what admins add later. */
  settings_json: string;
  created_at: number;
}

/** A camp on the KvK map of one kingdom's dashboard (`kingdom_kd`); camp_members lists the home kds in it. */
export interface CampTable {
  id: Generated<number>;
  kingdom_kd: number;
  name: string;
}

export interface CampMemberTable {
  camp_id: number;
  kingdom_kd: number;
  member_kd: number;
}

export type ScanKind = 'kingdom' | 'autarch';

export interface ScanTable {
  id: Generated<number>;
  kingdom_kd: number;
  kind: ScanKind;
  taken_at: number;
  name: string;
  source_format: string;
  row_count: number;
  imported_at: number;
  /** Changes to the scan's rows after it was stored (a kingdom's file added or replaced); migration 0007. */
  revision: Generated<number>;
  /**
   * The counters not every row knows, as JSON: counter → 'none' (no row knows it) or 'some'; '{}' when every row
   * knows every counter. Rewritten with the scan's totals; migration 0010.
   */
  incomplete_counters: Generated<string>;
  /**
   * Changes to the scan's value flags or corrections (triggers, migration 0011): a period's review marks are kept in
   * memory under its scans' review revisions.
   */
  review_revision: Generated<number>;
}

/** Per scan and home kd: the time that kingdom's file states (a map's files join one scan); migration 0007. */
export interface ScanHomeKdTable {
  scan_id: number;
  home_kd: number;
  taken_at: number;
}

/**
 * A run of consecutive kingdom scans of a kingdom in which a governor appears (times of its first and last scan;
 * last_at is null while the run reaches the kingdom's latest scan). Derived from governor_stats; kept by
 * features/scans/presence.ts.
 */
export interface GovernorPresenceTable {
  kingdom_kd: number;
  governor_id: number;
  first_at: number;
  last_at: number | null;
}

/** governor_stats' counters (migration 0001), which scan_kd_totals sums and scans.incomplete_counters names. */
export const TOTALLED_COUNTERS = [
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
export type TotalledCounter = (typeof TOTALLED_COUNTERS)[number];

/**
 * Per scan and home kd: the governors and each counter's sum (the diplomacy overview, a whole period's sums).
 * Derived from governor_stats at import and with every change to a scan's rows.
 */
export type ScanKdTotalTable = {
  scan_id: number;
  home_kd: number | null;
  governors: number;
} & Record<TotalledCounter, number | null>;

/** Per kingdom scan, the governors whose home kd differs from theirs in the kingdom's previous kingdom scan. */
export interface ScanHomeMoveTable {
  scan_id: number;
  governor_id: number;
}

/** One governor in one scan. NULL means unknown: an empty cell or a scanner placeholder (-1, -2, -3). */
export interface GovernorStatTable {
  scan_id: number;
  governor_id: number;
  name: string;
  alliance: string | null;
  home_kd: number | null;
  power: number | null;
  kill_points: number | null;
  t1_kills: number | null;
  t2_kills: number | null;
  t3_kills: number | null;
  t4_kills: number | null;
  t5_kills: number | null;
  dead: number | null;
  t4_dead: number | null;
  t5_dead: number | null;
  healed: number | null;
  t4_healed: number | null;
  t5_healed: number | null;
  rss_gathered: number | null;
  rss_assistance: number | null;
  helps: number | null;
  acclaim: number | null;
  /** Columns a scanner gives beyond the ones above (e.g. Ranged, Troop Power), as a JSON object, or NULL. */
  extra_json: string | null;
}

export interface KvkSeasonTable {
  id: Generated<number>;
  kingdom_kd: number;
  kvk_number: number;
  open_time: number;
  close_time: number;
}

export interface FormulaTable {
  kingdom_kd: number;
  /** JSON: map of stat name to [value, enabled] (SPEC §3 stats_formula). */
  stats_formula_json: string;
  /** JSON: goal tiers (SPEC §3 Goal tier). */
  goals_json: string;
  score_on: number;
  dead_on: number;
  kp_on: number;
  /** JSON: saved wars config {base, wars}, or NULL when none is saved. */
  wars_json: string | null;
  updated_at: number;
}

/** A KvK season's own formula, goals and wars (0020_season_rules.ts; docs/dkp.md, "Each season's rules"). */
export interface SeasonRulesTable extends FormulaTable {
  kvk_number: number;
}

/** T4/T5 dead per governor per KvK, as alliance leaders collect them from the Hall of Heroes. */
export interface HohRecordTable {
  kingdom_kd: number;
  kvk_number: number;
  governor_id: number;
  t4_dead: number | null;
  t5_dead: number | null;
  notes: string | null;
  recorded_at: number;
}

export interface PrekvkPointTable {
  kingdom_kd: number;
  kvk_number: number;
  governor_id: number;
  name: string;
  stage1_points: number;
  stage2_points: number;
  stage3_points: number;
  updated_at: number;
}

export interface RallyTable {
  kingdom_kd: number;
  rally_id: string;
  launched_at: number;
  launcher_id: number;
  launcher_name: string;
}

export interface RallyParticipantTable {
  kingdom_kd: number;
  rally_id: string;
  governor_id: number;
  governor_name: string;
}

/** A kingdom's rally ingestion token (migration 0002); only its SHA-256 hash is stored. */
export interface RallyTokenTable {
  kingdom_kd: number;
  token_hash: string;
  created_at: number;
  /** The admin who created it; null when made with the CLI (or the user was deleted). */
  created_by: number | null;
}

/** The same shape as the rally token's: a kingdom's token for sending scan files (0019_upload_tokens.ts). */
export type UploadTokenTable = RallyTokenTable;

export type UserRole = 'admin' | 'superadmin';

export interface UserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: UserRole;
  created_at: number;
}

export interface UserKingdomTable {
  user_id: number;
  kingdom_kd: number;
}

/** Sign-in sessions; only a hash of the bearer token is stored. */
export interface SessionTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  action: string;
  kingdom_kd: number | null;
  before_json: string | null;
  after_json: string | null;
}

/** Site-wide values kept by the server itself, such as the demo secret chosen at first seed. */
export interface AppSettingTable {
  key: string;
  value: string;
}

export type AccountLinkSource = 'admin' | 'cli' | 'suggestion-accepted';

/** A farm account linked to its main in one kingdom (migration 0009, docs/farms.md); a farm is never a main. */
export interface AccountLinkTable {
  kingdom_kd: number;
  farm_governor_id: number;
  main_governor_id: number;
  source: AccountLinkSource;
  created_by: number | null;
  created_at: number;
}

/** How a kingdom's dashboards count farms (migration 0009); no row means 'counted'. */
export interface FarmPolicyTable {
  kingdom_kd: number;
  mode: string;
  /** 0–100; used by 'rolled-up' only. */
  weight_pct: number;
  updated_at: number;
}

/** A link read from a Hero Scrolls Rolled Up sheet, waiting for an admin (migration 0009). */
export interface FarmLinkSuggestionTable {
  kingdom_kd: number;
  farm_governor_id: number;
  main_governor_id: number;
  farm_name: string;
  main_name: string;
  file_name: string;
  /** 1 once an admin dismissed it: a later import does not offer it again. */
  dismissed: number;
  created_at: number;
}

export type ValueFlagStatus = 'open' | 'accepted' | 'corrected' | 'excluded';

/** A value a data-quality check found at import (migration 0008, docs/data-review-storage.md). */
export interface ValueFlagTable {
  id: Generated<number>;
  scan_id: number;
  governor_id: number;
  /** A CheckedField, or 'governor' for a row that looks like another governor's. */
  field: string;
  check_kind: string;
  reason: string;
  value: number | null;
  suggested_value: number | null;
  status: ValueFlagStatus;
  resolved_by: number | null;
  resolved_at: number | null;
  created_at: number;
}

/** A correction as a record: the imported value kept, the corrected one written through (migration 0008). */
export interface ValueCorrectionTable {
  id: Generated<number>;
  scan_id: number;
  governor_id: number;
  /** A CheckedField, or 'row' for a row left out of the scan (kept whole in imported_row_json). */
  field: string;
  imported_value: number | null;
  corrected_value: number | null;
  imported_row_json: string | null;
  reason: string | null;
  created_by: number | null;
  created_at: number;
  reverted_by: number | null;
  reverted_at: number | null;
  /** Why it was reverted when not by a user: a re-import that gave the cell another value. */
  revert_reason: string | null;
}
