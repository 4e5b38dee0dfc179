import { abbreviateNumber, EMPTY_CELL, formatInteger } from '@kingdom-stats/core';

/** Full number with separators ('1,234,567'), or '-' when unknown: the player table. */
export function fullNumber(value: number | null | undefined): string {
  return formatInteger(value);
}

/** '12.3M', or '-' when unknown: the summary tables and cards. */
export function shortNumber(value: number | null | undefined): string {
  return abbreviateNumber(value);
}

/** A change with its sign: '+1,234' / '-1,234' / '0'. */
export function signedNumber(value: number | null | undefined, short = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_CELL;
  const text = short ? abbreviateNumber(value) : formatInteger(value);
  return value > 0 ? `+${text}` : text;
}

/** Evolution is a percentage with one decimal: '+4.2%'. */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_CELL;
  const text = `${value.toFixed(1)}%`;
  return value > 0 ? `+${text}` : text;
}

/** Text or '-' for an empty value (SPEC §2). */
export function textOrDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_CELL;
  const text = String(value).trim();
  return text === '' ? EMPTY_CELL : text;
}

/** Made on first use: the first Intl object of a tab loads ICU's data, which the dashboard's first screen avoids. */
let utcFormat: Intl.DateTimeFormat | undefined;

/** '5 Jan 2025, 15:00 UTC' for a unix time in seconds. */
export function utcDateTime(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds))
    return EMPTY_CELL;
  utcFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    hour12: false,
  });
  return `${utcFormat.format(new Date(epochSeconds * 1000))} UTC`;
}

/** '5 minutes ago', '3 hours ago', '2 days ago' (SPEC §9: minutes, hours or days). */
export function relativeTime(epochSeconds: number, nowMs = Date.now()): string {
  const minutes = Math.max(0, Math.round((nowMs / 1000 - epochSeconds) / 60));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** A tone class for gains and losses. */
export function changeTone(value: number | null | undefined): string {
  if (value === null || value === undefined || value === 0) return 'text-slate-300';
  return value > 0 ? 'text-emerald-300' : 'text-rose-300';
}
