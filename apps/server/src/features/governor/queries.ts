import { type ExportActivity, GOVERNOR_PROFILE_KEYS, type GovernorProfileKey } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';

/** The governor page's SQL (docs/governor.md). Parameterised throughout. */

export interface PresenceRun {
  firstAt: number;
  /** Null while the run reaches the kingdom's latest scan. */
  lastAt: number | null;
}

/** The runs of consecutive kingdom scans in which the governor appears (governor_presence's primary key). */
export async function selectPresenceRuns(
  db: Kysely<Database>,
  kd: number,
  governorId: number,
): Promise<PresenceRun[]> {
  const rows = await db
    .selectFrom('governor_presence')
    .select(['first_at', 'last_at'])
    .where('kingdom_kd', '=', kd)
    .where('governor_id', '=', governorId)
    .orderBy('first_at')
    .execute();
  return rows.map((r) => ({
    firstAt: Number(r.first_at),
    lastAt: r.last_at === null ? null : Number(r.last_at),
  }));
}

/** The kingdom scans inside the runs: the only scans whose rows can hold the governor. */
export function scansInRuns(scans: readonly ScanInfo[], runs: readonly PresenceRun[]): ScanInfo[] {
  return scans.filter((scan) =>
    runs.some((run) => scan.takenAt >= run.firstAt && (run.lastAt === null || scan.takenAt <= run.lastAt)),
  );
}

export interface GovernorStatRow {
  scanId: number;
  name: string;
  alliance: string | null;
  homeKd: number | null;
  power: number | null;
  killPoints: number | null;
  t4Kills: number | null;
  t5Kills: number | null;
  dead: number | null;
  healed: number | null;
}

const num = (value: number | string | bigint | null) => (value === null ? null : Number(value));

/**
 * The governor's rows in the given scans: one read of governor_stats by its primary key (scan_id, governor_id), one
 * probe per scan. Scans are few hundred at most, well inside both databases' parameter limits.
 */
export async function selectGovernorRows(
  db: Kysely<Database>,
  scanIds: readonly number[],
  governorId: number,
): Promise<GovernorStatRow[]> {
  if (scanIds.length === 0) return [];
  const rows = await db
    .selectFrom('governor_stats')
    .select([
      'scan_id',
      'name',
      'alliance',
      'home_kd',
      'power',
      'kill_points',
      't4_kills',
      't5_kills',
      'dead',
      'healed',
    ])
    .where('scan_id', 'in', [...scanIds])
    .where('governor_id', '=', governorId)
    .execute();
  return rows.map((r) => ({
    scanId: Number(r.scan_id),
    name: r.name,
    alliance: r.alliance,
    homeKd: num(r.home_kd),
    power: num(r.power),
    killPoints: num(r.kill_points),
    t4Kills: num(r.t4_kills),
    t5Kills: num(r.t5_kills),
    dead: num(r.dead),
    healed: num(r.healed),
  }));
}

export async function selectGovernorPrekvk(db: Kysely<Database>, kd: number, governorId: number) {
  const rows = await db
    .selectFrom('prekvk_points')
    .select(['kvk_number', 'stage1_points', 'stage2_points', 'stage3_points'])
    .where('kingdom_kd', '=', kd)
    .where('governor_id', '=', governorId)
    .orderBy('kvk_number')
    .execute();
  return rows.map((r) => {
    const [stage1, stage2, stage3] = [r.stage1_points, r.stage2_points, r.stage3_points].map(Number) as [
      number,
      number,
      number,
    ];
    return { kvkNumber: Number(r.kvk_number), stage1, stage2, stage3, total: stage1 + stage2 + stage3 };
  });
}

export async function selectGovernorHoh(db: Kysely<Database>, kd: number, governorId: number) {
  const rows = await db
    .selectFrom('hoh_records')
    .select(['kvk_number', 't4_dead', 't5_dead'])
    .where('kingdom_kd', '=', kd)
    .where('governor_id', '=', governorId)
    .orderBy('kvk_number')
    .execute();
  return rows.map((r) => ({
    kvkNumber: Number(r.kvk_number),
    t4Dead: num(r.t4_dead),
    t5Dead: num(r.t5_dead),
  }));
}

