import { refuse } from '../import-error.ts';
import { DEFAULT_IMPORT_LIMITS, formatCount, type ImportLimits, refuseOverLimit } from '../limits.ts';
import { chooseTables, type WorkbookSheets } from './sheet-choice.ts';
import { type CellValue, cellName, type SheetRow } from './spreadsheet-xml.ts';
import { type FileTables, HEADER_SEARCH_ROWS } from './table.ts';
import type { XlsxOptions } from './xlsx.ts';
import { decodeXmlText, XmlError, XmlScanner } from './xml-scanner.ts';
import { ZipArchive, ZipError, ZipLimitError } from './zip.ts';

/**
 * An OpenDocument spreadsheet (.ods, LibreOffice Calc's own format): the tables of its `content.xml`, read in one
 * pass of XmlScanner. Cells give the values a spreadsheet shows: a number cell its `office:value`, a text cell its
 * paragraphs (joined by line breaks; `<text:s>` spaces and tabs kept, comments left out), a boolean its value, a
 * date its date. LibreOffice writes runs of equal cells and rows once with a repeat count (a sheet ends with an
 * empty row repeated a million times): empty runs are skipped without being built, and a run of values counts
 * against the row and column limits before it is built. Sheets are chosen as in an xlsx (sheet-choice.ts).
 */

export const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

class OdsError extends Error {
  override name = 'OdsError';
  constructor(
    message: string,
    readonly limit?: keyof ImportLimits,
  ) {
    super(message);
  }
}

interface OdsSheet {
  name: string;
  rows: SheetRow[];
}

/** Whether a ZIP file is an OpenDocument spreadsheet: its first entry, stored, is `mimetype` naming one. */
export function isOdsPackage(content: Buffer): boolean {
  return (
    content.toString('latin1', 30, 38) === 'mimetype' &&
    content.toString('latin1', 38, 38 + ODS_MIMETYPE.length) === ODS_MIMETYPE
  );
}

export function readOdsTables(content: Buffer, fileName: string, options: XlsxOptions = {}): FileTables {
  const limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
  let sheets: OdsSheet[];
  try {
    const zip = new ZipArchive(content, limits);
    const xml = zip.readText('content.xml');
    if (xml === undefined) throw new ZipError('it has no content.xml; is it an .ods file?');
    sheets = readContent(xml, limits);
  } catch (error) {
    if (error instanceof ZipLimitError) throw refuseOverLimit(fileName, error.found, error.limit, limits);
    if (error instanceof OdsError && error.limit)
      throw refuseOverLimit(fileName, error.message, error.limit, limits);
    if (error instanceof ZipError || error instanceof XmlError || error instanceof OdsError) {
      throw refuse(fileName, `is not a readable .ods spreadsheet (${error.message})`);
    }
    throw error;
  }
  const workbook: WorkbookSheets<OdsSheet> = {
    container: 'ods',
    sheets,
    openSheet: (sheet) => ({ top: () => sheet.rows.slice(0, HEADER_SEARCH_ROWS), all: () => sheet.rows }),
  };
  return chooseTables(workbook, fileName, options.rolledUp ?? false);
}

/** The cell being read: its value's type and value attributes, and its paragraphs' text so far. */
interface OpenCell {
  type: string | undefined;
  value: string | undefined;
  repeat: number;
  paragraphs: string[] | undefined;
  /** Characters in the paragraphs so far, line breaks between them included. */
  length: number;
}

