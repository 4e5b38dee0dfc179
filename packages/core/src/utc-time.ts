/**
 * The game's clock is UTC, and every screen, export and CLI line that names a moment writes it one way:
 * `2025-12-17 20:21 UTC`. One function so that a scan's time reads the same in a date list, a review card, a
 * spreadsheet and the CLI.
 */
export function formatUtcMinute(epochSeconds: number): string {
  const iso = new Date(epochSeconds * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
