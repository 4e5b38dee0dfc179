// The migration lists (migration 0022, docs/migration-list.md), apart from schema.ts's core tables.

/** One governor on a kingdom's migration list of one KvK season. Flags are 0/1. */
export interface MigrationListEntryTable {
  kingdom_kd: number;
  kvk_number: number;
  governor_id: number;
  /** The name as known when the entry was made (or as last typed). */
  name: string;
  /** 'leave' or 'arrive'. */
  direction: string;
  reason: string;
  contacted: number;
  excluded: number;
  migrated: number;
  zeroed: number;
  note: string;
  /** Username of the admin who last changed it, or 'cli'. */
  updated_by: string;
  updated_at: number;
}
