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
/** Scans an hour apart still allow an hour's worth of change, never less. */
export const MIN_PERIOD_DAYS = 1 / 24;

/** The most power may move between two scans. */
export function allowedPowerChange(before: number, days: number, settings: DataQualitySettings): number {
  return Math.max(
    settings.minPowerChange,
    before * settings.maxPowerChangePerDay * Math.max(days, MIN_PERIOD_DAYS),
  );
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
  const allowed = allowedPowerChange(previousValue, days, settings);
  if (Math.abs(value - previousValue) <= allowed) return null;
  const change = `Power went ${value > previousValue ? 'up' : 'down'} from ${shown(previousValue)} to ${shown(value)} in ${describeDays(days)}`;
  const { fitting, suggested } = candidatesWithin(
    misreadCandidates(value),
    previousValue - allowed,
    previousValue + allowed,
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
