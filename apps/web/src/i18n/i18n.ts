import { type Messages, setupI18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { setFormatLocale } from '../format.ts';
import type source from './locales/en.json';
import {
  chooseLocale,
  isRightToLeft,
  LANG_PARAM,
  LANG_STORAGE_KEY,
  type Locale,
  matchLocale,
} from './locales.ts';

/** A message's stable id: a key of the English catalog, so that a misspelt id fails the type check. */
export type MessageId = keyof typeof source;
export type MessageValues = Record<string, unknown>;

// Written out rather than globbed, so that each language is a dynamic import of its own, hence a chunk of its own.
const CATALOGS: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:i18n-catalog/en'),
  vi: () => import('virtual:i18n-catalog/vi'),
  ko: () => import('virtual:i18n-catalog/ko'),
  ja: () => import('virtual:i18n-catalog/ja'),
  'zh-CN': () => import('virtual:i18n-catalog/zh-CN'),
  'zh-TW': () => import('virtual:i18n-catalog/zh-TW'),
  th: () => import('virtual:i18n-catalog/th'),
  tr: () => import('virtual:i18n-catalog/tr'),
  'pt-BR': () => import('virtual:i18n-catalog/pt-BR'),
  es: () => import('virtual:i18n-catalog/es'),
  ru: () => import('virtual:i18n-catalog/ru'),
  ar: () => import('virtual:i18n-catalog/ar'),
  de: () => import('virtual:i18n-catalog/de'),
  fr: () => import('virtual:i18n-catalog/fr'),
  id: () => import('virtual:i18n-catalog/id'),
};

export const i18n = setupI18n();

function readStored(): string | null {
  try {
    return window.localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): the choice lasts for the page only
  }
}

function remember(locale: Locale) {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, locale);
  } catch {
    // see readStored
  }
}

/** The language this page opens in: a shared link's `?lang=`, the reader's last choice, the browser's, English. */
export function initialLocale(): Locale {
  const urlLang = new URLSearchParams(window.location.search).get(LANG_PARAM);
  const locale = chooseLocale({ urlLang, stored: readStored(), browser: navigator.languages ?? [] });
  // A link's language becomes the reader's choice, so that the next screen (without the parameter) keeps it.
  if (matchLocale(urlLang)) remember(locale);
  return locale;
}

/** Loads the language's catalog (its own chunk), makes it current, and marks the page's language and direction. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { default: messages } = await CATALOGS[locale]();
  setFormatLocale(locale);
  i18n.loadAndActivate({ locale, messages });
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}

/**
 * The reader picked a language in the menu: remembered for the next visit, and written into the address when it
 * carries a `lang` already, so that reloading or copying the link keeps the new choice.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  remember(locale);
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANG_PARAM)) {
    url.searchParams.set(LANG_PARAM, locale);
    window.history.replaceState(window.history.state, '', url);
  }
  await activateLocale(locale);
}

/** The current language and its message function: `t('nav.dashboard')`, `t('rows', { count })`. */
export function useT() {
  const { i18n: current } = useLingui();
  const t = (id: MessageId, values?: MessageValues) => current._(id, values);
  return { t, locale: current.locale as Locale };
}

/** A message outside React (column definitions, exports): the current language's, at call time. */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}
