import type { CSSProperties, ReactNode } from 'react';

interface ProgressBarProps {
  value: number | null | undefined;
  max: number | null | undefined;
  color: string;
  /** The tooltip of the number and its bar (the exact value where the text is rounded). */
  title?: string | undefined;
  children: ReactNode;
}

/** Share of the column's maximum, capped at 100% (SPEC §9); negative or unknown values draw an empty bar. */
export function barPercent(value: number | null | undefined, max: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return 0;
  if (max === null || max === undefined || !Number.isFinite(max) || max <= 0) return 0;
  return Math.min(100, (value / max) * 100);
}

/**
 * A number with a thin bar under it; the text carries the value, the bar is decoration. The bar's fill is the
 * track's ::after, not an element: a summary table draws one bar per cell, and three elements a bar where there
 * were four (five with the summaries' tooltip) cut what the first screen builds (docs/benchmarks.md, "Issue 16:
 * one layout drawn").
 */
export function ProgressBar({ value, max, color, title, children }: ProgressBarProps) {
  const percent = barPercent(value, max);
  const fill = { '--bar-width': `${percent}%`, '--bar-color': color } as CSSProperties;
  return (
    <span className="flex min-w-0 flex-col gap-1" title={title}>
      <span className="tabular-nums">{children}</span>
      <span
        aria-hidden="true"
        data-bar-percent={Math.round(percent)}
        className="block h-1.5 w-full overflow-hidden rounded-full bg-slate-800 after:block after:h-full after:w-(--bar-width) after:rounded-full after:bg-(--bar-color)"
        style={fill}
      />
    </span>
  );
}
