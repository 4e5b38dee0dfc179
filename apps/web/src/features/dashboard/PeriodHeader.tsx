import type { DateOption } from '@kingdom-stats/core/api';
import { useId } from 'react';
import { primaryButton, secondaryButton, selectClass } from '../../components/controls/styles.ts';
import { useT } from '../../i18n/i18n.ts';

export interface Period {
  start: string;
  end: string;
}

interface PeriodHeaderProps {
  dates: readonly DateOption[];
  draft: Period;
  applied: Period;
  updating: boolean;
  onDraft: (period: Period) => void;
  onApply: () => void;
  diploLoading: boolean;
  onDiplo: () => void;
}

export function samePeriod(a: Period, b: Period): boolean {
  return a.start === b.start && a.end === b.end;
}

/** Start and End scans, Apply, and the Diplo button (SPEC §2's period header). */
export function PeriodHeader({
  dates,
  draft,
  applied,
  updating,
  onDraft,
  onApply,
  diploLoading,
  onDiplo,
}: PeriodHeaderProps) {
  const { t } = useT();
  const startId = useId();
  const endId = useId();
  const unchanged = samePeriod(draft, applied);
  return (
    <form
      aria-label={t('period.label')}
      className="flex flex-col gap-3 rounded-xl border border-slate-800 bg-slate-900/70 p-3 sm:flex-row sm:items-end sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <div className="grid flex-1 grid-cols-2 gap-2 sm:flex sm:flex-none sm:gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={startId} className="text-xs font-medium text-slate-400">
            {t('period.start')}
          </label>
          <select
            id={startId}
            dir="ltr"
            className={`${selectClass} w-full sm:w-64 lg:w-80`}
            value={draft.start}
            onChange={(event) => onDraft({ ...draft, start: event.target.value })}
          >
            {dates.map((date) => (
              <option key={date.timestamp} value={String(date.timestamp)}>
                {date.display}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={endId} className="text-xs font-medium text-slate-400">
            {t('period.end')}
          </label>
          <select
            id={endId}
            dir="ltr"
            className={`${selectClass} w-full sm:w-64 lg:w-80`}
            value={draft.end}
            onChange={(event) => onDraft({ ...draft, end: event.target.value })}
          >
            {dates.map((date) => (
              <option key={date.timestamp} value={String(date.timestamp)}>
                {date.display}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex gap-2 sm:flex-1">
        <button
          type="submit"
          className={`${primaryButton} flex-1 sm:flex-none`}
          disabled={updating || unchanged}
        >
          {updating && (
            <span
              aria-hidden="true"
              className="size-3.5 animate-spin rounded-full border-2 border-slate-950/30 border-t-slate-950"
            />
          )}
          {updating ? t('period.updating') : t('period.apply')}
        </button>
        <button
          type="button"
          className={`${secondaryButton} relative flex-1 sm:ms-auto sm:flex-none`}
          onClick={() => {
            if (!diploLoading) onDiplo();
          }}
          aria-busy={diploLoading}
          aria-label={diploLoading ? t('common.loading') : t('period.diploLabel')}
        >
          {diploLoading ? (
            t('common.loading')
          ) : (
            <>
              <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 text-sky-300">
                <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.4" />
                <path
                  d="M2 8h12M8 2c2 2 2 10 0 12M8 2c-2 2-2 10 0 12"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.2"
                />
              </svg>
              {t('period.diplo')}
              <span className="rounded bg-emerald-500 px-1.5 py-px text-[10px] font-bold tracking-wider text-emerald-950">
                {t('period.new')}
              </span>
            </>
          )}
        </button>
      </div>
    </form>
  );
}
