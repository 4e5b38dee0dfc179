import { AppError } from '../errors.ts';
import { type ColumnMap, GOVERNOR_ID_HEADERS, mapColumns } from './columns.ts';
import { refuse } from './import-error.ts';
import type { CutTextRow, SkippedRow } from './parsed-file.ts';
import { type CellReader, type CutText, cellReader, quoteCell } from './read-cell.ts';
import type { RawTable } from './readers/table.ts';
import type { GovernorStatRow } from './stat-row.ts';

export interface ParsedRows {
  rows: GovernorStatRow[];
  columns: ColumnMap;
  /** The file has a home kingdom column (rows without a value in it still get the default). */
  hasHomeKdColumn: boolean;
  /** Rows that repeated an earlier row in every value read, kept once. */
  mergedRepeatedRows: number;
  /** Rows left out: their governor ID is empty, 0 or negative (a scanner's "could not read"). */
  skippedRows: SkippedRow[];
  /** Names (or other text) longer than the most stored, kept cut: each row is named in a warning. */
  cutTexts: CutTextRow[];
}

export interface ParseRowsOptions {
  /**
   * RokTracker v1–v4 writes 0 for every value it could not read: a row of only zeros is a governor it failed to
   * read, so its counts are stored as unknown rather than as a governor with nothing.
   */
  zeroRowMeansUnread?: boolean;
  /** Put before row places in messages: 'sheet "16Jul23-03h", ' in a workbook of several scans. */
  placePrefix?: string;
}

/**
 * Turns a table's cells into governor_stats rows, or refuses the file with the row and column to fix. Nothing is
 * guessed: a cell that is not a number where a number belongs stops the import; empty cells and placeholders are
 * stored as NULL (unknown). Rows without a readable governor ID are skipped and listed; rows repeated exactly are
 * kept once and counted.
 */
export function parseGovernorRows(
  table: RawTable,
  fileName: string,
  options: ParseRowsOptions = {},
): ParsedRows {
  const columns = checkedColumns(table, fileName);
  const idColumn = columns.stored.find((c) => c.column.field === 'governor_id')!;
  const compared = comparedColumns(columns);
  const rowCuts: CutText[] = [];
  const read = cellReader(table, fileName, options.placePrefix ?? '', (cut) => rowCuts.push(cut));
  const cutTexts: CutTextRow[] = [];

  const kept = new Map<number, { number: number; row: GovernorStatRow }>();
  const rows: GovernorStatRow[] = [];
  const skippedRows: SkippedRow[] = [];
  const problems = new RowProblems(fileName);
  let mergedRepeatedRows = 0;
  for (const { number, cells } of table.rows) {
    const rawId = cells[idColumn.index];
    let id: number | undefined;
    let row: GovernorStatRow;
    rowCuts.length = 0;
    try {
      id = read.governorId(rawId, number, idColumn.header);
      if (id === undefined) {
        skippedRows.push({ row: number, reason: `unreadable governor ID ${quoteCell(rawId ?? '')}` });
        continue;
      }
      row = readRow(read, columns, cells, number);
    } catch (error) {
      // The rest of the file is still read, so that one refusal lists every row to fix (up to a point).
      if (problems.add(error)) continue;
      break;
    }
    row.governor_id = id;
    if (options.zeroRowMeansUnread) forgetZeroRow(row, columns);
    if (rowCuts.length > 0) markCuts(row, columns, rowCuts, cutTexts);

    const earlier = kept.get(id);
    if (earlier) {
      const difference = firstDifference(
        earlier.row,
        row,
        compared,
        table.rowWord === 'line' ? 'field' : 'column',
      );
      if (difference === undefined) {
        mergedRepeatedRows++;
        continue;
      }
      const problem = refuse(
        fileName,
        `${options.placePrefix ?? ''}${table.rowWord}s ${earlier.number} and ${number} both have governor ID ${id} ` +
          `with different values (first difference: ${difference}); a scan holds one row per governor: ` +
          'remove the wrong row',
      );
      if (problems.add(problem)) continue;
      break;
    }
    kept.set(id, { number, row });
    rows.push(row);
  }
  problems.throwIfAny(table.rowWord);
  refuseMostlyUnreadable(table, fileName, skippedRows);
  return {
    rows,
    columns,
    hasHomeKdColumn: columns.stored.some((c) => c.column.field === 'home_kd'),
    mergedRepeatedRows,
    skippedRows,
    cutTexts,
  };
}

