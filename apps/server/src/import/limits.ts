import type { AppError } from '../errors.ts';
import { refuse } from './import-error.ts';

/**
 * How much one import file may make the server read. Every reader checks these while it reads (never after building
 * the whole thing), so a hostile or broken file is refused before it costs memory or time. The defaults fit the
 * largest real files with room to spare: a real scan holds at most ~5,000 governors in ~20–60 columns, and a
 * workbook of one sheet per scan holds a KvK's 9–30 scans. docs/security.md ("Limits") lists them with their reasons.
 */
export interface ImportLimits {
  /** Bytes of the file as uploaded (or read by the CLI). */
  uploadBytes: number;
  /** Bytes inflated from an xlsx, summed over every entry read: what a zip bomb multiplies. */
  inflatedBytes: number;
  /** Inflated bytes per compressed byte, per zip entry (checked once an entry passes 1 MB inflated). */
  compressionRatio: number;
  /** Entries (parts) in an xlsx archive. */
  zipEntries: number;
  /** Sheets in a workbook. */
  sheets: number;
  /** Rows of one table (sheet, CSV or JSON file), header included. */
  rows: number;
  /** Columns of one table: cells in a row, or distinct keys in a JSON file. */
  columns: number;
  /** The highest column a spreadsheet cell reference may name (1 = A; 16,384 = XFD, Excel's own last column). */
  columnIndex: number;
  /** Characters in one cell. */
  cellChars: number;
  /** Nesting of arrays and objects in a JSON file. */
  jsonDepth: number;
}

export type ImportLimitName = keyof ImportLimits;

export const DEFAULT_IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  // A 50,000-row CSV of 40 columns is ~15 MB; a 16,000-row xlsx ~1.5 MB.
  uploadBytes: 32 * 1024 * 1024,
  // A 50,000-row, 60-column sheet is ~120 MB of XML; twice that for the shared strings and the other sheets.
  inflatedBytes: 256 * 1024 * 1024,
  // Real sheet XML compresses 5–20:1; deflate's own ceiling is ~1,030:1, which only repeated filler reaches.
  compressionRatio: 200,
  // An xlsx has 10–20 parts plus ~4 per sheet (sheet, its relationships, drawings, printer settings).
  zipEntries: 2_000,
  // A KvK has 9–30 scans; a season's workbook of one sheet per scan stays well under 100.
  sheets: 100,
  // Ten times the largest kingdom's scan (~5,000 governors), and a long table of 400 governors × 90 dates is 36,000.
  rows: 50_000,
  // The widest scanner export (Hero Scrolls) has ~60 columns.
  columns: 200,
  // XFD, the last column Excel itself can hold: a reference beyond it is not a cell any spreadsheet wrote.
  columnIndex: 16_384,
  // Governor names are at most 16 characters in the game; headers and notes are short. Excel's own cap is 32,767.
  cellChars: 4_000,
  // A governor record is an object (depth 1), inside an array in a .json file (depth 2); cells hold no objects.
  jsonDepth: 8,
});

interface LimitDescription {
  env: string;
  /** The limit in a user's words, completed by a number: "the most one import takes is 50,000 rows". */
  words: (value: number) => string;
  bytes?: true;
}

export const IMPORT_LIMIT_DESCRIPTIONS: Readonly<Record<ImportLimitName, LimitDescription>> = {
  uploadBytes: {
    env: 'IMPORT_MAX_UPLOAD_BYTES',
    words: (v) => `the largest file one import takes is ${formatBytes(v)}`,
    bytes: true,
  },
  inflatedBytes: {
    env: 'IMPORT_MAX_INFLATED_BYTES',
    words: (v) => `the most an xlsx or ods may unpack to is ${formatBytes(v)} in all`,
    bytes: true,
  },
  compressionRatio: {
    env: 'IMPORT_MAX_COMPRESSION_RATIO',
    words: (v) =>
      `the most one part of an xlsx or ods may unpack to is ${formatCount(v)} times its packed size`,
  },
  zipEntries: {
    env: 'IMPORT_MAX_ZIP_ENTRIES',
    words: (v) => `the most parts an xlsx or ods may have is ${formatCount(v)}`,
  },
  sheets: { env: 'IMPORT_MAX_SHEETS', words: (v) => `the most sheets one import takes is ${formatCount(v)}` },
  rows: { env: 'IMPORT_MAX_ROWS', words: (v) => `the most rows one table may have is ${formatCount(v)}` },
  columns: {
    env: 'IMPORT_MAX_COLUMNS',
    words: (v) => `the most columns one table may have is ${formatCount(v)}`,
  },
  columnIndex: {
    env: 'IMPORT_MAX_COLUMN_INDEX',
    words: (v) => `the last column a cell may be in is column ${formatCount(v)} (${columnLetters(v)})`,
  },
  cellChars: {
    env: 'IMPORT_MAX_CELL_CHARS',
    words: (v) => `the most characters one cell may hold is ${formatCount(v)}`,
  },
  jsonDepth: {
    env: 'IMPORT_MAX_JSON_DEPTH',
    words: (v) => `the deepest nesting a JSON file may have is ${formatCount(v)} levels`,
  },
};

/**
 * The refusal of a file that passes a limit: what the file has (`found`, e.g. "more than 50,000 rows"), then the
 * limit in words and the variable that sets it, so an operator with a genuine big file knows what to raise.
 */
export function refuseOverLimit(
  fileName: string,
  found: string,
  limit: ImportLimitName,
  limits: ImportLimits,
): AppError {
  const description = IMPORT_LIMIT_DESCRIPTIONS[limit];
  return refuse(fileName, `${found}; ${description.words(limits[limit])} (${description.env})`);
}

/**
 * The limits set by `IMPORT_MAX_*` variables, each defaulting to DEFAULT_IMPORT_LIMITS. A value that is not a
 * positive whole number is refused by name, so a typo stops the server at start rather than removing a limit.
 * Byte limits also take a K, M or G suffix (binary: 32M = 32 × 1024 × 1024).
 */
export function importLimitsFromEnv(env: Record<string, string | undefined> = process.env): ImportLimits {
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS };
  for (const name of Object.keys(IMPORT_LIMIT_DESCRIPTIONS) as ImportLimitName[]) {
    const description = IMPORT_LIMIT_DESCRIPTIONS[name];
    const raw = env[description.env];
    if (raw === undefined || raw.trim() === '') continue;
    limits[name] = parseLimit(description, raw.trim());
  }
  return limits;
}

const MULTIPLIERS: Record<string, number> = { K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

function parseLimit(description: LimitDescription, raw: string): number {
  const match = /^(\d+)([KMG])?B?$/i.exec(raw.replaceAll('_', ''));
  const suffix = match?.[2]?.toUpperCase();
  const value = match ? Number(match[1]) * (suffix ? MULTIPLIERS[suffix]! : 1) : Number.NaN;
  if (!match || (suffix && !description.bytes) || !Number.isSafeInteger(value) || value < 1) {
    const form = description.bytes
      ? 'a positive whole number of bytes (or with K, M or G)'
      : 'a positive whole number';
    throw new Error(`${description.env} must be ${form} (got "${raw}")`);
  }
  return value;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
    }
  }
  return `${formatCount(bytes)} bytes`;
}

/** 1 → A, 27 → AA, 16,384 → XFD: a column as a spreadsheet names it. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}
