import { hasGovernorIdHeader, normaliseHeader } from '../columns.ts';
import { refuse } from '../import-error.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits, refuseOverLimit } from '../limits.ts';
import {
  CellError,
  type CellValue,
  readSharedStrings,
  readSheetRows,
  type SharedStrings,
  type SheetRow,
} from './spreadsheet-xml.ts';
import {
  type FileTables,
  HEADER_SEARCH_ROWS,
  headerTexts,
  isBlankRow,
  type RawTable,
  splitHeader,
} from './table.ts';
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

const SUMMARY_SHEET = 'summary';
const SUMMARY_TIME_ROW = 2;
const SUMMARY_TIME_COLUMN = 5; // F
// Overview sheets (Hero Scrolls' Summary and Top 10s; a kingdom's own score sheet): they hold governor IDs too, but
// as rankings or results, not as a scan.
const NOT_DATA_SHEETS = new Set([SUMMARY_SHEET, 'top10s', 'score', 'scores']);
const ROLLED_UP = 'rolledup';

export const SKIP_REASONS = {
  summary: 'a summary, not a scan',
  pivot: 'a pivot table, not a scan',
  noGovernorId: 'no governor ID column',
  rolledUp: 'the rolled-up view; import with --rolled-up',
  notRolledUp: 'not the rolled-up view, which is the only sheet the rolled-up option reads',
} as const;

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

function readWorkbook(
  zip: ZipArchive,
  fileName: string,
  rolledUp: boolean,
  limits: ImportLimits,
): FileTables {
  const part = partReader(fileName, limits);
  const workbookPath = part('its package', () => findWorkbookPath(zip));
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
  const sheetNames = sheets.map((sheet) => sheet.name);
  const workbook: OpenWorkbook = { zip, sheets, sharedStrings, part, limits };
  const found = rolledUp ? rolledUpTable(workbook, fileName) : scanTables(workbook, fileName);
  return {
    container: 'xlsx',
    ...found,
    sheetNames,
    ...summaryTimeOf(workbook),
    date1904,
  };
}

interface OpenWorkbook {
  zip: ZipArchive;
  sheets: readonly SheetEntry[];
  sharedStrings: SharedStrings;
  part: PartReader;
  limits: ImportLimits;
}

type FoundTables = Pick<FileTables, 'tables' | 'skippedSheets'>;

/** With the rolled-up option: the `Rolled Up …` sheet alone; every other sheet is named as skipped. */
function rolledUpTable(
  { zip, sheets, sharedStrings, part, limits }: OpenWorkbook,
  fileName: string,
): FoundTables {
  const sheet = sheets.find((candidate) => sheetKind(candidate.name) === 'rolledUp');
  if (!sheet) {
    const names = quoteNames(sheets.map((candidate) => candidate.name));
    throw refuse(
      fileName,
      `has no "Rolled Up" sheet (it has ${names}); import it without the rolled-up option`,
    );
  }
  const rows = part(`sheet "${sheet.name}"`, () =>
    readSheetRows(zip.readText(sheet.path) ?? '', sharedStrings, { limits }),
  );
  return {
    tables: [sheetTable(sheet, rows)],
    skippedSheets: sheets
      .filter((other) => other !== sheet)
      .map((other) => ({
        name: other.name,
        reason: sheetKind(other.name) === 'summary' ? SKIP_REASONS.summary : SKIP_REASONS.notRolledUp,
      })),
  };
}

/** Without it: every data sheet whose header names a governor ID, in workbook order. */
function scanTables(
  { zip, sheets, sharedStrings, part, limits }: OpenWorkbook,
  fileName: string,
): FoundTables {
  const tables: RawTable[] = [];
  const skippedSheets: FileTables['skippedSheets'] = [];
  let firstCandidate: { sheet: SheetEntry; rows: SheetRow[] } | undefined;
  for (const sheet of sheets) {
    const kind = sheetKind(sheet.name);
    if (kind !== 'data') {
      skippedSheets.push({ name: sheet.name, reason: SKIP_REASONS[kind] });
      continue;
    }
    if (hasPivotTable(zip, sheet, part)) {
      skippedSheets.push({ name: sheet.name, reason: SKIP_REASONS.pivot });
      continue;
    }
    // One inflation per sheet; the header rows decide whether the rest is parsed.
    const read = part(`sheet "${sheet.name}"`, () => {
      const xml = zip.readText(sheet.path) ?? '';
      const top = readSheetRows(xml, sharedStrings, { maxRows: HEADER_SEARCH_ROWS, limits });
      if (!top.some((row) => hasGovernorIdHeader(headerTexts(row.cells))))
        return { isTable: false, rows: top };
      return { isTable: true, rows: readSheetRows(xml, sharedStrings, { limits }) };
    });
    if (read.isTable) tables.push(sheetTable(sheet, read.rows));
    else if (!firstCandidate) firstCandidate = { sheet, rows: read.rows };
    else skippedSheets.push({ name: sheet.name, reason: SKIP_REASONS.noGovernorId });
  }
  if (tables.length === 0) {
    if (!firstCandidate) {
      const names = quoteNames(sheets.map((sheet) => sheet.name));
      throw refuse(fileName, `has no sheet of governor data (it has ${names || 'no sheets'})`);
    }
    // No sheet names a governor ID: the first candidate is read so that the message says what it lacks.
    tables.push(sheetTable(firstCandidate.sheet, firstCandidate.rows));
  } else if (firstCandidate) {
    skippedSheets.push({ name: firstCandidate.sheet.name, reason: SKIP_REASONS.noGovernorId });
  }
  // The first candidate was set aside before later sheets were skipped: back to workbook order.
  const order = new Map(sheets.map((sheet, index) => [sheet.name, index]));
  skippedSheets.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  return { tables, skippedSheets };
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

type SheetKind = 'data' | 'summary' | 'rolledUp';

function sheetKind(name: string): SheetKind {
  const normalised = normaliseHeader(name);
  if (NOT_DATA_SHEETS.has(normalised)) return 'summary';
  if (normalised.startsWith(ROLLED_UP)) return 'rolledUp';
  return 'data';
}

function sheetTable(sheet: SheetEntry, rows: readonly SheetRow[]): RawTable {
  return {
    container: 'xlsx',
    rowWord: 'row',
    sheetName: sheet.name,
    ...splitHeader(
      rows.filter((row) => !isBlankRow(row.cells)),
      hasGovernorIdHeader,
    ),
  };
}

function summaryTimeOf({ zip, sheets, sharedStrings, part, limits }: OpenWorkbook): {
  summaryTime?: CellValue;
} {
  const summary = sheets.find((sheet) => normaliseHeader(sheet.name) === SUMMARY_SHEET);
  if (!summary) return {};
  const rows = part(`sheet "${summary.name}"`, () =>
    readSheetRows(zip.readText(summary.path) ?? '', sharedStrings, { maxRows: SUMMARY_TIME_ROW, limits }),
  );
  const time = rows.find((row) => row.number === SUMMARY_TIME_ROW)?.cells[SUMMARY_TIME_COLUMN];
  return time === undefined || time === null ? {} : { summaryTime: time };
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

function quoteNames(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}
