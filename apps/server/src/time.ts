/**
 * The server's clock and its one way of writing a moment for machines. Every stored time is unix seconds (UTC, the
 * game's clock); people read moments through `formatUtcMinute` in `@kingdom-stats/core`.
 */

/** Now, in the unix seconds every table stores. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** `2026-10-01T12:00:00Z`: ISO-8601 to the second, for the CLI's lists, CSV exports and `--at` examples. */
export function isoUtc(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}
