import { hasGovernorIdHeader, normaliseHeader } from './columns.ts';
import { refuse } from './import-error.ts';
import { cellReader } from './read-cell.ts';
import type { RawTable } from './readers/table.ts';

/**
 * The game's own member export, saved as kingdom-YYYY-MM-DD-YYYY-MM-DD.xlsx: 17 columns in a fixed order, headed in
 * the player's language. Its numbers are what each member did between the two dates, not their totals at one
 * moment, so it is never read as a scan. It is recognised by its headers (a table per language below) or, in a
 * language without a table, by its shape: 17 columns, governor IDs in the first, names in the second, numbers in
 * the rest.
 */

/** The export's columns, in the file's order. */
export const EXPORT_FIELDS = [
  'governor_id',
  'name',
  'power',
  'highest_power',
  't5_dead',
  't4_dead',
  't3_dead',
  't2_dead',
  't1_dead',
  'kill_points',
  't5_kills',
  't4_kills',
  't3_kills',
  't2_kills',
  't1_kills',
  'rss_gathered',
  'helps',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];

/**
 * Headers per language, one list of accepted spellings per column. Where each comes from:
 * - english: the column list of issue 37 (`ID, Username, Power, Highest Power, T5 Deaths …`), and `Character ID` /
 *   `Current Power` as the earlier refusal recognised them (docs/decisions.md).
 * - vietnamese: the headers of a real Vietnamese export quoted in issue 37 (`ID nhân vật`, `Tên Người Dùng`, …).
 * No other language is listed: none could be established from a real file, and a guessed translation would only
 * look like recognition. Any other language is read by column position.
 */
const HEADER_TABLES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  english: [
    ['ID', 'Character ID'],
    ['Username'],
    ['Power', 'Current Power'],
    ['Highest Power'],
    ...[5, 4, 3, 2, 1].map((tier) => [`T${tier} Deaths`]),
    ['Total Kill Points'],
    ...[5, 4, 3, 2, 1].map((tier) => [`T${tier} Kills`]),
    ['Resources Gathered'],
    ['Alliance Helps'],
  ],
  vietnamese: [
    ['ID nhân vật'],
    ['Tên Người Dùng'],
    ['Sức Mạnh'],
    ['Kỷ Lục Sức Mạnh'],
    ...[5, 4, 3, 2, 1].map((tier) => [`T${tier} tử vong`]),
    ['Tổng Điểm Tiêu Diệt'],
    ...[5, 4, 3, 2, 1].map((tier) => [`Tổng Tiêu Diệt T${tier}`]),
    ['Tài Nguyên Thu Thập'],
    ['Hỗ Trợ Liên Minh'],
  ],
};

// Headers only the export has together, in a table of other than 17 columns: a scanner calls the ID "ID" or
// "Governor ID".
const SIGNATURE = ['characterid', 'username'];
const SIGNATURE_ANY = ['highestpower', 't1deaths', 't1death'];

const FILE_NAME = /(?:^|[\\/])kingdom-(\d{4}-\d{2}-\d{2})-(\d{4}-\d{2}-\d{2})\.[^.]+$/i;
/** Whether a file is named as the game names its member export (kingdom-YYYY-MM-DD-YYYY-MM-DD.xlsx). */
export function isGameExportName(fileName: string): boolean {
  return FILE_NAME.test(fileName);
}

/** Rows looked at to recognise the export by its shape. */
const SHAPE_ROWS = 20;

export interface GameExportShape {
  /** 'english', 'vietnamese' (a header table), or 'position' (headers in a language not listed). */
  matchedBy: string;
  /** The dates in the file name, when it has them. */
  dates?: { from: string; to: string };
}

/** The export's header language, or 'position' when only its shape says what it is; undefined for anything else. */
export function recogniseGameExport(fileName: string, table: RawTable): GameExportShape | undefined {
  const named = FILE_NAME.exec(fileName);
  const dates = named ? { dates: { from: named[1]!, to: named[2]! } } : {};
  const headers = table.headers.map(normaliseHeader);
  while (headers.length > 0 && headers.at(-1) === '') headers.pop();
  if (headers.length !== EXPORT_FIELDS.length) return undefined;
  for (const [language, columns] of Object.entries(HEADER_TABLES)) {
    if (columns.every((spellings, i) => spellings.some((s) => normaliseHeader(s) === headers[i])))
      return { matchedBy: language, ...dates };
  }
  // A table whose headers name a governor ID is a scan with 17 columns (RokTracker v5 has 17), never read by shape.
  if (hasGovernorIdHeader(table.headers)) return undefined;
  return hasExportShape(table) ? { matchedBy: 'position', ...dates } : undefined;
}

