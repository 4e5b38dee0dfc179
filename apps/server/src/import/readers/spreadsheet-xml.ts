/**
 * Reads the parts of SpreadsheetML (the XML inside an xlsx) that an import needs: shared strings and cell values
 * (workbook-xml.ts reads the sheet list). Styles, formulas' text, merged cells and everything visual are ignored.
 * One pass of XmlScanner per part: time linear in the part's size whatever it holds (xml-scanner.ts says why no
 * regular expressions), and fast enough for a 16,000-row sheet (300,000 cells) in tens of milliseconds. Element
 * names may carry a namespace prefix (`<x:c>`, as the .NET Open XML SDK writes them); the scanner drops it.
 */
import {
  columnLetters,
  DEFAULT_IMPORT_LIMITS,
  formatCount,
  type ImportLimitName,
  type ImportLimits,
} from '../limits.ts';
import { decodeXmlText, XmlError, XmlScanner } from './xml-scanner.ts';

export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row number a spreadsheet shows (1-based). */
  number: number;
  /** Values by column (A = 0); missing cells are undefined. */
  cells: CellValue[];
}

/** A cell (or sheet) the reader will not take: a limit passed, or a value that is not what its type says. */
export class CellError extends Error {
  override name = 'CellError';
  constructor(
    /** What the sheet has, in a user's words, completing "sheet "Data", cell B5, …" ("holds 5,000 characters"). */
    readonly found: string,
    /** The cell as a spreadsheet names it (B5); absent for the sheet as a whole. */
    readonly cell?: string,
    readonly limit?: ImportLimitName,
  ) {
    super(cell ? `cell ${cell}, ${found}` : found);
  }
}

/** The last row a spreadsheet can have (Excel and LibreOffice). */
const MAX_ROW_NUMBER = 1_048_576;

// OOXML escapes characters XML cannot hold (and a literal "_x" itself) as _xHHHH_. Fixed width: no backtracking.
const OOXML_ESCAPE = /_x([0-9a-fA-F]{4})_/g;

function decodeStringText(text: string): string {
  const decoded = decodeXmlText(text);
  return decoded.includes('_x')
    ? decoded.replace(OOXML_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : decoded;
}

/** CDATA text is literal; escaping its "&" lets it share the decoding path of ordinary text. */
function rawText(scanner: XmlScanner): string {
  return scanner.literal ? scanner.text.replaceAll('&', '&amp;') : scanner.text;
}

/**
 * The workbook's shared strings. A string holding an invalid character reference is not refused here but where a
 * cell uses it, so that the message names the sheet and the cell.
 */
export class SharedStrings {
  constructor(
    readonly values: readonly string[],
    private readonly invalid: ReadonlyMap<number, string> = new Map(),
  ) {}

  /** The string at `index`, null for an index the table does not have; throws CellError's `found` as text. */
  get(index: number): string | null {
    const problem = this.invalid.get(index);
    if (problem !== undefined) throw new XmlError(problem);
    return this.values[index] ?? null;
  }
}

/**
 * The shared-strings part: each <si> is plain <t> text or rich-text runs <r><t>…</t></r> joined; phonetic runs
 * (<rPh>, furigana over Japanese names) are a reading aid, not part of the text.
 */
export function readSharedStrings(xml: string, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): SharedStrings {
  const values: string[] = [];
  const invalid = new Map<number, string>();
  // No workbook can use more distinct strings than one table has cells.
  const maxItems = limits.rows * limits.columns;
  const scanner = new XmlScanner(xml);
  let item: string | undefined;
  let phonetic = 0;
  let inText = false;
  const push = (raw: string) => {
    if (values.length >= maxItems) {
      throw new XmlError(
        `holds more than ${formatCount(maxItems)} strings, more than any table the import takes`,
      );
    }
    try {
      values.push(decodeStringText(raw));
    } catch (error) {
      if (!(error instanceof XmlError)) throw error;
      invalid.set(values.length, error.message);
      values.push('');
    }
  };
  for (let kind = scanner.next(); kind !== 'eof'; kind = scanner.next()) {
    if (kind === 'text') {
      if (inText) item += rawText(scanner);
    } else if (kind === 'start') {
      const { name, selfClosing } = scanner;
      if (name === 'si') {
        if (selfClosing) push('');
        else item = '';
        phonetic = 0;
      } else if (name === 'rPh' && !selfClosing) phonetic++;
      else if (name === 't' && !selfClosing) inText = item !== undefined && phonetic === 0;
    } else {
      const { name } = scanner;
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'si' && item !== undefined) {
        push(item);
        item = undefined;
      }
    }
  }
  if (item !== undefined) throw new XmlError('ends inside a shared string');
  return new SharedStrings(values, invalid);
}

