import type { ReviewMark, ReviewMarks } from '@kingdom-stats/core/api';
import { type Kysely, sql } from 'kysely';
import { fingerprint } from '../../cache-key.ts';
import { ComputeCache } from '../../compute-cache.ts';
import type { Database } from '../../db/schema.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import { kvkDkpMarkScope, type MarkScope, placeInScope } from './mark-scope.ts';
import { readSwapRecord } from './swaps.ts';

export interface ReviewPeriod {
  kd: number;
  /** The period's first and last scan times (unix seconds), as the answer's selectedDates. */
  start: number;
  end: number;
}

export interface MarksRequest extends ReviewPeriod {
  /** The governors of the rows answered (a dashboard page, the KD DKP rows). */
  governorIds: readonly number[];
  /** Of those, the ones with gains that went down (the rows' `decreased`), and those gains' fields. */
  decreased?: ReadonlyMap<number, readonly string[]>;
  /** Where the screen shows each field (mark-scope.ts); every field beside the name when not given. */
  scope?: MarkScope;
}

/**
 * The viewer marks (issue 12 item 4 and issue 36, docs/data-review.md "Marks"): for each governor answered, the
 * fields still under review on any of its scans of the period (the period's flags are on rows of its scans, so on a
 * scan from the governor's first to its last of the period: an end a gain is read from, or a scan between them
 * that a war may read and that says the series around it is in doubt), the corrections its first and last scans
 * carry (old → new), so a gain that rests on a corrected value says so, and its gains that went down (shown
 * unknown). A row excluded from a scan of the period counts too (field 'row'): it moves which scans the gain is
 * read from.
 *
 * Cheap whatever the period's size: the flags and corrections of the period's scans are few and read first (one
 * statement of two indexed reads); only governors with a correction are looked at further. Answers undefined when no
 * governor has a mark, so answers without marks are as they were.
 */
export async function reviewMarksFor(
  db: Kysely<Database>,
  request: MarksRequest,
  readSources: ReadReviewSources = (period) => readReviewSources(db, period),
): Promise<ReviewMarks | undefined> {
  if (request.governorIds.length === 0) return undefined;
  return reviewMarksFrom(db, request, await readSources(request));
}

/** How a caller reads a period's review sources: straight from the database, or through a ReviewSourcesCache. */
export type ReadReviewSources = (period: ReviewPeriod) => Promise<ReviewSources>;

/**
 * Periods' review sources kept in memory, each under its scans' review revisions (reviewSourcesKey): a viewer's
 * request then reads them once per change to them, not once per answer. Each dashboard service holds one.
 */
export class ReviewSourcesCache {
  private readonly kept = new ComputeCache<ReviewSources>({ maxEntries: 100, maxWeight: 100 });

  constructor(private readonly db: Kysely<Database>) {}

  /** The reader for a kingdom whose scans (with their review revisions) were read by this request. */
  reader(kingdomScans: readonly ScanInfo[]): ReadReviewSources {
    return (period) =>
      this.kept.get(reviewSourcesKey(period, kingdomScans), () => readReviewSources(this.db, period));
  }

  clear(): void {
    this.kept.clear();
  }
}

/**
 * Under what a period's review sources may be kept: the scans readReviewSources reads (the kingdom's own scans taken
 * within the period), each with its review revision. The revision is read with the kingdom's scans on every request,
 * and triggers move it with any change to the scan's flags or corrections, in any process (migration 0011).
 */
export function reviewSourcesKey(period: ReviewPeriod, kingdomScans: readonly ScanInfo[]): string {
  const scans = kingdomScans
    .filter((scan) => scan.kind === 'kingdom' && scan.takenAt >= period.start && scan.takenAt <= period.end)
    .map((scan) => `${scan.id}.${scan.reviewRevision}`);
  return ['review', period.kd, period.start, period.end, fingerprint(scans)].join(':');
}

/**
 * The open flags and unreverted corrections of a period's scans (few, whatever the period's size): reviewMarksFor's
 * first step, which needs the period only, so a dashboard reads it beside the period's statement.
 */
