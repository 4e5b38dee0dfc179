/**
 * Counting what the checks say about a series: flags per check, how many values they looked at, and, for a
 * series with injected misreads, which injections were found and which flags fell on clean values.
 */
import { CHECKED_FIELDS, type ValueFlag } from '@kingdom-stats/core';
import type { SeriesScan } from './corpus-series.ts';
import type { Injection } from './misread-generator.ts';

export const cellKey = (scanId: number, governorId: number, field: string) =>
  `${scanId}:${governorId}:${field}`;

/** Values the checks can judge: every known checked value of a governor seen in an earlier scan of the series. */
export function checkedValueCount(series: readonly SeriesScan[]): number {
  const seen = new Set<number>();
  let count = 0;
  for (const scan of series) {
    for (const row of scan.rows) {
      if (seen.has(row.governorId))
        count += CHECKED_FIELDS.filter((field) => typeof row.values[field] === 'number').length;
    }
    for (const row of scan.rows) seen.add(row.governorId);
  }
  return count;
}

export function countByCheck(flags: readonly ValueFlag[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const flag of flags) counts[flag.check] = (counts[flag.check] ?? 0) + 1;
  return counts;
}

const KILL_FIELDS = new Set(['kill_points', 't1_kills', 't2_kills', 't3_kills', 't4_kills', 't5_kills']);

/**
 * A flag finds an injection when it names its scan, governor and field; a misread kill tier or kill points
 * also shows as the kill points identity, which may name another of the six when it cannot tell which; and a
 * row flagged as another governor's (id_reused, whose values are not flagged one by one) covers its values.
 */
export function finds(flag: ValueFlag, injection: Injection): boolean {
  if (flag.scanId !== injection.scanId || flag.governorId !== injection.governorId) return false;
  if (flag.field === injection.field) return true;
  // A row flagged as another governor's is reviewed as a whole, values and all.
  if (flag.check === 'id_reused') return true;
  return flag.check === 'kill_points_identity' && KILL_FIELDS.has(injection.field);
}

export function missedInjections(flags: readonly ValueFlag[], injections: readonly Injection[]): Injection[] {
  return injections.filter((injection) => !flags.some((flag) => finds(flag, injection)));
}

/** Flags that found no injection: on values the generator left alone. */
export function flagsOnCleanValues(
  flags: readonly ValueFlag[],
  injections: readonly Injection[],
): ValueFlag[] {
  return flags.filter((flag) => !injections.some((injection) => finds(flag, injection)));
}

/** The series with every suggested value put in place of the value read. */
export function applySuggestions(series: readonly SeriesScan[], flags: readonly ValueFlag[]): SeriesScan[] {
  const suggested = new Map<string, number>();
  for (const flag of flags)
    if (flag.suggested !== null)
      suggested.set(cellKey(flag.scanId, flag.governorId, flag.field), flag.suggested);
  return series.map((scan) => ({
    ...scan,
    rows: scan.rows.map((row) => {
      const values = { ...row.values };
      for (const field of CHECKED_FIELDS) {
        const value = suggested.get(cellKey(scan.scanId, row.governorId, field));
        if (value !== undefined) values[field] = value;
      }
      return { ...row, values };
    }),
  }));
}
