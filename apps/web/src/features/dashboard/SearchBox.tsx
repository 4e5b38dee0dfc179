import { SEARCH_DEBOUNCE_MS } from '@kingdom-stats/core';
import { useEffect, useId, useRef, useState } from 'react';
import { inputClass } from '../../components/controls/styles.ts';
import { useT } from '../../i18n/i18n.ts';

interface SearchBoxProps {
  /** The search in force. */
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  label: string;
}

/**
 * A search field applied on Enter, when it loses focus, with its button, or 500 ms after typing stops (SPEC §5);
 * the clear button empties it at once.
 */
export function SearchBox({ value, onSearch, placeholder, label }: SearchBoxProps) {
  const { t } = useT();
  const [draft, setDraft] = useState(value);
  const id = useId();
  const applied = useRef(value);
  applied.current = value;

  // Someone else (Clear filters) changed the search in force: show it.
  useEffect(() => setDraft(value), [value]);

  const apply = (text: string) => {
    if (text.trim() !== applied.current.trim()) onSearch(text.trim());
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: typing restarts the wait; apply reads props through refs
  useEffect(() => {
    if (draft.trim() === applied.current.trim()) return;
    const timer = window.setTimeout(() => apply(draft), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's DOM types yet
    <form
      role="search"
      aria-label={label}
      className="relative flex min-w-0 flex-1 items-center"
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => apply(draft)}
        className={`${inputClass} w-full pe-20 [&::-webkit-search-cancel-button]:hidden`}
      />
      <div className="absolute end-1 flex items-center">
        {draft !== '' && (
          <button
            type="button"
            aria-label={t('search.clear')}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setDraft('');
              if (applied.current !== '') onSearch('');
            }}
            className="grid size-7 place-items-center rounded-md text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5">
              <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
        )}
        <button
          type="submit"
          aria-label={t('search.submit')}
          className="grid size-7 place-items-center rounded-md text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="m10.5 10.5 3 3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </form>
  );
}
