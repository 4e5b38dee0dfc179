import type { MovementRow, MovementsResponse } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dateOption, loadViewerContext, resolvePeriod } from '../dashboard/index.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import {
  type MovementStat,
  type PresenceRun,
  selectGovernorRows,
  selectPresenceRuns,
  selectScanRows,
} from './queries.ts';

export interface MovementsQuery {
  start_date?: string | undefined;
  end_date?: string | undefined;
  inactive_scans: number;
}

/**
 * Who arrived, who left and who stopped playing over a period of a kingdom's scans. Definitions: docs/movements.md.
 * The work is one read of the kingdom's presence runs, one read of the period's end scans' rows (start, end and the
 * inactivity window's first scan) and index lookups for the few governors who left or migrated.
 */
export class MovementsService {
  constructor(private readonly db: Kysely<Database>) {}

  async movements(params: { kd: string; code: string }, query: MovementsQuery): Promise<MovementsResponse> {
    const context = await loadViewerContext(this.db, params.kd, params.code);
    const { kingdom } = context;
    const scans = context.kingdomScans;
    const period = resolvePeriod(scans, context.settings, { start: query.start_date, end: query.end_date });
    const inactiveScans = query.inactive_scans;
    const answer: MovementsResponse = {
      dates: scans.map(dateOption),
      selectedDates: { start: '', end: '' },
      inactiveScans,
      cutoffPower: null,
      arrived: [],
      left: [],
      inactive: [],
    };
    if (!period) return answer;
    answer.selectedDates = { start: String(period.start.takenAt), end: String(period.end.takenAt) };

    const endIndex = scans.indexOf(period.end);
    const windowStart = endIndex + 1 >= inactiveScans ? scans[endIndex + 1 - inactiveScans] : undefined;
    const [runs, rows] = await Promise.all([
      selectPresenceRuns(this.db, kingdom.kd, period.end.takenAt),
      selectScanRows(this.db, [
        ...new Set([period.start.id, period.end.id, ...(windowStart ? [windowStart.id] : [])]),
      ]),
    ]);
    const own = (homeKd: number | null) => homeKd === null || homeKd === kingdom.kd;
    const byScan = (scan: ScanInfo) =>
      new Map(rows.filter((row) => row.scanId === scan.id).map((row) => [row.governorId, row]));
    const startRows = byScan(period.start);
    const endRows = byScan(period.end);

    answer.cutoffPower = lowestPower([...endRows.values()].filter((row) => own(row.homeKd)));
    const spans = periodSpans(runs, period.start.takenAt, period.end.takenAt);

    // Governors in both end scans whose home kd changed between them, and those who left: their rows in the
    // period's scans say when they moved or were last seen.
    const migrating = [...endRows.values()].filter((row) => {
      const before = startRows.get(row.governorId);
      return before !== undefined && own(before.homeKd) !== own(row.homeKd);
    });
    const leaving = [...spans.values()].filter((span) => span.inStart && !span.inEnd);
    // Arrivals first seen before the end scan: their row in that scan is what the table shows.
    const arrivingEarlier = [...spans.values()].filter(
      (span) => !span.inStart && span.inEnd && span.firstSeen < period.end.takenAt,
    );
    const history = groupByGovernor(
      await selectGovernorRows(
        this.db,
        [
          ...migrating.map((row) => row.governorId),
          ...leaving.map((span) => span.governorId),
          ...arrivingEarlier.map((span) => span.governorId),
        ],
        period.scans.map((scan) => scan.id),
      ),
    );
    const timeOf = new Map(period.scans.map((scan) => [scan.id, scan.takenAt]));
    const ordered = (governorId: number) =>
      (history.get(governorId) ?? []).sort(
        (a, b) => (timeOf.get(a.scanId) ?? 0) - (timeOf.get(b.scanId) ?? 0),
      );

    // Every row shows the governor as the scan named under When shows them (docs/movements.md).
    for (const span of spans.values()) {
      if (span.inStart || !span.inEnd) continue;
      const row = endRows.get(span.governorId);
      if (!row || !own(row.homeKd)) continue;
      const shown =
        span.firstSeen < period.end.takenAt
          ? (ordered(span.governorId).find((stat) => timeOf.get(stat.scanId) === span.firstSeen) ?? row)
          : row;
      answer.arrived.push(movement(shown, span.firstSeen, span.seenBefore ? 'returned' : 'new', null));
    }
    for (const row of migrating) {
      const firstOfNewHome =
        ordered(row.governorId).find((stat) => own(stat.homeKd) === own(row.homeKd)) ?? row;
      const at = timeOf.get(firstOfNewHome.scanId) ?? period.end.takenAt;
      const before = startRows.get(row.governorId);
      if (own(row.homeKd))
        answer.arrived.push(movement(firstOfNewHome, at, 'migrated_in', before?.homeKd ?? null));
      else if (before) answer.left.push(movement(firstOfNewHome, at, 'migrated_out', row.homeKd));
    }
    for (const span of leaving) {
      const last = ordered(span.governorId).find((stat) => timeOf.get(stat.scanId) === span.lastSeen);
      const first = startRows.get(span.governorId);
      if (!last || !first || !own(first.homeKd)) continue;
      if (!own(last.homeKd)) {
        const moved = ordered(span.governorId).find((stat) => !own(stat.homeKd)) ?? last;
        answer.left.push(
          movement(moved, timeOf.get(moved.scanId) ?? span.lastSeen, 'migrated_out', last.homeKd),
        );
        continue;
      }
      const below = last.power !== null && answer.cutoffPower !== null && last.power < answer.cutoffPower;
      answer.left.push(movement(last, span.lastSeen, below ? 'below_cutoff' : 'left', null));
    }
    if (windowStart) {
      const window = { from: windowStart.takenAt, to: period.end.takenAt };
      const windowRows = byScan(windowStart);
      answer.inactive = inactiveGovernors(windowRows, endRows, runs, window, own).map((row) =>
        movement(windowRows.get(row.governorId) ?? row, windowStart.takenAt, 'inactive', null),
      );
    }
    for (const list of [answer.arrived, answer.left, answer.inactive]) list.sort(byPowerThenId);
    return answer;
  }
}

