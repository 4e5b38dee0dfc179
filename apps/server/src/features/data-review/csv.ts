import { MAX_STORED_COUNT, neutralizeFormula } from '@kingdom-stats/core';
import {
  REVIEW_CSV_COLUMNS,
  REVIEW_FIELDS,
  type ReviewField,
  type ReviewFlag,
} from '@kingdom-stats/core/api';
import { describePlace, quoteValue, refuse } from '../../import/import-error.ts';
import { readCsv } from '../../import/readers/csv.ts';
import { isoUtc } from '../../time.ts';

/**
 * The review's CSV (docs/data-review.md "CSV"). Out: one row per flag, the five correction columns first
 * (scan, governor_id, field, value, reason) with `value` holding the value readers see now, then columns for the
 * person reading it (the suggestion, the values around it, the check's reason). In: the same file after editing —
 * only the five columns are read, every other column is ignored, and a row whose value is left as it is changes
 * nothing. So downloading and uploading a file untouched is harmless.
 */

const INFO_COLUMNS = [
  'suggested',
  'previous',
  'next',
  'governor_name',
  'scan_name',
  'scan_time',
  'check',
  'flag_reason',
  'flag_id',
  'status',
] as const;

export const FLAGS_CSV_HEADERS = [...REVIEW_CSV_COLUMNS, ...INFO_COLUMNS];

/** CSV text (CRLF, UTF-8 with a byte-order mark so Excel reads names right) of the given flags. */
export function flagsToCsv(flags: readonly ReviewFlag[]): string {
  const lines = [FLAGS_CSV_HEADERS.join(',')];
  for (const flag of flags) {
    const cells: (string | number | null)[] = [
      flag.scanId,
      flag.governorId,
      flag.field,
      flag.context.current?.value ?? flag.value,
      '',
      flag.suggested,
      flag.context.previous?.value ?? null,
      flag.context.next?.value ?? null,
      flag.governorName,
      flag.scanName,
      isoUtc(flag.takenAt),
      flag.check,
      flag.reason,
      flag.id,
      flag.status,
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One correction asked for by a CSV row. */
export interface CsvCorrection {
  /** The row number as a spreadsheet shows it (header = row 1). */
  row: number;
  scanId: number;
  governorId: number;
  field: ReviewField;
  value: number;
  reason: string | null;
}

const MAX_REASON_CHARS = 500;

/**
 * Reads a corrections CSV, checking every row's cells; the first bad cell refuses the whole file, naming its row and
 * column. Rows whose value is blank are left out (a download's rows the person did not decide on). Whether the scan,
 * governor and row exist is the service's check, against the database.
 */
export function parseCorrectionsCsv(content: Buffer, fileName: string): CsvCorrection[] {
  const table = readCsv(content, fileName);
  const headers = table.headers.map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(
    REVIEW_CSV_COLUMNS.map((column) => [column, headers.indexOf(column)]),
  ) as Record<(typeof REVIEW_CSV_COLUMNS)[number], number>;
  const missing = REVIEW_CSV_COLUMNS.filter((column) => column !== 'reason' && index[column] < 0);
  if (missing.length > 0) {
    throw refuse(
      fileName,
      `the header row has no ${missing.map((m) => `"${m}"`).join(', ')} column; ` +
        `a corrections file has the columns ${REVIEW_CSV_COLUMNS.join(', ')}`,
    );
  }
  const corrections: CsvCorrection[] = [];
  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const cell = (column: (typeof REVIEW_CSV_COLUMNS)[number]) =>
      index[column] < 0 ? '' : String(row.cells[index[column]] ?? '').trim();
    const place = (column: string) => describePlace({ rowWord: 'row', rowNumber: row.number, column });
    const bad = (column: string, problem: string) => refuse(fileName, `${place(column)}: ${problem}`);
    const valueText = cell('value');
    if (valueText === '') continue;
    const scanId = wholeNumber(cell('scan'));
    if (scanId === null || scanId < 1) throw bad('scan', `${quoteValue(cell('scan'))} is not a scan id`);
    const governorId = wholeNumber(cell('governor_id'));
    if (governorId === null || governorId < 1) {
      throw bad('governor_id', `${quoteValue(cell('governor_id'))} is not a governor ID`);
    }
    const field = cell('field').toLowerCase();
    if (!(REVIEW_FIELDS as readonly string[]).includes(field)) {
      throw bad(
        'field',
        `${quoteValue(cell('field'))} is not a field that can be corrected (one of ${REVIEW_FIELDS.join(', ')})`,
      );
    }
    const value = wholeNumber(valueText.replace(/[,_ ]/g, ''));
    if (value === null) throw bad('value', `${quoteValue(valueText)} is not a whole number of 0 or more`);
    if (value > MAX_STORED_COUNT) {
      throw bad(
        'value',
        `${quoteValue(valueText)} is larger than the largest value stored (${MAX_STORED_COUNT})`,
      );
    }
    const reason = cell('reason');
    if (reason.length > MAX_REASON_CHARS) {
      throw bad('reason', `is longer than ${MAX_REASON_CHARS} characters`);
    }
    const key = `${scanId}:${governorId}:${field}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw bad(
        'value',
        `corrects the same value as row ${earlier} (scan ${scanId}, governor ${governorId}, ${field})`,
      );
    }
    seen.set(key, row.number);
    corrections.push({
      row: row.number,
      scanId,
      governorId,
      field: field as ReviewField,
      value,
      reason: reason || null,
    });
  }
  return corrections;
}

function wholeNumber(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  return Number(text);
}
