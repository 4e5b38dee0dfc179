import { useId } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { useT } from '../../i18n/i18n.ts';

interface RallySearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter or the Search button. */
  onSearch: () => void;
  onClear: () => void;
  /** Whether a search is applied (Clear then also resets it). */
  applied: boolean;
}

/** Search by participant name or ID: applied with Enter or Search, reset with Clear. */
export function RallySearch({ value, onChange, onSearch, onClear, applied }: RallySearchProps) {
  const { t } = useT();
  const id = useId();
  return (
    <search>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-center"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t('rally.search.label')}
        </label>
        <div className="relative min-w-0 flex-1 sm:max-w-md">
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          >
            <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="m10.5 10.5 3.5 3.5" stroke="currentColor" strokeWidth="1.6" />
          </svg>
          <input
            id={id}
            type="search"
            value={value}
            maxLength={100}
            onChange={(event) => onChange(event.target.value)}
            placeholder={t('rally.search.placeholder')}
            className={`${inputClass} w-full ps-9`}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={`${primaryButton} flex-1 sm:flex-none`}>
            {t('rally.search.submit')}
          </button>
          <button
            type="button"
            className={`${secondaryButton} flex-1 sm:flex-none`}
            onClick={onClear}
            disabled={!applied && value === ''}
          >
            {t('rally.clear')}
          </button>
        </div>
      </form>
    </search>
  );
}
