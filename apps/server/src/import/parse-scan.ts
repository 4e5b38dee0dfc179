import { normaliseHeader, STAT_FIELDS, STORED_COLUMNS, type StoredField } from './columns.ts';
import { datedScanName, findDateColumn, splitByDate } from './date-column.ts';
import { refuseComparisonTable } from './gains-detection.ts';
import { refuseGameExport } from './game-export.ts';
import { refuse } from './import-error.ts';
import type { ImportLimits } from './limits.ts';
import { describeDay } from './name-dates.ts';
import { parseGovernorRows } from './parse-rows.ts';
import type { ParsedFile, ParsedScan } from './parsed-file.ts';
import { readFileTables } from './readers/read-tables.ts';
import type { Container, FileTables, RawTable } from './readers/table.ts';
import { detectScanTime, sheetNameTime } from './scan-time.ts';
import {
  campsOfRows,
  FULL_DATA_SHEET,
  fullDataAsScan,
  isFullDataTable,
  MAP_SCAN_SHEET,
} from './whole-map.ts';

export type { ParsedFile, ParsedScan, SkippedRow, SkippedSheet } from './parsed-file.ts';
// Pre-KvK and Hall of Heroes uploads (and the parse worker) read one table through this module.
export { readTable } from './readers/read-tables.ts';

export type SourceFormat =
  | 'roktracker-v6'
  | 'roktracker-v5'
  | 'roktracker-v1-v4'
  | 'roktracker-legacy'
  | 'hero-scrolls'
  | 'hero-scrolls-rolled-up'
  | 'scanner-35-columns'
  | 'whole-map-full-data'
  | 'whole-map-scan'
  | `canonical-${Container}`
  | `generic-${Container}`;

export interface ParseOptions {
  /** Hero Scrolls: read the `Rolled Up` sheet instead of the kingdom's data sheet. */
  rolledUp?: boolean;
  limits?: ImportLimits;
}

/**
 * Reads and checks a whole scan file without touching the database: every scan it holds (one per data sheet of a
 * workbook of several scans, one per date of a table with a date column), or a refusal (AppError IMPORT_REFUSED).
 */
