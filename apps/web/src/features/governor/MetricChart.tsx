import type { GovernorScan } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fullNumber, shortNumber, signedNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { scanTime, timeAxisLabels } from './format.ts';
import { type ChartMetric, type ChartMode, indexesWithin, metricValues, type ShadedSpan } from './series.ts';

interface MetricChartProps {
  scans: readonly GovernorScan[];
  metric: ChartMetric;
  mode: ChartMode;
  spans: readonly ShadedSpan[];
  /** Only the scans inside this span are drawn (a season picked above the charts); all of them when null. */
  range: ShadedSpan | null;
}

const SEASON_FILL = 'rgba(56, 189, 248, 0.08)';
const WAR_FILL = 'rgba(239, 68, 68, 0.16)';
const AXIS = { stroke: '#94a3b8', grid: { stroke: 'rgba(148, 163, 184, 0.12)' }, ticks: { show: false } };

/**
 * One counter over every scan, drawn by uPlot (its own canvas, ~20 kB, loaded with this route only). Seasons and wars
 * are shaded behind the line; the read-out above names the scan under the cursor or finger, and the latest scan
 * otherwise, so a phone shows a value without a hover.
 */
export function MetricChart({ scans: allScans, metric, mode, spans, range }: MetricChartProps) {
  const { t, locale } = useT();
  const label = t(metric.message);
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  // Gains are taken over every scan before cutting to the range, so a season's first scan keeps its gain over the
  // scan before the season instead of showing none.
  const { scans, values } = useMemo(() => {
    const all = metricValues(allScans, metric.key, mode);
    if (range === null) return { scans: allScans, values: all };
    const inside = indexesWithin(
      allScans.map((scan) => scan.takenAt),
      range,
    );
    return { scans: inside.map((i) => allScans[i]!), values: inside.map((i) => all[i] ?? null) };
  }, [allScans, metric.key, mode, range]);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    // A new set of scans (another season picked): the read-out goes back to its latest scan.
    setHovered(null);
    const times = scans.map((scan) => scan.takenAt);
    const shade = (u: uPlot) => {
      const { ctx, bbox } = u;
      ctx.save();
      for (const span of spans) {
        const left = Math.max(bbox.left, u.valToPos(span.start, 'x', true));
        const right = Math.min(bbox.left + bbox.width, u.valToPos(span.end, 'x', true));
        if (right <= left) continue;
        ctx.fillStyle = span.kind === 'war' ? WAR_FILL : SEASON_FILL;
        ctx.fillRect(left, bbox.top, Math.max(2, right - left), bbox.height);
      }
      ctx.restore();
    };
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: element.clientWidth < 500 ? 170 : 210,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        scales: { x: { time: true } },
        axes: [
          { ...AXIS, size: 32, ...(timeAxisLabels(locale) ? { values: timeAxisLabels(locale) } : {}) },
          { ...AXIS, size: 52, values: (_u, ticks) => ticks.map((tick) => shortNumber(tick)) },
        ],
        series: [
          {},
          {
            label,
            stroke: metric.color,
            width: 2,
            spanGaps: false,
            points: { show: scans.length <= 60, size: 5, fill: metric.color },
          },
        ],
        hooks: {
          drawClear: [shade],
          setCursor: [(u) => setHovered(u.cursor.idx ?? null)],
        },
      },
      [times, values],
      element,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: element.clientWidth, height: element.clientWidth < 500 ? 170 : 210 });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.current = null;
      chart.destroy();
    };
  }, [scans, values, metric, label, locale, spans]);

  const index = hovered ?? scans.length - 1;
  // Without a pointer the chart is read with the keys: arrows step from scan to scan, Home and End go to the first and
  // the latest; uPlot's cursor follows, so the point read is marked on the line too.
  const step = (event: React.KeyboardEvent) => {
    const last = scans.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    const target = Math.min(last, Math.max(0, next));
    setHovered(target);
    const chart = plot.current;
    const at = scans[target];
    if (chart && at) {
      const y = values[target];
      chart.setCursor({
        left: chart.valToPos(at.takenAt, 'x'),
        top:
          y === null || y === undefined ? chart.bbox.height / 2 / devicePixelRatio : chart.valToPos(y, 'y'),
      });
    }
  };
  const scan = scans[index];
  const value = values[index] ?? null;
  const shown = mode === 'gains' ? signedNumber(value) : fullNumber(value);
  return (
    <figure className="min-w-0 rounded-lg border border-slate-800 bg-slate-950/40 p-2 sm:p-3">
      <figcaption className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold text-white">
          {mode === 'gains' ? (
            <Trans
              id="governor.chart.gainedPerScan"
              values={{ counter: label }}
              components={{ 0: <span className="font-normal text-slate-400" /> }}
            />
          ) : (
            label
          )}
        </span>
        <span
          data-testid="chart-readout"
          aria-live="polite"
          dir="ltr"
          className="text-slate-300 tabular-nums"
        >
          {scan ? `${scanTime(scan.takenAt)} · ${shown}` : '-'}
        </span>
      </figcaption>
      {/* A slider over the scans for the keys (arrows, Home, End); the read-out above is its value. */}
      <div
        ref={holder}
        data-testid={`chart-${metric.key}`}
        tabIndex={0}
        role="slider"
        aria-label={t('governor.chart.slider', { counter: label })}
        aria-valuemin={1}
        aria-valuemax={Math.max(1, scans.length)}
        aria-valuenow={index + 1}
        aria-valuetext={scan ? `${scanTime(scan.takenAt)}: ${shown}` : t('governor.chart.noScan')}
        onKeyDown={step}
        className="w-full rounded focus-visible:outline-2 focus-visible:outline-sky-400"
      />
    </figure>
  );
}