interface Span {
  governorId: number;
  inStart: boolean;
  inEnd: boolean;
  /** The first and last scan of the period that show the governor. */
  firstSeen: number;
  lastSeen: number;
  /** Seen in a scan before the period. */
  seenBefore: boolean;
}

/** Each governor seen in the period: a run is present in every scan from its first to its last (or latest). */
function periodSpans(runs: readonly PresenceRun[], start: number, end: number): Map<number, Span> {
  const spans = new Map<number, Span>();
  const before = new Set<number>();
  for (const run of runs) {
    if (run.firstAt < start) before.add(run.governorId);
    const runEnd = run.lastAt ?? Number.POSITIVE_INFINITY;
    if (runEnd < start || run.firstAt > end) continue;
    const span = spans.get(run.governorId) ?? {
      governorId: run.governorId,
      inStart: false,
      inEnd: false,
      firstSeen: Number.POSITIVE_INFINITY,
      lastSeen: Number.NEGATIVE_INFINITY,
      seenBefore: false,
    };
    span.inStart ||= run.firstAt <= start;
    span.inEnd ||= runEnd >= end;
    span.firstSeen = Math.min(span.firstSeen, Math.max(run.firstAt, start));
    span.lastSeen = Math.max(span.lastSeen, Math.min(runEnd, end));
    spans.set(run.governorId, span);
  }
  for (const span of spans.values()) span.seenBefore = before.has(span.governorId);
  return spans;
}

/**
 * The end scan's own governors present in every scan from the window's first to the end (one run covers both) whose
 * counters are the same at both ends. The counters only grow, so the same value at both ends means no change in
 * between; a counter unknown at either end is left out, and a governor with no counter known at both is not judged.
 */
function inactiveGovernors(
  windowRows: ReadonlyMap<number, MovementStat>,
  endRows: ReadonlyMap<number, MovementStat>,
  runs: readonly PresenceRun[],
  window: { from: number; to: number },
  own: (homeKd: number | null) => boolean,
): MovementStat[] {
  const covering = new Set(
    runs
      .filter((run) => run.firstAt <= window.from && (run.lastAt === null || run.lastAt >= window.to))
      .map((run) => run.governorId),
  );
  return [...endRows.values()].filter((row) => {
    const earlier = windowRows.get(row.governorId);
    if (!earlier || !own(row.homeKd) || !covering.has(row.governorId)) return false;
    let compared = 0;
    for (const [i, value] of row.counters.entries()) {
      const before = earlier.counters[i];
      if (value === null || before === null || before === undefined) continue;
      if (value !== before) return false;
      compared += 1;
    }
    return compared > 0;
  });
}

function movement(
  row: MovementStat,
  at: number,
  reason: MovementRow['reason'],
  otherKd: number | null,
): MovementRow {
  return {
    governorId: row.governorId,
    name: row.name,
    alliance: row.alliance,
    homeKd: row.homeKd,
    power: row.power,
    at,
    reason,
    otherKd,
  };
}

function lowestPower(rows: readonly MovementStat[]): number | null {
  let lowest: number | null = null;
  for (const row of rows)
    if (row.power !== null && (lowest === null || row.power < lowest)) lowest = row.power;
  return lowest;
}

function groupByGovernor(rows: readonly MovementStat[]): Map<number, MovementStat[]> {
  const groups = new Map<number, MovementStat[]>();
  for (const row of rows) {
    const group = groups.get(row.governorId);
    if (group) group.push(row);
    else groups.set(row.governorId, [row]);
  }
  return groups;
}

/** Biggest accounts first: the ones an officer asks about. */
function byPowerThenId(a: MovementRow, b: MovementRow): number {
  return (b.power ?? -1) - (a.power ?? -1) || a.governorId - b.governorId;
}
