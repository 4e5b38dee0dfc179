import { type InvalidScanValueReason, MAX_STORED_COUNT, parseScanValue } from '@kingdom-stats/core';
import type { ValueKind } from './columns.ts';
import { describePlace, quoteValue, refuse } from './import-error.ts';
import type { RawTable } from './readers/table.ts';

/** RokTracker's placeholders: -1 unreadable, -2 skipped, -3 NaN. They mean "unknown", never a number. */
const UNKNOWN_PLACEHOLDERS = new Set([-1, -2, -3]);
/** The original RokTracker (nikolakis1919) writes this word, in any number column, for a value it could not read. */
const UNKNOWN_WORD = 'unknown';
const MAX_KD = 99_999;
/**
 * The longest name or alliance (and any other text cell) stored, in characters. The game allows far shorter
 * names; 64 leaves room for decorated names and "[TAG] Alliance name"; a longer cell is kept cut to it.
 */
export const MAX_TEXT_LENGTH = 64;

// C0 controls, DEL and C1 controls: never part of a name, and NUL is refused outright by PostgreSQL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
const EDGE_BREAKS = /^[\t\r\n]+|[\t\r\n]+$/g;
const INNER_BREAKS = /[\t\r\n]+/g;

/** A text cell longer than the most stored, kept cut to it: the row and column a warning names. */
export interface CutText {
  row: number;
  column: string;
  /** 'row 37, column "Name"' (with the sheet in a workbook of several scans), as refusals name a cell. */
  place: string;
  /** Its length in characters before the cut. */
  length: number;
}

export interface CellReader {
  /** The governor ID, or undefined when the scanner could not read it (empty, 0, negative, a placeholder). */
  governorId(raw: unknown, rowNumber: number, column: string): number | undefined;
  value(kind: ValueKind, raw: unknown, rowNumber: number, column: string): string | number | null;
}

/**
 * Reads cells the strict way: a cell that is not what its column holds stops the import with the row and column.
 * In a CSV separated by ';' a comma may be the file's decimal mark, so numbers holding one are refused as
 * ambiguous rather than read either way.
 */
export function cellReader(
  table: RawTable,
  fileName: string,
  placePrefix: string,
  onCut: (cut: CutText) => void = () => {},
): CellReader {
  const numberOptions = { decimalCommaPossible: table.delimiter === ';' };
  const place = (rowNumber: number, column: string) =>
    `${placePrefix}${describePlace({ rowWord: table.rowWord, rowNumber, column })}`;
  const fail = (rowNumber: number, column: string, problem: string) =>
    refuse(fileName, `${place(rowNumber, column)}: ${problem}`);

  const number = (raw: unknown, rowNumber: number, column: string, what: string) => {
    const parsed = parseScanValue(raw, numberOptions);
    if (parsed.kind === 'invalid') {
      // Looked at only once a cell is no number: every number cell of a CSV is text, so not on each of them.
      if (typeof raw === 'string' && raw.trim().toLowerCase() === UNKNOWN_WORD) return null;
      throw fail(rowNumber, column, notANumber(raw, parsed.reason, what));
    }
    return parsed.kind === 'empty' ? null : parsed.value;
  };

  return {
    governorId(raw, rowNumber, column) {
      const value = number(raw, rowNumber, column, 'a governor ID');
      if (value === null || value <= 0) return undefined;
      if (!Number.isInteger(value)) throw fail(rowNumber, column, `${quoteCell(raw)} is not a governor ID`);
      if (value > MAX_STORED_COUNT) {
        throw fail(rowNumber, column, `${quoteCell(raw)} is too large for a governor ID`);
      }
      return value;
    },
    value(kind, raw, rowNumber, column) {
      if (kind === 'text') {
        return readText(raw, (length) =>
          onCut({ row: rowNumber, column, place: place(rowNumber, column), length }),
        );
      }
      const value = number(raw, rowNumber, column, kind === 'kd' ? 'a kingdom number' : 'a number');
      if (value === null || UNKNOWN_PLACEHOLDERS.has(value)) return null;
      if (value < 0) {
        throw fail(rowNumber, column, `${quoteCell(raw)} is negative (only -1, -2 and -3 mean unknown)`);
      }
      if (kind === 'kd') {
        if (!Number.isInteger(value) || value === 0 || value > MAX_KD) {
          throw fail(rowNumber, column, `${quoteCell(raw)} is not a kingdom number`);
        }
        return value;
      }
      if (value > MAX_STORED_COUNT) {
        throw fail(
          rowNumber,
          column,
          `${quoteCell(raw)} is larger than the largest count stored (${MAX_STORED_COUNT.toLocaleString('en-US')})`,
        );
      }
      return Math.round(value); // counts are whole; 1.5K is 1500, float noise is dropped
    },
  };
}

function notANumber(raw: unknown, reason: InvalidScanValueReason, what: string): string {
  const text = quoteCell(raw);
  switch (reason) {
    case 'not-decimal':
      return `${text} is not a decimal number (hexadecimal, octal and binary are not read); write it in digits 0–9`;
    case 'not-finite':
      return `${text} is not ${what}: the scanner could not have read it; leave the cell empty for unknown`;
    case 'exponent':
      return (
        `${text} is in scientific notation, which has lost the number's last digits; format the column as a ` +
        'whole number in the spreadsheet and save the file again'
      );
    case 'too-large':
      return `${text} is too large to be ${what}`;
    case 'ambiguous-decimal-mark':
      return (
        `${text} is ambiguous: this file separates cells with ";", so its comma or dot may be a decimal mark ` +
        '(2,500 = 2.5) as well as a thousands separator (2,500 = 2500); write whole numbers without separators ' +
        '(2500), or save the file separated by commas'
      );
    default:
      return typeof raw === 'string' && /[\r\n]/.test(raw)
        ? `${text} is not ${what} (a line break splits it)`
        : `${text} is not ${what}`;
  }
}

/** A cell for a message: numbers as their text ('Infinity', never "null"), text shortened. */
export function quoteCell(raw: unknown): string {
  return quoteValue(typeof raw === 'number' ? String(raw) : raw);
}

/**
 * Text is kept as the scanner wrote it (names may start with '=', '+', '-', '@' or hold spaces), except control
 * characters: line breaks and tabs at either end are dropped (the legacy RokTracker ends every alliance in "\r\n"),
 * inside the text they become one space, and every other control character (NUL included) is removed. Text longer
 * than the most stored is kept cut to it and reported: a name changes no number, so one cell of scanner junk in a
 * name never costs the file (the readers' cell limit still refuses a cell far past any name).
 */
function readText(raw: unknown, onCut: (length: number) => void): string | null {
  if (raw === null || raw === undefined) return null;
  const text = textOf(raw)
    .replace(EDGE_BREAKS, '')
    .replace(INNER_BREAKS, ' ')
    .replace(CONTROL_CHARACTERS, '');
  if (text.trim() === '') return null;
  if (text.length > MAX_TEXT_LENGTH) {
    const length = [...text].length;
    if (length > MAX_TEXT_LENGTH) {
      onCut(length);
      return [...text].slice(0, MAX_TEXT_LENGTH).join('');
    }
  }
  return text;
}

function textOf(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (raw instanceof Date) return raw.toISOString();
  if (typeof raw === 'object') return JSON.stringify(raw);
  return String(raw);
}
