import { refuse } from './import-error.ts';
import { ambiguityMessage, findNameDate } from './name-dates.ts';
import { type CellValue, excelSerialToUnixSeconds } from './readers/spreadsheet-xml.ts';

/**
 * When a scan was taken, in unix seconds. Looked for in this order, first found wins:
 * 1. the time the person gives (`--at`, or the upload form);
 * 2. Hero Scrolls: the `Summary` sheet's cell F2 ("2025-12-25 06:55 UTC");
 * 3. a unix time in seconds (10 digits) in the file name (Hero Scrolls: kingdom_scan_<guild>_<unix>_<n>.xlsx);
 * 4. the sheet's name: RokTracker names it after the scan date (2025-06-27); workbooks of several scans name each
 *    sheet after its time (16Jul23-03h, 29Feb24-21h40m; see name-dates.ts);
 * 5. a date YYYY-MM-DD in the file name (RokTracker: TOP300-2026-10-01-…; 00:00 UTC of that day), with its time
 *    when `_HHMM` follows it (a whole-map file's `…2025-06-27_1430.xlsx`);
 * 6. another date form in the file name (`PriorPass4Opening 19-12-2024.csv`, `01192025.csv`; name-dates.ts).
 * A date that reads two ways (04-12-2024) is never guessed: it is reported as an ambiguity, which refuses the file
 * unless the person gives the time.
 * The game runs on UTC, so times without a zone are UTC.
 */

export type ScanTimeSource =
  | 'given'
  | 'summary-sheet'
  | 'file-name-unix-time'
  | 'sheet-name'
  | 'file-name-date'
  | 'date-column'
  | 'update-column';

export interface ScanTime {
  takenAt: number;
  source: ScanTimeSource;
}

export interface ScanTimeClues {
  fileName: string;
  sheetName?: string | undefined;
  summaryTime?: CellValue | undefined;
  date1904?: boolean | undefined;
}

export const AT_EXAMPLE = '2026-10-01T12:00:00Z';

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?\s*(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$/i;
// A date, and a whole-map file's `_HHMM` after it (`…2025-06-27_1430.xlsx`, UTC).
const DATE_IN_NAME = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:_(\d{2})(\d{2}))?(?!\d)/g;
const UNIX_TIME_IN_NAME = /(?<!\d)(\d{10})(?!\d)/g;
// Scans exist from the game's release on; anything outside 2000–2100 is some other 10-digit number.
const EARLIEST = Date.UTC(2000, 0, 1) / 1000;
const LATEST = Date.UTC(2100, 0, 1) / 1000;

/** Reads the time a person gives: ISO-8601, such as 2026-10-01T12:00:00Z, 2026-10-01 12:00 or 2026-10-01. */
export function parseGivenTime(at: string, fileName: string): number {
  const takenAt = parseTimestamp(at.trim());
  if (takenAt === undefined) {
    throw refuse(
      fileName,
      `the scan time "${at}" is not a date and time; give it in ISO-8601, e.g. --at ${AT_EXAMPLE} (UTC)`,
    );
  }
  return takenAt;
}

/**
 * The given time if there is one, else the one found in the file; refuses when there is neither, with the
 * ambiguity (both readings of a date such as 04-12-2024) when that is why.
 */
export function resolveScanTime(
  fileName: string,
  found: ScanTime | undefined,
  at?: string,
  ambiguity?: string,
): ScanTime {
  if (at !== undefined && at.trim() !== '') return { takenAt: parseGivenTime(at, fileName), source: 'given' };
  if (found) return found;
  if (ambiguity !== undefined) throw refuse(fileName, ambiguity);
  throw refuse(
    fileName,
    `no scan time found in the file; give one with --at ${AT_EXAMPLE} (or in the upload's time field)`,
  );
}

/** What the file says about its time: a time, or why a date it holds cannot be used (never both). */
export interface DetectedTime {
  time?: ScanTime;
  ambiguity?: string;
}

export function findScanTime(clues: ScanTimeClues): ScanTime | undefined {
  return detectScanTime(clues).time;
}

export function detectScanTime(clues: ScanTimeClues): DetectedTime {
  const fromSummary = summaryTime(clues.summaryTime, clues.date1904 ?? false);
  if (fromSummary !== undefined) return { time: { takenAt: fromSummary, source: 'summary-sheet' } };
  const baseName = clues.fileName.replace(/^.*[\\/]/, '');
  for (const match of baseName.matchAll(UNIX_TIME_IN_NAME)) {
    const seconds = Number(match[1]);
    if (seconds >= EARLIEST && seconds < LATEST) {
      return { time: { takenAt: seconds, source: 'file-name-unix-time' } };
    }
  }
  if (clues.sheetName !== undefined) {
    const fromSheet = sheetNameTime(clues.sheetName);
    if (fromSheet.time || fromSheet.ambiguity) return fromSheet;
  }
  for (const match of baseName.matchAll(DATE_IN_NAME)) {
    const [, year, month, date, hour, minute] = match;
    const time = hour === undefined ? '' : ` ${hour}:${minute}`;
    const day =
      parseTimestamp(`${year}-${month}-${date}${time}`) ?? parseTimestamp(`${year}-${month}-${date}`);
    if (day !== undefined) return { time: { takenAt: day, source: 'file-name-date' } };
  }
  // RokTracker's "-[uuid]" and the extension hold digits that are no date.
  const stem = baseName.replace(/\.[^.]+$/, '').replace(/-\[[^\]]*\]$/, '');
  const named = findNameDate(stem);
  if (named?.kind === 'date') return { time: { takenAt: named.takenAt, source: 'file-name-date' } };
  if (named?.kind === 'ambiguous') return { ambiguity: ambiguityMessage(named, 'the file name') };
  return {};
}

/** A sheet's name as a scan time: `2025-06-27`, `2025-06-27 14:00`, `16Jul23-03h`, `29Feb24-21h40m`. */
export function sheetNameTime(sheetName: string): DetectedTime {
  const text = sheetName.trim();
  const iso = parseTimestamp(text);
  if (iso !== undefined) return { time: { takenAt: iso, source: 'sheet-name' } };
  const named = findNameDate(text);
  if (named?.kind === 'date') return { time: { takenAt: named.takenAt, source: 'sheet-name' } };
  if (named?.kind === 'ambiguous') {
    return { ambiguity: ambiguityMessage(named, `the name of sheet "${sheetName}"`) };
  }
  return {};
}

function summaryTime(value: CellValue | undefined, date1904: boolean): number | undefined {
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? undefined : Math.round(ms / 1000);
  }
  if (typeof value === 'number') {
    // A date typed into a cell is a serial day number; 20,000–100,000 is 1954–2173.
    return value > 20_000 && value < 100_000 ? excelSerialToUnixSeconds(value, date1904) : undefined;
  }
  return typeof value === 'string' ? parseTimestamp(value.trim()) : undefined;
}

/** ISO-8601-like text to unix seconds; undefined unless every part is a real calendar value in 2000–2099. */
export function parseTimestamp(text: string): number | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(ms).getUTCDate() !== day) return undefined; // 2026-02-30
  const offset = zoneOffsetMinutes(zone);
  if (offset === undefined) return undefined;
  const seconds = ms / 1000 - offset * 60;
  return seconds >= EARLIEST && seconds < LATEST ? seconds : undefined;
}

function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || /^(z|utc|gmt)$/i.test(zone)) return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? '0');
  if (hours > 14 || minutes > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}
