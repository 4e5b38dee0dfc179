import { refuse } from '../import-error.ts';
import type { RawTable, TableRow } from './table.ts';

/**
 * Reads JSON lines: one object per line, keys as headers (in the order they first appear). Blank lines are
 * skipped; any other line that is not a JSON object refuses the file, naming the line.
 */
export function readJsonLines(content: Buffer, fileName: string): RawTable {
  const lines = new TextDecoder('utf-8').decode(content).split(/\r?\n/);
  const headerIndex = new Map<string, number>();
  const headers: string[] = [];
  const objects: { number: number; object: Record<string, unknown> }[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const number = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw refuse(fileName, `line ${number} is not valid JSON (${(error as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw refuse(
        fileName,
        `line ${number} is not a JSON object (each line must be one governor, {"ID": …})`,
      );
    }
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (!headerIndex.has(key)) {
        headerIndex.set(key, headers.length);
        headers.push(key);
      }
    }
    objects.push({ number, object });
  });
  const rows: TableRow[] = objects.map(({ number, object }) => {
    const cells: unknown[] = new Array(headers.length);
    for (const [key, value] of Object.entries(object)) cells[headerIndex.get(key)!] = value;
    return { number, cells };
  });
  return { container: 'jsonl', rowWord: 'line', headerRowNumber: 0, headers, rows };
}
