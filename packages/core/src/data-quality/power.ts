/**
 * Power between a governor's previous scan and this one. Power is not a lifetime counter (troops die), so
 * only a change beyond what the period allows is flagged: more than maxPowerChangePerDay of the earlier
 * power per day, and at least minPowerChange. When a lost digit or a look-alike read brings the value
 * back within the bound, it is reported as a digit misread with that value.
 */
import { knownNumber, shown } from './fields.ts';
import { candidatesWithin, misreadCandidates } from './look-alikes.ts';
import type { DataQualitySettings, GovernorSnapshot, ValueFlag } from './types.ts';

const SECONDS_PER_DAY = 86_400;
/**
 * Scans hours apart still allow a day's change: a KvK fight wipes a governor's troops within hours (the
 * real series has 24% of power lost in 13 hours).
 */
export const MIN_PERIOD_DAYS = 1;
/**
 * Power never falls by more than this share, however long the period: buildings, research and commanders
 * stay when every troop is lost. A lost digit (−90%) or a leading 7 read as 1 (−76% or more) goes beyond.
 */
export const MAX_POWER_DROP_SHARE = 0.7;
/**
 * Nor rise by more than this share (power tripling), however long the period: the real series' largest
 * rise was 35% in 8 days. A leading 1 read as 7 multiplies power by four or more.
 */
export const MAX_POWER_RISE_SHARE = 2;

/**
 * The hard bounds (−70%, +200%) hold at every account size, minPowerChange or not: a small account's lost digit
 * (2,094,768 read as 209,476) is as impossible as a large one's. Only changes under this many power are never
 * flagged (a fresh account doubles in an afternoon).
 */
export const MIN_HARD_BOUND_CHANGE = 200_000;

/** The most power may move between two scans, up or down. */
export function allowedPowerChange(
  before: number,
  days: number,
  settings: DataQualitySettings,
  direction: 'up' | 'down',
): number {
  const share = settings.maxPowerChangePerDay * Math.max(days, MIN_PERIOD_DAYS);
  const hard = direction === 'down' ? MAX_POWER_DROP_SHARE : MAX_POWER_RISE_SHARE;
  const hardBound = Math.max(MIN_HARD_BOUND_CHANGE, before * hard);
  // Low sensitivity: only what no account can do (a lost digit, a leading 1 read as 7) is flagged.
  if (settings.sensitivity.power === 'low') return hardBound;
  const perDay = Math.max(settings.minPowerChange, before * Math.min(share, hard));
  return Math.min(perDay, hardBound);
}

export function periodDays(from: GovernorSnapshot, to: GovernorSnapshot): number {
  return Math.abs(to.takenAt - from.takenAt) / SECONDS_PER_DAY;
}

function describeDays(days: number): string {
  if (days < 1) return `${Math.max(1, Math.round(days * 24))} h`;
  const whole = Math.round(days * 10) / 10;
  return `${whole} ${whole === 1 ? 'day' : 'days'}`;
}

export function checkPowerChange(
  row: GovernorSnapshot,
  before: GovernorSnapshot | undefined,
  settings: DataQualitySettings,
  options: { jump: boolean; misread: boolean },
): ValueFlag | null {
  const value = row.values.power;
  const previousValue = before?.values.power;
  if (!before || !knownNumber(value) || !knownNumber(previousValue)) return null;
  const days = periodDays(before, row);
  const up = allowedPowerChange(previousValue, days, settings, 'up');
  const down = allowedPowerChange(previousValue, days, settings, 'down');
  const allowed = value > previousValue ? up : down;
  if (Math.abs(value - previousValue) <= allowed) return null;
  const change = `Power went ${value > previousValue ? 'up' : 'down'} from ${shown(previousValue)} to ${shown(value)} in ${describeDays(days)}`;
  const { fitting, suggested } = candidatesWithin(
    misreadCandidates(value),
    previousValue - down,
    previousValue + up,
  );
  if (options.misread && fitting.length > 0) {
    const how = suggested === null ? fitting[0]!.how : fitting.find((c) => c.value === suggested)!.how;
    return {
      scanId: row.scanId,
      governorId: row.governorId,
      field: 'power',
      check: 'digit_misread',
      reason: `${change}; it looks like ${how}${suggested === null ? ' (the value cannot be told for sure).' : `: ${shown(suggested)}.`}`,
      value,
      suggested,
    };
  }
  if (!options.jump) return null;
  return {
    scanId: row.scanId,
    governorId: row.governorId,
    field: 'power',
    check: 'power_jump',
    reason: `${change}, more than the ${shown(allowed)} such a period allows.`,
    value,
    suggested: null,
  };
}
