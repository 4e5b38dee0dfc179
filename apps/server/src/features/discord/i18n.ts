import type { ErrorCode } from '@kingdom-stats/core/api';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { AppError } from '../../errors.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import id from './locales/id.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import ptBR from './locales/pt-BR.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import th from './locales/th.json' with { type: 'json' };
import tr from './locales/tr.json' with { type: 'json' };
import vi from './locales/vi.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };

/**
 * Discord answers in the asker's language (docs/i18n.md, "Discord answers"): one ICU message catalog per language in
 * ./locales/, English the source, imported (so that the server's bundle holds them) and compiled the first time a
 * language is asked for. The web app's languages
 * that Discord has (it has no Arabic); the codes are the web's (apps/web/src/i18n/locales.ts).
 */
export const DISCORD_LANGUAGES = [
  'en',
  'vi',
  'ko',
  'ja',
  'zh-CN',
  'zh-TW',
  'th',
  'tr',
  'pt-BR',
  'es',
  'ru',
  'de',
  'fr',
  'id',
] as const;
export type DiscordLanguage = (typeof DISCORD_LANGUAGES)[number];

/** A message's id: a key of the English catalog, so that a misspelt id fails the type check. */
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

const BY_CODE = new Map<string, DiscordLanguage>(DISCORD_LANGUAGES.map((code) => [code.toLowerCase(), code]));

/**
 * Our language for a Discord locale (discord.com/developers/docs/reference#locales): `zh-CN`, `zh-TW` and `pt-BR`
 * as they are, `en-US`/`en-GB` English, `es-ES`/`es-419` Spanish; a locale we do not speak (`uk`, `pl`…) or none
 * is English.
 */
export function discordLanguage(locale: string | null | undefined): DiscordLanguage {
  if (!locale) return 'en';
  const lower = locale.toLowerCase();
  return BY_CODE.get(lower) ?? BY_CODE.get(lower.split('-')[0] ?? '') ?? 'en';
}

const CATALOGS: Record<DiscordLanguage, Record<string, string>> = {
  en,
  vi,
  ko,
  ja,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  th,
  tr,
  'pt-BR': ptBR,
  es,
  ru,
  de,
  fr,
  id,
};

export function catalogText(language: DiscordLanguage): Record<string, string> {
  return CATALOGS[language];
}

const loaded = new Map<DiscordLanguage, I18n>();

function i18nOf(language: DiscordLanguage): I18n {
  let i18n = loaded.get(language);
  if (!i18n) {
    const messages: Record<string, ReturnType<typeof compileMessageOrThrow>> = {};
    for (const [id, message] of Object.entries(catalogText(language))) {
      messages[id] = compileMessageOrThrow(message);
    }
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    loaded.set(language, i18n);
  }
  return i18n;
}

/**
 * What an answer's text needs: its messages and its numbers in one language. Numbers are exact with the language's
 * separators (1,234,567 / 1.234.567 / 1 234 567); `—` is unknown in the scans, never 0.
 */
export class Translator {
  private readonly i18n: I18n;
  private readonly integers: Intl.NumberFormat;
  private readonly percents: Intl.NumberFormat;

  constructor(readonly language: DiscordLanguage) {
    this.i18n = i18nOf(language);
    // English keeps 'en-US' grouping (1,234,567) as before the catalogs.
    const tag = language === 'en' ? 'en-US' : language;
    this.integers = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    this.percents = new Intl.NumberFormat(tag, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  }

  t(id: MessageId, values?: MessageValues): string {
    return this.i18n._(id, values);
  }

  /** An exact number, or '—' when unknown. */
  number(value: number | null | undefined): string {
    if (value === null || value === undefined) return '—';
    return this.integers.format(Math.round(value) || 0);
  }

  /** A change with its sign ('+1,234'), or '—'. */
  signed(value: number | null | undefined): string {
    if (value === null || value === undefined) return '—';
    return `${value > 0 ? '+' : ''}${this.number(value)}`;
  }

  /** A percentage with two decimals ('12.34%', '12,34 %', '%12,34'), or '—'. */
  percent(value: number | null | undefined): string {
    return value === null || value === undefined ? '—' : this.percents.format(value / 100);
  }
}

const translators = new Map<DiscordLanguage, Translator>();

/** The Discord locales each language answers (discord.com/developers/docs/reference#locales). */
const DISCORD_LOCALES_OF: Record<DiscordLanguage, readonly string[]> = {
  en: ['en-US', 'en-GB'],
  vi: ['vi'],
  ko: ['ko'],
  ja: ['ja'],
  'zh-CN': ['zh-CN'],
  'zh-TW': ['zh-TW'],
  th: ['th'],
  tr: ['tr'],
  'pt-BR': ['pt-BR'],
  es: ['es-ES', 'es-419'],
  ru: ['ru'],
  de: ['de'],
  fr: ['fr'],
  id: ['id'],
};

/**
 * A message in every language but English, keyed by Discord locale: a command's `description_localizations` (or a
 * choice's `name_localizations`), which Discord shows instead of the English text to users of that locale.
 */
export function discordLocalizations(id: MessageId, values?: MessageValues): Record<string, string> {
  const localized: Record<string, string> = {};
  for (const language of DISCORD_LANGUAGES) {
    if (language === 'en') continue;
    const text = translatorFor(language).t(id, values);
    for (const locale of DISCORD_LOCALES_OF[language]) localized[locale] = text;
  }
  return localized;
}

/** The translator for a Discord locale (the interaction's `locale` or `guild_locale`); English when unknown. */
export function translatorFor(locale: string | null | undefined): Translator {
  const language = discordLanguage(locale);
  let translator = translators.get(language);
  if (!translator) {
    translator = new Translator(language);
    translators.set(language, translator);
  }
  return translator;
}

/**
 * A refusal the store gives both the site (the API's English error) and Discord (the asker's language): the message
 * is the English catalog's, and the handlers translate the same id.
 */
export class DiscordRefusal extends AppError {
  constructor(
    code: ErrorCode,
    readonly messageId: MessageId,
    readonly values: MessageValues = {},
  ) {
    super(code, translatorFor('en').t(messageId, values));
  }
}
