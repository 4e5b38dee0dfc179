/**
 * The languages the web app speaks. English is the source: every other catalog translates exactly its keys
 * (src/i18n/completeness.test.ts). A language is listed here only when its catalog is complete.
 */
export const LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'ko', name: '한국어' },
  { code: 'ja', name: '日本語' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'zh-TW', name: '繁體中文' },
  { code: 'th', name: 'ไทย' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'es', name: 'Español' },
  { code: 'ru', name: 'Русский' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'id', name: 'Bahasa Indonesia' },
] as const satisfies readonly { code: string; name: string; dir?: 'rtl' }[];

export type Locale = (typeof LOCALES)[number]['code'];

export const SOURCE_LOCALE: Locale = 'en';

/** The URL parameter a shared link carries (`?lang=vi`), and where the last choice is remembered. */
export const LANG_PARAM = 'lang';
export const LANG_STORAGE_KEY = 'kingdom-stats.lang';

const BY_LOWER_CODE = new Map<string, Locale>(LOCALES.map(({ code }) => [code.toLowerCase(), code]));

/** Chinese tags name a script or a region; Traditional is written in Taiwan, Hong Kong and Macau. */
const TRADITIONAL_CHINESE = /^zh-(?:hant|tw|hk|mo)\b/;

/**
 * The supported locale a BCP 47 tag asks for, or undefined: exact codes first (`pt-BR`), then the language alone
 * (`pt-PT` and `pt` read Brazilian Portuguese, `de-AT` German, `zh` Simplified Chinese).
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().replace(/_/g, '-').toLowerCase();
  if (lower === '') return undefined;
  const exact = BY_LOWER_CODE.get(lower);
  if (exact) return exact;
  const language = lower.split('-')[0];
  if (language === 'zh') return TRADITIONAL_CHINESE.test(lower) ? 'zh-TW' : 'zh-CN';
  if (language === 'pt') return 'pt-BR';
  return BY_LOWER_CODE.get(language ?? '');
}

/** A shared link's `lang` first, then the reader's last choice, then the browser's languages in order, then English. */
export function chooseLocale(sources: {
  urlLang: string | null;
  stored: string | null;
  browser: readonly string[];
}): Locale {
  const candidates = [sources.urlLang, sources.stored, ...sources.browser];
  for (const tag of candidates) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return SOURCE_LOCALE;
}

export function isRightToLeft(locale: Locale): boolean {
  return LOCALES.some((entry) => entry.code === locale && 'dir' in entry && entry.dir === 'rtl');
}
