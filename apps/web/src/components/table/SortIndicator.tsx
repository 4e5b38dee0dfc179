import type { SortDirection } from '@kingdom-stats/core';

interface SortIndicatorProps {
  direction: SortDirection | undefined;
  /** 1-based; shown only when several columns are sorted at once. */
  priority?: number | undefined;
  showPriority?: boolean;
}

/** Arrow for a sortable header: faint both-ways when unsorted, one way when sorted, plus the sort's priority. */
export function SortIndicator({ direction, priority, showPriority = false }: SortIndicatorProps) {
  return (
    <span className="inline-flex shrink-0 items-center gap-0.5" data-sort-indicator={direction ?? 'none'}>
      <svg
        aria-hidden="true"
        viewBox="0 0 10 14"
        className={`h-3.5 w-2.5 ${direction ? 'text-sky-300' : 'text-slate-600'}`}
      >
        <path d="M5 1 9 6H1z" fill="currentColor" opacity={direction === 'desc' ? 0.25 : 1} />
        <path d="M5 13 1 8h8z" fill="currentColor" opacity={direction === 'asc' ? 0.25 : 1} />
      </svg>
      {showPriority && priority !== undefined && (
        <span
          className="grid size-4 place-items-center rounded-full bg-sky-500/20 text-[10px] leading-none font-semibold text-sky-200"
          data-sort-priority={priority}
        >
          {priority}
        </span>
      )}
    </span>
  );
}