export function parseScanFile(content: Buffer, fileName: string, options: ParseOptions = {}): ParsedFile {
  const file = readFileTables(content, fileName, {
    rolledUp: options.rolledUp ?? false,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  return parseFileTables(file, fileName, options);
}

/** The parse layer on tables already read: what `parseScanFile` does after the reader. */
export function parseFileTables(file: FileTables, fileName: string, options: ParseOptions = {}): ParsedFile {
  const first = file.tables[0];
  if (!first) {
    const sheets = file.skippedSheets.map((s) => `"${s.name}" (${s.reason})`).join(', ');
    throw refuse(fileName, `has no sheet of governor data${sheets ? `: ${sheets}` : ''}`);
  }
  refuseGameExport(fileName, file.tables);
  const severalSheets = file.tables.length > 1;
  const scans: ParsedScan[] = [];
  for (const fileTable of file.tables) {
    // A whole-map Full Data sheet: each stat's max column is the scan's value (whole-map.ts).
    const fullData = isFullDataTable(fileTable)
      ? fullDataAsScan(fileTable, fileName, file.date1904 ?? false)
      : undefined;
    const table = fullData?.table ?? fileTable;
    const placePrefix = severalSheets && table.sheetName !== undefined ? `sheet "${table.sheetName}", ` : '';
    refuseComparisonTable(table, fileName, placePrefix);
    const dateColumn = findDateColumn(table.headers);
    if (dateColumn !== undefined) {
      const dated = splitByDate(table, dateColumn, fileName, { date1904: file.date1904, placePrefix });
      const baseName = severalSheets ? table.sheetName! : scanName(fileName);
      for (const { takenAt, table: part } of dated) {
        const scan = parseTable(part, fileName, options, placePrefix, table.headers[dateColumn]);
        scans.push({
          ...scan,
          name: datedScanName(baseName, takenAt),
          detectedTime: { takenAt, source: 'date-column' },
        });
      }
      continue;
    }
    const scan = parseTable(table, fileName, options, placePrefix);
    if (severalSheets) {
      const time = sheetNameTime(table.sheetName ?? '');
      if (!time.time) throw refuseUntimedSheet(fileName, table.sheetName ?? '', time.ambiguity);
      scans.push({ ...scan, name: table.sheetName!, detectedTime: time.time });
    } else {
      const detected = detectScanTime({
        fileName,
        sheetName: table.sheetName,
        summaryTime: file.summaryTime as never,
        date1904: file.date1904,
      });
      const time = fullData?.detectedTime ?? detected.time;
      scans.push({
        ...scan,
        name: scanName(fileName),
        ...(time ? { detectedTime: time } : {}),
        ...(detected.ambiguity && !time ? { timeAmbiguity: detected.ambiguity } : {}),
        ...(fullData ? { notes: [fullData.note] } : {}),
      });
    }
  }
  refuseRepeatedTimes(scans, fileName);
  return { fileName, container: file.container, scans, skippedSheets: file.skippedSheets };
}

function parseTable(
  table: RawTable,
  fileName: string,
  options: ParseOptions,
  placePrefix: string,
  dateHeader?: string,
): ParsedScan {
  const sourceFormat = detectFormat(table, options);
  const parsed = parseGovernorRows(table, fileName, {
    zeroRowMeansUnread: sourceFormat === 'roktracker-v1-v4',
    placePrefix,
  });
  const read = new Set<StoredField>(parsed.columns.stored.map((c) => c.column.field));
  const camps = campsOfRows(parsed.rows, fileName);
  return {
    name: '',
    sourceFormat,
    ...(table.sheetName === undefined ? {} : { sheetName: table.sheetName }),
    rows: parsed.rows,
    ignoredColumns: parsed.columns.unknown.filter((header) => header !== dateHeader),
    ...(parsed.columns.bySpelling.length > 0 ? { columnsByWords: parsed.columns.bySpelling } : {}),
    missingFields: STAT_FIELDS.filter((field) => !read.has(field)),
    mergedRepeatedRows: parsed.mergedRepeatedRows,
    skippedRows: parsed.skippedRows,
    cutTexts: parsed.cutTexts,
    ...(camps.length > 0 ? { camps } : {}),
  };
}

function refuseUntimedSheet(fileName: string, sheetName: string, ambiguity: string | undefined) {
  if (ambiguity !== undefined) return refuse(fileName, ambiguity);
  return refuse(
    fileName,
    `sheet "${sheetName}" holds governors but its name is no scan time: in a workbook of several scans each ` +
      'sheet is one scan, named after its time (16Jul23-03h, 29Feb24-21h40m, 2025-06-27 or 2025-06-27 14:00); ' +
      'rename the sheet, or delete it if it is not a scan',
  );
}

function refuseRepeatedTimes(scans: readonly ParsedScan[], fileName: string): void {
  const seen = new Map<number, string>();
  for (const scan of scans) {
    const takenAt = scan.detectedTime?.takenAt;
    if (takenAt === undefined || scan.detectedTime?.source === 'date-column') continue;
    const earlier = seen.get(takenAt);
    if (earlier !== undefined) {
      throw refuse(
        fileName,
        `sheets "${earlier}" and "${scan.name}" are both the scan of ${describeDay(takenAt)}; keep one`,
      );
    }
    seen.set(takenAt, scan.name);
  }
}

const CANONICAL_NAMES = new Set<string>(STORED_COLUMNS.map((c) => c.field));

/** Which scanner wrote the file, from its headers; stored with the scan so that odd data can be traced back. */
function detectFormat(table: RawTable, options: ParseOptions): SourceFormat {
  const headers = new Set(table.headers.map(normaliseHeader));
  const has = (...names: string[]) => names.some((name) => headers.has(name));
  if (options.rolledUp) return 'hero-scrolls-rolled-up';
  const sheet = normaliseHeader(table.sheetName ?? '');
  if (sheet === FULL_DATA_SHEET) return 'whole-map-full-data';
  if (sheet === MAP_SCAN_SHEET && has('camp', 'campid')) return 'whole-map-scan';
  if (has('helpsgiven', 'domainid', 'resourcesgiven')) return 'hero-scrolls';
  // Before RokTracker v1–v4, whose `Governor ID` and `Ranged Points` it shares: its zeros are zeros.
  if (has('autarchtimes', 'aoojoined', 'kvkplayed', 'civilization')) return 'scanner-35-columns';
  if (has('tier1kills', 'aclaim', 'highaclaim', 'kvkkillshigh')) return 'roktracker-legacy';
  if (headers.has('id') && has('killpoints'))
    return has('acclaim', 'highestacclaim') ? 'roktracker-v6' : 'roktracker-v5';
  if (headers.has('governorid') && has('t1', 'deaths', 'killst4', 'rangedpoints')) return 'roktracker-v1-v4';
  const named = table.headers.filter((header) => header !== '');
  if (named.includes('governor_id') && named.every((header) => CANONICAL_NAMES.has(header))) {
    return `canonical-${table.container}`;
  }
  return `generic-${table.container}`;
}

/**
 * RokTracker names files TOP<n>-<date>-<scan name>-[<uuid>].<ext>; Hero Scrolls kingdom_scan_<name>.xlsx. The
 * scan's name is the part a person chose: what follows a date, or kingdom_scan_; other files keep their base name.
 */
export function scanName(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]+$/, '')
    .replace(/-\[[^\]]*\]$/, '');
  const afterDate = /(?:^|[-_ ])\d{4}-\d{2}-\d{2}[-_ ](.+)$/.exec(base)?.[1];
  if (afterDate?.trim()) return afterDate.trim();
  const heroScrolls = /^kingdom_scan_(.+)$/i.exec(base)?.[1];
  return heroScrolls ?? (base || fileName);
}