/** The governor's rows of the kingdom's member exports (issue 37), oldest export first. */
export async function selectGovernorExportActivity(
  db: Kysely<Database>,
  kd: number,
  governorId: number,
): Promise<ExportActivity[]> {
  const rows = await db
    .selectFrom('member_export_rows as r')
    .innerJoin('member_exports as e', 'e.id', 'r.export_id')
    .select([
      'e.id',
      'e.period_from',
      'e.period_to',
      'r.name',
      'r.power',
      'r.highest_power',
      'r.kill_points',
      'r.t1_kills',
      'r.t2_kills',
      'r.t3_kills',
      'r.t4_kills',
      'r.t5_kills',
      'r.t1_dead',
      'r.t2_dead',
      'r.t3_dead',
      'r.t4_dead',
      'r.t5_dead',
      'r.rss_gathered',
      'r.helps',
    ])
    .where('e.kingdom_kd', '=', kd)
    .where('r.governor_id', '=', governorId)
    .orderBy('e.period_from')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    exportId: r.id,
    from: r.period_from,
    to: r.period_to,
    name: r.name,
    power: num(r.power),
    highestPower: num(r.highest_power),
    killPoints: num(r.kill_points),
    t1Kills: num(r.t1_kills),
    t2Kills: num(r.t2_kills),
    t3Kills: num(r.t3_kills),
    t4Kills: num(r.t4_kills),
    t5Kills: num(r.t5_kills),
    t1Dead: num(r.t1_dead),
    t2Dead: num(r.t2_dead),
    t3Dead: num(r.t3_dead),
    t4Dead: num(r.t4_dead),
    t5Dead: num(r.t5_dead),
    rssGathered: num(r.rss_gathered),
    helps: num(r.helps),
  }));
}

/** Rallies launched, and joined (launchers are never stored as participants: rally/queries.ts). */
export async function selectGovernorRallies(db: Kysely<Database>, kd: number, governorId: number) {
  const [launched, joined] = await Promise.all([
    db
      .selectFrom('rallies')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('kingdom_kd', '=', kd)
      .where('launcher_id', '=', governorId)
      .executeTakeFirst(),
    db
      .selectFrom('rally_participants')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('kingdom_kd', '=', kd)
      .where('governor_id', '=', governorId)
      .executeTakeFirst(),
  ]);
  return { launched: Number(launched?.n ?? 0), joined: Number(joined?.n ?? 0) };
}

type GovernorProfile = Partial<Record<GovernorProfileKey, number | string>>;

/** The profile columns a governor's row of one scan holds in extra_json (GOVERNOR_PROFILE_KEYS), if any. */
export async function selectGovernorProfile(
  db: Kysely<Database>,
  scanId: number,
  governorId: number,
): Promise<GovernorProfile | undefined> {
  const row = await db
    .selectFrom('governor_stats')
    .select('extra_json')
    .where('scan_id', '=', scanId)
    .where('governor_id', '=', governorId)
    .executeTakeFirst();
  if (!row?.extra_json) return undefined;
  const extra = JSON.parse(row.extra_json) as Record<string, unknown>;
  const profile: GovernorProfile = {};
  for (const key of GOVERNOR_PROFILE_KEYS) {
    const value = extra[key];
    if (typeof value === 'number' || typeof value === 'string') profile[key] = value;
  }
  return Object.keys(profile).length > 0 ? profile : undefined;
}

/** The governor's weekly alliance activity in the kingdom, newest week first (issue 37). */
export async function selectGovernorActivity(db: Kysely<Database>, kd: number, governorId: number) {
  const rows = await db
    .selectFrom('alliance_activity')
    .selectAll()
    .where('kingdom_kd', '=', kd)
    .where('governor_id', '=', governorId)
    .orderBy('week_start', 'desc')
    .limit(8)
    .execute();
  return rows.map((r) => ({
    weekStart: r.week_start,
    alliance: r.alliance,
    power: num(r.power),
    killPoints: num(r.kill_points),
    helpTimes: num(r.help_times),
    rssTrading: num(r.rss_trading),
    building: num(r.building),
    techDonation: num(r.tech_donation),
  }));
}
