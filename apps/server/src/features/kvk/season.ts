import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';

/** A KvK season of a kingdom (unix seconds). */
export interface KvkSeason {
  kvkNumber: number;
  openTime: number;
  closeTime: number;
}

export async function selectSeasons(db: Kysely<Database>, kd: number): Promise<KvkSeason[]> {
  const rows = await db
    .selectFrom('kvk_seasons')
    .select(['kvk_number', 'open_time', 'close_time'])
    .where('kingdom_kd', '=', kd)
    .orderBy('open_time')
    .execute();
  return rows.map((r) => ({
    kvkNumber: Number(r.kvk_number),
    openTime: Number(r.open_time),
    closeTime: Number(r.close_time),
  }));
}

export interface SeasonState {
  /** The season open at `now` (open_time <= now < close_time), if any. */
  active: KvkSeason | null;
  /** The current season: the open one, else the latest that has opened; null when none has opened. */
  current: KvkSeason | null;
}

export function seasonState(seasons: readonly KvkSeason[], now: number): SeasonState {
  const active = seasons.find((s) => s.openTime <= now && now < s.closeTime) ?? null;
  const current = active ?? seasons.filter((s) => s.openTime <= now).at(-1) ?? null;
  return { active, current };
}

/** The kingdom scans taken during a season (open_time <= taken_at <= close_time), oldest first. */
export function scansInSeason(scans: readonly ScanInfo[], season: KvkSeason): ScanInfo[] {
  return scans.filter((scan) => scan.takenAt >= season.openTime && scan.takenAt <= season.closeTime);
}

/**
 * The scans the formula editor and the KD DKP dashboard work with: the current season's kingdom scans, or every
 * kingdom scan when the kingdom has no season that has opened.
 */
export function kvkScans(scans: readonly ScanInfo[], state: SeasonState): ScanInfo[] {
  return state.current ? scansInSeason(scans, state.current) : [...scans];
}

/**
 * The season a KD DKP request is about: the current one, unless its start (or end) date is the time of a kingdom
 * scan of another season — a past season's link (the governor page's season rows) opens that season's KvK DKP, with
 * that season's dates, instead of being refused as "not the time of a scan". A date of no season leaves the current.
 */
export function seasonOfRequest(
  seasons: readonly KvkSeason[],
  state: SeasonState,
  kingdomScans: readonly ScanInfo[],
  dates: { start?: string | undefined; end?: string | undefined },
): SeasonState {
  const current = kvkScans(kingdomScans, state);
  const asked = [dates.start, dates.end]
    .filter((text): text is string => text !== undefined && text.trim() !== '')
    .map(Number)
    .find(
      (time) =>
        kingdomScans.some((scan) => scan.takenAt === time) && !current.some((scan) => scan.takenAt === time),
    );
  if (asked === undefined) return state;
  const season = seasons.find((s) => s.openTime <= asked && asked <= s.closeTime);
  if (!season || season === state.current) return state;
  return { active: state.active === season ? season : null, current: season };
}

/** Hall of Heroes records of one KvK. */
export async function countHohRecords(db: Kysely<Database>, kd: number, kvkNumber: number): Promise<number> {
  const row = await db
    .selectFrom('hoh_records')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('kingdom_kd', '=', kd)
    .where('kvk_number', '=', kvkNumber)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