export async function readReviewSources(db: Kysely<Database>, period: ReviewPeriod): Promise<ReviewSources> {
  const inPeriod = db
    .selectFrom('scans')
    .select('id')
    .where('kingdom_kd', '=', period.kd)
    .where('kind', '=', 'kingdom')
    .where('taken_at', '>=', period.start)
    .where('taken_at', '<=', period.end);
  // Both lists in one statement: read for a period's first dashboard answer (then kept under its scans' review
  // revisions: ReviewSourcesCache); as two statements side by side they held two pooled PostgreSQL connections
  // (docs/benchmarks.md, "Issue 16: viewers' statements, the first screen on PostgreSQL"). A flag's row leaves the
  // correction's columns null and the other way round.
  const rows = await db
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .select([
      sql<ReviewSourceKind>`'flag'`.as('kind'),
      'f.id as id',
      'f.scan_id',
      'f.governor_id',
      'f.field',
      sql<string | null>`f.reason`.as('reason'),
      sql<number | null>`null`.as('imported_value'),
      sql<number | null>`null`.as('corrected_value'),
      sql<string | null>`null`.as('imported_row_json'),
      's.taken_at',
    ])
    .where('f.scan_id', 'in', inPeriod)
    .where('f.status', '=', 'open')
    .unionAll(
      db
        .selectFrom('value_corrections as c')
        .innerJoin('scans as s', 's.id', 'c.scan_id')
        .select([
          sql<ReviewSourceKind>`'correction'`.as('kind'),
          'c.id as id',
          'c.scan_id',
          'c.governor_id',
          'c.field',
          sql<string | null>`null`.as('reason'),
          'c.imported_value',
          'c.corrected_value',
          // A swap's record names the other governor, whose row it changed as much (swaps.ts).
          sql<string | null>`case when c.field = 'swap' then c.imported_row_json else null end`.as(
            'imported_row_json',
          ),
          's.taken_at',
        ])
        .where('c.scan_id', 'in', inPeriod)
        .where('c.reverted_at', 'is', null),
    )
    // Each list in the order it was recorded; split by kind below.
    .orderBy('id')
    .execute();
  const flags: ReviewSources['flags'] = [];
  const corrections: ReviewSources['corrections'] = [];
  for (const row of rows) {
    const common = {
      scan_id: row.scan_id,
      governor_id: row.governor_id,
      field: row.field,
      taken_at: row.taken_at,
    };
    if (row.kind === 'flag') {
      flags.push({ ...common, reason: row.reason ?? '' });
      continue;
    }
    const correction = {
      ...common,
      imported_value: row.imported_value,
      corrected_value: row.corrected_value,
    };
    corrections.push(correction);
    const partner = row.field === 'swap' ? readSwapRecord(row.imported_row_json)?.partner : undefined;
    if (partner !== undefined) corrections.push({ ...correction, governor_id: partner });
  }
  return { flags, corrections };
}

type ReviewSourceKind = 'correction' | 'flag';

interface ReviewSource {
  scan_id: number;
  governor_id: number;
  field: string;
  /** When the scan was taken (unix seconds). */
  taken_at: number;
}

/** The open flags and unreverted corrections of a period's scans, each list in the order it was recorded. */
export interface ReviewSources {
  flags: (ReviewSource & { reason: string })[];
  corrections: (ReviewSource & { imported_value: number | null; corrected_value: number | null })[];
}

/** The marks of the request's governors, from their period's sources (readReviewSources). */
export async function reviewMarksFrom(
  db: Kysely<Database>,
  request: MarksRequest,
  { flags, corrections }: ReviewSources,
): Promise<ReviewMarks | undefined> {
  const wanted = new Set(request.governorIds);
  const shown = (source: ReviewSource) =>
    wanted.has(source.governor_id) && placeInScope(request.scope, source.field) !== null;
  const relevantFlags = flags.filter(shown);
  const relevantCorrections = corrections.filter(shown);
  const decreased = new Map<number, readonly string[]>();
  for (const [governorId, fields] of request.decreased ?? []) {
    const kept = fields.filter((field) => placeInScope(request.scope, field) !== null);
    if (kept.length > 0) decreased.set(governorId, kept);
  }
  if (relevantFlags.length === 0 && relevantCorrections.length === 0 && decreased.size === 0)
    return undefined;

  // Only a correction needs the governor's ends: a flag of the period is always on one of its scans of the period.
  const corrected = [...new Set(relevantCorrections.map((r) => r.governor_id))];
  const ends = corrected.length > 0 ? await governorEnds(db, request, corrected) : new Map();
  const atEnd = (governorId: number, takenAt: number) => {
    const span = ends.get(governorId);
    return span !== undefined && (takenAt === span.first || takenAt === span.last);
  };

  const marks: ReviewMarks = {};
  const markOf = (governorId: number): ReviewMark => {
    const key = String(governorId);
    marks[key] ??= { underReview: [], corrected: [] };
    return marks[key];
  };
  for (const flag of relevantFlags) {
    markOf(flag.governor_id).underReview.push({ field: flag.field, reason: flag.reason });
  }
  for (const [governorId, fields] of decreased) {
    if (wanted.has(governorId) && fields.length > 0) markOf(governorId).decreased = [...fields];
  }
  for (const correction of relevantCorrections) {
    if (correction.field !== 'row' && !atEnd(correction.governor_id, correction.taken_at)) continue;
    markOf(correction.governor_id).corrected.push({
      field: correction.field,
      oldValue: correction.imported_value,
      newValue: correction.field === 'row' ? null : correction.corrected_value,
      takenAt: correction.taken_at,
    });
  }
  for (const mark of Object.values(marks)) {
    const aside = [
      ...mark.underReview.map((u) => u.field),
      ...mark.corrected.map((c) => c.field),
      ...(mark.decreased ?? []),
    ].filter((field) => placeInScope(request.scope, field) === 'aside');
    if (aside.length > 0) mark.aside = [...new Set(aside)].sort();
  }
  return Object.keys(marks).length === 0 ? undefined : marks;
}

