import { normaliseHeader } from '../columns.ts';
import { refuse } from '../import-error.ts';
import { DEFAULT_IMPORT_LIMITS, formatBytes, type ImportLimits, refuseOverLimit } from '../limits.ts';
import { CFB_MAGIC } from './cfb.ts';
import { readCsv } from './csv.ts';
import { readJsonLines } from './jsonl.ts';
import { isOdsPackage, readOdsTables } from './ods.ts';
import type { FileTables, RawTable } from './table.ts';
import { readXlsTables } from './xls.ts';
import { readXlsxTables, refuseNumbersDocument } from './xlsx.ts';

/**
 * The one entry to the readers: which format a file is (from its first bytes, then its extension), and every
 * governor table it holds. Every reader enforces the import limits while it reads (docs/security.md, "Limits").
 */

export interface ReadTablesOptions {
  /** Hero Scrolls: read the `Rolled Up <kd>` sheet instead of the kingdom's data sheet. */
  rolledUp?: boolean;
  limits?: ImportLimits;
  /** readTable: the workbook's sheet of this name when it has one (a kingdom's `honor` sheet), else the first. */
  sheet?: string;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function readFileTables(
  content: Buffer,
  fileName: string,
  options: ReadTablesOptions = {},
): FileTables {
  const limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
  if (content.length > limits.uploadBytes) {
    throw refuseOverLimit(fileName, `is ${formatBytes(content.length)}`, 'uploadBytes', limits);
  }
  if (isAllBlank(content)) throw refuse(fileName, 'is empty');
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  // A compound file is a legacy .xls workbook (or a .doc, which the reader names as such).
  if (startsWith(content, CFB_MAGIC)) {
    return readXlsTables(content, fileName, { rolledUp: options.rolledUp ?? false, limits });
  }
  // Excel 2.x–4.0 wrote a bare BIFF stream: BOF record 0x0009, 0x0209 or 0x0409.
  if (extension === 'xls' && content[0] === 0x09 && [0x00, 0x02, 0x04].includes(content[1]!)) {
    throw refuse(
      fileName,
      'is an Excel 4.0 (or older) workbook, which is not read; open it and save it as .xlsx or .csv',
    );
  }
  if (extension === 'xls' && !startsWith(content, ZIP_MAGIC) && looksLikeMarkup(content)) {
    throw refuse(
      fileName,
      'is a web page or XML spreadsheet named .xls, not a workbook; open it and save it as .xlsx or .csv',
    );
  }
  if (extension === 'numbers') throw refuseNumbersDocument(fileName);
  if (extension === 'ods' || (startsWith(content, ZIP_MAGIC) && isOdsPackage(content))) {
    return readOdsTables(content, fileName, { rolledUp: options.rolledUp ?? false, limits });
  }
  if (startsWith(content, ZIP_MAGIC) || extension === 'xlsx' || extension === 'xlsm') {
    return readXlsxTables(content, fileName, { rolledUp: options.rolledUp ?? false, limits });
  }
  if (options.rolledUp) {
    throw refuse(
      fileName,
      'the rolled-up option is for Hero Scrolls xlsx files; import this file without it',
    );
  }
  const table = isJson(content, extension)
    ? readJsonLines(content, fileName, limits)
    : readCsv(content, fileName, limits);
  return { container: table.container, tables: [table], skippedSheets: [] };
}

/**
 * The first table of a file: for uploads that hold one table (pre-KvK points, Hall of Heroes deaths). A workbook's
 * other tables are not read as anything else; the first one with a governor ID column is the one.
 */
export function readTable(content: Buffer, fileName: string, options: ReadTablesOptions = {}): RawTable {
  const { tables } = readFileTables(content, fileName, options);
  const wanted = options.sheet === undefined ? undefined : normaliseHeader(options.sheet);
  return tables.find((table) => normaliseHeader(table.sheetName ?? '') === wanted) ?? tables[0]!;
}

function isJson(content: Buffer, extension: string): boolean {
  if (['jsonl', 'ndjson', 'json'].includes(extension)) return true;
  if (['csv', 'tsv', 'txt'].includes(extension)) return false;
  const firstChar = content
    .toString('utf8', 0, 64)
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  return firstChar === '{' || firstChar === '[';
}

/** HTML or XML: what some tools save under an .xls name (Excel opens it, with a warning). */
function looksLikeMarkup(content: Buffer): boolean {
  return content
    .toString('utf8', 0, 256)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');
}

function startsWith(content: Buffer, magic: readonly number[]): boolean {
  return magic.every((byte, i) => content[i] === byte);
}

/** Blank: nothing but whitespace (and a BOM), looked at without decoding the whole file into a string. */
function isAllBlank(content: Buffer): boolean {
  let at = content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? 3 : 0;
  // UTF-16: every other byte of a blank text is 0.
  const utf16 = (content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff);
  if (utf16) at = 2;
  for (; at < content.length; at++) {
    const byte = content[at]!;
    const blank =
      byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || (utf16 && byte === 0x00);
    if (!blank) return false;
  }
  return true;
}
