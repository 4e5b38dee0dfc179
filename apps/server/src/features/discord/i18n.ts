import { readFileSync } from 'node:fs';
import type { ErrorCode } from '@kingdom-stats/core/api';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { AppError } from '../../errors.ts';
import type source from './locales/en.json';

/**
 * Discord answers in the asker's language (docs/i18n.md, "Discord answers"): one ICU message catalog per language in
 * ./locales/, English the source, read and compiled the first time a language is asked for. The web app's languages
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
export type MessageId = keyof typeof source;
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

export function catalogText(language: DiscordLanguage): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`./locales/${language}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
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
