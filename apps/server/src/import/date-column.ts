import { normaliseHeader } from './columns.ts';
import { describePlace, quoteValue, refuse } from './import-error.ts';
import { describeDay, describeReadings, findNameDate } from './name-dates.ts';
import { excelSerialToUnixSeconds } from './readers/spreadsheet-xml.ts';
import type { RawTable, TableRow } from './readers/table.ts';
import { parseTimestamp } from './scan-time.ts';

/**
 * A long table with a date column (one row per governor per date) holds one scan per date. It is split into one
 * table per date, in the order the dates first appear, each read like a file of its own.
 */

const DATE_HEADERS = new Set(
  [
    'Date',
    'Scan Date',
    'Scan Time',
    'Scan Datetime',
    'Datetime',
    'Date Time',
    'Timestamp',
    'Time',
    'Day',
    'Snapshot',
    'Snapshot Date',
    'Taken At',
    'Scanned At',
  ].map(normaliseHeader),
);

export interface DatedTable {
  takenAt: number;
  table: RawTable;
}

/** The index of the table's date column, if it has exactly one. */
export function findDateColumn(headers: readonly string[]): number | undefined {
  const found = headers.flatMap((header, index) =>
    DATE_HEADERS.has(normaliseHeader(header)) ? [index] : [],
  );
  return found.length === 1 ? found[0] : undefined;
}

export function splitByDate(
  table: RawTable,
  dateColumn: number,
  fileName: string,
  options: { date1904?: boolean | undefined; placePrefix?: string } = {},
): DatedTable[] {
  const header = table.headers[dateColumn]!;
  const groups = new Map<number, TableRow[]>();
  for (const row of table.rows) {
    const place = () =>
      `${options.placePrefix ?? ''}${describePlace({ rowWord: table.rowWord, rowNumber: row.number, column: header })}`;
    const takenAt = readDateCell(row.cells[dateColumn], options.date1904 ?? false, place, fileName);
    const group = groups.get(takenAt);
    if (group) group.push(row);
    else groups.set(takenAt, [row]);
  }
  return [...groups].map(([takenAt, rows]) => ({ takenAt, table: { ...table, rows } }));
}

/** The name of one date's scan: the file's scan name and the day (and time when it is not midnight). */
export function datedScanName(baseName: string, takenAt: number): string {
  return `${baseName} ${describeDay(takenAt)}`;
}

export function readDateCell(
  value: unknown,
  date1904: boolean,
  place: () => string,
  fileName: string,
): number {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return Math.round(value.getTime() / 1000);
  // A date typed into a spreadsheet cell is a serial day number; 20,000–100,000 is 1954–2173.
  if (typeof value === 'number' && value > 20_000 && value < 100_000) {
    return excelSerialToUnixSeconds(value, date1904);
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim();
    const iso = parseTimestamp(text);
    if (iso !== undefined) return iso;
    const named = findNameDate(text);
    if (named?.kind === 'date' && named.text === text) return named.takenAt;
    if (named?.kind === 'ambiguous' && named.text === text) {
      throw refuse(
        fileName,
        `${place()}: the date "${text}" can be read as ${describeReadings(named)}, and the import never guesses; ` +
          'write dates as YYYY-MM-DD',
      );
    }
  }
  const shown = value === null || value === undefined || value === '' ? 'empty' : quoteValue(String(value));
  throw refuse(
    fileName,
    `${place()}: the date is ${shown}, which is not a date; write it as YYYY-MM-DD (or YYYY-MM-DD HH:MM, UTC)`,
  );
}
