/**
 * Lifetime counters between a governor's previous scan and this one: a counter that went down, and a
 * counter that jumped by far more than a period allows, reported as a digit misread when a lost digit or a
 * look-alike digit explains it (with the value the screen showed when only one explains it).
 */
import { FIELD_LABELS, knownNumber, LIFETIME_COUNTERS, shown } from './fields.ts';
import {
  candidatesWithin,
  extraDigitCandidates,
  misreadCandidates,
  swapCandidates,
  tooHighCandidates,
} from './look-alikes.ts';
import type { CheckedField, FieldSensitivity, GovernorSnapshot, ValueFlag } from './types.ts';

/**
 * A gain is implausible when it is more than this many times the gain the kingdom's top 5% made over the
 * same period (their 95th percentile), and more than JUMP_MIN_SHARE of the earlier value. Both must hold:
 * the top fighters of a KvK day gain up to 14 times the 95th percentile (real series), but they are large
 * accounts whose gain stays under twice what they had.
 */
export const JUMP_GAIN_MULTIPLE = 3;
export const GAIN_PERCENTILE = 0.95;
/**
 * A gain under twice the earlier value (the value tripling) is never called implausible: resource assistance
 * doubled in a day in the real series. A leading 1 read as 7 multiplies a value by four or more.
 */
export const JUMP_MIN_SHARE = 2;
/** And never under this many units (a counter at 3 that reads 8). */
export const JUMP_MIN_UNITS = 1_000;

/**
 * A digit read into a number that is not there multiplies it by about ten (at least 5.5: 19,999 read as 119,999).
 * Below five times the previous value a jump is not put down to an extra digit: small accounts' real gains of
 * several times what they had would otherwise all "be" one.
 */
export const EXTRA_DIGIT_MIN_RATIO = 5;

/**
 * At low sensitivity a counter's drop or spike under this share of its value is not flagged: a look-alike in its
 * last digits, which moves no ranking (docs/data-quality.md, "Per-field sensitivity"). A 0 is never small.
 */
export const LOW_SENSITIVITY_MIN_SHARE = 0.01;

/** Whether two readings of a counter differ by less than low sensitivity flags. */
export function smallDifference(value: number, reference: number): boolean {
  return Math.abs(value - reference) < LOW_SENSITIVITY_MIN_SHARE * Math.max(value, reference);
}

type Counter = (typeof LIFETIME_COUNTERS)[number];

export interface CounterContext {
  rows: readonly GovernorSnapshot[];
  /** Each governor's previous row without its values under review (check-scan.ts, trustedRows). */
  previous: ReadonlyMap<number, GovernorSnapshot>;
  /**
   * Each governor's next row as stored. Values under review there are still compared with: whether this value or
   * the next one is the odd one out is decided from the values (the next one back on the line from the previous
   * one, or not), never from which of the two a check happened to flag first.
   */
  next?: ReadonlyMap<number, GovernorSnapshot>;
  /** The previous rows as stored, values under review included: a 0 after any value above 0 is an unread value. */
  rawPrevious?: ReadonlyMap<number, GovernorSnapshot>;
  /** The previous rows' values under review, as reviewKey(governorId, field). */
  previousUnderReview?: ReadonlySet<string>;
  /** The next rows' values a person accepted or corrected (reviewKey): a bound this value must keep under. */
  nextSettled?: ReadonlySet<string>;
  /** Off: a drop is reported as a counter that went down, and a jump is not reported. */
  digitMisread: boolean;
  /** Per counter (all normal when not given): off counters are not checked, low ones not for small changes. */
  sensitivity?: Readonly<Partial<Record<CheckedField, FieldSensitivity>>>;
}

/**
 * A row whose known lifetime counters are all 0 while its power says the account has played for long: a row the
 * scanner could not read. At least ZERO_ROW_MIN_COUNTERS counters known (a file of kill points and deaths only says
 * little), and at least ZERO_ROW_MIN_POWER power (an account of a million power has gathered, helped or fought).
 */
export const ZERO_ROW_MIN_COUNTERS = 3;
export const ZERO_ROW_MIN_POWER = 1_000_000;

export function isZeroRow(row: GovernorSnapshot): boolean {
  const power = row.values.power;
  if (!knownNumber(power) || power < ZERO_ROW_MIN_POWER) return false;
  let known = 0;
  for (const field of LIFETIME_COUNTERS) {
    const value = row.values[field];
    if (!knownNumber(value)) continue;
    if (value !== 0) return false;
    known++;
  }
  return known >= ZERO_ROW_MIN_COUNTERS;
}

/** Each counter's gains over this scan's period, lowest first: the kingdom's own measure of a plausible gain. */
export function kingdomGains(context: Pick<CounterContext, 'rows' | 'previous'>): Map<Counter, number[]> {
  const result = new Map<Counter, number[]>();
  for (const field of LIFETIME_COUNTERS) {
    const gains: number[] = [];
    for (const row of context.rows) {
      const before = context.previous.get(row.governorId)?.values[field];
      const now = row.values[field];
      if (knownNumber(before) && knownNumber(now) && now >= before) gains.push(now - before);
    }
    result.set(
      field,
      gains.sort((a, b) => a - b),
    );
  }
  return result;
}

