import { useId } from 'react';
import { chooseLanguage, useT } from './i18n.ts';
import { LOCALES, type Locale } from './locales.ts';

const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400';

/** What a phone's header shows of the chosen language: its code, Chinese by script. */
const SHORT: Partial<Record<Locale, string>> = { 'zh-CN': '简', 'zh-TW': '繁', 'pt-BR': 'PT' };

function GlobeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0" fill="none" stroke="currentColor">
      <circle cx="8" cy="8" r="6.2" strokeWidth="1.3" />
      <path d="M1.8 8h12.4M8 1.8c-3.3 3.4-3.3 9 0 12.4m0-12.4c3.3 3.4 3.3 9 0 12.4" strokeWidth="1.3" />
    </svg>
  );
}

/**
 * The language menu in every screen's header, phone included: a native select, which phones show as their own
 * picker. Each language is named in itself, so that a reader who cannot read the current one still finds theirs.
 * On a phone the closed menu is drawn as a globe and the language's code (the select lies invisible over it), so
 * that the site's name and the sign-in button keep their room in every language (issue 38: Arabic cut the name).
 */
export function LanguageMenu() {
  const { t, locale } = useT();
  const id = useId();
  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.menu')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => void chooseLanguage(event.target.value as Locale)}
        className={`peer absolute inset-0 h-9 w-full cursor-pointer opacity-0 sm:static sm:w-auto sm:rounded-lg sm:border sm:border-slate-700 sm:bg-slate-900 sm:px-2 sm:text-sm sm:text-slate-200 sm:opacity-100 sm:hover:border-slate-500 ${focus}`}
      >
        {LOCALES.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
      <span
        aria-hidden="true"
        className="pointer-events-none flex h-9 items-center gap-1 rounded-lg border border-slate-700 bg-slate-900 px-2 text-xs font-semibold text-slate-200 peer-hover:border-slate-500 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-400 sm:hidden"
      >
        <GlobeIcon />
        {SHORT[locale] ?? locale.toUpperCase()}
      </span>
    </div>
  );
}
