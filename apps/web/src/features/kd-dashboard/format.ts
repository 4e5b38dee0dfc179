import { formatInteger } from '@kingdom-stats/core';
import type { DkpRow } from '@kingdom-stats/core/api';

/** SPEC §2: Reached colours change at 25, 50, 75 and 100 percent. */
export type ReachedBand = 'low' | 'quarter' | 'half' | 'most' | 'done';

export function reachedBand(percent: number): ReachedBand {
  if (percent >= 100) return 'done';
  if (percent >= 75) return 'most';
  if (percent >= 50) return 'half';
  if (percent >= 25) return 'quarter';
  return 'low';
}

export const REACHED_COLORS: Record<ReachedBand, string> = {
  low: '#ef4444',
  quarter: '#f97316',
  half: '#eab308',
  most: '#38bdf8',
  done: '#22c55e',
};

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}%`;
}

export function formatSigned(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value > 0 ? `+${formatInteger(value)}` : formatInteger(value);
}

/** SPEC §9: relative time in minutes, hours or days ('Updated 5 minutes ago'). */
export function updatedAgo(epochSeconds: number, nowMs = Date.now()): string {
  const minutes = Math.max(0, Math.floor((nowMs / 1000 - epochSeconds) / 60));
  const unit = (n: number, word: string) => `Updated ${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}

export function utcDay(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  });
}

/**
 * "Farm of <main's name>" beside a farm shown apart (docs/farms.md), as the main dashboard says it; the main's ID when
 * the main's own row is not in the answer. Null for a row that is no farm.
 */
export function farmOfText(row: DkpRow, nameOf: ReadonlyMap<number, string>): string | null {
  const main = row['Farm Of'];
  if (main === undefined) return null;
  return `Farm of ${nameOf.get(main) || main}`;
}