/** Governor IDs in the first column, text in the second, numbers (or nothing) in the other fifteen. */
function hasExportShape(table: RawTable): boolean {
  const sample = table.rows.slice(0, SHAPE_ROWS);
  if (sample.length === 0) return false;
  const isNumber = (cell: unknown) =>
    typeof cell === 'number' || (typeof cell === 'string' && /^\s*\d[\d,.\s]*$/.test(cell));
  return sample.every(({ cells }) => {
    const id = cells[0];
    const idOk = (typeof id === 'number' || typeof id === 'string') && /^\d{1,15}$/.test(String(id).trim());
    const rest = cells.slice(2, EXPORT_FIELDS.length);
    return idOk && rest.every((cell) => cell === null || cell === undefined || cell === '' || isNumber(cell));
  });
}

export type ExportRow = Record<ExportField, number | string | null> & { governor_id: number; name: string };

/**
 * The export's rows by column position (its order is fixed whatever the language), read by the scan import's own
 * cell reader: a cell that is not what its column holds refuses the file with its row and column.
 */
export function readGameExportRows(table: RawTable, fileName: string): ExportRow[] {
  const read = cellReader(table, fileName, '');
  const rows: ExportRow[] = [];
  const seen = new Map<number, number>();
  for (const { number, cells } of table.rows) {
    const id = read.governorId(cells[0], number, table.headers[0] ?? 'ID');
    if (id === undefined) continue;
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      throw refuse(
        fileName,
        `${table.rowWord}s ${earlier} and ${number} both have governor ID ${id}; an export holds one row per ` +
          'member: remove the wrong row',
      );
    }
    seen.set(id, number);
    const row = { governor_id: id, name: '' } as ExportRow;
    EXPORT_FIELDS.forEach((field, i) => {
      if (i === 0) return;
      const header = table.headers[i] ?? field;
      const value = read.value(i === 1 ? 'text' : 'count', cells[i], number, header);
      (row as Record<string, unknown>)[field] = i === 1 ? (value ?? '') : value;
    });
    rows.push(row);
  }
  return rows;
}

/**
 * Refuses the export where a scan is expected, saying what it is and how it was recognised: its numbers are what
 * each member did between the two dates, not their totals at one moment.
 */
export function refuseGameExport(fileName: string, tables: readonly RawTable[]): void {
  const named = FILE_NAME.exec(fileName);
  const shape = tables.map((table) => recogniseGameExport(fileName, table)).find(Boolean);
  const bySignature = tables.some((table) => {
    const headers = new Set(table.headers.map(normaliseHeader));
    return SIGNATURE.every((h) => headers.has(h)) && SIGNATURE_ANY.some((h) => headers.has(h));
  });
  if (!named && !shape && !bySignature) return;
  const range = named ? ` from ${named[1]} to ${named[2]}` : ' over the dates it was exported for';
  const how = !shape
    ? ''
    : shape.matchedBy === 'position'
      ? ' (read by column position: headers in a language not listed)'
      : ` (headers in ${shape.matchedBy[0]!.toUpperCase()}${shape.matchedBy.slice(1)})`;
  throw refuse(
    fileName,
    `is the game's own member export${how}: its kills, deaths, kill points, resources and helps are what each ` +
      `member did${range}, not their totals at one moment. The import takes scans: every governor's totals at one ` +
      'moment, as a scanner (RokTracker, Hero Scrolls) reads them from the profiles; the dashboard works out a ' +
      "period's gains from two scans. " +
      (named
        ? "To store it as the members' activity over its dates, upload it on the kingdom's page or import it with " +
          `npm run cli -- member-export import <kd> ${fileName}`
        : "To store it as the members' activity over its dates, name it as the game does, " +
          'kingdom-YYYY-MM-DD-YYYY-MM-DD.xlsx with the first and last day it covers, and upload it again'),
  );
}
