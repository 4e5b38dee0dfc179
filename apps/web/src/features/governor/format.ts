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
