import { AppError } from '../errors.ts';

/**
 * A file the import will not take. Every message starts with the file's name, so that a person importing many files
 * (or reading a log) knows which one to fix. `issues`: the places the message lists, one each, for a screen that
 * shows them as a list (a refusal of several rows).
 */
export function refuse(fileName: string, problem: string, issues?: AppError['issues']): AppError {
  return new AppError('IMPORT_REFUSED', `${fileName}: ${problem}`, issues);
}

/** A place in the file, as the person sees it in a spreadsheet (header = row 1) or an editor (jsonl line). */
export interface CellPlace {
  /** 'row' for spreadsheets and CSV, 'line' for JSON lines. */
  rowWord: 'row' | 'line';
  rowNumber: number;
  column?: string;
}

export function describePlace(place: CellPlace): string {
  const row = `${place.rowWord} ${place.rowNumber}`;
  if (place.column === undefined) return row;
  return `${row}, ${place.rowWord === 'line' ? 'field' : 'column'} "${place.column}"`;
}

/** A cell value quoted for a message, shortened so one bad cell cannot flood a log. */
export function quoteValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
