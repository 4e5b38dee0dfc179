import { readFileSync } from 'node:fs';
import type { PlayerRow } from '@kingdom-stats/core/api';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { buildCsv } from './csv.ts';
import { setTranslatedHeaders, sheetForExport } from './header-language.ts';
import { autarchSheet, playerSheet } from './sheets.ts';

function activate(locale: 'en' | 'vi') {
  const file = new URL(`../i18n/locales/${locale}.json`, import.meta.url);
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const messages = Object.fromEntries(
    Object.entries(source).map(([id, text]) => [id, compileMessageOrThrow(text)]),
  );
  i18n.loadAndActivate({ locale, messages });
}

const row = {
  'Gov ID': 12345678,
  Name: '=1+1',
  Alliance: 'ABC',
  Power: 1234567,
  Evolution: 98.04,
  'Full Period': true,
} as unknown as PlayerRow;
const farms = { '12345678': { mainId: 87654321 } } as never;

/** The player sheet as CSV lines, with the names the option chooses at the time of the export. */
async function csvLines(): Promise<string[]> {
  const blob = await buildCsv(sheetForExport(playerSheet([row], {}, farms)));
  return (await blob.text()).replace(/^\uFEFF/, '').split('\r\n');
}

beforeAll(() => activate('vi'));
afterEach(() => {
  setTranslatedHeaders(false);
  activate('vi');
});

describe('export column names (issue 38 item 5)', () => {
  it('stay English by default, whatever the language', async () => {
    const [header] = await csvLines();
    expect(header?.split(',').slice(0, 6)).toEqual([
      'Gov ID',
      'Name',
      'Alliance',
      'Camp',
      'KD',
      'Current Power',
    ]);
    expect(header?.endsWith('Farm Of,Review')).toBe(true);
    expect(sheetForExport(playerSheet([row])).name).toBe('Player Stats');
  });

  it('are the language’s with the option on; the values stay as they are, text still protected', async () => {
    const [, englishValues] = await csvLines();
    setTranslatedHeaders(true);
    const [header, values] = await csvLines();
    const names = header?.split(',') ?? [];
    expect(names.slice(0, 2)).toEqual(['ID Thống Đốc', 'Tên']);
    expect(names).toContain('Sức Mạnh hiện tại');
    expect(names).toContain('Tử vong');
    expect(names.slice(-2)).toEqual(['Tài khoản phụ của', 'Xem xét']);
    expect(values).toBe(englishValues);
    expect(values?.startsWith("12345678,'=1+1,ABC,,,1234567,")).toBe(true);
    expect(values?.endsWith(',98.04%,,,,,,,,,,,,,,Yes,87654321,')).toBe(true);
    expect(sheetForExport(playerSheet([row])).name).toBe('Thống kê người chơi');
    expect(sheetForExport(autarchSheet([])).name).toBe('Thống kê Autarch');
  });

  it('stay English in English even with the option on', async () => {
    setTranslatedHeaders(true);
    activate('en');
    const [header] = await csvLines();
    expect(header?.startsWith('Gov ID,Name,')).toBe(true);
    expect(sheetForExport(playerSheet([row])).name).toBe('Player Stats');
  });
});
