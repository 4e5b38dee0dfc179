import type { GovernorScan } from '@kingdom-stats/core/api';
import type { MessageId } from '../../i18n/i18n.ts';

/**
 * The counters the page charts, in the order the charts appear. `message` is the name's message id, which the screens
 * show (`t(metric.message)`).
 */
export const CHART_METRICS = [
  { key: 'power', message: 'governor.metric.power', color: '#38bdf8' },
  { key: 'killPoints', message: 'governor.metric.killPoints', color: '#f97316' },
  { key: 't4Kills', message: 'governor.metric.t4Kills', color: '#a78bfa' },
  { key: 't5Kills', message: 'governor.metric.t5Kills', color: '#f472b6' },
  { key: 'dead', message: 'governor.metric.dead', color: '#ef4444' },
  { key: 'healed', message: 'governor.metric.healed', color: '#22c55e' },
] as const satisfies readonly { key: string; message: MessageId; color: string }[];
export type ChartMetric = (typeof CHART_METRICS)[number];
export type MetricKey = ChartMetric['key'];

export type ChartMode = 'totals' | 'gains';

/**
 * A metric's values over the scans: the stored totals, or each scan's gain over the scan before it. A gain needs
 * both values; the first scan has none (null, drawn as a gap and read out as '-').
 */
export function metricValues(
  scans: readonly GovernorScan[],
  key: MetricKey,
  mode: ChartMode,
): (number | null)[] {
  const totals = scans.map((scan) => scan[key]);
  if (mode === 'totals') return totals;
  return totals.map((value, i) => {
    const before = i > 0 ? totals[i - 1] : null;
    return value === null || before === null || before === undefined ? null : value - before;
  });
}

/** Whether the governor has any known value of the metric (a scanner without a Healed column has none). */
export function hasValues(scans: readonly GovernorScan[], key: MetricKey): boolean {
  return scans.some((scan) => scan[key] !== null);
}

/** A span shaded behind the charts: a KvK season or a war (unix seconds). */
export interface ShadedSpan {
  kind: 'season' | 'war';
  label: string;
  /** A season's KvK number (what the address names it by). */
  kvk?: number;
  start: number;
  end: number;
}

/** A KvK season as the API answers it, as a span (`KvK 7`, open to close time). */
export function seasonSpan(season: { kvkNumber: number; openTime: number; closeTime: number }): ShadedSpan {
  return {
    kind: 'season',
    label: `KvK ${season.kvkNumber}`,
    kvk: season.kvkNumber,
    start: season.openTime,
    end: season.closeTime,
  };
}

/**
 * The seasons a chart over these scan times can be cut to: those with a scan inside. A season's scans can be a
 * sliver of a chart over every scan (months between seasons, or many scans in a few weeks).
 */
export function seasonsWithScans(spans: readonly ShadedSpan[], times: readonly number[]): ShadedSpan[] {
  return spans.filter(
    (span) => span.kind === 'season' && times.some((time) => time >= span.start && time <= span.end),
  );
}

/** The indexes of the times inside `range` (all of them when there is none), in order. */
export function indexesWithin(times: readonly number[], range: ShadedSpan | null): number[] {
  return times.flatMap((time, i) =>
    range === null || (time >= range.start && time <= range.end) ? [i] : [],
  );
}
