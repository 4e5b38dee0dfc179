import { refuse } from '../import-error.ts';
import { DEFAULT_IMPORT_LIMITS, formatCount, type ImportLimits, refuseOverLimit } from '../limits.ts';
import { CfbError, openCfb } from './cfb.ts';
import { chooseTables, type WorkbookSheets } from './sheet-choice.ts';
import { type CellValue, cellName, type SheetRow } from './spreadsheet-xml.ts';
import { type FileTables, HEADER_SEARCH_ROWS } from './table.ts';
import { readSharedStrings, readShortString, readUnicodeString, substream, XlsError } from './xls-records.ts';
import type { XlsxOptions } from './xlsx.ts';

/**
 * A legacy .xls workbook (Excel 97–2003, BIFF8), as the original RokTracker (nikolakis1919, through Python's xlwt)
 * and older Excel versions save scans: the `Workbook` stream of a compound file (cfb.ts), read record by record
 * for the sheet list, the shared strings and each sheet's cell values ([MS-XLS]). Cells give the values a
 * spreadsheet shows: text, numbers, booleans, error codes as text (`#N/A`), a formula's cached result. Formats,
 * styles and formulas' text are not read. Older BIFF versions (Excel 5.0/95 and before) and encrypted workbooks
 * are refused by name. Sheets are chosen as in an xlsx (sheet-choice.ts).
 */

const FILEPASS = 0x002f;
const BOUNDSHEET = 0x0085;
const DATEMODE = 0x0022;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const RSTRING = 0x00d6;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const BOOLERR = 0x0205;
const FORMULA = 0x0006;
const STRING = 0x0207;
const WORKSHEET_TYPE = 0;

const ERROR_TEXTS: Readonly<Record<number, string>> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
};

export interface XlsSheet {
  name: string;
  offset: number;
}

export function readXlsTables(content: Buffer, fileName: string, options: XlsxOptions = {}): FileTables {
  const limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
  try {
    return readWorkbook(content, fileName, options.rolledUp ?? false, limits);
  } catch (error) {
    if (error instanceof XlsError && error.limit) {
      throw refuseOverLimit(fileName, error.message, error.limit, limits);
    }
    if (error instanceof XlsError || error instanceof CfbError) {
      throw refuse(fileName, `is not a readable .xls workbook (${error.message})`);
    }
    throw error;
  }
}

function readWorkbook(
  content: Buffer,
  fileName: string,
  rolledUp: boolean,
  limits: ImportLimits,
): FileTables {
  const { workbook, date1904 } = openXlsWorkbook(content, fileName, limits);
  return { ...chooseTables(workbook, fileName, rolledUp), date1904 };
}

/** The workbook's worksheets, each read when asked (what the sheet choice needs), and its date system. */
export function openXlsWorkbook(
  content: Buffer,
  fileName: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): { workbook: WorkbookSheets<XlsSheet>; date1904: boolean } {
  const cfb = openCfb(content);
  const stream = cfb.readStream('Workbook');
  if (!stream) {
    if (cfb.readStream('Book')) {
      throw refuse(
        fileName,
        'is an Excel 5.0/95 (or older) workbook, which is not read; open it and save it as .xlsx or .csv',
      );
    }
    throw refuse(fileName, 'is a compound document without a workbook (a .doc or .msg?), not a spreadsheet');
  }
  const globals = readGlobals(stream, fileName, limits);
  const workbook: WorkbookSheets<XlsSheet> = {
    container: 'xls',
    sheets: globals.sheets,
    openSheet: (sheet) => {
      const read = (maxRows?: number) => {
        try {
          return readSheet(stream, sheet.offset, globals.strings, limits, maxRows);
        } catch (error) {
          if (error instanceof XlsError) {
            throw new XlsError(`sheet "${sheet.name}" ${error.message}`, error.limit);
          }
          throw error;
        }
      };
      return { top: () => read(HEADER_SEARCH_ROWS), all: () => read() };
    },
  };
  return { workbook, date1904: globals.date1904 };
}

interface Globals {
  sheets: XlsSheet[];
  strings: string[];
  date1904: boolean;
}

