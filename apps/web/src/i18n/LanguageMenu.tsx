import { useId } from 'react';
import { chooseLanguage, useT } from './i18n.ts';
import { LOCALES, type Locale } from './locales.ts';

/**
 * The language menu in every screen's header, phone included: a native select, which phones show as their own
 * picker. Each language is named in itself, so that a reader who cannot read the current one still finds theirs.
 */
export function LanguageMenu() {
  const { t, locale } = useT();
  const id = useId();
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.menu')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => void chooseLanguage(event.target.value as Locale)}
        className="h-9 max-w-24 rounded-lg border border-slate-700 bg-slate-900 px-2 text-sm text-slate-200 hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 sm:max-w-none"
      >
        {LOCALES.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
