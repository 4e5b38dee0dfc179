import { goalsForPower, tierForPower } from '@kingdom-stats/core';
import type {
  DkpRow,
  GovernorDkp,
  GovernorParams,
  GovernorResponse,
  GovernorScan,
  HistoryEntry,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database, FormulaTable, KingdomTable } from '../../db/schema.ts';
import { nowSeconds } from '../../time.ts';
import { approvedPlayerNames } from '../discord/store.ts';
import { selectLinkedAccounts } from '../farms/linked-accounts.ts';
import { rulesOfSeason } from '../formula/season-rules.ts';
import { readStoredFormula, readStoredWars } from '../formula/service.ts';
import { KdDashboardService, type PlanInputs, readViewerPlanInputs } from '../kd-dashboard/service.ts';
import { type KvkSeason, seasonState } from '../kvk/season.ts';
import {
  scansInRuns,
  selectGovernorActivity,
  selectGovernorExportActivity,
  selectGovernorHoh,
  selectGovernorPrekvk,
  selectGovernorProfile,
  selectGovernorRallies,
  selectGovernorRows,
  selectPresenceRuns,
} from './queries.ts';

/**
 * The governor page's data (docs/governor.md). Scans come from governor_presence's runs and one primary-key read of
 * governor_stats. Season and war results are the KD DKP dashboard's own rows for that period (its service, its cache),
 * so the page can never disagree with that table.
 */
export class GovernorService {
  private readonly kdDashboard: KdDashboardService;

  constructor(
    private readonly db: Kysely<Database>,
    kdDashboard?: KdDashboardService,
  ) {
    this.kdDashboard = kdDashboard ?? new KdDashboardService(db);
  }

  async data(params: GovernorParams): Promise<GovernorResponse> {
    // The kingdom's reads come with the access check, in one statement; the governor's own reads follow at once.
    const { kingdom, inputs } = await readViewerPlanInputs(this.db, params.kd, params.code);
    const { allScans, seasons, row: formulaRow } = inputs;
    const kd = kingdom.kd;
    const governorId = Number(params.governorId);
    const [runs, prekvk, hoh, rallies, linkedAccounts, discordPlayers, exportActivity, activity] =
      await Promise.all([
        selectPresenceRuns(this.db, kd, governorId),
        selectGovernorPrekvk(this.db, kd, governorId),
        selectGovernorHoh(this.db, kd, governorId),
        selectGovernorRallies(this.db, kd, governorId),
        selectLinkedAccounts(this.db, kd, governorId),
        approvedPlayerNames(this.db, kd, governorId),
        selectGovernorExportActivity(this.db, kd, governorId),
        selectGovernorActivity(this.db, kd, governorId),
      ]);
    const kingdomScans = allScans.filter((scan) => scan.kind === 'kingdom');
    const candidates = scansInRuns(kingdomScans, runs);
    const scanTimes = new Set(kingdomScans.map((scan) => scan.takenAt));
    // Each season's wars are its own rules' (docs/dkp.md, "Each season's rules"); without seasons, the kingdom's.
    const savedWars = (seasons.length > 0 ? seasons : [null]).flatMap((season) =>
      seasonWars(rulesOfSeason(inputs.seasonRules, formulaRow, season), scanTimes, season),
    );
    // The governor's rows and its KD DKP results are read at once: the results need the plan's inputs only, read
    // above, and a governor without a presence run in the kingdom (no scan of it) is not scored.
    const [rows, results] = await Promise.all([
      selectGovernorRows(
        this.db,
        candidates.map((scan) => scan.id),
        governorId,
      ),
      runs.length > 0 ? this.results(kingdom, governorId, seasons, savedWars, inputs) : null,
    ]);
    const rowByScan = new Map(rows.map((row) => [row.scanId, row]));
    const scans: GovernorScan[] = [];
    for (const scan of candidates) {
      const row = rowByScan.get(scan.id);
      if (!row) continue;
      const { scanId: _scanId, ...values } = row;
      scans.push({ takenAt: scan.takenAt, ...values });
    }

    const latestScanId = candidates.findLast((scan) => rowByScan.has(scan.id))?.id;
    const profile =
      latestScanId === undefined ? undefined : await selectGovernorProfile(this.db, latestScanId, governorId);
    // The goal tier of today: the current season's rules.
    const current = seasonState(seasons, nowSeconds()).current;
    const goals = readStoredFormula(rulesOfSeason(inputs.seasonRules, formulaRow, current)).goals;
    const latest = scans.at(-1);
    const header = latest
      ? {
          name: latest.name,
          alliance: latest.alliance,
          homeKd: latest.homeKd,
          power: latest.power,
          lastSeen: latest.takenAt,
          goalTier: goalTier(goals, latest.power),
        }
      : null;
    const scored = scans.length > 0 && results !== null;

    return {
      kd,
      governorId,
      header,
      scans,
      seasons: seasons.map((season, i) => ({ ...season, result: scored ? results.seasons[i]! : null })),
      wars: savedWars.map(({ season: _season, ...war }, i) => ({
        ...war,
        result: scored ? results.wars[i]! : null,
      })),
      history: {
        names: changes(scans, (scan) => scan.name),
        alliances: changes(scans, (scan) => scan.alliance),
        homeKds: changes(scans, (scan) => (scan.homeKd === null ? null : String(scan.homeKd))),
      },
      prekvk,
      hoh,
      rallies,
      linkedAccounts,
      ...(discordPlayers.length > 0 ? { discordPlayers } : {}),
      ...(exportActivity.length > 0 ? { exportActivity } : {}),
      ...(profile ? { profile } : {}),
      ...(activity.length > 0 ? { allianceActivity: activity } : {}),
    };
  }