export interface SheetReadOptions {
  /** Stop after this many rows with values (for looking at headers without reading a whole sheet). */
  maxRows?: number;
  limits?: ImportLimits;
}

/**
 * Every row of a sheet that has at least one value, in order. Refuses (CellError) a sheet past the row, column,
 * column-index or cell-length limits as soon as it gets there, a cell reference past the last column without
 * building anything of that size, and a cell whose text or date cannot be read; XmlError for a damaged part.
 */
export function readSheetRows(
  xml: string,
  sharedStrings: SharedStrings,
  options: SheetReadOptions = {},
): SheetRow[] {
  const limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const rows: SheetRow[] = [];
  const scanner = new XmlScanner(xml);
  let row: SheetRow | undefined;
  let previousNumber = 0;
  let column = -1;
  // The cell being read: its attributes, and the raw text of its <v> or inline string (<is>).
  let inCell = false;
  let cellType: string | undefined;
  let value: string | undefined;
  let inline: string | undefined;
  let inInline = false;
  let phonetic = 0;
  let capturing = false;

  const finishRow = (): boolean => {
    if (row && row.cells.length > 0) {
      if (rows.length >= limits.rows) {
        throw new CellError(`has more than ${formatCount(limits.rows)} rows`, undefined, 'rows');
      }
      rows.push(row);
    }
    row = undefined;
    return rows.length >= maxRows;
  };

  for (let kind = scanner.next(); kind !== 'eof'; kind = scanner.next()) {
    if (kind === 'text') {
      if (!capturing) continue;
      const text = scanner.literal ? rawText(scanner) : scanner.text;
      if (inInline) inline += text;
      else value += text;
      continue;
    }
    if (kind === 'start') {
      if (scanner.is('c')) {
        if (!row) continue;
        const reference = scanner.attribute('r');
        column = reference === undefined ? column + 1 : columnIndex(reference, limits);
        if (column >= limits.columnIndex) throw columnIndexError(reference, column, row.number, limits);
        cellType = scanner.attribute('t');
        value = undefined;
        inline = undefined;
        inCell = !scanner.selfClosing;
      } else if (scanner.is('row')) {
        if (finishRow()) return rows;
        const number = rowNumber(scanner.attribute('r'), previousNumber);
        previousNumber = number;
        column = -1;
        if (!scanner.selfClosing) row = { number, cells: [] };
      } else if (!inCell || scanner.selfClosing) {
        // Elements outside a cell, and empty ones (<v/>), hold nothing to read.
      } else if (scanner.is('v')) {
        value = '';
        capturing = true;
      } else if (scanner.is('is')) {
        inline = '';
        inInline = true;
        phonetic = 0;
      } else if (scanner.is('rPh') && inInline) {
        phonetic++;
        capturing = false;
      } else if (scanner.is('t') && inInline) {
        capturing = phonetic === 0;
      }
      continue;
    }
    // An end tag.
    if (scanner.is('v')) capturing = false;
    else if (scanner.is('c')) {
      if (!inCell || !row) continue;
      inCell = false;
      capturing = false;
      inInline = false;
      const cell = cellValue(cellType, value, inline, sharedStrings, column, row.number);
      if (cell === null) continue;
      if (column >= limits.columns) {
        throw new CellError(
          `is in column ${formatCount(column + 1)}`,
          cellName(column, row.number),
          'columns',
        );
      }
      if (typeof cell === 'string' && cell.length > limits.cellChars) {
        throw new CellError(
          `holds ${formatCount(cell.length)} characters`,
          cellName(column, row.number),
          'cellChars',
        );
      }
      row.cells[column] = cell;
    } else if (scanner.is('t')) capturing = false;
    else if (scanner.is('row')) {
      if (finishRow()) return rows;
    } else if (scanner.is('rPh')) phonetic = Math.max(0, phonetic - 1);
    else if (scanner.is('is')) inInline = false;
  }
  finishRow();
  return rows;
}

