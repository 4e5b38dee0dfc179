import { pagerItems } from '@kingdom-stats/core';

interface PagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label: string;
  disabled?: boolean;
}

const button =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm tabular-nums transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-40';

import { useT } from '../../i18n/i18n.ts';

/** Page buttons: every page up to 7, otherwise first, last and the current page's neighbours with ellipses. */
export function Pager({ page, pageCount, onPageChange, label, disabled = false }: PagerProps) {
  const { t } = useT();
  if (pageCount <= 1) return null;
  const items = pagerItems(page, pageCount);
  return (
    <nav aria-label={label} className="flex items-center gap-1">
      <button
        type="button"
        className={`${button} text-slate-300 hover:bg-slate-800`}
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
        aria-label={t('table.previousPage')}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
          <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {items.map((item, index) =>
        item === 'ellipsis' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: at most two ellipses, told apart by position
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={`${button} ${
              item === page ? 'bg-sky-500 font-semibold text-slate-950' : 'text-slate-300 hover:bg-slate-800'
            }`}
            onClick={() => onPageChange(item)}
            disabled={disabled}
            aria-label={t('table.page', { page: String(item) })}
            aria-current={item === page ? 'page' : undefined}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${button} text-slate-300 hover:bg-slate-800`}
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= pageCount}
        aria-label={t('table.nextPage')}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
          <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
    </nav>
  );
}
