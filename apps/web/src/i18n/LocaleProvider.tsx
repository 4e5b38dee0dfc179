import { I18nProvider } from '@lingui/react';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { i18n } from './i18n.ts';

/**
 * The current language for everything below. A change of language draws the screens again from scratch (the key),
 * because numbers and dates are formatted by plain functions (src/format.ts) that no hook ties to the language; the
 * router's state and the fetched data live outside and stay.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState(i18n.locale);
  useEffect(() => i18n.on('change', () => setLocale(i18n.locale)), []);
  return (
    <I18nProvider i18n={i18n}>
      <Fragment key={locale}>{children}</Fragment>
    </I18nProvider>
  );
}
