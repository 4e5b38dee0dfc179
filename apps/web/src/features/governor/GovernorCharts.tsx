import type { GovernorScan } from '@kingdom-stats/core/api';
import { useState } from 'react';
import { Section } from '../../components/layout/Section.tsx';
import { MetricChart } from './MetricChart.tsx';
import { CHART_METRICS, type ChartMode, hasValues, type ShadedSpan } from './series.ts';

const modeButton =
  'rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-400';

/** Every charted counter the governor has values for, with one totals / gains-per-scan switch for all of them. */
export function GovernorCharts({
  scans,
  spans,
}: {
  scans: readonly GovernorScan[];
  spans: readonly ShadedSpan[];
}) {
  const [mode, setMode] = useState<ChartMode>('totals');
  // A season's scans can be a sliver of a chart over every scan (months between seasons, or many scans in a few
  // weeks): a season can be shown on its own. Only seasons with scans of the governor are offered.
  const seasons = spans.filter(
    (span) =>
      span.kind === 'season' && scans.some((scan) => scan.takenAt >= span.start && scan.takenAt <= span.end),
  );
  const [shown, setShown] = useState<string | null>(null);
  const range = seasons.find((span) => span.label === shown) ?? null;
  const metrics = CHART_METRICS.filter((metric) => hasValues(scans, metric.key));
  const missing = CHART_METRICS.filter((metric) => !hasValues(scans, metric.key));
  return (
    <Section
      id="charts"
      title="Over every scan"
      description={
        <>
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-sky-400/30 align-middle" /> KvK season{' '}
          <span className="mr-1 ml-2 inline-block size-2.5 rounded-sm bg-red-500/40 align-middle" /> war
          {missing.length > 0 && ` · no scan has ${missing.map((m) => m.label.toLowerCase()).join(', ')}`}
        </>
      }
      actions={
        <fieldset className="inline-flex rounded-lg border border-slate-700 p-0.5">
          <legend className="sr-only">Chart values</legend>
          {(['totals', 'gains'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              className={`${modeButton} ${mode === value ? 'bg-sky-500/20 text-sky-100' : 'text-slate-300 hover:text-white'}`}
            >
              {value === 'totals' ? 'Totals' : 'Gains per scan'}
            </button>
          ))}
        </fieldset>
      }
    >
      {seasons.length > 0 && (
        <fieldset className="mb-3 flex flex-wrap gap-1">
          <legend className="sr-only">Scans shown</legend>
          {[null, ...seasons.map((span) => span.label)].map((label) => (
            <button
              key={label ?? 'all'}
              type="button"
              aria-pressed={shown === label}
              onClick={() => setShown(label)}
              className={`${modeButton} border border-slate-700 ${shown === label ? 'bg-sky-500/20 text-sky-100' : 'text-slate-300 hover:text-white'}`}
            >
              {label ?? 'All scans'}
            </button>
          ))}
        </fieldset>
      )}
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {metrics.map((metric) => (
          <MetricChart
            key={metric.key}
            scans={scans}
            metric={metric}
            mode={mode}
            spans={spans}
            range={range}
          />
        ))}
      </div>
    </Section>
  );
}
