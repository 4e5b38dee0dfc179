import { readdirSync, readFileSync } from 'node:fs';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from './locales.ts';

const dir = new URL('./locales/', import.meta.url);
const read = (code: string) =>
  JSON.parse(readFileSync(new URL(`${code}.json`, dir), 'utf8')) as Record<string, string>;
const source = read(SOURCE_LOCALE);

/**
 * What a message needs from its caller and how it chooses: each argument with its type, each select's cases, each
 * plural's exact (=N) cases, and the rich-text tags (<0>…</0>). Plural categories are checked per language below.
 */
interface Shape {
  arguments: Set<string>;
  choices: Map<string, Set<string>>;
  plurals: Map<string, Set<string>>;
  tags: Set<string>;
}

function shapeOf(message: string): Shape {
  const shape: Shape = { arguments: new Set(), choices: new Map(), plurals: new Map(), tags: new Set() };
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') {
        for (const [tag] of token.matchAll(/<\/?\d+\/?>/g)) shape.tags.add(tag);
        continue;
      }
      const [name, type, format] = token;
      shape.arguments.add(`${name}:${type ?? 'text'}`);
      if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format) {
        const cases = Object.keys(format).filter((key) => key !== 'offset');
        const target = type === 'select' ? shape.choices : shape.plurals;
        target.set(name, new Set(cases));
        for (const key of cases) walk((format as Record<string, CompiledMessage>)[key]!);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return shape;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('message catalogs', () => {
  it('has one catalog per listed language, and none unlisted', () => {
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(sorted(files)).toEqual(sorted(LOCALES.map(({ code }) => `${code}.json`)));
  });

  for (const { code } of LOCALES) {
    describe(code, () => {
      const catalog = read(code);

      it('has every English key and no other', () => {
        expect(sorted(Object.keys(catalog))).toEqual(sorted(Object.keys(source)));
      });

      it("keeps each message's placeholders, choices and tags, with the language's plural forms", () => {
        const required = new Set(new Intl.PluralRules(code).resolvedOptions().pluralCategories);
        const problems: string[] = [];
        for (const [key, english] of Object.entries(source)) {
          const message = catalog[key];
          if (message === undefined) continue; // reported above
          if (message.trim() === '') problems.push(`${key}: empty`);
          let shape: Shape;
          try {
            shape = shapeOf(message);
          } catch (error) {
            problems.push(`${key}: does not parse (${(error as Error).message})`);
            continue;
          }
          const expected = shapeOf(english);
          if (sorted(shape.arguments).join() !== sorted(expected.arguments).join())
            problems.push(`${key}: placeholders ${sorted(shape.arguments)} ≠ ${sorted(expected.arguments)}`);
          if (sorted(shape.tags).join() !== sorted(expected.tags).join())
            problems.push(`${key}: tags ${sorted(shape.tags)} ≠ ${sorted(expected.tags)}`);
          for (const [name, cases] of expected.choices) {
            if (sorted(shape.choices.get(name) ?? []).join() !== sorted(cases).join())
              problems.push(`${key}: select ${name} cases differ from English`);
          }
          for (const [name, englishCases] of expected.plurals) {
            const cases = shape.plurals.get(name) ?? new Set<string>();
            const exact = (set: Set<string>) => sorted([...set].filter((c) => c.startsWith('=')));
            if (exact(cases).join() !== exact(englishCases).join())
              problems.push(`${key}: plural ${name} exact cases differ from English`);
            const categories = sorted([...cases].filter((c) => !c.startsWith('=')));
            if (categories.join() !== sorted(required).join())
              problems.push(`${key}: plural ${name} has ${categories}, ${code} needs ${sorted(required)}`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
