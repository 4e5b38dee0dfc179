import { MONTH_SHORT_NAMES } from '@kingdom-stats/core';

/** 'Nov 12, 14:00 UTC': month, day, hour and minute of a KvK time (unix seconds), on the game's UTC clock. */
export function formatKvkTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTH_SHORT_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
