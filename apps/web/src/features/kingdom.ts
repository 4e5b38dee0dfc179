import { translate } from '../i18n/i18n.ts';

/** How screens name a kingdom in headings, e.g. 'Kingdom 1001' ('Vương quốc 1001'). */
export function kingdomLabel(kd: string | number | undefined): string {
  return translate('kingdom.label', { kd: String(kd ?? '') }).trim();
}
