import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS } from '../limits.ts';
import { readJsonLines } from './jsonl.ts';

const read = (text: string, limits = DEFAULT_IMPORT_LIMITS) =>
  readJsonLines(Buffer.from(text), 'g.json', limits);

describe('readJsonLines', () => {
  it('reads JSON lines, keys as headers in the order they first appear', () => {
    const table = read('{"ID": 1, "Name": "A"}\n\n{"Power": 5, "ID": 2}\r\n');
    expect(table).toMatchObject({ container: 'jsonl', rowWord: 'line', headerRowNumber: 0 });
    expect(table.headers).toEqual(['ID', 'Name', 'Power']);
    expect(table.rows.map((row) => ({ number: row.number, cells: [...row.cells] }))).toEqual([
      { number: 1, cells: [1, 'A', undefined] },
      { number: 3, cells: [2, undefined, 5] },
    ]);
  });

  it('reads a .json file holding an array of objects, numbering each by the line it starts on', () => {
    const table = read(
      '\uFEFF[\n  {"ID": 1, "Name": "A, \\"B\\" [x]"},\n\n  {\n    "ID": 2\n  }, {"ID": 3}\n]\n',
    );
    expect(table.rows.map((row) => [row.number, ...row.cells])).toEqual([
      [2, 1, 'A, "B" [x]'],
      [4, 2, undefined],
      [6, 3, undefined],
    ]);
    expect(read('[]').rows).toEqual([]);
  });

  it('refuses what is not one governor per object, naming the line', () => {
    expect(() => read('{"ID": 1}\n[1, 2]\n')).toThrow(
      'g.json: line 2 is not a JSON object (each governor must be one object, {"ID": …})',
    );
    expect(() => read('[\n{"ID": 1},\n7\n]')).toThrow('g.json: line 3 is not a JSON object');
    expect(() => read('{"ID": 1}\n{"ID": \n')).toThrow(/^g\.json: line 2 is not valid JSON \(/);
    expect(() => read('[{"ID": 1},]')).toThrow(/^g\.json: is not valid JSON \(/);
  });

  it('refuses object and list values, naming the line and field', () => {
    expect(() => read('{"ID": 1}\n{"ID": 2, "Name": {"first": "A"}}\n')).toThrow(
      'g.json: line 2, field "Name", holds an object; each field must be a number or text',
    );
    expect(() => read('[\n{"ID": 1, "Kills": [1, 2]}\n]')).toThrow(
      'g.json: line 2, field "Kills", holds a list; each field must be a number or text',
    );
  });

  it('refuses nesting past the depth limit before parsing: 200,000 levels', () => {
    expect(() => read(`{"ID": 1}\n${'['.repeat(200_000)}${']'.repeat(200_000)}\n`)).toThrow(
      'g.json: line 2 nests more than 8 levels deep; the deepest nesting a JSON file may have is 8 levels (IMPORT_MAX_JSON_DEPTH)',
    );
    // Brackets inside strings are text.
    expect(read(`{"ID": 1, "Name": "${'['.repeat(50)}"}`).rows).toHaveLength(1);
  });

  it('refuses files past the row, column and cell limits', () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, rows: 2, columns: 2, cellChars: 5 };
    expect(() => read('{"ID": 1}\n{"ID": 2}\n{"ID": 3}\n', limits)).toThrow(
      'g.json: has more than 2 governors; the most rows one table may have is 2 (IMPORT_MAX_ROWS)',
    );
    expect(() => read('[{"ID": 1}, {"ID": 2}, {"ID": 3}]', limits)).toThrow(
      'g.json: has more than 2 governors',
    );
    expect(() => read('{"ID": 1, "Name": "A"}\n{"Power": 3}\n', limits)).toThrow(
      'g.json: has more than 2 different fields (line 2); the most columns one table may have is 2 (IMPORT_MAX_COLUMNS)',
    );
    expect(() => read('{"ID": 1, "Name": "ABCDEF"}', limits)).toThrow(
      'g.json: line 1, field "Name", holds 6 characters; the most characters one cell may hold is 5 (IMPORT_MAX_CELL_CHARS)',
    );
  });
});
