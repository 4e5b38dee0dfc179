import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fullNumber, shortNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { timeAxisLabels } from './format.ts';

export interface LineSeries {
  label: string;
  color: string;
  /** One value per x; null where the line has no point (drawn across when `join` is set). */
  values: (number | null)[];
}

const AXIS = { stroke: '#94a3b8', grid: { stroke: 'rgba(148, 163, 184, 0.12)' }, ticks: { show: false } };

/**
 * Several lines on one uPlot chart (the governor page's library, in the same lazy chunk): compare's governors over
 * time, or one governor's seasons by day of season. The parent shows the read-out: `onHover` gives the x index under
 * the pointer or finger (null when it leaves).
 */
export function LineChart({
  xs,
  series,
  time,
  xLabel,
  testId,
  label,
  onHover,
}: {
  xs: readonly number[];
  series: readonly LineSeries[];
  /** x values are unix seconds (dates on the axis); otherwise plain numbers (days). */
  time: boolean;
  xLabel?: string;
  testId: string;
  /** What the chart is, for screen readers and the keyboard stop's name. */
  label: string;
  onHover: (index: number | null) => void;
}) {
  const { t, locale } = useT();
  const holder = useRef<HTMLDivElement>(null);
  const hover = useRef(onHover);
  hover.current = onHover;
  const plot = useRef<uPlot | null>(null);
  // The x index the keys last moved to (the parent's read-out follows uPlot's cursor either way).
  const [keyed, setKeyed] = useState<number | null>(null);

  // The locale: the axes' numbers and dates are drawn in the reader's language, again when it changes.
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const height = () => (element.clientWidth < 500 ? 220 : 300);
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: height(),
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        scales: { x: { time } },
        axes: [
          {
            ...AXIS,
            size: xLabel ? 44 : 32,
            ...(xLabel ? { label: xLabel, labelSize: 14 } : {}),
            ...(time
              ? { ...(timeAxisLabels(locale) ? { values: timeAxisLabels(locale) } : {}) }
              : {
                  values: (_u: uPlot, ticks: number[]) => ticks.map((tick) => fullNumber(Math.round(tick))),
                }),
          },
          { ...AXIS, size: 52, values: (_u, ticks) => ticks.map((tick) => shortNumber(tick)) },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            spanGaps: true,
            points: { show: xs.length <= 60, size: 5, fill: s.color },
          })),
        ],
        hooks: { setCursor: [(u: uPlot) => hover.current(u.cursor.idx ?? null)] },
      },
      [[...xs], ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    plot.current = chart;
    setKeyed(null);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: height() }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.current = null;
      chart.destroy();
    };
  }, [xs, series, time, xLabel, locale]);

  // Without a pointer the chart is read with the keys: arrows step along x, Home and End go to the ends; uPlot's
  // cursor is moved there, so its hook tells the parent as a hover would.
  const last = xs.length - 1;
  const at = keyed ?? last;
  const step = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last };
    const next = moves[event.key];
    const chart = plot.current;
    if (next === undefined || last < 0 || !chart) return;
    event.preventDefault();
    const target = Math.min(last, Math.max(0, next));
    setKeyed(target);
    chart.setCursor({
      left: chart.valToPos(xs[target]!, 'x'),
      top: chart.bbox.height / 2 / devicePixelRatio,
    });
  };
  return (
    <div
      ref={holder}
      data-testid={testId}
      tabIndex={0}
      role="slider"
      aria-label={t('governor.lineChart.slider', { chart: label })}
      aria-valuemin={1}
      aria-valuemax={Math.max(1, xs.length)}
      aria-valuenow={at + 1}
      onKeyDown={step}
      className="w-full rounded focus-visible:outline-2 focus-visible:outline-sky-400"
    />
  );
}
