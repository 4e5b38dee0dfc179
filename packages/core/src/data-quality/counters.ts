/**
 * Lifetime counters between a governor's previous scan and this one: a counter that went down, and a
 * counter that jumped by far more than a period allows, reported as a digit misread when a lost digit or a
 * look-alike digit explains it (with the value the screen showed when only one explains it).
 */
import { FIELD_LABELS, knownNumber, LIFETIME_COUNTERS, shown } from './fields.ts';
import { candidatesWithin, lostDigitCandidates, misreadCandidates, swapCandidates } from './look-alikes.ts';
import type { CheckedField, GovernorSnapshot, ValueFlag } from './types.ts';

/**
 * A gain is implausible when it is more than this many times the gain the kingdom's top 5% made over the
 * same period (their 95th percentile), and more than JUMP_MIN_SHARE of the earlier value. Top fighters
 * gain several times the 95th percentile in a KvK day, never twenty.
 */
export const JUMP_GAIN_MULTIPLE = 20;
export const GAIN_PERCENTILE = 0.95;
/** A gain under this share of the earlier value is never called implausible (small counters move fast). */
export const JUMP_MIN_SHARE = 1;
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

/** The gain over this scan's period that counts as plausible for a counter, from the kingdom's own gains. */
export function plausibleGains(context: CounterContext): Map<Counter, number> {
  const result = new Map<Counter, number>();
  for (const field of LIFETIME_COUNTERS) {
    const gains: number[] = [];
    for (const row of context.rows) {
      const before = context.previous.get(row.governorId)?.values[field];
      const now = row.values[field];
      if (knownNumber(before) && knownNumber(now) && now >= before) gains.push(now - before);
    }
    gains.sort((a, b) => a - b);
    const reference = gains.length === 0 ? 0 : gains[Math.floor((gains.length - 1) * GAIN_PERCENTILE)]!;
    result.set(field, reference * JUMP_GAIN_MULTIPLE);
  }
  return result;
}

function plausibleFor(kingdomGain: number, before: number): number {
  return Math.max(kingdomGain, before * JUMP_MIN_SHARE, JUMP_MIN_UNITS);
}

function flag(
  row: GovernorSnapshot,
  field: CheckedField,
  fields: Omit<ValueFlag, 'scanId' | 'governorId' | 'field'>,
) {
  return { scanId: row.scanId, governorId: row.governorId, field, ...fields };
}

export function checkCounters(context: CounterContext): ValueFlag[] {
  const gains = plausibleGains(context);
  const flags: ValueFlag[] = [];
  for (const row of context.rows) {
    const before = context.previous.get(row.governorId);
    const after = context.next?.get(row.governorId);
    for (const field of LIFETIME_COUNTERS) {
      const value = row.values[field];
      if (!knownNumber(value)) continue;
      const previousValue = before?.values[field];
      const nextValue = after?.values[field];
      const plausible = plausibleFor(gains.get(field)!, knownNumber(previousValue) ? previousValue : value);
      const explained = knownNumber(previousValue)
        ? againstPrevious(
            row,
            field,
            value,
            previousValue,
            knownNumber(nextValue) ? nextValue : null,
            plausible,
          )
        : null;
      const found = context.digitMisread
        ? explained
        : explained?.map(withoutMisread).filter((f) => f !== null);
      if (found) {
        flags.push(...found);
        continue;
      }
      if (knownNumber(nextValue) && nextValue < value) {
        const above = aboveNext(row, field, value, nextValue);
        flags.push(context.digitMisread ? above : { ...above, check: 'counter_decreased', suggested: null });
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
  plausible: number,
): ValueFlag[] | null {
  const label = FIELD_LABELS[field];
  // The screen's value lies between the previous scan's and the next one's when both are known.
  const high = nextValue !== null && nextValue >= previousValue ? nextValue : previousValue + plausible;
  if (value < previousValue) {
    const { fitting, suggested } = candidatesWithin(misreadCandidates(value), previousValue, high);
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
    // The earlier value may be the misread one: one of its look-alikes fits below this value.
    const earlier = candidatesWithin(swapCandidates(previousValue), Math.max(0, value - plausible), value);
    if (earlier.fitting.length > 0) return [];
    return [
      flag(row, field, {
        check: 'counter_decreased',
        reason: `${label} went down from ${shown(previousValue)} to ${shown(value)}; it never goes down in the game.`,
        value,
        suggested: null,
      }),
    ];
  }
  if (value - previousValue <= plausible) return null;
  // A jump: a look-alike read too high explains it when one of its candidates is a plausible gain.
  const { fitting, suggested } = candidatesWithin(swapCandidates(value), previousValue, high);
  if (fitting.length === 0) return null;
  // The earlier value read too low (a lost digit) explains the jump as well: the flag belongs to that scan.
  // (Only a lost digit: a look-alike is symmetric, and a previous value read too low was flagged as a drop.)
  if (
    candidatesWithin(lostDigitCandidates(previousValue), Math.max(0, value - plausible), value).fitting
      .length > 0
  )
    return [];
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

function aboveNext(row: GovernorSnapshot, field: Counter, value: number, nextValue: number): ValueFlag {
  const { suggested } = candidatesWithin(swapCandidates(value), 0, nextValue);
  return flag(row, field, {
    check: suggested === null ? 'counter_decreased' : 'digit_misread',
    reason:
      `${FIELD_LABELS[field]} is ${shown(value)} here but ${shown(nextValue)} in the next scan; it never goes down in the game` +
      (suggested === null ? '.' : `; it looks like a look-alike digit: ${shown(suggested)}.`),
    value,
    suggested,
  });
}

/** A digit misread reported without that check: a drop stays a counter that went down, a jump goes. */
function withoutMisread(found: ValueFlag): ValueFlag | null {
  if (found.check !== 'digit_misread') return found;
  if (!found.reason.includes(' went down ')) return null;
  return {
    ...found,
    check: 'counter_decreased',
    reason: `${found.reason.slice(0, found.reason.indexOf(';'))}; it never goes down in the game.`,
    suggested: null,
  };
}