/**
 * Keeps a cut text's length on the stored row (extra_json `<field>_cut_from`), so that the cut stays visible after
 * the import's answer is gone, and lists the row for the answer's warning.
 */
function markCuts(
  row: GovernorStatRow,
  columns: ColumnMap,
  cuts: readonly CutText[],
  listed: CutTextRow[],
): void {
  const extra: Record<string, unknown> = row.extra_json ? JSON.parse(row.extra_json) : {};
  for (const cut of cuts) {
    const stored = columns.stored.find((c) => c.header === cut.column)?.column.field;
    const key = stored ?? columns.extras.find((c) => c.header === cut.column)?.column.key ?? 'text';
    extra[`${key}_cut_from`] = cut.length;
    listed.push({
      row: cut.row,
      column: cut.column,
      place: cut.place,
      governorId: row.governor_id,
      length: cut.length,
      keptAs: String((row as unknown as Record<string, unknown>)[key] ?? extra[key] ?? ''),
    });
  }
  row.extra_json = JSON.stringify(extra);
}

function checkedColumns(table: RawTable, fileName: string): ColumnMap {
  if (table.headers.length === 0)
    throw refuse(fileName, 'is empty: it has no header row and no governor rows');
  const columns = mapColumns(table.headers);
  if (columns.conflict) {
    const [first, second] = columns.conflict.headers;
    throw refuse(
      fileName,
      `columns "${first}" and "${second}" are both read as ${columns.conflict.field}; remove one`,
    );
  }
  if (!columns.stored.some((c) => c.column.field === 'governor_id')) {
    const where =
      table.rowWord === 'line'
        ? 'its fields are'
        : `its header (${table.rowWord} ${table.headerRowNumber}) has`;
    throw refuse(
      fileName,
      `has no governor ID column: ${where} ${table.headers
        .filter(Boolean)
        .map((h) => `"${h}"`)
        .join(', ')}; ` +
        `name the column one of ${GOVERNOR_ID_HEADERS.map((h) => `"${h}"`).join(', ')} or "governor_id"`,
    );
  }
  if (table.rows.length === 0) throw refuse(fileName, 'has a header row but no governor rows');
  return columns;
}

/** How many rows with a problem are listed in the refusal, and how many are looked for in all. */
const LISTED_PROBLEMS = 5;
const COUNTED_PROBLEMS = 1_000;

/**
 * The rows a file cannot be imported with, gathered so that the refusal names several of them at once: a person
 * fixing a scan in a spreadsheet sees every row to fix, not one per attempt. A refusal of one row reads as before.
 */
class RowProblems {
  private readonly refusals: AppError[] = [];
  private count = 0;

  constructor(private readonly fileName: string) {}

  /** Notes a row's refusal (anything else is thrown on); false once enough are counted to stop reading. */
  add(error: unknown): boolean {
    if (!(error instanceof AppError) || error.code !== 'IMPORT_REFUSED') throw error;
    this.count++;
    if (this.refusals.length < LISTED_PROBLEMS) this.refusals.push(error);
    return this.count < COUNTED_PROBLEMS;
  }

  throwIfAny(rowWord: 'row' | 'line'): void {
    const [first] = this.refusals;
    if (first === undefined) return;
    if (this.count === 1) throw first;
    const prefix = `${this.fileName}: `;
    const listed = this.refusals.map((refusal) => refusal.message.slice(prefix.length));
    const stopped = this.count >= COUNTED_PROBLEMS;
    const total = stopped ? `${COUNTED_PROBLEMS.toLocaleString('en-US')} or more` : String(this.count);
    const rest = this.count - this.refusals.length;
    const more =
      rest === 0 ? '' : stopped ? '; and more' : `; and ${rest} more ${rowWord}${rest === 1 ? '' : 's'}`;
    // The message lists the rows for a log or a terminal; the issues, each of them, for a screen's list.
    throw refuse(
      this.fileName,
      `${total} ${rowWord}s cannot be imported as they are: ${listed.join('; ')}${more}`,
      listed.map((problem) => ({ path: rowWord, message: problem })),
    );
  }
}