function readGlobals(stream: Buffer, fileName: string, limits: ImportLimits): Globals {
  const sheets: XlsSheet[] = [];
  let date1904 = false;
  let sst: Buffer[] | undefined;
  let last: number | undefined;
  for (const { type, data } of substream(stream, 0)) {
    if (type === FILEPASS) {
      throw refuse(fileName, 'is protected by a password; save it without one (or as .xlsx or .csv)');
    }
    if (type === BOUNDSHEET && data.length >= 8 && data[5] === WORKSHEET_TYPE) {
      if (sheets.length >= limits.sheets) {
        throw new XlsError(`has more than ${formatCount(limits.sheets)} sheets`, 'sheets');
      }
      sheets.push({ offset: data.readUInt32LE(0), name: readShortString(data, 6) });
    } else if (type === DATEMODE && data.length >= 2) {
      date1904 = data.readUInt16LE(0) === 1;
    } else if (type === SST) {
      sst = [data];
    } else if (type === CONTINUE && last === SST && sst) {
      sst.push(data);
      continue;
    }
    last = type;
  }
  return { sheets, strings: sst ? readSharedStrings(sst, limits) : [], date1904 };
}

/** A sheet's rows that hold a value, in order (BIFF8 writes a sheet's cells row by row). */
function readSheet(
  stream: Buffer,
  offset: number,
  strings: readonly string[],
  limits: ImportLimits,
  maxRows = Number.POSITIVE_INFINITY,
): SheetRow[] {
  if (offset >= stream.length) throw new XlsError('starts past the end of the workbook');
  const byNumber = new Map<number, SheetRow>();
  let formulaCell: { row: number; column: number } | undefined;
  const put = (row: number, column: number, value: CellValue) => {
    formulaCell = undefined;
    if (value === null || value === '') return;
    const number = row + 1;
    if (column >= limits.columns) {
      throw new XlsError(
        `cell ${cellName(column, number)} is in column ${formatCount(column + 1)}`,
        'columns',
      );
    }
    if (typeof value === 'string' && value.length > limits.cellChars) {
      throw new XlsError(
        `cell ${cellName(column, number)} holds ${formatCount(value.length)} characters`,
        'cellChars',
      );
    }
    let entry = byNumber.get(number);
    if (!entry) {
      if (byNumber.size >= limits.rows) {
        throw new XlsError(`has more than ${formatCount(limits.rows)} rows`, 'rows');
      }
      entry = { number, cells: [] };
      byNumber.set(number, entry);
    }
    entry.cells[column] = value;
  };
  for (const { type, data } of substream(stream, offset)) {
    if (data.length < 6 && type !== STRING) continue;
    const row = data.length >= 2 ? data.readUInt16LE(0) : 0;
    const column = data.length >= 4 ? data.readUInt16LE(2) : 0;
    if (type === LABELSST && data.length >= 10) {
      const index = data.readUInt32LE(6);
      if (index >= strings.length)
        throw new XlsError(`cell ${cellName(column, row + 1)} names a missing text`);
      put(row, column, strings[index]!);
    } else if ((type === LABEL || type === RSTRING) && data.length >= 9) {
      put(row, column, readUnicodeString(data, 6));
    } else if (type === NUMBER && data.length >= 14) {
      put(row, column, finite(data.readDoubleLE(6)));
    } else if (type === RK && data.length >= 10) {
      put(row, column, rkValue(data.readUInt32LE(6)));
    } else if (type === MULRK) {
      const cells = Math.floor((data.length - 6) / 6);
      for (let i = 0; i < cells; i++) put(row, column + i, rkValue(data.readUInt32LE(4 + i * 6 + 2)));
    } else if (type === BOOLERR && data.length >= 8) {
      put(row, column, data[7] === 1 ? (ERROR_TEXTS[data[6]!] ?? '#ERROR') : data[6] === 1);
    } else if (type === FORMULA && data.length >= 14) {
      const result = formulaResult(data);
      put(row, column, result === STRING_FOLLOWS ? null : result);
      if (result === STRING_FOLLOWS) formulaCell = { row, column };
    } else if (type === STRING && formulaCell && data.length >= 3) {
      const { row: at, column: where } = formulaCell;
      put(at, where, readUnicodeString(data, 0));
    }
    if (byNumber.size > maxRows) break;
  }
  return [...byNumber.values()].sort((a, b) => a.number - b.number).slice(0, maxRows);
}

const STRING_FOLLOWS = Symbol('string follows');

/** A formula's cached result: a number, or (when its last two bytes are 0xFFFF) a text, boolean, error or nothing. */
function formulaResult(data: Buffer): CellValue | typeof STRING_FOLLOWS {
  if (data.readUInt16LE(12) !== 0xffff) return finite(data.readDoubleLE(6));
  switch (data[6]) {
    case 0:
      return STRING_FOLLOWS;
    case 1:
      return data[8] === 1;
    case 2:
      return ERROR_TEXTS[data[8]!] ?? '#ERROR';
    default:
      return null;
  }
}

/** An RK number: 30 bits of an integer or of a double's high word, divided by 100 when its low bit says so. */
function rkValue(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE(rk & 0xfffffffc, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
