/**
 * Lifetime counters between a governor's previous scan and this one: a counter that went down, and a
 * counter that jumped by far more than a period allows, reported as a digit misread when a lost digit or a
 * look-alike digit explains it (with the value the screen showed when only one explains it).
 */
import { FIELD_LABELS, knownNumber, LIFETIME_COUNTERS, shown } from './fields.ts';
import { candidatesWithin, misreadCandidates, swapCandidates } from './look-alikes.ts';
import type { CheckedField, GovernorSnapshot, ValueFlag } from './types.ts';

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

type Counter = (typeof LIFETIME_COUNTERS)[number];

export interface CounterContext {
  rows: readonly GovernorSnapshot[];
  previous: ReadonlyMap<number, GovernorSnapshot>;
  next?: ReadonlyMap<number, GovernorSnapshot>;
  /** Off: a drop is reported as a counter that went down, and a jump is not reported. */
  digitMisread: boolean;
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
    for (const field of LIFETIME_COUNTERS) {
      const value = row.values[field];
      if (!knownNumber(value)) continue;
      const previousValue = before?.values[field];
      const nextValue = after?.values[field];
      const ownGain = knownNumber(previousValue) && value >= previousValue ? value - previousValue : null;
      const percentile = othersPercentileGain(gains.get(field)!, ownGain);
      const bounds = gainBounds(percentile, knownNumber(previousValue) ? previousValue : value);
      const found = knownNumber(previousValue)
        ? againstPrevious(row, field, value, previousValue, knownNumber(nextValue) ? nextValue : null, {
            ...bounds,
            digitMisread: context.digitMisread,
          })
        : null;
      if (found) {
        for (const one of found) flags.push(one);
        continue;
      }
      if (knownNumber(nextValue) && nextValue < value) {
        const previousOrZero = knownNumber(previousValue) ? previousValue : 0;
        flags.push(
          aboveNext(row, field, value, previousOrZero, nextValue, {
            ...bounds,
            digitMisread: context.digitMisread,
          }),
        );
      }
    }
  }
  return flags;
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
  // A jump: a look-alike read too high explains it when one of its candidates is a plausible gain.
  const { fitting, suggested } = candidatesWithin(
    swapCandidates(value),
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

function aboveNext(
  row: GovernorSnapshot,
  field: Counter,
  value: number,
  previousValue: number,
  nextValue: number,
  { likely, digitMisread }: { likely: number; digitMisread: boolean },
): ValueFlag {
  const own = candidatesWithin(
    digitMisread ? swapCandidates(value) : [],
    Math.min(previousValue, nextValue),
    nextValue,
  );
  // A look-alike is symmetric: when the next value read again fits above this one, either may be the misread.
  const theirs = candidatesWithin(digitMisread ? misreadCandidates(nextValue) : [], value, value + likely);
  const suggested = theirs.fitting.length > 0 ? null : own.suggested;
  const label = `${FIELD_LABELS[field]} is ${shown(value)} here but ${shown(nextValue)} in the next scan; it never goes down in the game`;
  return flag(row, field, {
    check: suggested === null ? 'counter_decreased' : 'digit_misread',
    reason:
      suggested !== null
        ? `${label}; it looks like a look-alike digit: ${shown(suggested)}.`
        : theirs.fitting.length > 0
          ? `${label}: this value or the next scan's is misread.`
          : `${label}.`,
    value,
    suggested,
  });
}
