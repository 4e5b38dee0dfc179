import { formulaDisplayString, kvkScoredFormula } from '@kingdom-stats/core';
import type {
  DkpRow,
  KdDashboardResponse,
  PrekvkRankingsResponse,
  ScanStatus,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import { fingerprint } from '../../cache-key.ts';
import { ComputeCache } from '../../compute-cache.ts';
import type { Database, FormulaTable, KingdomTable } from '../../db/schema.ts';
import { nowSeconds } from '../../time.ts';
import {
  dateOption,
  type PeriodStat,
  type ResolvedPeriod,
  readViewerKingdom,
  resolvePeriod,
  scansKey,
} from '../dashboard/index.ts';
import { ReviewSourcesCache, withReviewMarks } from '../data-review/marks.ts';
import { applyKingdomFarms, farmsShownApart, type KingdomFarms, setFarmsApart } from '../farms/policy.ts';
import { rulesOfSeason, type SeasonRules } from '../formula/season-rules.ts';
import { readStoredFormula, readStoredWars } from '../formula/service.ts';
import { requireViewerAccess } from '../kingdoms/access.ts';
import { type KvkSeason, kvkScans, seasonOfRequest, seasonState } from '../kvk/season.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import { readKingdomSettings } from '../settings/service.ts';
import { readKvkSpans } from './kvk-read.ts';
import {
  hohVersion,
  latestPrekvkKvk,
  selectHohRecords,
  selectHonorPoints,
  selectPrekvkPoints,
} from './queries.ts';
import { activeColumns, byDkp, type DkpFormulaSettings, dkpRowBuilder, type SpanGains } from './rows.ts';

/**
 * The KD DKP dashboard's work (docs/dkp.md). The period comes from the main dashboard's resolvePeriod over the KvK's
 * scans, and governor gains are its PeriodStat (first → last scan of a span in which the governor appears); each
 * war is one more such span, all read by one statement (readKvkSpans, held equal to selectPeriodStats). Computed rows are cached like the main dashboard's periods: the key holds every
 * input (scan ids, formula row, HoH records), so an import, a save or an HoH upload is seen by the next request.
 */

interface War {
  name: string;
  before: ScanInfo;
  after: ScanInfo;
}

interface Plan {
  kingdom: KingdomTable;
  season: KvkSeason | null;
  activeKvk: boolean;
  scans: ScanInfo[];
  period: ResolvedPeriod | null;
  settings: DkpFormulaSettings;
  wars: War[];
  /** A saved war names a scan that no longer exists, or one outside the period. */
  warsBroken: boolean;
  formulaKey: string;
  /** Farm links and how the kingdom counts them (docs/farms.md). */
  farms: KingdomFarms;
}

interface KdPeriodData {
  rows: DkpRow[];
}

/** A period's table from its governors and each governor's gains per scored span. */
type TableOf = (
  stats: readonly PeriodStat[],
  spans: (stat: PeriodStat) => (SpanGains | undefined)[],
) => KdPeriodData;

export interface KdDataQuery {
  start_date?: string | undefined;
  end_date?: string | undefined;
  top?: string | undefined;
}

/** The reads a plan is made from: the governor page reads them once for all the periods it asks for. */
export interface PlanInputs {
  allScans: ScanInfo[];
  seasons: KvkSeason[];
  /** The kingdom's default rules (formulas) and each season's own (formula/season-rules.ts). */
  row: FormulaTable | null;
  seasonRules: SeasonRules;
  farms: KingdomFarms;
}

/** The viewer's access check and a plan's inputs, in one statement (readViewerKingdom). */
export async function readViewerPlanInputs(
  db: Kysely<Database>,
  kd: string | number,
  code: string,
): Promise<{ kingdom: KingdomTable; inputs: PlanInputs }> {
  const { kingdom, scans, seasons, formulaRow, seasonRules, farms } = await readViewerKingdom(db, kd, code);
  return { kingdom, inputs: { allScans: scans, seasons, row: formulaRow, seasonRules, farms } };
}

const NO_DEFAULT_DATES = {
  defaultTopFilter: null,
  defaultDates: { start: null, end: null },
  showAutarchSwitcher: false,
};

export class KdDashboardService {
  private readonly periods = new ComputeCache<KdPeriodData>(
    { maxEntries: 20, maxWeight: 300_000 },
    (data) => data.rows.length,
  );

  private readonly reviewSources: ReviewSourcesCache;

  constructor(private readonly db: Kysely<Database>) {
    this.reviewSources = new ReviewSourcesCache(db);
  }

  /** The viewer's answer: answer() with the review marks of its rows (docs/data-review.md, "Marks"). */
  async data(
    params: { kd: string; code: string },
    query: KdDataQuery,
    now = nowSeconds(),
  ): Promise<KdDashboardResponse> {
    const { kingdom, inputs } = await readViewerPlanInputs(this.db, params.kd, params.code);
    const answer = await this.answer(kingdom, query, now, inputs);
    // The period's review sources are read once per change to them, not once per request.
    return withReviewMarks(
      this.db,
      kingdom.kd,
      answer,
      'Governor ID',
      this.reviewSources.reader(inputs.allScans),
    );
  }

  /** data() without the marks, for a kingdom whose access is checked, from the plan's inputs (readViewerPlanInputs). */
  async answer(
    kingdom: KingdomTable,
    query: KdDataQuery,
    now: number,
    inputs: PlanInputs,
  ): Promise<KdDashboardResponse> {
    const plan = await this.plan(kingdom, query, now, inputs);
    const common = {
      activeColumns: activeColumns(plan.settings),
      latestKvk: plan.season ? { kvk_number: plan.season.kvkNumber, open_time: plan.season.openTime } : null,
      formulaString: formulaDisplayString(kvkScoredFormula(plan.settings.formula)),
      dates: plan.scans.map(dateOption),
      activeKvk: plan.activeKvk,
    };
    if (!plan.period) {
      return {
        playerData: [],
        scanStatus: plan.season ? 'no_scans_in_kvk' : 'offseason_no_scans',
        totalPlayers: 0,
        selectedDates: { start: '', end: '' },
        wars: [],
        ...common,
      };
    }
    const data = await this.rows(plan, plan.period);
    const top = topFilter(
      query.top ?? readKingdomSettings(kingdom.settings_json).defaultTopFilter?.toString(),
    );
    const rows = top === null ? data.rows : keepTop(data.rows, top);
    const status: ScanStatus = plan.warsBroken
      ? 'error'
      : plan.period.scans.length === 1
        ? 'single'
        : 'normal';
    return {
      playerData: rows,
      scanStatus: status,
      totalPlayers: rows.length,
      selectedDates: { start: String(plan.period.start.takenAt), end: String(plan.period.end.takenAt) },
      wars: plan.wars.map((w) => ({ name: w.name, before: w.before.takenAt, after: w.after.takenAt })),
      ...common,
    };
  }

  /** Computes (or finds) the rows ahead of the data call; answers how many governors the period has. */
  async warm(input: { kd: string | number; code: string; start_date?: string; end_date?: string }) {
    const { kingdom, inputs } = await readViewerPlanInputs(this.db, input.kd, input.code);
    const plan = await this.plan(kingdom, input, nowSeconds(), inputs);
    if (!plan.period) return { status: 'success' as const, rows: 0 };
    const data = await this.rows(plan, plan.period);
    return { status: 'success' as const, rows: data.rows.length };
  }

  async prekvkRankings(
    params: { kd: string },
    query: { code: string; kvk_number?: number | undefined },
  ): Promise<PrekvkRankingsResponse> {
    const kingdom = await requireViewerAccess(this.db, params.kd, query.code);
    const kvk = query.kvk_number ?? (await latestPrekvkKvk(this.db, kingdom.kd));
    if (kvk === null) return { data: [], last_updated: null, kvk_number: null };
    const points = await selectPrekvkPoints(this.db, kingdom.kd, kvk);
    const data = points
      .map((p) => ({
        governor_id: p.governor_id,
        name: p.name,
        stage1_points: p.stage1_points,
        stage2_points: p.stage2_points,
        stage3_points: p.stage3_points,
        total_points: p.stage1_points + p.stage2_points + p.stage3_points,
      }))
      .sort((a, b) => b.total_points - a.total_points || a.governor_id - b.governor_id);
    // A loop, not Math.max(...xs): a kingdom's points are unbounded, a call's arguments are not.
    const last = points.reduce<number | null>(
      (most, p) => (most === null || p.updated_at > most ? p.updated_at : most),
      null,
    );
    return { data, last_updated: last, kvk_number: kvk };
  }

  clearCache(): void {
    this.periods.clear();
    this.reviewSources.clear();
  }

  private async plan(
    kingdom: KingdomTable,
    query: KdDataQuery,
    now: number,
    inputs: PlanInputs,
  ): Promise<Plan> {
    const { allScans, seasons, farms } = inputs;
    const kingdomScans = allScans.filter((scan) => scan.kind === 'kingdom');
    const state = seasonOfRequest(seasons, seasonState(seasons, now), kingdomScans, {
      start: query.start_date,
      end: query.end_date,
    });
    const scans = kvkScans(kingdomScans, state);
    const period = resolvePeriod(scans, NO_DEFAULT_DATES, { start: query.start_date, end: query.end_date });
    // The season's own rules (a past season keeps its DKP when today's rules change): docs/dkp.md.
    const row = rulesOfSeason(inputs.seasonRules, inputs.row, state.current);
    const stored = readStoredFormula(row);
    const settings: DkpFormulaSettings = {
      formula: stored.stats_formula,
      goals: stored.goals,
      score_on: stored.score_on,
      dead_on: stored.dead_on,
      kp_on: stored.kp_on,
    };
    const byTime = new Map(kingdomScans.map((scan) => [scan.takenAt, scan]));
    const wars: War[] = [];
    let warsBroken = false;
    for (const [index, saved] of (readStoredWars(row)?.wars ?? []).entries()) {
      const before = byTime.get(Object.values(saved.before)[0] ?? Number.NaN);
      const after = byTime.get(Object.values(saved.after)[0] ?? Number.NaN);
      if (!before || !after || before.takenAt >= after.takenAt) {
        warsBroken = true;
        continue;
      }
      // Wars outside the selected period are not scored (a period chosen inside the KvK scores the wars in it).
      if (period && before.takenAt >= period.start.takenAt && after.takenAt <= period.end.takenAt) {
        wars.push({ name: `War ${index + 1}`, before, after });
      }
    }
    return {
      kingdom,
      season: state.current,
      activeKvk: state.active !== null,
      scans,
      period,
      settings,
      wars,
      warsBroken,
      formulaKey: row
        ? fingerprint([row.stats_formula_json, row.goals_json, row.score_on, row.dead_on, row.kp_on])
        : 'default',
      farms,
    };
  }

  private async rows(plan: Plan, period: ResolvedPeriod): Promise<KdPeriodData> {
    const hohKey = plan.season ? await hohVersion(this.db, plan.kingdom.kd, plan.season.kvkNumber) : 'none';
    return this.periods.get(this.periodKey(plan, period.scans, plan.wars, hohKey), () =>
      this.compute(plan, period, hohKey),
    );
  }

  /** Every input of a period's rows: an import, a formula save or an HoH upload makes a new key. */
  private periodKey(plan: Plan, scans: readonly ScanInfo[], wars: readonly War[], hohKey: string): string {
    return [
      'kd-dkp',
      plan.kingdom.kd,
      scansKey(scans),
      fingerprint(wars.map((w) => `${w.before.id}-${w.after.id}`)),
      plan.formulaKey,
      hohKey,
      plan.farms.key,
    ].join(':');
  }

  private async compute(plan: Plan, period: ResolvedPeriod, hohKey: string): Promise<KdPeriodData> {
    const kd = plan.kingdom.kd;
    // The period and each war are read at once, each for every governor the period's own table or a war's own
    // table can hold (readKvkSpans). The period's own governors are those with the kingdom's or an unknown home kd
    // at their last scan of the period (as a scan without a kingdom column is of the kingdom itself); a war's read
    // then also answers that war's own table (answerWarsAlone), as if the war's dates had been chosen. Each
    // governor's stats do not depend on which others are read: these are the rows of a read of those alone.
    const spans = [period.scans, ...plan.wars.map((war) => warScans(plan.scans, war))];
    const [[periodRead, ...warReads], hohRecords, honor] = await Promise.all([
      readKvkSpans(this.db, kd, spans),
      plan.season ? selectHohRecords(this.db, kd, plan.season.kvkNumber) : [],
      plan.season ? selectHonorPoints(this.db, kd, plan.season.kvkNumber) : new Map<number, number>(),
    ]);
    const read = periodRead!.filter((stat) => stat.homeKd === kd || stat.homeKd === null);
    // Farms counted as the kingdom chose (docs/farms.md); their ids stay in ownIds so rolled-up wars see them.
    const periodStats = applyKingdomFarms(read, plan.farms).stats;
    const ownIds = read.map((stat) => stat.governorId);
    // A war counts for the period's own governors, whatever their home kd during the war; farms are applied to
    // those governors' war rows alone, as a read of them alone would give.
    const own = new Set(ownIds);
    const warGains = warReads.map((stats) => {
      const counted = applyKingdomFarms(
        stats.filter((s) => own.has(s.governorId)),
        plan.farms,
      ).stats;
      return new Map(counted.map((s) => [s.governorId, s]));
    });
    const hoh = new Map(hohRecords.map((r) => [r.governorId, { t4: r.t4, t5: r.t5 }]));
    const build = dkpRowBuilder(plan.settings, hohRecords.length > 0, honor);
    const apart = farmsShownApart(plan.farms);
    const table: TableOf = (stats, spans) => {
      const rows = stats.map((stat) =>
        build({ period: stat, spans: spans(stat), hoh: hoh.get(stat.governorId) ?? null }),
      );
      return { rows: setFarmsApart(rows.sort(byDkp), apart) };
    };
    this.answerWarsAlone(plan, hohKey, warReads, table);
    return table(periodStats, (stat) =>
      warGains.length > 0 ? warGains.map((m) => m.get(stat.governorId)) : [stat],
    );
  }

  /**
   * Caches each war's own table (period = the war's scans), built from the war reads just made: what compute() would
   * answer for the war's dates. Its own governors are the read's governors whose home kd at their last scan of the
   * war is the kingdom's or unknown (the read holds them all: readKvkSpans), scored over the war alone. A war
   * with another saved war inside it is left to compute() (that one's read may lack some of its governors).
   */
  private answerWarsAlone(
    plan: Plan,
    hohKey: string,
    warReads: readonly PeriodStat[][],
    table: TableOf,
  ): void {
    const kd = plan.kingdom.kd;
    for (const [w, war] of plan.wars.entries()) {
      const period = resolvePeriod(plan.scans, NO_DEFAULT_DATES, {
        start: String(war.before.takenAt),
        end: String(war.after.takenAt),
      });
      const inside = plan.wars.filter(
        (other) => other.before.takenAt >= war.before.takenAt && other.after.takenAt <= war.after.takenAt,
      );
      if (!period || inside.length !== 1) continue;
      const key = this.periodKey(plan, period.scans, inside, hohKey);
      if (this.periods.has(key)) continue;
      const own = warReads[w]!.filter((stat) => stat.homeKd === kd || stat.homeKd === null);
      // Scored over its one span, the war: each governor's own gains (farms applied to the war's own governors).
      const counted = applyKingdomFarms(own, plan.farms).stats;
      void this.periods.get(key, async () => table(counted, (stat) => [stat]));
    }
  }
}

/** The KvK's scans from a war's first scan to its last. */
function warScans(scans: readonly ScanInfo[], war: War): ScanInfo[] {
  return scans.filter((s) => s.takenAt >= war.before.takenAt && s.takenAt <= war.after.takenAt);
}

/** `top` as a count: empty, 'all' or 0 keeps everyone. */
function topFilter(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '' || text.trim().toLowerCase() === 'all') return null;
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The top N governors by current power (unknown last, ties by Governor ID), kept in DKP order. */
function keepTop(rows: readonly DkpRow[], top: number): DkpRow[] {
  const ranked = [...rows].sort((a, b) => {
    const x = a['Current Power'];
    const y = b['Current Power'];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return y - x;
    }
    return a['Governor ID'] - b['Governor ID'];
  });
  const keep = new Set(ranked.slice(0, top).map((r) => r['Governor ID']));
  return rows.filter((r) => keep.has(r['Governor ID']));
}
