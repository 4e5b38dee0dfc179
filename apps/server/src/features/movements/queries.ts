import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The movements' SQL (docs/movements.md): presence runs and a few scans' rows, all read through their keys. */

export interface PresenceRun {
  governorId: number;
  firstAt: number;
  /** Null while the run reaches the kingdom's latest scan. */
  lastAt: number | null;
}

/**
 * Every run of kingdom kd's governors that began by `endAt`: about one row per governor (primary key
 * kingdom_kd, governor_id, first_at). Runs before the period are kept to tell a governor back after an absence
 * from one seen for the first time.
 */
export async function selectPresenceRuns(
  db: Kysely<Database>,
  kd: number,
  endAt: number,
): Promise<PresenceRun[]> {
  const rows = await db
    .selectFrom('governor_presence')
    .select(['governor_id', 'first_at', 'last_at'])
    .where('kingdom_kd', '=', kd)
    .where('first_at', '<=', endAt)
    .execute();
  return rows.map((row) => ({
    governorId: Number(row.governor_id),
    firstAt: Number(row.first_at),
    lastAt: row.last_at === null ? null : Number(row.last_at),
  }));
}

/** Counters that only grow while an account plays: when none moved over several scans, it is inactive. */
export const ACTIVITY_COUNTERS = [
  'kill_points',
  't1_kills',
  't2_kills',
  't3_kills',
  't4_kills',
  't5_kills',
  'dead',
  'healed',
  'rss_gathered',
  'rss_assistance',
  'helps',
] as const;
type ActivityCounter = (typeof ACTIVITY_COUNTERS)[number];

export interface MovementStat {
  scanId: number;
  governorId: number;
  name: string;
  alliance: string | null;
  homeKd: number | null;
  power: number | null;
  counters: (number | null)[];
}

const COLUMNS = [
  'scan_id',
  'governor_id',
  'name',
  'alliance',
  'home_kd',
  'power',
  ...ACTIVITY_COUNTERS,
] as const;

/** Rows per statement: well under SQLite's bound-value limit. */
const BATCH = 1_000;

/** All rows of a few scans: range reads of the primary key (scan_id, governor_id). */
export async function selectScanRows(
  db: Kysely<Database>,
  scanIds: readonly number[],
): Promise<MovementStat[]> {
  if (scanIds.length === 0) return [];
  const rows = await db
    .selectFrom('governor_stats')
    .select(COLUMNS)
    .where('scan_id', 'in', scanIds)
    .execute();
  return rows.map(toStat);
}

/** Some governors' rows in some scans: lookups of the (governor_id, scan_id) index. */
export async function selectGovernorRows(
  db: Kysely<Database>,
  governorIds: readonly number[],
  scanIds: readonly number[],
): Promise<MovementStat[]> {
  if (scanIds.length === 0) return [];
  const found: MovementStat[] = [];
  for (let i = 0; i < governorIds.length; i += BATCH) {
    const rows = await db
      .selectFrom('governor_stats')
      .select(COLUMNS)
      .where('governor_id', 'in', governorIds.slice(i, i + BATCH))
      .where('scan_id', 'in', scanIds)
      .execute();
    for (const row of rows) found.push(toStat(row));
  }
  return found;
}

type StatRow = Pick<Database['governor_stats'], (typeof COLUMNS)[number]>;

function toStat(row: StatRow): MovementStat {
  const number = (value: number | null) => (value === null ? null : Number(value));
  return {
    scanId: Number(row.scan_id),
    governorId: Number(row.governor_id),
    name: row.name,
    alliance: row.alliance,
    homeKd: number(row.home_kd),
    power: number(row.power),
    counters: ACTIVITY_COUNTERS.map((column: ActivityCounter) => number(row[column])),
  };
}