function readContent(xml: string, limits: ImportLimits): OdsSheet[] {
  const sheets: OdsSheet[] = [];
  const scanner = new XmlScanner(xml);
  let sheet: OdsSheet | undefined;
  let rowNumber = 0;
  let rowRepeat = 1;
  let cells: CellValue[] = [];
  let column = 0;
  let cell: OpenCell | undefined;
  let annotation = 0;
  let inParagraph = false;
  let rowCount = 0;

  const fail = (message: string, limit?: keyof ImportLimits) =>
    new OdsError(sheet ? `sheet "${sheet.name}" ${message}` : message, limit);
  const repeatOf = (attribute: string | undefined) => {
    const count = attribute === undefined ? 1 : Number(attribute);
    if (!Number.isInteger(count) || count < 1)
      throw fail(`has a repeat count of "${attribute?.slice(0, 20)}"`);
    return count;
  };
  // Checked as the text grows, not once the cell ends: `<text:s text:c="999999999"/>` repeated would build
  // hundreds of millions of characters first.
  const append = (open: OpenCell, text: string, newParagraph = false) => {
    open.paragraphs ??= [];
    if (newParagraph) open.paragraphs.push('');
    open.length += text.length + (newParagraph && open.paragraphs.length > 1 ? 1 : 0);
    if (open.length > limits.cellChars) {
      throw fail(
        `cell ${cellName(column, rowNumber)} holds more than ${formatCount(limits.cellChars)} characters`,
        'cellChars',
      );
    }
    open.paragraphs[open.paragraphs.length - 1] += text;
  };
  const closeCell = () => {
    if (!cell) return;
    const value = cellValue(cell);
    const { repeat } = cell;
    cell = undefined;
    if (value === null) {
      column += repeat;
      return;
    }
    if (column + repeat > limits.columns) {
      throw fail(
        `has a value in column ${formatCount(Math.min(column + repeat, limits.columnIndex))}`,
        'columns',
      );
    }
    if (typeof value === 'string' && value.length > limits.cellChars) {
      throw fail(
        `cell ${cellName(column, rowNumber)} holds ${formatCount(value.length)} characters`,
        'cellChars',
      );
    }
    for (let i = 0; i < repeat; i++) cells[column++] = value;
  };
  const closeRow = () => {
    if (!sheet) return;
    if (cells.length > 0) {
      rowCount += rowRepeat;
      if (rowCount > limits.rows) throw fail(`has more than ${formatCount(limits.rows)} rows`, 'rows');
      for (let i = 0; i < rowRepeat; i++) sheet.rows.push({ number: rowNumber + i, cells: [...cells] });
    }
    rowNumber += rowRepeat - 1;
    cells = [];
  };

  for (let kind = scanner.next(); kind !== 'eof'; kind = scanner.next()) {
    if (kind === 'text') {
      if (cell?.paragraphs && inParagraph && annotation === 0) {
        append(cell, scanner.literal ? scanner.text : decodeXmlText(scanner.text));
      }
      continue;
    }
    const { name } = scanner;
    if (kind === 'start') {
      if (name === 'table') {
        if (sheets.length >= limits.sheets) {
          throw new OdsError(`has more than ${formatCount(limits.sheets)} sheets`, 'sheets');
        }
        sheet = { name: decodeXmlText(scanner.attribute('name') ?? `Sheet${sheets.length + 1}`), rows: [] };
        sheets.push(sheet);
        rowNumber = 0;
        rowCount = 0;
        if (scanner.selfClosing) sheet = undefined;
      } else if (name === 'table-row' && sheet) {
        rowNumber++;
        rowRepeat = repeatOf(scanner.attribute('number-rows-repeated'));
        column = 0;
        cells = [];
        if (scanner.selfClosing) closeRow();
      } else if ((name === 'table-cell' || name === 'covered-table-cell') && sheet) {
        cell = {
          type: scanner.attribute('value-type'),
          value:
            scanner.attribute('value') ??
            scanner.attribute('date-value') ??
            scanner.attribute('boolean-value') ??
            scanner.attribute('string-value'),
          repeat: repeatOf(scanner.attribute('number-columns-repeated')),
          paragraphs: undefined,
          length: 0,
        };
        if (scanner.selfClosing) closeCell();
      } else if (name === 'annotation') {
        if (!scanner.selfClosing) annotation++;
      } else if (cell && annotation === 0) {
        if (name === 'p' || name === 'h') {
          append(cell, '', true);
          inParagraph = !scanner.selfClosing;
        } else if (
          cell.paragraphs &&
          inParagraph &&
          (name === 's' || name === 'tab' || name === 'line-break')
        ) {
          const count = name === 's' ? Math.min(repeatOf(scanner.attribute('c')), limits.cellChars + 1) : 1;
          append(cell, name === 's' ? ' '.repeat(count) : name === 'tab' ? '\t' : '\n');
        }
      }
      continue;
    }
    // An end tag.
    if (name === 'table-cell' || name === 'covered-table-cell') closeCell();
    else if (name === 'table-row') closeRow();
    else if (name === 'table') sheet = undefined;
    else if (name === 'annotation') annotation = Math.max(0, annotation - 1);
    else if (name === 'p' || name === 'h') inParagraph = false;
  }
  return sheets;
}

function cellValue({ type, value, paragraphs }: OpenCell): CellValue {
  switch (type) {
    case 'float':
    case 'percentage':
    case 'currency': {
      const number = Number(value);
      return value === undefined || value.trim() === '' || !Number.isFinite(number) ? null : number;
    }
    case 'boolean':
      return value === 'true';
    case 'date': {
      const date = value === undefined ? undefined : new Date(value);
      return date && !Number.isNaN(date.getTime()) ? date : (value ?? null);
    }
    case undefined:
      return null;
    default: {
      const text = paragraphs?.join('\n') ?? (value === undefined ? undefined : decodeXmlText(value));
      return text === undefined || text === '' ? null : text;
    }
  }
}
