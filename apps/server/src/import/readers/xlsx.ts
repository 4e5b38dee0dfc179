import { hasGovernorIdHeader, normaliseHeader } from '../columns.ts';
import { refuse } from '../import-error.ts';
import {
  type CellValue,
  readRelationships,
  readSharedStrings,
  readSheetList,
  readSheetRows,
  resolvePartPath,
  type SheetEntry,
  usesDate1904,
} from './spreadsheet-xml.ts';
import { HEADER_SEARCH_ROWS, isBlankRow, type RawTable, splitHeader } from './table.ts';
import { ZipArchive, ZipError } from './zip.ts';

export interface XlsxTable extends RawTable {
  container: 'xlsx';
  sheetName: string;
  /** Every sheet's name, in workbook order. */
  sheetNames: string[];
  /** Hero Scrolls: cell F2 of the `Summary` sheet, which holds the scan time. */
  summaryTime?: CellValue;
  /** The workbook counts serial dates from 1904 (matters only for a date in a number cell). */
  date1904: boolean;
}

export interface XlsxOptions {
  /** Hero Scrolls: read the `Rolled Up <kd>` sheet (farms folded into their main account). */
  rolledUp?: boolean;
}

const SUMMARY_SHEET = 'summary';
const SUMMARY_TIME_ROW = 2;
const SUMMARY_TIME_COLUMN = 5; // F
// Hero Scrolls' overview sheets; they hold governor IDs too, but only a few of them.
const NOT_DATA_SHEETS = new Set([SUMMARY_SHEET, 'top10s']);
const ROLLED_UP = 'rolledup';

/**
 * Reads the data sheet of an xlsx workbook:
 * - with `rolledUp`, the sheet named `Rolled Up …`;
 * - otherwise the first sheet, other than `Summary`, `Top 10s` and `Rolled Up …`, whose header names a governor ID
 *   column (Hero Scrolls: the sheet named after the kingdom; RokTracker: its only sheet, named after the scan date).
 */
export function readXlsx(content: Buffer, fileName: string, options: XlsxOptions = {}): XlsxTable {
  try {
    return readWorkbook(new ZipArchive(content), fileName, options);
  } catch (error) {
    if (error instanceof ZipError) throw refuse(fileName, `is not a readable xlsx file (${error.message})`);
    throw error;
  }
}

function readWorkbook(zip: ZipArchive, fileName: string, options: XlsxOptions): XlsxTable {
  const workbookPath = findWorkbookPath(zip);
  const workbookXml = zip.readText(workbookPath);
  if (workbookXml === undefined) throw new ZipError('it holds no workbook; is it an xlsx file?');
  const workbookDir = workbookPath.includes('/') ? workbookPath.slice(0, workbookPath.lastIndexOf('/')) : '';
  const workbookFile = workbookPath.slice(workbookPath.lastIndexOf('/') + 1);
  const relationships = readRelationships(
    zip.readText(resolvePartPath(workbookDir, `_rels/${workbookFile}.rels`)) ?? '',
  );
  const sheets = readSheetList(workbookXml, relationships, workbookDir);
  const sharedStringsRel = relationships.find((r) => r.type.endsWith('/sharedStrings'));
  const sharedStringsPath = resolvePartPath(workbookDir, sharedStringsRel?.target ?? 'sharedStrings.xml');
  const sharedStrings = readSharedStrings(zip.readText(sharedStringsPath) ?? '');

  const sheetXml = new Map<string, string>();
  const rowsOf = (sheet: SheetEntry, limit?: number) => {
    let xml = sheetXml.get(sheet.path);
    if (xml === undefined) {
      xml = zip.readText(sheet.path) ?? '';
      sheetXml.set(sheet.path, xml);
    }
    return readSheetRows(xml, sharedStrings, limit);
  };

  const dataSheet = chooseDataSheet(sheets, fileName, options, (sheet) =>
    rowsOf(sheet, HEADER_SEARCH_ROWS).some((row) =>
      hasGovernorIdHeader(row.cells.map((c) => String(c ?? ''))),
    ),
  );
  const rows = rowsOf(dataSheet).filter((row) => !isBlankRow(row.cells));
  const summary = sheets.find((sheet) => normaliseHeader(sheet.name) === SUMMARY_SHEET);
  const summaryTime = summary
    ? rowsOf(summary, SUMMARY_TIME_ROW).find((row) => row.number === SUMMARY_TIME_ROW)?.cells[
        SUMMARY_TIME_COLUMN
      ]
    : undefined;

  return {
    container: 'xlsx',
    rowWord: 'row',
    sheetName: dataSheet.name,
    sheetNames: sheets.map((sheet) => sheet.name),
    ...(summaryTime === undefined || summaryTime === null ? {} : { summaryTime }),
    date1904: usesDate1904(workbookXml),
    ...splitHeader(rows, hasGovernorIdHeader),
  };
}

function findWorkbookPath(zip: ZipArchive): string {
  const rootRelationships = readRelationships(zip.readText('_rels/.rels') ?? '');
  const office = rootRelationships.find((r) => r.type.endsWith('/officeDocument'));
  return office ? resolvePartPath('', office.target) : 'xl/workbook.xml';
}

function chooseDataSheet(
  sheets: readonly SheetEntry[],
  fileName: string,
  options: XlsxOptions,
  hasGovernorIds: (sheet: SheetEntry) => boolean,
): SheetEntry {
  const names = sheets.map((sheet) => `"${sheet.name}"`).join(', ');
  if (options.rolledUp) {
    const rolledUp = sheets.find((sheet) => normaliseHeader(sheet.name).startsWith(ROLLED_UP));
    if (!rolledUp) {
      throw refuse(
        fileName,
        `has no "Rolled Up" sheet (it has ${names}); import it without the rolled-up option`,
      );
    }
    return rolledUp;
  }
  const candidates = sheets.filter((sheet) => {
    const name = normaliseHeader(sheet.name);
    return !NOT_DATA_SHEETS.has(name) && !name.startsWith(ROLLED_UP);
  });
  const first = candidates[0];
  if (!first) throw refuse(fileName, `has no sheet of governor data (it has ${names || 'no sheets'})`);
  // Without a sheet that names a governor ID, the first one is read so that the message says what it lacks.
  return candidates.find(hasGovernorIds) ?? first;
}
