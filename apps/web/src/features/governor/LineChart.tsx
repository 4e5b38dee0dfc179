import { abbreviateNumber } from '@kingdom-stats/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
  onHover,
}: {
  xs: readonly number[];
  series: readonly LineSeries[];
  /** x values are unix seconds (dates on the axis); otherwise plain numbers (days). */
  time: boolean;
  xLabel?: string;
  testId: string;
  onHover: (index: number | null) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const hover = useRef(onHover);
  hover.current = onHover;

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
              ? {}
              : { values: (_u: uPlot, ticks: number[]) => ticks.map((t) => String(Math.round(t))) }),
          },
          { ...AXIS, size: 52, values: (_u, ticks) => ticks.map((tick) => abbreviateNumber(tick)) },
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
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: height() }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [xs, series, time, xLabel]);

  return <div ref={holder} data-testid={testId} className="w-full" />;
}
