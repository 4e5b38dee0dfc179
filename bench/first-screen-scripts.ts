import { measureFirstScreen } from './first-screen.ts';
import type { ScriptFirstScreen } from './results.ts';
import { percentiles, round } from './stats.ts';

/**
 * The first screen in one language of each script family (issue 38: Latin with diacritics, CJK, Thai, Arabic right to
 * left), each sample a new browser on the first server (its period computed): what a language's catalog chunk, fonts
 * and layout add to the first screen.
 */
const SCRIPT_LANGUAGES = [
  { script: 'Latin', lang: 'vi' },
  { script: 'CJK', lang: 'ja' },
  { script: 'Thai', lang: 'th' },
  { script: 'Arabic', lang: 'ar' },
] as const;

export async function measureScripts(
  baseUrl: string,
  path: string,
  samples: number,
): Promise<ScriptFirstScreen[]> {
  const figures: ScriptFirstScreen[] = [];
  for (const { script, lang } of SCRIPT_LANGUAGES) {
    const result = await measureFirstScreen({ baseUrl, path: `${path}?lang=${lang}`, samples });
    if ('skipped' in result) continue;
    const ms = [...result.coldMs, ...result.warmMs].map((value) => round(value));
    figures.push({ script, lang, ms, ...percentiles(ms) });
    console.log(`  ${script} (${lang}): ${ms.join(', ')} ms`);
  }
  return figures;
}