/** Each governor's first and last scan time within the period (the scans its gains are read from). */
async function governorEnds(
  db: Kysely<Database>,
  request: MarksRequest,
  governorIds: readonly number[],
): Promise<Map<number, { first: number; last: number }>> {
  const rows = await db
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select([
      'g.governor_id',
      (eb) => eb.fn.min('s.taken_at').as('first'),
      (eb) => eb.fn.max('s.taken_at').as('last'),
    ])
    .where('s.kingdom_kd', '=', request.kd)
    .where('s.kind', '=', 'kingdom')
    .where('s.taken_at', '>=', request.start)
    .where('s.taken_at', '<=', request.end)
    .where('g.governor_id', 'in', governorIds)
    .groupBy('g.governor_id')
    .execute();
  return new Map(rows.map((r) => [r.governor_id, { first: Number(r.first), last: Number(r.last) }]));
}

/** A dashboard answer: its rows (keyed by 'Gov ID' on the main dashboard, 'Governor ID' on KD DKP) and period. */
interface MarkableAnswer {
  playerData: readonly object[];
  /** The KvK DKP table's columns: its marks name only the fields behind them (kvkDkpMarkScope). */
  activeColumns?: readonly string[];
  selectedDates: { start: string; end: string };
  reviewMarks?: ReviewMarks | undefined;
}

/**
 * The answer with `reviewMarks` for its rows added, when any governor has one (added to the answer a service's cache
 * gave, never kept in it, so an accept shows at once). `kd` is the one already checked with the access code.
 */
export async function withReviewMarks<T extends MarkableAnswer>(
  db: Kysely<Database>,
  kd: string | number,
  answer: T,
  idKey: 'Gov ID' | 'Governor ID',
  readSources?: ReadReviewSources,
): Promise<T> {
  if (answer.selectedDates.start === '' || answer.playerData.length === 0) return answer;
  const { rows, governorIds, decreased } = rowsWithoutDecreased(answer.playerData, idKey);
  const marks = await reviewMarksFor(
    db,
    {
      kd: Number(kd),
      start: Number(answer.selectedDates.start),
      end: Number(answer.selectedDates.end),
      governorIds,
      decreased,
      ...(answer.activeColumns ? { scope: kvkDkpMarkScope(answer.activeColumns) } : {}),
    },
    readSources,
  );
  const playerData = rows as T['playerData'];
  return marks === undefined ? { ...answer, playerData } : { ...answer, playerData, reviewMarks: marks };
}

/**
 * An answer's rows as the API gives them, their governors, and the gains that went down: a row built from a period
 * carries them as `decreased` (dashboard period-rows.ts, kd-dashboard rows.ts), which the answer says in its marks
 * instead (and, on the dashboard, `summed`, what its sums add: no part of the API). Rows without it are kept as
 * they are (the cached objects); the few with it are copied without it.
 */
export function rowsWithoutDecreased(
  playerData: readonly object[],
  idKey: 'Gov ID' | 'Governor ID',
): { rows: object[]; governorIds: number[]; decreased: Map<number, readonly string[]> } {
  const governorIds: number[] = [];
  const decreased = new Map<number, readonly string[]>();
  const rows = playerData.map((row) => {
    const fields = row as Record<string, unknown> & { decreased?: readonly string[]; summed?: unknown };
    const id = fields[idKey];
    if (typeof id === 'number') governorIds.push(id);
    // Nearly every row has none: kept as it is, not copied (an export answers 16,000 rows).
    if (fields.decreased === undefined) return row;
    const { decreased: went, summed: _summed, ...rest } = fields;
    if (typeof id === 'number') decreased.set(id, went);
    return rest;
  });
  return { rows, governorIds, decreased };
}
