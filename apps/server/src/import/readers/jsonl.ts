import { quoteValue, refuse } from '../import-error.ts';
import { DEFAULT_IMPORT_LIMITS, formatCount, type ImportLimits, refuseOverLimit } from '../limits.ts';
import type { RawTable, TableRow } from './table.ts';

/**
 * Reads governors from JSON: JSON lines (one object per line; blank lines skipped), or a `.json` file holding one
 * array of objects (as most tools export). Keys are the headers, in the order they first appear; each value must
 * be a number, text, true/false or null. Messages name the line as an editor shows it (for an array: the line where
 * the governor's object starts).
 * Before anything is parsed, one linear pass checks the nesting depth, so a file of 200,000 "[" is refused by its
 * line instead of costing the parser's stack.
 */
export function readJsonLines(
  content: Buffer,
  fileName: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): RawTable {
  const text = new TextDecoder('utf-8').decode(content);
  const { elementLines, isArray } = scanStructure(text, fileName, limits);
  const tooMany = () =>
    refuseOverLimit(fileName, `has more than ${formatCount(limits.rows)} governors`, 'rows', limits);
  if (elementLines.length > limits.rows) throw tooMany();
  const records = isArray
    ? readArray(text, elementLines, fileName)
    : readLines(text, fileName, limits.rows, tooMany);
  const headerIndex = new Map<string, number>();
  const headers: string[] = [];
  for (const { number, value } of records) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw refuse(
        fileName,
        `line ${number} is not a JSON object (each governor must be one object, {"ID": …})`,
      );
    }
    for (const [key, cell] of Object.entries(value)) {
      checkCell(cell, number, key, fileName, limits);
      if (headerIndex.has(key)) continue;
      if (headers.length >= limits.columns) {
        throw refuseOverLimit(
          fileName,
          `has more than ${formatCount(limits.columns)} different fields (line ${number})`,
          'columns',
          limits,
        );
      }
      headerIndex.set(key, headers.length);
      headers.push(key);
    }
  }
  const rows: TableRow[] = records.map(({ number, value }) => {
    const cells: unknown[] = new Array(headers.length);
    for (const [key, cell] of Object.entries(value as Record<string, unknown>))
      cells[headerIndex.get(key)!] = cell;
    return { number, cells };
  });
  return { container: 'jsonl', rowWord: 'line', headerRowNumber: 0, headers, rows };
}

interface JsonRecord {
  number: number;
  value: unknown;
}

function readLines(text: string, fileName: string, maxRecords: number, tooMany: () => Error): JsonRecord[] {
  const records: JsonRecord[] = [];
  // Line by line rather than split(): a file past the row limit is refused before the rest is cut into lines.
  let number = 0;
  for (let start = 0; start < text.length; ) {
    number++;
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === '') continue;
    if (records.length >= maxRecords) throw tooMany();
    try {
      records.push({ number, value: JSON.parse(line) });
    } catch (error) {
      throw refuse(fileName, `line ${number} is not valid JSON (${(error as Error).message})`);
    }
  }
  return records;
}

function readArray(text: string, elementLines: readonly number[], fileName: string): JsonRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refuse(fileName, `is not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(value)) throw refuse(fileName, 'is not a JSON array of governors');
  return value.map((item, index) => ({ number: elementLines[index] ?? 1, value: item }));
}

function checkCell(cell: unknown, line: number, field: string, fileName: string, limits: ImportLimits): void {
  if (typeof cell === 'object' && cell !== null) {
    throw refuse(
      fileName,
      `line ${line}, field ${quoteValue(field)}, holds ${Array.isArray(cell) ? 'a list' : 'an object'}; ` +
        'each field must be a number or text',
    );
  }
  if (typeof cell === 'string' && cell.length > limits.cellChars) {
    throw refuseOverLimit(
      fileName,
      `line ${line}, field ${quoteValue(field)}, holds ${formatCount(cell.length)} characters`,
      'cellChars',
      limits,
    );
  }
}

const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0xfeff]);

/**
 * One pass over the text, outside strings: refuses nesting past the depth limit (naming the line), tells an array
 * file from JSON lines, and for an array notes the line where each of its items starts.
 */
function scanStructure(
  text: string,
  fileName: string,
  limits: ImportLimits,
): { isArray: boolean; elementLines: number[] } {
  const elementLines: number[] = [];
  let line = 1;
  let depth = 0;
  let isArray: boolean | undefined;
  let expectItem = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) line++;
    if (WHITESPACE.has(code)) continue;
    if (isArray === undefined) isArray = code === 0x5b;
    if (expectItem) {
      expectItem = false;
      if (code !== 0x5d) elementLines.push(line);
    }
    if (code === 0x22) {
      // A string: skip to its closing quote (a backslash escapes the next character).
      for (at++; at < text.length; at++) {
        const inner = text.charCodeAt(at);
        if (inner === 0x5c) at++;
        else if (inner === 0x22 || inner === 0x0a) break; // a line break ends a broken string for counting
      }
      if (text.charCodeAt(at) === 0x0a) line++;
      continue;
    }
    if (OPENERS.has(code)) {
      depth++;
      if (depth > limits.jsonDepth) {
        throw refuseOverLimit(
          fileName,
          `line ${line} nests more than ${formatCount(limits.jsonDepth)} levels deep`,
          'jsonDepth',
          limits,
        );
      }
      if (isArray && depth === 1) expectItem = true;
    } else if (CLOSERS.has(code)) {
      depth = Math.max(0, depth - 1);
    } else if (code === 0x2c && isArray && depth === 1) {
      expectItem = true;
    }
  }
  return { isArray: isArray ?? false, elementLines };
}
