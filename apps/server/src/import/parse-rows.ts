import { parseScanValue } from '@kingdom-stats/core';
import type { GovernorStatRow } from '../features/scans/scan-store.ts';
import { type ColumnMap, GOVERNOR_ID_HEADERS, mapColumns, type ValueKind } from './columns.ts';
import { describePlace, quoteValue, refuse } from './import-error.ts';
import type { RawTable } from './readers/table.ts';

/** RokTracker's placeholders: -1 unreadable, -2 skipped, -3 NaN. They mean "unknown", never a number. */
const UNKNOWN_PLACEHOLDERS = new Set([-1, -2, -3]);
const MAX_KD = 99_999;

export interface ParsedRows {
  rows: GovernorStatRow[];
  columns: ColumnMap;
  /** The file has a home kingdom column (rows without a value in it still get the default). */
  hasHomeKdColumn: boolean;
}

/**
 * Turns a table's cells into governor_stats rows, or refuses the file with the row and column to fix. Nothing is
 * guessed: a cell that is not a number where a number belongs stops the import; empty cells and placeholders are
 * stored as NULL (unknown).
 */
export function parseGovernorRows(table: RawTable, fileName: string): ParsedRows {
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
  const idColumn = columns.stored.find((c) => c.column.field === 'governor_id');
  if (!idColumn) {
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

  const read = (kind: ValueKind, raw: unknown, rowNumber: number, column: string) =>
    readCell(kind, raw, () => describePlace({ rowWord: table.rowWord, rowNumber, column }), fileName);
  const firstRowOf = new Map<number, number>();
  const rows: GovernorStatRow[] = [];
  for (const { number, cells } of table.rows) {
    const row = emptyRow();
    for (const { index, header, column } of columns.stored) {
      const value = read(column.kind, cells[index], number, header);
      (row as Record<string, unknown>)[column.field] = column.field === 'name' ? (value ?? '') : value;
    }
    const extra: Record<string, string | number> = {};
    for (const { index, header, column } of columns.extras) {
      const value = read(column.kind === 'text' ? 'text' : 'count', cells[index], number, header);
      if (value !== null) extra[column.key] = value;
    }
    row.extra_json = Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;

    const id = row.governor_id;
    const earlier = firstRowOf.get(id);
    if (earlier !== undefined) {
      throw refuse(fileName, `${table.rowWord}s ${earlier} and ${number} both have governor ID ${id}`);
    }
    firstRowOf.set(id, number);
    rows.push(row);
  }
  return { rows, columns, hasHomeKdColumn: columns.stored.some((c) => c.column.field === 'home_kd') };
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

function readCell(
  kind: ValueKind,
  raw: unknown,
  place: () => string,
  fileName: string,
): string | number | null {
  if (kind === 'text') return readText(raw);
  const parsed = parseScanValue(raw);
  if (parsed.kind === 'invalid') {
    throw refuse(
      fileName,
      `${place()}: ${quoteValue(raw)} is not ${kind === 'id' ? 'a governor ID' : 'a number'}`,
    );
  }
  if (parsed.kind === 'empty') {
    if (kind === 'id') throw refuse(fileName, `${place()}: the governor ID is empty`);
    return null;
  }
  const { value } = parsed;
  if (UNKNOWN_PLACEHOLDERS.has(value)) {
    if (kind === 'id')
      throw refuse(
        fileName,
        `${place()}: the governor ID is unknown (${value}: the scanner could not read it)`,
      );
    return null;
  }
  if (value < 0)
    throw refuse(fileName, `${place()}: ${quoteValue(raw)} is negative (only -1, -2 and -3 mean unknown)`);
  if (value > Number.MAX_SAFE_INTEGER) throw refuse(fileName, `${place()}: ${quoteValue(raw)} is too large`);
  if (kind === 'count') return Math.round(value); // counts are whole; 1.5K is 1500, float noise is dropped
  if (!Number.isInteger(value) || value === 0 || (kind === 'kd' && value > MAX_KD)) {
    throw refuse(
      fileName,
      `${place()}: ${quoteValue(raw)} is not ${kind === 'id' ? 'a governor ID' : 'a kingdom number'}`,
    );
  }
  return value;
}

/** Text is kept exactly as the scanner wrote it (names may start with '=', '+', '-', '@' or hold spaces). */
function readText(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw;
  if (raw instanceof Date) return raw.toISOString();
  if (typeof raw === 'object') return JSON.stringify(raw);
  return String(raw);
}
