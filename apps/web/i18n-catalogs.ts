import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED = `\0${PREFIX}`;
const LOCALES_DIR = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url));

/**
 * `import('virtual:i18n-catalog/vi')` is src/i18n/locales/vi.json with each ICU message compiled to Lingui's runtime
 * form, so that the browser needs no message parser (Lingui's runtime is 2.4 kB gzipped; with the parser it would be
 * 9 kB more, and every message would be parsed on each use). A message that does not parse fails the build.
 */
export function i18nCatalogs(): Plugin {
  return {
    name: 'kingdom-stats:i18n-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}(?:-[A-Z]{2})?$/.test(locale)) throw new Error(`No such language: ${locale}`);
      const file = `${LOCALES_DIR}${locale}.json`;
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          compiled[key] = compileMessageOrThrow(message);
        } catch (error) {
          throw new Error(`${locale}.json: message ${key} does not parse: ${(error as Error).message}`);
        }
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
