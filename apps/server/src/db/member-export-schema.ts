import type { Generated } from 'kysely';

// The game's member exports (migration 0013, docs/import-formats.md), apart from schema.ts's core tables.

/** One game member export of a kingdom: activity between two dates (migration 0013, issue 37). */
export interface MemberExportTable {
  id: Generated<number>;
  kingdom_kd: number;
  /** 'YYYY-MM-DD', from the file name. */
  period_from: string;
  period_to: string;
  file_name: string;
  content_hash: string;
  /** 'english', 'vietnamese' or 'position'. */
  matched_by: string;
  member_count: number;
  imported_at: number;
}

/** What one member did over an export's dates (null: the cell was empty). */
export interface MemberExportRowTable {
  export_id: number;
  governor_id: number;
  name: string;
  power: number | null;
  highest_power: number | null;
  t5_dead: number | null;
  t4_dead: number | null;
  t3_dead: number | null;
  t2_dead: number | null;
  t1_dead: number | null;
  kill_points: number | null;
  t5_kills: number | null;
  t4_kills: number | null;
  t3_kills: number | null;
  t2_kills: number | null;
  t1_kills: number | null;
  rss_gathered: number | null;
  helps: number | null;
}
