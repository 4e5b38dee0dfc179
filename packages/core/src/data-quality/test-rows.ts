/** Rows for the checks' tests: a governor's snapshot with only the values a test cares about. */
import type { CheckedField, GovernorSnapshot } from './types.ts';

export const DAY = 86_400;

export function snapshot(
  scanId: number,
  governorId: number,
  values: Partial<Record<CheckedField, number | null>>,
  extra: Partial<Pick<GovernorSnapshot, 'name' | 'alliance' | 'takenAt'>> = {},
): GovernorSnapshot {
  return {
    scanId,
    takenAt: extra.takenAt ?? scanId * DAY,
    governorId,
    name: extra.name ?? `Governor ${governorId}`,
    alliance: extra.alliance ?? null,
    values,
  };
}

export const byGovernor = (rows: readonly GovernorSnapshot[]) =>
  new Map(rows.map((row) => [row.governorId, row]));
