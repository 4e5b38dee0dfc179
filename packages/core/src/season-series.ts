/**
 * One governor across two KvK seasons, aligned by day of season (issue 13 item 4; docs/governor.md "Season against
 * season"). Pure: the governor page draws what this answers.
 */

const DAY = 86_400;

export interface SeasonWindow {
  openTime: number;
  closeTime: number;
}

export interface SeasonPoint {
  /** Days since the season opened (fractional: a scan at 12:00 of the opening day is 0.5). */
  day: number;
  /** The value gained since the season's first scan with a known value; null when this scan's is unknown. */
  value: number | null;
}

/**
 * The season's scans (open ≤ time ≤ close) as days since the open and the gain since the first of them that knows
 * the value: two seasons then start from 0 on the same axis, whatever the totals the governor carried into each.
 * Scans before that first known value have no point (nothing to measure from yet).
 */
export function seasonSeries<T extends { takenAt: number }>(
  scans: readonly T[],
  value: (scan: T) => number | null,
  season: SeasonWindow,
): SeasonPoint[] {
  const points: SeasonPoint[] = [];
  let base: number | null = null;
  for (const scan of scans) {
    if (scan.takenAt < season.openTime || scan.takenAt > season.closeTime) continue;
    const v = value(scan);
    if (base === null) {
      if (v === null) continue;
      base = v;
    }
    points.push({ day: (scan.takenAt - season.openTime) / DAY, value: v === null ? null : v - base });
  }
  return points;
}

/**
 * Two seasons' points on one x axis for a chart: the union of their days, ascending, and each season's value at
 * those days (null where that season has no scan that day).
 */
export function alignSeasons(
  a: readonly SeasonPoint[],
  b: readonly SeasonPoint[],
): { days: number[]; a: (number | null)[]; b: (number | null)[] } {
  const days = [...new Set([...a, ...b].map((p) => p.day))].sort((x, y) => x - y);
  const at = (points: readonly SeasonPoint[]) => {
    const byDay = new Map(points.map((p) => [p.day, p.value]));
    return days.map((day) => byDay.get(day) ?? null);
  };
  return { days, a: at(a), b: at(b) };
}
