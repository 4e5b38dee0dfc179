import { EMPTY_CELL, formatUtcMinute } from '@kingdom-stats/core';
import { i18n } from '../../i18n/i18n.ts';

/** A scan time as the dashboards' date lists show it: '2025-12-17 09:00 UTC'. */
export const scanTime = formatUtcMinute;

/** A day, for spans and histories: '2025-12-17'. */
export function scanDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** A span of days: one day once. */
export function dayRange(from: number, to: number): string {
  const [a, b] = [scanDay(from), scanDay(to)];
  return a === b ? a : `${a} – ${b}`;
}

/**
 * A DKP goal reached, '87.5%' ('87,5 %', '%87,5'), up to two decimals as the KvK DKP table shows it; '-' when
 * unknown. English keeps the plain form the KvK DKP screen prints.
 */
export function reachedPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_CELL;
  const locale = i18n.locale || 'en';
  if (locale === 'en') return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

const DAY = 86_400;

/**
 * The charts' time axis in the reader's language ('thg 8', '8月', 'أغسطس'), on the game's UTC clock; undefined in
 * English, which keeps uPlot's own labels. uPlot passes the step between ticks in seconds: months, days or hours.
 */
export function timeAxisLabels(
  locale: string,
): ((self: unknown, splits: number[], axis: number, space: number, step: number) => string[]) | undefined {
  if (locale === 'en') return undefined;
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  const month = format({ month: 'short' });
  const monthYear = format({ month: 'short', year: 'numeric' });
  const day = format({ month: 'short', day: 'numeric' });
  const time = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (_self, splits, _axis, _space, step) =>
    splits.map((seconds, i) => {
      const date = new Date(seconds * 1000);
      if (step >= 28 * DAY)
        return i === 0 || date.getUTCMonth() === 0 ? monthYear.format(date) : month.format(date);
      return step >= DAY ? day.format(date) : time.format(date);
    });
}
