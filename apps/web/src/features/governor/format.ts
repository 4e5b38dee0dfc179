import { formatUtcMinute } from '@kingdom-stats/core';

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