function readRow(
  read: CellReader,
  columns: ColumnMap,
  cells: readonly unknown[],
  number: number,
): GovernorStatRow {
  const row = emptyRow();
  for (const { index, header, column } of columns.stored) {
    if (column.field === 'governor_id') continue;
    const value = read.value(column.kind, cells[index], number, header);
    (row as Record<string, unknown>)[column.field] = column.field === 'name' ? (value ?? '') : value;
  }
  const extra: Record<string, string | number> = {};
  for (const { index, header, column } of columns.extras) {
    const value = read.value(column.kind, cells[index], number, header);
    if (value !== null) extra[column.key] = value;
  }
  row.extra_json = Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;
  return row;
}

/** A row whose every count read is 0 (and at least one was read) becomes a row of unknowns. */
function forgetZeroRow(row: GovernorStatRow, columns: ColumnMap): void {
  const record = row as unknown as Record<string, unknown>;
  const counts = columns.stored.filter((c) => c.column.kind === 'count').map((c) => c.column.field);
  const extra: Record<string, unknown> = row.extra_json ? JSON.parse(row.extra_json) : {};
  const countExtras = columns.extras.filter((c) => c.column.kind === 'count').map((c) => c.column.key);
  const values = [...counts.map((f) => record[f]), ...countExtras.map((k) => extra[k])].filter(
    (v) => v !== null && v !== undefined,
  );
  if (values.length === 0 || values.some((v) => v !== 0)) return;
  for (const field of counts) record[field] = null;
  for (const key of countExtras) delete extra[key];
  row.extra_json = Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;
}

interface ComparedColumn {
  index: number;
  header: string;
  readValue: (row: GovernorStatRow, extra: Record<string, unknown>) => unknown;
}

/** Every column the import reads, in the file's order, with how to find its value in a parsed row. */
function comparedColumns(columns: ColumnMap): ComparedColumn[] {
  const stored = columns.stored.map(({ index, header, column }) => ({
    index,
    header,
    readValue: (row: GovernorStatRow) => row[column.field],
  }));
  const extras = columns.extras.map(({ index, header, column }) => ({
    index,
    header,
    readValue: (_row: GovernorStatRow, extra: Record<string, unknown>) => extra[column.key],
  }));
  return [...stored, ...extras].sort((a, b) => a.index - b.index);
}

/** The first column, in the file's order, where two rows read differently: 'column "Power": 5 and 6'. */
function firstDifference(
  first: GovernorStatRow,
  second: GovernorStatRow,
  compared: readonly ComparedColumn[],
  columnWord: 'column' | 'field',
): string | undefined {
  const firstExtra = first.extra_json ? JSON.parse(first.extra_json) : {};
  const secondExtra = second.extra_json ? JSON.parse(second.extra_json) : {};
  for (const { header, readValue } of compared) {
    const a = readValue(first, firstExtra) ?? null;
    const b = readValue(second, secondExtra) ?? null;
    if (a !== b) return `${columnWord} "${header}": ${shown(a)} and ${shown(b)}`;
  }
  return undefined;
}

function shown(value: unknown): string {
  return value === null || value === undefined ? 'empty' : JSON.stringify(value);
}

/** More than half the rows without a governor ID is a scan that failed, not a few unread governors. */
function refuseMostlyUnreadable(table: RawTable, fileName: string, skipped: readonly SkippedRow[]): void {
  if (skipped.length * 2 <= table.rows.length) return;
  const listed = skipped.slice(0, 5).map((s) => s.row);
  throw refuse(
    fileName,
    `${skipped.length} of its ${table.rows.length} ${table.rowWord}s have no readable governor ID ` +
      `(${table.rowWord}s ${listed.join(', ')}${skipped.length > listed.length ? ', …' : ''}): the scanner could ` +
      'not read most governors; scan the kingdom again',
  );
}

function emptyRow(): GovernorStatRow {
  return {
    governor_id: 0,
    name: '',
    alliance: null,
    home_kd: null,
    power: null,
    kill_points: null,
    t1_kills: null,
    t2_kills: null,
    t3_kills: null,
    t4_kills: null,
    t5_kills: null,
    dead: null,
    t4_dead: null,
    t5_dead: null,
    healed: null,
    t4_healed: null,
    t5_healed: null,
    rss_gathered: null,
    rss_assistance: null,
    helps: null,
    acclaim: null,
    extra_json: null,
  };
}
