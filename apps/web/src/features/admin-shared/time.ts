import { formatUtcMinute } from '@kingdom-stats/core';

/** Admin screens show times in UTC, the game's clock: `2026-10-01 12:00 UTC`. */
export function formatUtc(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  return formatUtcMinute(seconds);
}

/** A scan as a list names it: its name and time, or its time alone when the scan is named after it (issue 41). */
export function scanLabel(name: string, takenAt: number): string {
  const time = formatUtc(takenAt);
  return name === time ? time : `${name} · ${time}`;
}

/** A `datetime-local` input's value (`2026-10-01T12:00`) read as UTC, in unix seconds; null when empty or bad. */
export function parseUtcInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** Unix seconds as a `datetime-local` value in UTC. */
export function toUtcInput(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16);
}