/**
 * The 95th-percentile gain of the other governors: a governor's own gain is left out, since where most
 * gains are 0 (resource assistance in a day) one misread jump would be its own percentile.
 */
export function othersPercentileGain(sortedGains: readonly number[], ownGain: number | null): number {
  const count = sortedGains.length - (ownGain === null ? 0 : 1);
  if (count <= 0) return 0;
  const index = Math.floor((count - 1) * GAIN_PERCENTILE);
  // Without the own gain, the elements above it move down by one place.
  return ownGain !== null && ownGain <= sortedGains[index]! ? sortedGains[index + 1]! : sortedGains[index]!;
}

/** How far above the previous value the screen's value may lie. */
interface GainBounds {
  /** Beyond this a gain is a jump to explain. */
  plausible: number;
  /**
   * Where a dropped value's candidates are looked for: the kingdom's gains only, without the allowance for
   * a value tripling (a wider window lets a lost leading digit "explain" every small drop).
   */
  likely: number;
}

function gainBounds(percentileGain: number, before: number): GainBounds {
  const likely = Math.max(percentileGain * JUMP_GAIN_MULTIPLE, JUMP_MIN_UNITS);
  return { likely, plausible: Math.max(likely, before * JUMP_MIN_SHARE) };
}

function flag(
  row: GovernorSnapshot,
  field: CheckedField,
  fields: Omit<ValueFlag, 'scanId' | 'governorId' | 'field'>,
) {
  return { scanId: row.scanId, governorId: row.governorId, field, ...fields };
}

export function checkCounters(context: CounterContext): ValueFlag[] {
  const gains = kingdomGains(context);
  const flags: ValueFlag[] = [];
  for (const row of context.rows) {
    const before = context.previous.get(row.governorId);
    const after = context.next?.get(row.governorId);
    const zeroRow = isZeroRow(row);
    for (const field of LIFETIME_COUNTERS) {
      const value = row.values[field];
      const level = context.sensitivity?.[field] ?? 'normal';
      if (!knownNumber(value) || level === 'off') continue;
      const low = level === 'low';
      const previousValue = before?.values[field];
      const rawNext = after?.values[field];
      // A 0 next is that scan's unread value, never a bound for this one.
      const nextValue = knownNumber(rawNext) && rawNext > 0 ? rawNext : null;
      if (value === 0) {
        const zero = zeroFlag(row, field, context, zeroRow);
        if (zero) flags.push(zero);
        continue;
      }
      const ownGain = knownNumber(previousValue) && value >= previousValue ? value - previousValue : null;
      const percentile = othersPercentileGain(gains.get(field)!, ownGain);
      const bounds = gainBounds(percentile, knownNumber(previousValue) ? previousValue : value);
      // Above the next value while the next one is back on the line from the previous one: this value is the odd
      // one out (a spike), not the next one. With the next one below the previous value, the next one is.
      if (
        nextValue !== null &&
        nextValue < value &&
        knownNumber(previousValue) &&
        nextValue >= previousValue
      ) {
        if (!(low && smallDifference(value, nextValue)))
          flags.push(aboveBoth(row, field, value, previousValue, nextValue, context.digitMisread));
        continue;
      }
      if (
        nextValue !== null &&
        nextValue < value &&
        context.nextSettled?.has(`${row.governorId}:${field}`) &&
        !(low && smallDifference(value, nextValue))
      ) {
        flags.push(
          flag(row, field, {
            check: 'counter_decreased',
            reason: `${FIELD_LABELS[field]} is ${shown(value)} here but ${shown(nextValue)} in the next scan, a value a person confirmed; it never goes down in the game.`,
            value,
            suggested: null,
          }),
        );
        continue;
      }
      if (low && knownNumber(previousValue) && value < previousValue && smallDifference(value, previousValue))
        continue;
      const found = knownNumber(previousValue)
        ? againstPrevious(row, field, value, previousValue, nextValue, {
            ...bounds,
            digitMisread: context.digitMisread,
          })
        : null;
      if (found) for (const one of found) flags.push(one);
    }
  }
  return flags;
}

/** A counter at 0: after a value above 0, or in a row of zeros (in every scan the unread row is in). */
function zeroFlag(
  row: GovernorSnapshot,
  field: Counter,
  context: CounterContext,
  zeroRow: boolean,
): ValueFlag | null {
  const label = FIELD_LABELS[field];
  // A previous row under review as a whole (another governor's row) is no reference, not even for a 0.
  const wholeRowUnderReview = context.previousUnderReview?.has(`${row.governorId}:governor`) ?? false;
  const stored = wholeRowUnderReview
    ? undefined
    : (context.rawPrevious ?? context.previous).get(row.governorId)?.values[field];
  let reason: string | null = null;
  if (knownNumber(stored) && stored > 0)
    reason = `${label} went down from ${shown(stored)} to 0; it never goes down in the game: a value the scanner could not read.`;
  else if (zeroRow)
    reason = `${label} is 0, as is every counter of this row at ${shown(row.values.power ?? 0)} power: a row the scanner could not read.`;
  if (reason === null) return null;
  return flag(row, field, { check: 'counter_decreased', reason, value: 0, suggested: null });
}

