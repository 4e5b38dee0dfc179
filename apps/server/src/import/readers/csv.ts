import { CsvError, parse } from 'csv-parse/sync';
import { hasGovernorIdHeader } from '../columns.ts';
import { refuse } from '../import-error.ts';
import { isBlankRow, type RawTable, splitHeader, type TableRow } from './table.ts';

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * Reads a CSV (or tab-separated text): UTF-8 with or without BOM, UTF-16 as Excel's "Unicode text" writes it, or —
 * when the bytes are not UTF-8 — Windows-1252 as older Excel saves "CSV". The delimiter is whichever of , ; or tab
 * the header line uses most (Excel in many European locales writes ';').
 * Row numbers are record numbers with the header as row 1, which is what the file shows when opened in a
 * spreadsheet (a quoted cell may span lines in a text editor).
 */
export function readCsv(content: Buffer, fileName: string): RawTable {
  const text = decodeText(content);
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw refuse(fileName, `is not a readable CSV file (${error.message})`);
    throw error;
  }
  const rows: TableRow[] = [];
  records.forEach((cells, index) => {
    if (!isBlankRow(cells)) rows.push({ number: index + 1, cells });
  });
  const table = splitHeader(rows, hasGovernorIdHeader);
  // More cells than headers is a row that fell apart, usually a name holding the delimiter without quotes: its
  // values would land in the wrong columns.
  const width = table.headers.length;
  const broken = table.rows.find((row) => row.cells.length > width && !isBlankRow(row.cells.slice(width)));
  if (broken) {
    const shown = delimiter === '\t' ? 'tab' : `"${delimiter}"`;
    throw refuse(
      fileName,
      `row ${broken.number} has ${broken.cells.length} cells but the header has ${width}; ` +
        `a name or alliance holding a ${shown} must be in double quotes`,
    );
  }
  return { container: 'csv', rowWord: 'row', ...table };
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

/** Counts each candidate outside quotes on the first line that has any text. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let seenText = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (seenText) break;
    } else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
    if (char.trim() !== '') seenText = true;
  }
  let best: string = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}
