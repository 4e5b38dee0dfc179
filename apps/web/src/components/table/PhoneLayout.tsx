import { useCallback, useSyncExternalStore } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { useWideScreen } from '../layout/useWideScreen.ts';

/** How the long tables show on a phone: one card per row (the default), or the full table, scrolled sideways. */
export type PhoneLayout = 'cards' | 'table';

/** The browser remembers the reader's choice; one choice for every table that offers it. */
export const PHONE_LAYOUT_KEY = 'kingdom-stats:phone-layout';

const listeners = new Set<() => void>();

function read(): PhoneLayout {
  try {
    return window.localStorage.getItem(PHONE_LAYOUT_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    // Storage can be off (private modes): cards, as for a first visit.
    return 'cards';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The layout in effect and the phone's setter: from 768 px up always the table. Only the layout in effect is
 * drawn: a page of 20 cards is some 540 elements and a page of the player table some 1,400, which the browser would
 * otherwise build on every page and sort only to hide (docs/benchmarks.md, "Issue 16: one layout drawn").
 */
export function usePhoneLayout(): [PhoneLayout, (layout: PhoneLayout) => void] {
  const chosen = useSyncExternalStore(subscribe, read, () => 'cards' as const);
  const wide = useWideScreen();
  const set = useCallback((next: PhoneLayout) => {
    try {
      window.localStorage.setItem(PHONE_LAYOUT_KEY, next);
    } catch {
      // Not remembered, but still applied for this visit below.
    }
    for (const listener of listeners) listener();
  }, []);
  return [wide ? 'table' : chosen, set];
}

/** The phone's Cards / Table switch (hidden from 768 px, where the table always shows). */
export function PhoneLayoutSwitch({
  layout,
  onChange,
}: {
  layout: PhoneLayout;
  onChange: (layout: PhoneLayout) => void;
}) {
  const { t } = useT();
  const button = (value: PhoneLayout, label: string) => (
    <button
      type="button"
      aria-pressed={layout === value}
      onClick={() => onChange(value)}
      className={`h-8 rounded-md px-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-sky-400 ${
        layout === value ? 'bg-slate-700 text-white' : 'text-slate-300 hover:text-white'
      }`}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="inline-flex self-start rounded-lg border border-slate-700 p-0.5 md:hidden">
      <legend className="sr-only">{t('table.showAs')}</legend>
      {button('cards', t('table.cards'))}
      {button('table', t('table.table'))}
    </fieldset>
  );
}