function againstPrevious(
  row: GovernorSnapshot,
  field: Counter,
  value: number,
  previousValue: number,
  nextValue: number | null,
  { plausible, likely, digitMisread }: GainBounds & { digitMisread: boolean },
): ValueFlag[] | null {
  const label = FIELD_LABELS[field];
  // The screen's value lies between the previous scan's and the next one's when both are known.
  const withNext = nextValue !== null && nextValue >= previousValue ? nextValue : null;
  if (value < previousValue) {
    // 0 is a value the scanner could not read, not a digit misread.
    const { fitting, suggested } = candidatesWithin(
      value === 0 || !digitMisread ? [] : misreadCandidates(value),
      previousValue,
      withNext ?? previousValue + likely,
    );
    if (fitting.length > 0) {
      const how = suggested === null ? fitting[0]!.how : fitting.find((c) => c.value === suggested)!.how;
      return [
        flag(row, field, {
          check: 'digit_misread',
          reason:
            `${label} went down from ${shown(previousValue)} to ${shown(value)}; ` +
            (suggested === null
              ? `it looks like ${how} (the value cannot be told for sure).`
              : `it looks like ${how}: ${shown(suggested)}.`),
          value,
          suggested,
        }),
      ];
    }
    // The earlier value may be the misread one (a governor's first scan has nothing to check it against).
    const earlier = candidatesWithin(swapCandidates(previousValue), Math.max(0, value - likely), value);
    const earlierNote =
      earlier.suggested === null || !digitMisread
        ? ''
        : ` The previous scan's value may be the misread one: read again it is ${shown(earlier.suggested)}.`;
    return [
      flag(row, field, {
        check: 'counter_decreased',
        reason: `${label} went down from ${shown(previousValue)} to ${shown(value)}; it never goes down in the game.${earlierNote}`,
        value,
        suggested: null,
      }),
    ];
  }
  // A counter at 0 is a row the scanner could not read, not a value a digit misread explains.
  if (!digitMisread || previousValue === 0 || value - previousValue <= plausible) return null;
  // A jump: a look-alike read too high, or a digit too many (a value about ten times the right one), explains it
  // when one of its candidates is a plausible gain.
  const { fitting, suggested } = candidatesWithin(
    value >= previousValue * EXTRA_DIGIT_MIN_RATIO
      ? [...swapCandidates(value), ...extraDigitCandidates(value)]
      : swapCandidates(value),
    previousValue,
    withNext ?? previousValue + plausible,
  );
  if (fitting.length === 0) return null;
  const how = suggested === null ? fitting[0]!.how : fitting.find((c) => c.value === suggested)!.how;
  return [
    flag(row, field, {
      check: 'digit_misread',
      reason:
        `${label} jumped from ${shown(previousValue)} to ${shown(value)}, far beyond the kingdom's gains over ` +
        `the period; it looks like ${how}` +
        (suggested === null ? ' (the value cannot be told for sure).' : `: ${shown(suggested)}.`),
      value,
      suggested,
    }),
  ];
}

function aboveBoth(
  row: GovernorSnapshot,
  field: Counter,
  value: number,
  previousValue: number,
  nextValue: number,
  digitMisread: boolean,
): ValueFlag {
  const { fitting, suggested } = candidatesWithin(
    digitMisread ? tooHighCandidates(value) : [],
    previousValue,
    nextValue,
  );
  const label =
    `${FIELD_LABELS[field]} is ${shown(value)} here, above both the previous scan's ${shown(previousValue)} and ` +
    `the next scan's ${shown(nextValue)}; it never goes down in the game, so this value is the misread one: the ` +
    `right one lies between ${shown(previousValue)} and ${shown(nextValue)}`;
  const how = suggested === null ? null : fitting.find((c) => c.value === suggested)!.how;
  return flag(row, field, {
    check: fitting.length > 0 ? 'digit_misread' : 'counter_decreased',
    reason:
      how !== null
        ? `${label}; it looks like ${how}: ${shown(suggested!)}.`
        : fitting.length > 0
          ? `${label}; several values fit (${rankedCandidates(fitting, previousValue, nextValue)}), so none is suggested.`
          : `${label}.`,
    value,
    suggested,
  });
}

/** Up to three distinct fitting values, the one nearest the middle of the neighbours' line first. */
export function rankedCandidates(fitting: readonly { value: number }[], low: number, high: number): string {
  const middle = (low + high) / 2;
  const values = [...new Set(fitting.map((c) => c.value))].sort(
    (a, b) => Math.abs(a - middle) - Math.abs(b - middle) || a - b,
  );
  return values.slice(0, 3).map(shown).join(', ') + (values.length > 3 ? ', …' : '');
}
