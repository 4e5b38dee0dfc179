import { RALLY_DATE_FILTER_OPTIONS, type RallyDateFilter } from '@kingdom-stats/core';
import { useT } from '../../i18n/i18n.ts';
import { PERIOD_LABELS } from './dates.ts';

interface PeriodFilterProps {
  value: RallyDateFilter;
  /** A preset button; 'custom' opens the range picker instead. */
  onPreset: (filter: Exclude<RallyDateFilter, 'custom'>) => void;
  onCustom: () => void;
  /** The applied period's days, 'Nov 16 - Nov 22', when known. */
  periodLabel: string | null;
}

const base =
  'h-9 rounded-lg border px-2 text-sm sm:px-3 font-medium whitespace-nowrap transition-colors focus-visible:outline-2 ' +
  'focus-visible:outline-offset-2 focus-visible:outline-sky-400';
const active = `${base} border-sky-500 bg-sky-500 text-slate-950`;
const idle = `${base} border-slate-700 bg-slate-900 text-slate-200 hover:border-slate-500 hover:bg-slate-800`;

/** Today, Yesterday, This Week, Last Week, Last 30 Days and Custom Range (SPEC Rally Data page). */
export function PeriodFilter({ value, onPreset, onCustom, periodLabel }: PeriodFilterProps) {
  const { t } = useT();
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
        <legend className="sr-only">{t('rally.period')}</legend>
        {RALLY_DATE_FILTER_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.value === value}
            className={option.value === value ? active : idle}
            onClick={() => (option.value === 'custom' ? onCustom() : onPreset(option.value))}
          >
            {option.value === 'custom' && (
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className="me-1.5 hidden size-4 align-[-3px] sm:inline"
              >
                <rect
                  x="2"
                  y="3"
                  width="12"
                  height="11"
                  rx="1.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.4"
                />
                <path d="M2 6.5h12M5.5 1.5v3m5-3v3" stroke="currentColor" strokeWidth="1.4" />
              </svg>
            )}
            {t(PERIOD_LABELS[option.value])}
          </button>
        ))}
      </fieldset>
      <p className="text-sm text-slate-400" data-testid="rally-period">
        {periodLabel === null ? '\u00a0' : t('rally.periodUtc', { period: periodLabel })}
      </p>
    </div>
  );
}
