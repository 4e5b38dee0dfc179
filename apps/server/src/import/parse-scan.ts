import type { GovernorStatRow } from '../features/scans/scan-store.ts';
import { normaliseHeader, STORED_COLUMNS } from './columns.ts';
import { refuse } from './import-error.ts';
import { parseGovernorRows } from './parse-rows.ts';
import { readCsv } from './readers/csv.ts';
import { readJsonLines } from './readers/jsonl.ts';
import type { Container, RawTable } from './readers/table.ts';
import { readXlsx, type XlsxTable } from './readers/xlsx.ts';
import { findScanTime, type ScanTime } from './scan-time.ts';

export type SourceFormat =
  | 'roktracker-v6'
  | 'roktracker-v5'
  | 'roktracker-v1-v4'
  | 'roktracker-legacy'
  | 'hero-scrolls'
  | 'hero-scrolls-rolled-up'
  | `canonical-${Container}`
  | `generic-${Container}`;

export interface ParsedScan {
  fileName: string;
  /** The scan's name, from the file name (RokTracker: its scan name part; Hero Scrolls: after kingdom_scan_). */
  name: string;
  sourceFormat: SourceFormat;
  container: Container;
  /** xlsx: the sheet the governors were read from. */
  sheetName?: string;
  /** home_kd is NULL where the file gives none; the import fills in the default kingdom. */
  rows: GovernorStatRow[];
  /** The scan time the file states, if any (the import may be given another). */
  detectedTime?: ScanTime;
  /** Headers no alias knows; their cells were not imported. */
  ignoredColumns: string[];
}

export interface ParseOptions {
  /** Hero Scrolls: read the `Rolled Up` sheet instead of the kingdom's data sheet. */
  rolledUp?: boolean;
}

/** Reads and checks a whole scan file without touching the database; refuses (AppError IMPORT_REFUSED) if bad. */
export function parseScanFile(content: Buffer, fileName: string, options: ParseOptions = {}): ParsedScan {
  const table = readTable(content, fileName, options);
  const { rows, columns } = parseGovernorRows(table, fileName);
  const xlsx = table.container === 'xlsx' ? (table as XlsxTable) : undefined;
  const detectedTime = findScanTime({
    fileName,
    sheetName: table.sheetName,
    summaryTime: xlsx?.summaryTime,
    date1904: xlsx?.date1904,
  });
  return {
    fileName,
    name: scanName(fileName),
    sourceFormat: detectFormat(table, options),
    container: table.container,
    ...(table.sheetName === undefined ? {} : { sheetName: table.sheetName }),
    rows,
    ...(detectedTime ? { detectedTime } : {}),
    ignoredColumns: columns.unknown,
  };
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0]; // legacy .xls (and .doc): a format we do not read

export function readTable(content: Buffer, fileName: string, options: ParseOptions = {}): RawTable {
  if (content.toString('utf8', 0, Math.min(content.length, 4096)).trim() === '' && isAllBlank(content)) {
    throw refuse(fileName, 'is empty');
  }
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (startsWith(content, OLE_MAGIC) || extension === 'xls') {
    throw refuse(
      fileName,
      'is a legacy .xls workbook, which is not read; open it and save it as .xlsx or .csv',
    );
  }
  if (startsWith(content, ZIP_MAGIC) || extension === 'xlsx' || extension === 'xlsm') {
    return readXlsx(content, fileName, options);
  }
  if (options.rolledUp) {
    throw refuse(
      fileName,
      'the rolled-up option is for Hero Scrolls xlsx files; import this file without it',
    );
  }
  if (['jsonl', 'ndjson', 'json'].includes(extension)) return readJsonLines(content, fileName);
  if (['csv', 'tsv', 'txt'].includes(extension)) return readCsv(content, fileName);
  const firstChar = content
    .toString('utf8', 0, 64)
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  return firstChar === '{' ? readJsonLines(content, fileName) : readCsv(content, fileName);
}

function startsWith(content: Buffer, magic: readonly number[]): boolean {
  return magic.every((byte, i) => content[i] === byte);
}

function isAllBlank(content: Buffer): boolean {
  return (
    content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim() === ''
  );
}

const CANONICAL_NAMES = new Set<string>(STORED_COLUMNS.map((c) => c.field));

/** Which scanner wrote the file, from its headers; stored with the scan so that odd data can be traced back. */
function detectFormat(table: RawTable, options: ParseOptions): SourceFormat {
  const headers = new Set(table.headers.map(normaliseHeader));
  const has = (...names: string[]) => names.some((name) => headers.has(name));
  if (options.rolledUp) return 'hero-scrolls-rolled-up';
  if (has('helpsgiven', 'domainid', 'resourcesgiven')) return 'hero-scrolls';
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
