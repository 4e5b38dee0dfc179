/**
 * Every check over one scan's rows, against each governor's previous stored row (and next, when the scan is
 * placed before later ones). One flag per scan, governor and field: when several checks find the same value,
 * the one that proposes a value wins, then the order of FLAG_PREFERENCE; a row that looks like another
 * governor's (id_reused) gets that one flag and none on its values, which would all be noise.
 */
import { checkCounters } from './counters.ts';
import { shown } from './fields.ts';
import { checkIdReused, swappedPairs, swappedRowFlag } from './id-reused.ts';
import {
  checkKillPointsIdentities,
  KILL_POINTS_DISAGREEING_MAX_SHARE,
  KILL_POINTS_DISAGREEING_MIN_ROWS,
  killPointsDisagree,
} from './kill-points-identity.ts';
import { checkPowerChange } from './power.ts';
import { checkRankOrder, looksPowerRanked } from './rank-order.ts';
import {
  CHECKED_FIELDS,
  type CheckKind,
  type DataQualitySettings,
  type GovernorSnapshot,
  type ValueFlag,
} from './types.ts';

export const FLAG_PREFERENCE: readonly CheckKind[] = [
  'kill_points_identity',
  'digit_misread',
  'power_rank_order',
  'counter_decreased',
  'power_jump',
];

export interface CheckScanInput {
  rows: readonly GovernorSnapshot[];
  previous: ReadonlyMap<number, GovernorSnapshot>;
  next?: ReadonlyMap<number, GovernorSnapshot>;
  /** The rows are in the file's order and the file is a power ranking (the check also measures the order). */
  powerRanked: boolean;
  settings: DataQualitySettings;
  /**
   * The previous rows' values still under review (flagged, neither corrected nor accepted), as
   * reviewKey(governorId, field). A value under review is no reference: it is not compared with, so one
   * misread does not flag the right value after it. reviewKey(id, 'governor') leaves the whole row out.
   * Pass corrected values in `previous` (the correction, not the value read).
   */
  previousUnderReview?: ReadonlySet<string>;
  /** The next rows' values a person accepted or corrected: a value above one of them is flagged whatever else. */
  nextSettled?: ReadonlySet<string>;
}

const KILL_FIELDS = ['kill_points', 't1_kills', 't2_kills', 't3_kills', 't4_kills', 't5_kills'] as const;

export function reviewKey(governorId: number, field: ValueFlag['field']): string {
  return `${governorId}:${field}`;
}

/** The previous (or next) rows without the values under review (and without rows under review as a whole). */
function trustedRows(
  previous: ReadonlyMap<number, GovernorSnapshot>,
  underReview: ReadonlySet<string> | undefined,
): ReadonlyMap<number, GovernorSnapshot> {
  if (!underReview || underReview.size === 0) return previous;
  const trusted = new Map<number, GovernorSnapshot>();
  for (const [governorId, row] of previous) {
    if (underReview.has(reviewKey(governorId, 'governor'))) continue;
    const values = { ...row.values };
    for (const field of CHECKED_FIELDS)
      if (underReview.has(reviewKey(governorId, field))) values[field] = null;
    // The identity names the kill points when it cannot tell which of the six is wrong: none is a reference.
    if (underReview.has(reviewKey(governorId, 'kill_points')))
      for (const field of KILL_FIELDS) values[field] = null;
    trusted.set(governorId, { ...row, values });
  }
  return trusted;
}

