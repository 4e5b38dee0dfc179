import { readdirSync } from 'node:fs';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../src/features/discord/commands.ts';
import {
  catalogText,
  DISCORD_LANGUAGES,
  discordLanguage,
  translatorFor,
} from '../../src/features/discord/i18n.ts';

/**
 * The Discord answers' catalogs (apps/server/src/features/discord/locales/), held to the web's rules
 * (apps/web/src/i18n/completeness.test.ts): every language has exactly English's messages, with the same
 * placeholders and select cases, and the plural forms its language needs (Intl.PluralRules).
 */
interface Shape {
  arguments: Set<string>;
  choices: Map<string, Set<string>>;
  plurals: Map<string, Set<string>>;
}

function shapeOf(message: string): Shape {
  const shape: Shape = { arguments: new Set(), choices: new Map(), plurals: new Map() };
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      shape.arguments.add(`${name}:${type ?? 'text'}`);
      if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format) {
        const cases = Object.keys(format).filter((key) => key !== 'offset');
        (type === 'select' ? shape.choices : shape.plurals).set(name, new Set(cases));
        for (const key of cases) walk((format as Record<string, CompiledMessage>)[key]!);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return shape;
}

const sorted = (values: Iterable<string>) => [...values].sort().join();
const english = catalogText('en');

describe('Discord message catalogs', () => {
  it('has one catalog per language Discord and the web share, and none other', () => {
    const dir = new URL('../../src/features/discord/locales/', import.meta.url);
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(sorted(files)).toBe(sorted(DISCORD_LANGUAGES.map((code) => `${code}.json`)));
  });

  it.each(DISCORD_LANGUAGES.filter((code) => code !== 'en'))(
    '%s: every English message, translated, with its placeholders and the plural forms of the language',
    (code) => {
      const catalog = catalogText(code);
      expect(sorted(Object.keys(catalog))).toBe(sorted(Object.keys(english)));
      const required = sorted(new Intl.PluralRules(code).resolvedOptions().pluralCategories);
      const problems: string[] = [];
      for (const [key, source] of Object.entries(english)) {
        const message = catalog[key] ?? '';
        let shape: Shape;
        try {
          shape = shapeOf(message);
        } catch (error) {
          problems.push(`${key}: does not parse (${(error as Error).message})`);
          continue;
        }
        const expected = shapeOf(source);
        if (message.trim() === '') problems.push(`${key}: empty`);
        if (sorted(shape.arguments) !== sorted(expected.arguments))
          problems.push(`${key}: placeholders differ`);
        for (const [name, cases] of expected.choices) {
          if (sorted(shape.choices.get(name) ?? []) !== sorted(cases))
            problems.push(`${key}: select ${name}`);
        }
        for (const name of expected.plurals.keys()) {
          const categories = sorted(shape.plurals.get(name) ?? []);
          if (categories !== required)
            problems.push(`${key}: plural ${name} has ${categories}, needs ${required}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('maps Discord locales to our languages, English for the rest', () => {
    expect(
      ['vi', 'zh-CN', 'zh-TW', 'pt-BR', 'es-ES', 'es-419', 'en-GB', 'en-US', 'ja', 'uk', 'pl', undefined].map(
        discordLanguage,
      ),
    ).toEqual(['vi', 'zh-CN', 'zh-TW', 'pt-BR', 'es', 'es', 'en', 'en', 'ja', 'en', 'en', 'en']);
  });

  it('registers each command’s description in our languages, within Discord’s 100 characters', () => {
    const stats = commandDefinitions().find((c) => c.name === 'stats')!;
    expect(stats.description).toBe('A governor’s card: power, kills, deaths, DKP, rank and goal');
    expect(stats.description_localizations).toMatchObject({
      vi: 'Thẻ của Thống Đốc: Sức Mạnh, tiêu diệt, tử vong, DKP, hạng và mục tiêu',
      'es-ES': expect.any(String),
      'es-419': expect.any(String),
    });
    const texts = commandDefinitions().flatMap((c) => [
      c.description_localizations,
      ...('options' in c ? c.options : []).map((o) => o.description_localizations),
    ]);
    const tooLong = texts.flatMap((byLocale) => Object.values(byLocale).filter((text) => text.length > 100));
    expect(tooLong).toEqual([]);
  });

  it('writes numbers, percentages and plurals in the language', () => {
    expect(translatorFor('de').number(1234567.4)).toBe('1.234.567');
    expect(translatorFor('en-US').number(1234567)).toBe('1,234,567');
    expect(
      translatorFor('ru').t('announce.review', { file: 'a.csv', count: 5, countText: '5', url: 'u' }),
    ).toBe('a.csv: 5 значений ждут проверки: u');
    expect(translatorFor('fr').percent(12.345)).toMatch(/^12,35\s%$/);
    expect(translatorFor('ja').number(null)).toBe('—');
  });
});
