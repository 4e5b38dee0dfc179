import {
  DEFAULT_STATS_FORMULA,
  formatUtcMinute,
  kvkScoredFormula,
  readStatsFormula,
  type StatsFormula,
} from '@kingdom-stats/core';
import type { DateOption } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import { fingerprint } from '../../cache-key.ts';
import type { Database, KingdomTable } from '../../db/schema.ts';
import { type KingdomFarms, loadKingdomFarms } from '../farms/policy.ts';
import { type ScanInfo, selectKingdomScans } from '../scans/kingdom-scans.ts';
import { type KingdomSettings, readKingdomSettings } from '../settings/service.ts';
import { type CampMember, type FormulaInfo, selectCampMembers, selectFormula } from './kingdom-reads.ts';

/**
 * What every dashboard request reads before touching governor rows: the kingdom's scans, formula and camp map.
 * Three small queries; together they also make the cache keys, so anything that changes a result (an import or
 * deletion, a formula save, a camp change — by this process or another) changes the key.
 */
export interface KingdomContext {
  kingdom: KingdomTable;
  settings: KingdomSettings;
  kingdomScans: ScanInfo[];
  autarchScans: ScanInfo[];
  formula: StatsFormula;
  formulaInfo: FormulaInfo | null;
  /** Camp names on the kingdom's map, and each member home kd's camp. */
  campNames: string[];
  campOf: (homeKd: number | null) => string | undefined;
  /** The home kds of a camp, its name compared as the camp filter does (ignoring case), lowest first. */
  campKds: (camp: string) => number[];
  /** Fingerprints of the formula and the camp map, for cache keys. */
  formulaKey: string;
  campKey: string;
  /** Farm links and how the kingdom counts them (docs/farms.md); farms.key joins the cache keys. */
  farms: KingdomFarms;
}

export async function loadKingdomContext(
  db: Kysely<Database>,
  kingdom: KingdomTable,
): Promise<KingdomContext> {
  const [scans, formulaInfo, members, farms] = await Promise.all([
    selectKingdomScans(db, kingdom.kd),
    selectFormula(db, kingdom.kd),
    selectCampMembers(db, kingdom.kd),
    loadKingdomFarms(db, kingdom.kd),
  ]);
  return kingdomContextOf(kingdom, { scans, formulaInfo, members, farms });
}

/** What loadKingdomContext reads, however it was read (viewer-context.ts reads it in one statement). */
export interface KingdomContextParts {
  /** Ordered by time taken, then id. */
  scans: ScanInfo[];
  formulaInfo: FormulaInfo | null;
  /** Ordered by member kd. */
  members: CampMember[];
  farms: KingdomFarms;
}

export function kingdomContextOf(
  kingdom: KingdomTable,
  { scans, formulaInfo, members, farms }: KingdomContextParts,
): KingdomContext {
  const campByKd = new Map(members.map((m) => [m.memberKd, m.camp]));
  return {
    kingdom,
    settings: readKingdomSettings(kingdom.settings_json),
    kingdomScans: scans.filter((scan) => scan.kind === 'kingdom'),
    autarchScans: scans.filter((scan) => scan.kind === 'autarch'),
    // With the T4/T5 Dead Troops switch on, those terms replace Dead Troops, as on the KD DKP dashboard (docs/dkp.md).
    formula: kvkScoredFormula(parseFormula(formulaInfo)),
    formulaInfo,
    campNames: [...new Set(members.map((m) => m.camp))],
    campOf: (homeKd) => (homeKd === null ? undefined : campByKd.get(homeKd)),
    campKds: (camp) =>
      members.filter((m) => m.camp.toLowerCase() === camp.toLowerCase()).map((m) => m.memberKd),
    formulaKey: formulaInfo ? fingerprint([formulaInfo.statsFormulaJson]) : 'default',
    campKey: fingerprint(members.map((m: CampMember) => `${m.memberKd}=${m.camp}`)),
    farms,
  };
}

function parseFormula(info: FormulaInfo | null): StatsFormula {
  if (!info) return DEFAULT_STATS_FORMULA;
  try {
    return readStatsFormula(JSON.parse(info.statsFormulaJson)) ?? DEFAULT_STATS_FORMULA;
  } catch {
    return DEFAULT_STATS_FORMULA;
  }
}

/** The cache key part for a list of scans: ids and revisions, as a scan can gain rows after it is stored. */
export function scansKey(scans: readonly ScanInfo[]): string {
  return fingerprint(scans.map((scan) => `${scan.id}.${scan.revision}`));
}

/** '2026-10-01 00:00 UTC · kd1234-start' */
export function dateOption(scan: ScanInfo): DateOption {
  const time = formatUtcMinute(scan.takenAt);
  // A scan named after its time (the import's name for a file that names none) is listed once, not "time · time".
  return { timestamp: scan.takenAt, display: scan.name === time ? time : `${time} · ${scan.name}` };
}

export type DkpScansSelection = 'none' | { wars: { name: string; before: number; after: number }[] };

/**
 * The saved wars (formulas.wars_json: {base, wars: [{before: {scan name: time}, after: {scan name: time}}]}) as
 * SPEC §3's dkpScansSelection: 'War n' with its before and after scan times, or 'none' when no war is saved.
 */
export function dkpScansSelection(warsJson: string | null | undefined): DkpScansSelection {
  if (!warsJson) return 'none';
  let raw: unknown;
  try {
    raw = JSON.parse(warsJson);
  } catch {
    return 'none';
  }
  const list = (raw as { wars?: unknown } | null)?.wars;
  if (!Array.isArray(list)) return 'none';
  const wars = list.flatMap((war: unknown, index) => {
    const before = firstTime((war as { before?: unknown } | null)?.before);
    const after = firstTime((war as { after?: unknown } | null)?.after);
    return before === null || after === null ? [] : [{ name: `War ${index + 1}`, before, after }];
  });
  return wars.length > 0 ? { wars } : 'none';
}

function firstTime(map: unknown): number | null {
  if (map === null || typeof map !== 'object') return null;
  const value = Object.values(map)[0];
  const time = typeof value === 'string' ? Number(value) : value;
  return typeof time === 'number' && Number.isFinite(time) ? time : null;
}
