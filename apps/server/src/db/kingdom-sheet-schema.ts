// A kingdom's other sheets (migration 0021, issue 37), apart from schema.ts's core tables.

/** Honor points per governor per KvK, from an honor sheet with IDs; KvK DKP's Honor Points reads them. */
export interface KvkHonorPointTable {
  kingdom_kd: number;
  kvk_number: number;
  governor_id: number;
  name: string;
  honor_points: number;
  updated_at: number;
}

/** A rally-fort tracker's counts per governor as of counted_at; the rally leaderboard adds them to its period. */
export interface RallyFortTallyTable {
  kingdom_kd: number;
  counted_at: number;
  governor_id: number;
  name: string;
  total_rallies: number;
  rallies_launched: number;
  rallies_joined: number;
  /** The tally's rows' hash: the same tally imported again changes nothing. */
  tally_hash: string;
  file_name: string;
  imported_at: number;
}

/** One governor's line of a weekly alliance activity sheet (null: the cell was empty). */
export interface AllianceActivityTable {
  kingdom_kd: number;
  /** YYYY-MM-DD, the Monday the week starts. */
  week_start: string;
  governor_id: number;
  name: string;
  alliance: string | null;
  power: number | null;
  kill_points: number | null;
  help_times: number | null;
  rss_trading: number | null;
  building: number | null;
  tech_donation: number | null;
  updated_at: number;
}
