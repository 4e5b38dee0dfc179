import type { ReactNode } from 'react';

interface ProgressBarProps {
  value: number | null | undefined;
  max: number | null | undefined;
  color: string;
  children: ReactNode;
}

/** Share of the column's maximum, capped at 100% (SPEC §9); negative or unknown values draw an empty bar. */
export function barPercent(value: number | null | undefined, max: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return 0;
  if (max === null || max === undefined || !Number.isFinite(max) || max <= 0) return 0;
  return Math.min(100, (value / max) * 100);
}

/** A number with a thin bar under it; the text carries the value, the bar is decoration. */
export function ProgressBar({ value, max, color, children }: ProgressBarProps) {
  const percent = barPercent(value, max);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="tabular-nums">{children}</span>
      <span aria-hidden="true" className="block h-1.5 w-full overflow-hidden rounded-full bg-slate-800">
        <span
          data-bar-percent={Math.round(percent)}
          className="block h-full rounded-full"
          style={{ width: `${percent}%`, backgroundColor: color }}
        />
      </span>
    </div>
  );
}
