import { formulaDisplayString, type SortEntry } from '@kingdom-stats/core';
import {
  CAMP_SUMMARY_HEADERS,
  type DashboardResponse,
  type DiplomOverview,
  PLAYER_ROW_FIELDS,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import { ComputeCache } from '../../compute-cache.ts';
import type { Database, KingdomTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { ReviewSourcesCache } from '../data-review/marks.ts';
import { KINGDOM_NOT_FOUND } from '../kingdoms/access.ts';
import { startAnswerMarks } from './answer-marks.ts';
import { BackgroundWork } from './background-work.ts';
import {
  dateOption,
  dkpScansSelection,
  type KingdomContext,
  loadKingdomContext,
  scansKey,
} from './context.ts';
import { DefaultViewPreparation, VIEWS_PREPARED_AT_START } from './default-views.ts';
import { selectKingdomsByCode } from './kingdom-reads.ts';
import { dkpSql, readSqlPage, sqlAnswers, sqlScope } from './page-query.ts';
import { type ResolvedPeriod, resolvePeriod } from './period.ts';
import { computePeriod, periodLists } from './period-compute.ts';
import { homeKdScope, type PeriodData, viewOf } from './period-view.ts';
import { pageOf, parseTableRequest, sortedRows, type TableQuery, type TableRequest } from './row-query.ts';
import { selectHomeKds, selectScanTotalsByKd } from './scan-kd-totals.ts';
import { buildDiplomOverview, emptySummaries, summariesFromKdGroups } from './summaries.ts';
import { loadViewerContext } from './viewer-context.ts';

/** A period queued after an answer from SQL starts this long after it, or as soon as a request needs it. */
const BACKGROUND_START_MS = 300;

/** How long after an import, or after start-up, default views are prepared (default-views.ts). */
const PREPARE_DELAY_MS = 2_000;

/** Without a sort, the player table lists governors by current power, highest first. */
export const DEFAULT_PLAYER_SORTS: readonly SortEntry[] = [{ key: 'Power', direction: 'desc', priority: 1 }];

const SUMMARY_METRIC_HEADERS = CAMP_SUMMARY_HEADERS.slice(2);

export type { PeriodData } from './period-view.ts';

export interface DataQuery extends TableQuery {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/**
 * The main dashboard's work. One instance per app: it owns the in-memory caches (see period-cache.ts), so tests
 * with several apps in one process never share results.
 */
export class DashboardService {
  // 20 periods, and at most 300,000 rows in all (about 19 periods of a 16,000-governor map).
  private readonly periods = new ComputeCache<PeriodData>(
    { maxEntries: 20, maxWeight: 300_000 },
    (data) => data.rows.length,
  );
  private readonly small = new ComputeCache<unknown>({ maxEntries: 200, maxWeight: 200 });
  private readonly reviewSources: ReviewSourcesCache;
  /** For tests and benchmarks: how many answers came from SQL alone (sqlAnswer). */
  sqlAnswers = 0;
  /** For tests: how many of those took their per-kd sums from the end scans' totals (period-sums.ts). */
  sumsFromTotals = 0;
  /** Default views computed before anyone asks (after an import, after start-up). */
  private readonly defaultViews: DefaultViewPreparation;
  /** Periods computed after their first page was answered from SQL (see sqlAnswer), and the default views. */
  private readonly background: BackgroundWork;

  /**
   * For tests: `backgroundStartMs`, how long a period answered from SQL waits for a request before it starts;
   * `prepareDelayMs`, how long after an import or start-up default views are prepared.
   */
  constructor(
    private readonly db: Kysely<Database>,
    backgroundStartMs = BACKGROUND_START_MS,
    prepareDelayMs = PREPARE_DELAY_MS,
  ) {
    this.background = new BackgroundWork(backgroundStartMs);
    this.reviewSources = new ReviewSourcesCache(db);
    this.defaultViews = new DefaultViewPreparation(
      db,
      prepareDelayMs,
      async (kingdom) => {
        await this.computeView(await loadKingdomContext(db, kingdom), {});
      },
      (work) => this.background.track(work),
    );
  }

  /** For tests: periods answered from SQL whose computation has not started. */
  get queuedPeriods(): number {
    return this.background.queuedCount;
  }

  async data(params: { kd: string; code: string }, query: DataQuery): Promise<DashboardResponse> {
    // Checked before anything else: a bad sort key or filter column never reaches the database.
    const request = parseTableRequest(query, PLAYER_ROW_FIELDS, DEFAULT_PLAYER_SORTS);
    const context = await loadViewerContext(this.db, params.kd, params.code);
    const period = resolvePeriod(context.kingdomScans, context.settings, {
      start: query.start_date,
      end: query.end_date,
    });
    // Independent of the period: read beside its statement (a round trip fewer on PostgreSQL), awaited in the answer;
    // observed at once, so a failing statement leaves no unhandled rejection.
    const diplomacy = this.diplomacy(context);
    diplomacy.catch(() => undefined);
    const common = {
      dates: context.kingdomScans.map(dateOption),
      formulaString: formulaDisplayString(context.formula),
      showAutarchSwitcher: context.settings.showAutarchSwitcher && context.autarchScans.length > 0,
      dkpScansSelection: dkpScansSelection(context.formulaInfo?.warsJson),
    };
    if (!period) {
      return {
        playerData: [],
        totalPlayers: 0,
        ...emptySummaries(SUMMARY_METRIC_HEADERS),
        availableCamps: [],
        availableKds: [],
        selectedDates: { start: '', end: '' },
        ...common,
        diplomOverview: await diplomacy,
      };
    }

    // The period's review sources are read once per change to them, not once per request.
    const withMarks = startAnswerMarks(
      this.db,
      context,
      period,
      this.reviewSources.reader(context.kingdomScans),
    );
    const scope = homeKdScope(request, context);
    const fromSql = await this.sqlAnswer(context, period, request, scope);
    const selectedDates = { start: String(period.start.takenAt), end: String(period.end.takenAt) };
    if (fromSql) {
      return withMarks({ ...fromSql, selectedDates, ...common, diplomOverview: await diplomacy });
    }
    const data = await this.periodData(context, period, scope);
    const { ordered, summaries } = viewOf(data, request, context.campNames);
    return withMarks({
      playerData: pageOf(ordered, request.page, request.pageSize),
      totalPlayers: ordered.length,
      ...summaries,
      availableCamps: data.availableCamps,
      availableKds: data.availableKds,
      selectedDates,
      ...common,
      diplomOverview: await diplomacy,
    });
  }

  /** Computes (or finds) a period's rows; idempotent. Answers how many governor rows the period has. */
  async warm(input: {
    kd?: string | number | undefined;
    code: string;
    start_date?: string;
    end_date?: string;
  }) {
    const context = await this.viewerContext(input.kd, input.code);
    return { status: 'success' as const, rows: await this.computeView(context, input) };
  }

  /** The period of the given dates (the default ones when absent) computed and sorted as the dashboard opens it. */
  private async computeView(
    context: KingdomContext,
    dates: { start_date?: string; end_date?: string },
  ): Promise<number> {
    const period = resolvePeriod(context.kingdomScans, context.settings, {
      start: dates.start_date,
      end: dates.end_date,
    });
    if (!period) return 0;
    const data = await this.periodData(context, period);
    sortedRows(data, DEFAULT_PLAYER_SORTS);
    await this.diplomacy(context);
    return data.rows.length;
  }

  async formulaString(params: { kd: string; code: string }): Promise<{ formulaString: string }> {
    const context = await loadViewerContext(this.db, params.kd, params.code);
    return { formulaString: formulaDisplayString(context.formula) };
  }

  /** Home kds seen in the kingdom scans of the kingdom (or kingdoms) whose access code this is. */
  async allKds(code: string): Promise<{ kds: number[] }> {
    const kingdoms = await selectKingdomsByCode(this.db, normaliseCode(code));
    if (kingdoms.length === 0) throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
    const kds = new Set<number>();
    for (const kingdom of kingdoms) {
      const context = await loadKingdomContext(this.db, kingdom);
      const ids = context.kingdomScans.map((scan) => scan.id);
      const key = `home-kds:${kingdom.kd}:${scansKey(context.kingdomScans)}`;
      const found = (await this.small.get(key, () => selectHomeKds(this.db, ids))) as number[];
      for (const kd of found) kds.add(kd);
    }
    return { kds: [...kds].sort((a, b) => a - b) };
  }

  /** After an import into this kingdom: its default view prepared (default-views.ts). */
  prepareDefaultView(kingdom: KingdomTable): void {
    this.defaultViews.afterImport(kingdom);
  }

  /** After start-up: the most recently scanned kingdoms' default views prepared (default-views.ts). */
  prepareRecentViews(limit = VIEWS_PREPARED_AT_START): void {
    this.defaultViews.atStart(limit);
  }

  /** For tests: how many default views were prepared before anyone asked. */
  get preparedViews(): number {
    return this.defaultViews.prepared;
  }

  /**
   * Starts any queued period and resolves once all background work is done. Default views not yet being prepared are
   * dropped: the app calls this when it closes, and a closing server has no viewers to prepare for.
   */
  async settled(): Promise<void> {
    this.defaultViews.drop();
    await this.background.settled();
  }

  /** For tests and benchmarks: forget every computed period. */
  clearCache(): void {
    this.periods.clear();
    this.small.clear();
    this.reviewSources.clear();
  }

  private async viewerContext(kd: string | number | undefined, code: string): Promise<KingdomContext> {
    if (kd !== undefined && String(kd).trim() !== '') return loadViewerContext(this.db, kd, code);
    // Codes are unique across kingdoms (migration 0006), so a code alone names at most one kingdom.
    const [kingdom] = await selectKingdomsByCode(this.db, normaliseCode(code));
    if (!kingdom) throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
    return loadKingdomContext(this.db, kingdom);
  }

  /**
   * A period's rows: the whole period when it is cached or the request needs it, else only the governors of the
   * request's home kds (`scope`, a kd or camp view), so the first `kd=` view of a big map reads and builds that
   * kd's rows alone (docs/dashboard.md, "Caching"). Every view of a scope's kds is the same on either.
   */
  private periodData(
    context: KingdomContext,
    period: ResolvedPeriod,
    scope: readonly number[] | null = null,
    startAfter: Promise<void> = Promise.resolve(),
  ): Promise<PeriodData> {
    const entry = this.periodEntry(context, period, scope);
    // A period queued after a first page from SQL is started now: this request waits for it.
    this.background.start(entry.key);
    return this.periods.get(entry.key, () =>
      startAfter.then(() => computePeriod(this.db, context, period, entry.scope)),
    );
  }

  /** The cache entry periodData uses: the whole period's (scope null), or a kd or camp view's own. */
  private periodEntry(
    context: KingdomContext,
    period: ResolvedPeriod,
    scope: readonly number[] | null,
  ): { key: string; scope: readonly number[] | null } {
    const key = periodKey(context, period);
    // Rolled-up farms may live in another kd than their main: a kd's view then needs the whole period.
    if (scope === null || this.periods.has(key) || context.farms.policy.mode === 'rolled-up') {
      return { key, scope: null };
    }
    return { key: `${key}:kds=${scope.join(',')}`, scope };
  }

  /**
   * A cold view's answer from one SQL statement (page-query.ts), when SQL can give the full path's answer and
   * nothing of the period is cached or being computed; the period (or the view's scope, as periodData would) is
   * then computed in the background, so the next request is warm and requests meanwhile share that computation.
   * Null: take the full path.
   */
  private async sqlAnswer(
    context: KingdomContext,
    period: ResolvedPeriod,
    request: TableRequest,
    scope: readonly number[] | null,
  ): Promise<Omit<DashboardResponse, 'selectedDates' | keyof CommonParts> | null> {
    const key = periodKey(context, period);
    if (this.periods.has(key) || (scope !== null && this.periods.has(`${key}:kds=${scope.join(',')}`))) {
      return null;
    }
    const dkp = dkpSql(context.formula);
    if (!sqlAnswers(request, context, dkp)) return null;
    // The period enters the cache before the statement runs, and starts once this answer is sent: a request arriving
    // meanwhile waits for that one computation instead of answering from SQL again. Entered after the statement, it
    // let every viewer who opened a cold period while the statement ran on PostgreSQL (whose reads yield to the
    // event loop) run a statement of their own (docs/benchmarks.md, "Issue 16: viewers' p99"); on SQLite, whose
    // reads never yield, back-to-back requests each took the SQL path and the period was never computed.
    let start!: () => void;
    const started = new Promise<void>((resolve) => {
      start = resolve;
    });
    const { key: entryKey } = this.periodEntry(context, period, scope);
    const computed = this.periodData(context, period, scope, started);
    this.background.queue(entryKey, () => {
      start();
      return computed;
    });
    const page = await readSqlPage(
      this.db,
      context,
      period,
      request,
      dkp,
      SUMMARY_METRIC_HEADERS,
      sqlScope(request, context),
    );
    this.sqlAnswers++;
    if (page.sumsFromTotals) this.sumsFromTotals++;
    return {
      playerData: page.rows,
      totalPlayers: page.total,
      ...summariesFromKdGroups(page.groups, SUMMARY_METRIC_HEADERS, context.campOf, context.campNames),
      ...periodLists(page.homeKds, context),
    };
  }

  /** The latest kingdom scan's totals per camp and kd (not bound to the selected period). */
  private async diplomacy(context: KingdomContext): Promise<DiplomOverview> {
    const latest = context.kingdomScans.at(-1);
    if (!latest) return { timestamp: null, camps: {} };
    const key = `diplomacy:${context.kingdom.kd}:${latest.id}.${latest.revision}:${context.campKey}`;
    return (await this.small.get(key, async () =>
      buildDiplomOverview(
        await selectScanTotalsByKd(this.db, latest.id),
        (kd) => context.campOf(kd),
        latest.takenAt,
      ),
    )) as DiplomOverview;
  }
}

/** Everything a period's rows depend on: kingdom, dates, scans and their revisions, formula, camps, farms. */
function periodKey(context: KingdomContext, period: ResolvedPeriod): string {
  return [
    'period',
    context.kingdom.kd,
    period.start.takenAt,
    period.end.takenAt,
    scansKey(period.scans),
    context.formulaKey,
    context.campKey,
    context.farms.key,
  ].join(':');
}

/** The response parts that do not depend on the period's rows. */
interface CommonParts {
  dates: unknown;
  formulaString: unknown;
  diplomOverview: unknown;
  showAutarchSwitcher: unknown;
  dkpScansSelection: unknown;
}

function normaliseCode(code: string): string {
  return code.trim().toLowerCase();
}
