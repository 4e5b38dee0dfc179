import { hasGovernorIdHeader } from '../columns.ts';
import { refuse } from '../import-error.ts';
import { DEFAULT_IMPORT_LIMITS, formatCount, type ImportLimits, refuseOverLimit } from '../limits.ts';
import { isBlankRow, type RawTable, splitHeader, type TableRow } from './table.ts';

const DELIMITERS = [',', ';', '\t'] as const;
type Delimiter = (typeof DELIMITERS)[number];

/**
 * Reads a CSV (or tab-separated text) the way a spreadsheet opens it: UTF-8 with or without BOM, UTF-16 as Excel's
 * "Unicode text" writes it, or — when the bytes are not UTF-8 — Windows-1252 as older Excel saves "CSV". The
 * delimiter is whichever of , ; or tab the header line uses most (Excel in many European locales writes ';').
 * A cell that starts with a double quote is quoted (it may hold delimiters, line breaks and "" for a quote); a quote
 * anywhere else is an ordinary character, so `[~IP]"Important Person"` is read as written, as Excel and pandas do.
 * Row numbers are record numbers with the header as row 1, which is what the file shows when opened in a
 * spreadsheet (a quoted cell may span lines in a text editor).
 * The row, column and cell-length limits are checked while reading: a file past them is refused at that point,
 * before the rest of it is split into cells.
 */
export function readCsv(
  content: Buffer,
  fileName: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): RawTable {
  const text = decodeText(content);
  const delimiter = detectDelimiter(text);
  const rows = readRecords(text, delimiter, fileName, limits);
  const table = splitHeader(rows, hasGovernorIdHeader);
  // More cells than headers is a row that fell apart, usually a name holding the delimiter without quotes: its
  // values would land in the wrong columns.
  const width = table.headers.length;
  const broken = table.rows.find((row) => row.cells.length > width && !isBlankRow(row.cells.slice(width)));
  if (broken) {
    throw refuse(
      fileName,
      `row ${broken.number} has ${broken.cells.length} cells but the header has ${width}; ` +
        `a name or alliance holding a ${shownDelimiter(delimiter)} must be in double quotes`,
    );
  }
  return { container: 'csv', rowWord: 'row', delimiter, ...table };
}

const QUOTE = 0x22;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** One pass over the text; blank records are counted (for row numbers) but not kept. */
function readRecords(text: string, delimiter: Delimiter, fileName: string, limits: ImportLimits): TableRow[] {
  const separator = delimiter.charCodeAt(0);
  const rows: TableRow[] = [];
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let recordNumber = 0;
  while (at < text.length) {
    recordNumber++;
    const cells: string[] = [];
    // Each turn reads one cell, and stops on the delimiter, the line end, or the end of the text.
    for (;;) {
      let cell = '';
      if (text.charCodeAt(at) === QUOTE) {
        const quoted = readQuotedCell(text, at);
        if (quoted === undefined) {
          throw refuse(
            fileName,
            `is not a readable CSV file (a quoted cell in row ${recordNumber} has no closing quote)`,
          );
        }
        cell = quoted.cell;
        at = quoted.end;
      }
      // An unquoted cell, or what follows a quoted part up to the delimiter (kept as written, as Excel does).
      const start = at;
      while (at < text.length) {
        const code = text.charCodeAt(at);
        if (code === separator || code === LINE_FEED || code === CARRIAGE_RETURN) break;
        at++;
      }
      if (at > start) cell += text.slice(start, at);
      if (cell.length > limits.cellChars) {
        throw refuseOverLimit(
          fileName,
          `row ${recordNumber}, column ${cells.length + 1}, holds ${formatCount(cell.length)} characters`,
          'cellChars',
          limits,
        );
      }
      cells.push(cell);
      if (cells.length > limits.columns) {
        throw refuseOverLimit(
          fileName,
          `row ${recordNumber} has more than ${formatCount(limits.columns)} cells`,
          'columns',
          limits,
        );
      }
      if (at < text.length && text.charCodeAt(at) === separator) {
        at++;
        continue;
      }
      break;
    }
    // The line end: \r\n, \n or a lone \r (old Mac Excel).
    if (text.charCodeAt(at) === CARRIAGE_RETURN) at++;
    if (text.charCodeAt(at) === LINE_FEED) at++;
    if (isBlankRow(cells)) continue;
    if (rows.length >= limits.rows) {
      throw refuseOverLimit(fileName, `has more than ${formatCount(limits.rows)} rows`, 'rows', limits);
    }
    rows.push({ number: recordNumber, cells });
  }
  return rows;
}

/**
 * A cell that starts with a quote, from `start` (the quote): its text with "" read as ", and where reading goes on.
 * Undefined when the closing quote never comes.
 */
function readQuotedCell(text: string, start: number): { cell: string; end: number } | undefined {
  let cell = '';
  let at = start + 1;
  for (;;) {
    const close = text.indexOf('"', at);
    if (close === -1) return undefined;
    cell += text.slice(at, close);
    if (text.charCodeAt(close + 1) === QUOTE) {
      cell += '"';
      at = close + 2;
      continue;
    }
    at = close + 1;
    break;
  }
  return { cell, end: at };
}

function shownDelimiter(delimiter: Delimiter): string {
  return delimiter === '\t' ? 'tab' : `"${delimiter}"`;
}

function decodeText(content: Buffer): string {
  if (content[0] === 0xff && content[1] === 0xfe) return new TextDecoder('utf-16le').decode(content);
  if (content[0] === 0xfe && content[1] === 0xff) return new TextDecoder('utf-16be').decode(content);
  try {
    // TextDecoder drops a UTF-8 BOM itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/**
 * Counts each candidate on the first line that has any text, outside quoted cells (a cell is quoted only when a
 * quote starts it, as when reading).
 */
export function detectDelimiter(text: string): Delimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let cellStart = true;
  let seenText = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"') {
        if (text[at + 1] === '"') at++;
        else quoted = false;
      }
      continue;
    }
    if (char === '"' && cellStart) {
      quoted = true;
      seenText = true;
      cellStart = false;
      continue;
    }
    if (char === '\n' || char === '\r') {
      if (seenText) break;
      cellStart = true;
      continue;
    }
    const count = counts.get(char);
    if (count !== undefined) counts.set(char, count + 1);
    cellStart = count !== undefined;
    if (char.trim() !== '' && char !== '\uFEFF') seenText = true;
  }
  let best: Delimiter = ',';
  for (const delimiter of DELIMITERS) if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  return best;
}