/** A row's number: its `r`, or the one after the previous row when left out (as some writers do). */
function rowNumber(reference: string | undefined, previous: number): number {
  if (reference === undefined) return previous + 1;
  const number = Number(reference);
  if (!Number.isInteger(number) || number < 1 || number > MAX_ROW_NUMBER) {
    throw new XmlError(`has a row numbered "${reference.slice(0, 20)}", which no spreadsheet has`);
  }
  return number;
}

/**
 * 'B7' → 1: the column of a cell reference (A = 0). Stops as soon as the column passes the limit, so a reference
 * such as "MWLQKWT1" (column 4.29 billion) costs nothing.
 */
function columnIndex(reference: string, limits: ImportLimits): number {
  let index = 0;
  let letters = 0;
  for (; letters < reference.length; letters++) {
    const code = reference.charCodeAt(letters) & ~32; // upper case
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
    if (index > limits.columnIndex) return index - 1;
  }
  if (letters === 0)
    throw new XmlError(`has a cell reference "${reference.slice(0, 20)}" that names no column`);
  return index - 1;
}

function columnIndexError(
  reference: string | undefined,
  column: number,
  rowNumber: number,
  limits: ImportLimits,
): CellError {
  const shown = reference === undefined ? `${columnLetters(column + 1)}${rowNumber}` : reference.slice(0, 20);
  return new CellError(
    `has a cell at "${shown}", past column ${columnLetters(limits.columnIndex)}`,
    undefined,
    'columnIndex',
  );
}

export function cellName(column: number, rowNumber: number): string {
  return `${columnLetters(column + 1)}${rowNumber}`;
}

function cellValue(
  type: string | undefined,
  raw: string | undefined,
  inline: string | undefined,
  sharedStrings: SharedStrings,
  column: number,
  rowNumber: number,
): CellValue {
  try {
    if (type === 'inlineStr') return inline === undefined ? null : decodeStringText(inline);
    // A formula cell keeps its last computed result in <v>; that result is what the person saw.
    if (raw === undefined) return null;
    switch (type) {
      case 's':
        return sharedStrings.get(Number(raw));
      case 'str':
      case 'e': // errors such as #N/A stay text, so a number column reports them as not a number
        return decodeStringText(raw);
      case 'b':
        return raw === '1' || raw === 'true';
      case 'd': {
        const text = decodeXmlText(raw).trim();
        const date = new Date(text);
        if (Number.isNaN(date.getTime()))
          throw new CellError(`holds "${text.slice(0, 40)}", which is not a date`);
        return date;
      }
      default: {
        const number = Number(raw);
        if (Number.isFinite(number) && isDecimal(raw)) {
          return number === 0 && raw.trim() === '' ? null : number;
        }
        // "Infinity", "0x10": not plain decimal, so it stays text for the parser to refuse by its text.
        return raw.trim() === '' ? null : decodeXmlText(raw);
      }
    }
  } catch (error) {
    if (error instanceof CellError)
      throw new CellError(error.found, cellName(column, rowNumber), error.limit);
    if (error instanceof XmlError) throw new CellError(error.message, cellName(column, rowNumber));
    throw error;
  }
}

/** Number() also reads 0x10, 0o7 and 0b1; a cell's number is plain decimal only. */
function isDecimal(raw: string): boolean {
  const text = raw.charCodeAt(0) <= 0x20 ? raw.trim() : raw;
  const second = text.charCodeAt(1) | 0x20;
  return !(text.charCodeAt(0) === 0x30 && (second === 0x78 || second === 0x6f || second === 0x62));
}

/** Excel's serial day number (days since 1899-12-30, or 1904-01-01) as unix seconds. */
export function excelSerialToUnixSeconds(serial: number, date1904: boolean): number {
  const epochDays = date1904 ? 24107 : 25569; // days from the serial epoch to 1970-01-01
  return Math.round((serial - epochDays) * 86400);
}
