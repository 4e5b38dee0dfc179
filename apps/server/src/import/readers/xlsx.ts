import { refuse } from '../import-error.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits, refuseOverLimit } from '../limits.ts';
import { chooseTables, type WorkbookSheets } from './sheet-choice.ts';
import { CellError, readSharedStrings, readSheetRows } from './spreadsheet-xml.ts';
import { type FileTables, HEADER_SEARCH_ROWS } from './table.ts';
import {
  readRelationships,
  readSheetList,
  resolvePartPath,
  type SheetEntry,
  usesDate1904,
} from './workbook-xml.ts';
import { XmlError } from './xml-scanner.ts';
import { ZipArchive, ZipError, ZipLimitError } from './zip.ts';

export interface XlsxOptions {
  /** Hero Scrolls: read the `Rolled Up <kd>` sheet (farms folded into their main account). */
  rolledUp?: boolean;
  limits?: ImportLimits;
}

/**
 * Every governor table of an xlsx workbook (FileTables):
 * - with `rolledUp`, only the sheet named `Rolled Up …` (refused when there is none);
 * - otherwise each sheet, other than `Summary`, `Top 10s` and `Rolled Up …`, whose header (within the first rows)
 *   names a governor ID column, in workbook order (Hero Scrolls: the sheet named after the kingdom; RokTracker: its
 *   only sheet; a workbook of one sheet per scan: every scan sheet). Every other sheet is listed as skipped, with
 *   why. When no sheet names a governor ID, the first candidate is the table, so that the parser says what its
 *   header lacks.
 * Sheets are inflated and read one at a time, each once: only the tables found stay in memory.
 */
export function readXlsxTables(content: Buffer, fileName: string, options: XlsxOptions = {}): FileTables {
  const limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
  try {
    return readWorkbook(new ZipArchive(content, limits), fileName, options.rolledUp ?? false, limits);
  } catch (error) {
    if (error instanceof ZipLimitError) throw refuseOverLimit(fileName, error.found, error.limit, limits);
    if (error instanceof ZipError) throw refuse(fileName, `is not a readable xlsx file (${error.message})`);
    throw error;
  }
}

export function refuseNumbersDocument(fileName: string) {
  return refuse(
    fileName,
    'is an Apple Numbers document, which is not read; in Numbers choose File › Export To › Excel (or CSV) and import that file',
  );
}

function readWorkbook(
  zip: ZipArchive,
  fileName: string,
  rolledUp: boolean,
  limits: ImportLimits,
): FileTables {
  // Numbers (Apple) saves a ZIP too: its sheets are in a binary format of its own.
  if (zip.has('Index/Document.iwa')) throw refuseNumbersDocument(fileName);
  const part = partReader(fileName, limits);
  const workbookPath = part('its package', () => findWorkbookPath(zip));
  if (workbookPath.toLowerCase().endsWith('.bin')) {
    throw refuse(
      fileName,
      'is an Excel binary workbook (.xlsb), which is not read; open it and save it as .xlsx or .csv',
    );
  }
  const workbookXml = zip.readText(workbookPath);
  if (workbookXml === undefined) throw new ZipError('it holds no workbook; is it an xlsx file?');
  const workbookDir = workbookPath.includes('/') ? workbookPath.slice(0, workbookPath.lastIndexOf('/')) : '';
  const workbookFile = workbookPath.slice(workbookPath.lastIndexOf('/') + 1);
  const { sheets, date1904, sharedStringsPath } = part('its workbook', () => {
    const relationships = readRelationships(
      zip.readText(resolvePartPath(workbookDir, `_rels/${workbookFile}.rels`)) ?? '',
    );
    const sharedStringsTarget = relationships.find((r) => r.type.endsWith('/sharedStrings'))?.target;
    return {
      sheets: readSheetList(workbookXml, relationships, workbookDir, limits),
      date1904: usesDate1904(workbookXml),
      sharedStringsPath: resolvePartPath(workbookDir, sharedStringsTarget ?? 'sharedStrings.xml'),
    };
  });
  const sharedStrings = part('its shared-strings part', () =>
    readSharedStrings(zip.readText(sharedStringsPath) ?? '', limits),
  );
  const workbook: WorkbookSheets<SheetEntry> = {
    container: 'xlsx',
    sheets,
    openSheet: (sheet) => {
      // One inflation per sheet; the header rows decide whether the rest is parsed.
      const xml = part(`sheet "${sheet.name}"`, () => zip.readText(sheet.path) ?? '');
      const read = (maxRows?: number) =>
        part(`sheet "${sheet.name}"`, () =>
          readSheetRows(xml, sharedStrings, { ...(maxRows === undefined ? {} : { maxRows }), limits }),
        );
      return { top: () => read(HEADER_SEARCH_ROWS), all: () => read() };
    },
    isPivot: (sheet) => hasPivotTable(zip, sheet, part),
  };
  return { ...chooseTables(workbook, fileName, rolledUp), date1904 };
}

/** A pivot table summarises other data; Excel links it from the sheet's relationships. */
function hasPivotTable(zip: ZipArchive, sheet: SheetEntry, part: PartReader): boolean {
  const slash = sheet.path.lastIndexOf('/');
  const relationshipsPath = `${sheet.path.slice(0, slash + 1)}_rels/${sheet.path.slice(slash + 1)}.rels`;
  if (!zip.has(relationshipsPath)) return false;
  return part(`sheet "${sheet.name}"`, () =>
    readRelationships(zip.readText(relationshipsPath) ?? '').some((r) => r.type.endsWith('/pivotTable')),
  );
}

type PartReader = <T>(subject: string, read: () => T) => T;

/**
 * Runs a reader on one part of the workbook and turns what it throws into a refusal that names the part and,
 * for a cell, the cell: `sheet "Data", cell B5, holds 5,000 characters; the most characters …`.
 */
function partReader(fileName: string, limits: ImportLimits): PartReader {
  return (subject, read) => {
    try {
      return read();
    } catch (error) {
      if (error instanceof CellError) {
        const where = error.cell === undefined ? subject : `${subject}, cell ${error.cell},`;
        const found = subject.startsWith('its workbook') ? error.found : `${where} ${error.found}`;
        if (error.limit) throw refuseOverLimit(fileName, found, error.limit, limits);
        throw refuse(fileName, found);
      }
      if (error instanceof XmlError) throw new ZipError(`${subject} ${error.message}`);
      throw error;
    }
  };
}

function findWorkbookPath(zip: ZipArchive): string {
  const rootRelationships = readRelationships(zip.readText('_rels/.rels') ?? '');
  const office = rootRelationships.find((r) => r.type.endsWith('/officeDocument'));
  return office ? resolvePartPath('', office.target) : 'xl/workbook.xml';
}