  /**
   * The governor's KD DKP rows for every season, then for every saved war (null: not one of that table's rows). The
   * seasons first: computing a season builds and caches its wars' own tables (docs/governor.md, "A war's own
   * table"), which the wars then find; each group is asked at once.
   */
  private async results(
    kingdom: KingdomTable,
    governorId: number,
    seasons: readonly KvkSeason[],
    wars: readonly SeasonWar[],
    inputs: PlanInputs,
  ): Promise<{ seasons: (GovernorDkp | null)[]; wars: (GovernorDkp | null)[] }> {
    const seasonResults = await Promise.all(
      seasons.map((season) => this.result(kingdom, governorId, season, {}, inputs)),
    );
    const warResults = await Promise.all(
      wars.map((war) => {
        const dates = { start_date: String(war.start), end_date: String(war.end) };
        return this.result(kingdom, governorId, war.season, dates, inputs);
      }),
    );
    return { seasons: seasonResults, wars: warResults };
  }

  /**
   * The governor's KD DKP row for a period of a season (null season: the kingdom has none, so the dashboard scores
   * every scan). `now` puts the dashboard inside that season, whose scans are then its period.
   */
  private async result(
    kingdom: KingdomTable,
    governorId: number,
    season: KvkSeason | null,
    dates: { start_date?: string; end_date?: string },
    inputs: PlanInputs,
  ): Promise<GovernorDkp | null> {
    const answer = await this.kdDashboard.answer(
      kingdom,
      { ...dates, top: 'all' },
      season ? season.openTime : Number.MAX_SAFE_INTEGER,
      inputs,
    );
    // Farms shown apart come after every main and have no rank (farms/policy.ts, setFarmsApart).
    const mains = answer.playerData.filter((row) => row['Farm Of'] === undefined);
    const row = answer.playerData.find((candidate) => candidate['Governor ID'] === governorId);
    if (!row) return null;
    const farmOf = row['Farm Of'];
    return farmOf === undefined
      ? dkpResult(row, mains.indexOf(row) + 1, mains.length)
      : { ...dkpResult(row, null, mains.length), farmOf };
  }
}

interface SeasonWar {
  name: string;
  start: number;
  end: number;
  /** The season whose rules hold the war (null: the kingdom has no seasons). */
  season: KvkSeason | null;
}

/** A season's saved wars as the KD DKP dashboard names them; a war naming a deleted scan is skipped, as there. */
function seasonWars(
  rules: FormulaTable | null,
  scanTimes: ReadonlySet<number>,
  season: KvkSeason | null,
): SeasonWar[] {
  return (readStoredWars(rules)?.wars ?? []).flatMap((saved, index) => {
    const start = Object.values(saved.before)[0];
    const end = Object.values(saved.after)[0];
    if (start === undefined || end === undefined || start >= end) return [];
    if (!scanTimes.has(start) || !scanTimes.has(end)) return [];
    return [{ name: `War ${index + 1}`, start, end, season }];
  });
}

function dkpResult(row: DkpRow, rank: number | null, ranked: number): GovernorDkp {
  // The KD DKP row's gains that went down (kd-dashboard/rows.ts), said on the page as the dashboards' marks say them.
  const { decreased } = row as DkpRow & { decreased?: readonly string[] };
  return {
    ...(decreased === undefined ? {} : { decreased: [...decreased] }),
    powerChange: row['Power Change'],
    killPoints: row['T4+T5 KP'],
    t4Kills: row['T4 Kills'],
    t5Kills: row['T5 Kills'],
    dead: row['All Deads'],
    healed: row.Healed,
    dkp: row['DKP Score'],
    goal: row['DKP Goal'],
    reached: row.Reached,
    rank,
    ranked,
  };
}

function goalTier(goals: Parameters<typeof tierForPower>[0], power: number | null) {
  if (power === null) return null;
  const tier = tierForPower(goals, power);
  return tier ? { from: tier.from, to: tier.to, dkpGoal: goalsForPower(goals, power).dkp } : null;
}

/** Consecutive scans with one value become one entry: a rename, alliance change or migration starts the next. */
export function changes(
  scans: readonly GovernorScan[],
  pick: (scan: GovernorScan) => string | null,
): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const scan of scans) {
    const value = pick(scan);
    const last = entries.at(-1);
    if (last && last.value === value) last.to = scan.takenAt;
    else entries.push({ value, from: scan.takenAt, to: scan.takenAt });
  }
  return entries;
}
