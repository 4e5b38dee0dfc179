import { useSyncExternalStore } from 'react';
import { columnLabel } from '../i18n/columns.ts';
import { i18n, type MessageId, translate } from '../i18n/i18n.ts';
import { LOCALES, SOURCE_LOCALE } from '../i18n/locales.ts';
import type { SheetData } from './sheet.ts';

/**
 * Exports keep English column and sheet names unless the reader asks for the screen's language: spreadsheets and bots
 * read the English names. The choice is remembered like the language, and counts only while the language is not
 * English.
 */
export const EXPORT_HEADERS_STORAGE_KEY = 'kingdom-stats.exportHeaders';
const TRANSLATED = 'translated';

/** Export headers that are not a screen's column name under the same English words. */
const EXPORT_HEADER_MESSAGES: Readonly<Record<string, MessageId>> = {
  Deads: 'column.dead',
  'First Scan': 'export.column.firstScan',
  'Last Scan': 'export.column.lastScan',
  'Full Period': 'export.column.fullPeriod',
  Review: 'export.column.review',
  'Farm Of': 'export.column.farmOf',
};

/** The sheets' English names (SPEC §7's, the movements tables') and the same names in the reader's language. */
const SHEET_MESSAGES: Readonly<Record<string, MessageId>> = {
  'Player Stats': 'players.title',
  Data: 'export.sheet.data',
  'Autarch Stats': 'export.sheet.autarchStats',
  'Player Performance': 'export.sheet.playerPerformance',
  Arrived: 'movements.arrived.title',
  Left: 'movements.left.title',
  Inactive: 'movements.inactive.title',
};

let fallback = false; // storage blocked: the choice lasts for the page only
const listeners = new Set<() => void>();

function readStored(): boolean {
  try {
    return window.localStorage.getItem(EXPORT_HEADERS_STORAGE_KEY) === TRANSLATED;
  } catch {
    return fallback;
  }
}

export function setTranslatedHeaders(on: boolean): void {
  fallback = on;
  try {
    if (on) window.localStorage.setItem(EXPORT_HEADERS_STORAGE_KEY, TRANSLATED);
    else window.localStorage.removeItem(EXPORT_HEADERS_STORAGE_KEY);
  } catch {
    // see readStored
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the next export writes the reader's language: asked for, and the language is not English. */
export function translatedHeadersOn(): boolean {
  return i18n.locale !== SOURCE_LOCALE && readStored();
}

/** The reader's choice (every export option on the page follows it) and the current language's own name. */
export function useExportHeaders(locale: string) {
  const asked = useSyncExternalStore(subscribe, readStored, () => false);
  const language = LOCALES.find((entry) => entry.code === locale)?.name ?? locale;
  return { offered: locale !== SOURCE_LOCALE, asked, language, setAsked: setTranslatedHeaders };
}

/** An export header in the reader's language, as the screen names the column; unknown names stay as they are. */
export function exportHeaderLabel(header: string): string {
  const id = EXPORT_HEADER_MESSAGES[header];
  return id ? translate(id) : columnLabel(header);
}

/** Excel refuses `[]:*?/\` in a sheet's name and cuts it at 31 characters. */
function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').trim();
  return Array.from(cleaned).slice(0, 31).join('') || 'Sheet1';
}

export function exportSheetName(name: string): string {
  const id = SHEET_MESSAGES[name];
  return id ? safeSheetName(translate(id)) : name;
}

/**
 * The sheet as the next export writes it: with English names, or, when the reader asked for the language, each
 * column's and the sheet's name in it. Only names change: the values and their formats stay.
 */
export function sheetForExport<T>(sheet: SheetData<T>, translated = translatedHeadersOn()): SheetData<T> {
  if (!translated) return sheet;
  return {
    ...sheet,
    name: exportSheetName(sheet.name),
    columns: sheet.columns.map((column) => {
      const header = exportHeaderLabel(column.header);
      // The width the column had for its English name, or what the new name needs when that is more.
      return { ...column, header, width: Math.max(column.width ?? 10, Math.min(40, header.length + 4)) };
    }),
  };
}