/** Checks one scan's rows against each governor's previous (and, when the scan was inserted before later ones, next) stored row. */
export function checkScan(input: CheckScanInput): ValueFlag[] {
  const { rows, settings } = input;
  const previous = trustedRows(input.previous, input.previousUnderReview);
  const on = settings.enabled;
  const reused = new Map<number, ValueFlag>();
  if (on.id_reused) {
    const pairs = swappedPairs(rows, previous);
    for (const row of rows) {
      const partner = pairs.get(row.governorId);
      const before = previous.get(row.governorId);
      const found =
        partner !== undefined && before
          ? swappedRowFlag(row, before, partner)
          : checkIdReused(row, before, settings);
      if (found) reused.set(row.governorId, found);
    }
  }

  const found: ValueFlag[] = [];
  if (on.kill_points_identity) append(found, checkKillPointsIdentities(rows, settings.killPointsTolerance));
  if (on.counter_decreased || on.digit_misread) {
    append(
      found,
      checkCounters({
        rows,
        previous,
        // The next rows as stored: which of two values is the odd one out is read from the values (counters.ts).
        next: input.next,
        rawPrevious: input.previous,
        previousUnderReview: input.previousUnderReview,
        nextSettled: input.nextSettled,
        digitMisread: on.digit_misread,
        sensitivity: settings.sensitivity,
      }),
    );
  }
  if (on.power_jump || on.digit_misread) {
    for (const row of rows) {
      const options = { jump: on.power_jump, misread: on.digit_misread };
      const flag = checkPowerChange(row, previous.get(row.governorId), settings, options);
      if (flag) found.push(flag);
    }
  }
  if (on.power_rank_order && input.powerRanked && looksPowerRanked(rows)) append(found, checkRankOrder(rows));

  const kept = new Map<string, ValueFlag>();
  for (const flag of found) {
    if (!on[flag.check] || reused.has(flag.governorId)) continue;
    // A field checked at no sensitivity gets no flag from any check (the identity's and the ranking's included).
    if (flag.field !== 'governor' && settings.sensitivity[flag.field] === 'off') continue;
    const key = reviewKey(flag.governorId, flag.field);
    const held = kept.get(key);
    if (!held || preferred(flag, held)) kept.set(key, flag);
  }
  const byGovernor = new Map(rows.map((row) => [row.governorId, row]));
  const identityReadable = on.kill_points_identity && fileSumsKillPoints(rows, settings.killPointsTolerance);
  for (const [key, flag] of kept) {
    const row = byGovernor.get(flag.governorId);
    if (row && identityReadable && !suggestionKeepsIdentity(row, flag, settings.killPointsTolerance))
      kept.set(key, withoutSuggestion(flag));
  }
  return [...reused.values(), ...kept.values()].sort(
    (a, b) => a.governorId - b.governorId || a.field.localeCompare(b.field),
  );
}

/** The file's kill points add up from its kills on most rows: the identity can confirm a suggestion. */
function fileSumsKillPoints(rows: readonly GovernorSnapshot[], tolerance: number): boolean {
  let disagreeing = 0;
  for (const row of rows) if (killPointsDisagree(row, tolerance)) disagreeing++;
  return (
    disagreeing <= Math.max(KILL_POINTS_DISAGREEING_MIN_ROWS, rows.length * KILL_POINTS_DISAGREEING_MAX_SHARE)
  );
}

/**
 * A suggestion for a kill value must agree with the kill points identity too (issue 36: one suggestion only where
 * exactly one candidate agrees with both neighbours and the identity). Where the six values are not all known the
 * identity says nothing, and the neighbours' word stands.
 */
function suggestionKeepsIdentity(row: GovernorSnapshot, flag: ValueFlag, tolerance: number): boolean {
  if (flag.suggested === null || !(KILL_FIELDS as readonly string[]).includes(flag.field)) return true;
  if (flag.check === 'kill_points_identity') return true;
  const corrected = { ...row, values: { ...row.values, [flag.field]: flag.suggested } };
  return (
    !killPointsDisagree(corrected, tolerance) || KILL_FIELDS.some((field) => corrected.values[field] == null)
  );
}

function withoutSuggestion(flag: ValueFlag): ValueFlag {
  const value = shown(flag.suggested ?? 0);
  return {
    ...flag,
    suggested: null,
    reason: `${flag.reason} But the kill points do not add up from the kills with ${value}, so no value is suggested.`,
  };
}

/**
 * Adds every item without spreading them as arguments: a scan of 50,000 rows whose counters all went down gives
 * 750,000 flags, past the engine's limit on a call's arguments (`push(...xs)` throws RangeError there).
 */
function append<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

function preferred(candidate: ValueFlag, held: ValueFlag): boolean {
  if ((candidate.suggested !== null) !== (held.suggested !== null)) return candidate.suggested !== null;
  return FLAG_PREFERENCE.indexOf(candidate.check) < FLAG_PREFERENCE.indexOf(held.check);
}
