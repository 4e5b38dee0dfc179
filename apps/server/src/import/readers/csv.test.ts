import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { DEFAULT_IMPORT_LIMITS } from '../limits.ts';
import { detectDelimiter, readCsv } from './csv.ts';

describe('readCsv', () => {
  it('detects , ; and tab from the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('ID,Name,Power\n1;2;3;4;5\n')).toBe(',');
    expect(detectDelimiter('ID;Name;"Power, total"\n')).toBe(';');
    expect(detectDelimiter('\n\nID\tName\tPower\n')).toBe('\t');
    expect(detectDelimiter('ID\n1\n')).toBe(',');
  });

  it('reads semicolon files with decimal commas as Excel writes them in Europe', () => {
    const table = readCsv(Buffer.from('ID;Name;Power\r\n1;"A;B";1.234.567\r\n'), 'x.csv');
    expect(table.headers).toEqual(['ID', 'Name', 'Power']);
    expect(table.rows).toEqual([{ number: 2, cells: ['1', 'A;B', '1.234.567'] }]);
  });

  it('strips a UTF-8 BOM and reads UTF-16 and Windows-1252 files', () => {
    const bom = readCsv(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ID,Name\n1,Zoë\n')]),
      'x.csv',
    );
    expect(bom.headers).toEqual(['ID', 'Name']);
    expect(bom.rows[0]!.cells).toEqual(['1', 'Zoë']);

    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('ID\tName\r\n1\t龍王\r\n', 'utf16le'),
    ]);
    expect(readCsv(utf16, 'x.txt').rows[0]!.cells).toEqual(['1', '龍王']);

    const latin = Buffer.from([...Buffer.from('ID,Name\n1,Zo'), 0xeb, 0x0a]);
    expect(readCsv(latin, 'x.csv').rows[0]!.cells).toEqual(['1', 'Zoë']);
  });

  it('numbers rows as a spreadsheet shows them: records, with a multi-line cell as one row', () => {
    const table = readCsv(Buffer.from('ID,Name\n1,"two\nlines"\n\n2,B\n'), 'x.csv');
    expect(table.rows.map((row) => row.number)).toEqual([2, 4]);
  });

  it('refuses a row with more cells than the header, and allows fewer', () => {
    const short = readCsv(Buffer.from('ID,Name,Power\n1,A\n2,B,5,\n'), 'x.csv');
    expect(short.rows.map((row) => row.cells)).toEqual([
      ['1', 'A'],
      ['2', 'B', '5', ''],
    ]);
    expect(() => readCsv(Buffer.from('ID,Name,Power\n1,Comma, Inc,5\n'), 'x.csv')).toThrow(
      'x.csv: row 2 has 4 cells but the header has 3; a name or alliance holding a "," must be in double quotes',
    );
  });

  it('refuses broken quoting, naming the file', () => {
    let error: unknown;
    try {
      readCsv(Buffer.from('ID,Name\n1,"unterminated\n'), 'broken.csv');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^broken\.csv: is not a readable CSV file \(/);
  });
});

describe('readCsv like a spreadsheet', () => {
  it('reads a quote inside an unquoted cell as a character (Windows-1252, as the issue found it)', () => {
    const latin = Buffer.concat([
      Buffer.from('Governor ID,Name,Alliance\r\n1,[~IP]"Important Person",Zo'),
      Buffer.from([0xeb]),
      Buffer.from('\r\n2,"quoted, with comma",x"y"\r\n'),
    ]);
    const table = readCsv(latin, 'x.csv');
    expect(table.rows).toEqual([
      { number: 2, cells: ['1', '[~IP]"Important Person"', 'Zoë'] },
      { number: 3, cells: ['2', 'quoted, with comma', 'x"y"'] },
    ]);
    expect(table.delimiter).toBe(',');
  });

  it('keeps "" as a quote inside quoted cells, and text after a closing quote as written', () => {
    const table = readCsv(Buffer.from('ID\tName\n1\t"say ""hi"""\n2\t"A"B\n'), 'x.tsv');
    expect(table.delimiter).toBe('\t');
    expect(table.rows.map((row) => row.cells)).toEqual([
      ['1', 'say "hi"'],
      ['2', 'AB'],
    ]);
  });

  it('stops at the row limit without reading the rest: a 1,000,000-row file', () => {
    const content = Buffer.from(`ID,Name\n${'1,A\n'.repeat(1_000_000)}`);
    expect(() => readCsv(content, 'big.csv')).toThrow(
      'big.csv: has more than 50,000 rows; the most rows one table may have is 50,000 (IMPORT_MAX_ROWS)',
    );
    const limits = { ...DEFAULT_IMPORT_LIMITS, rows: 3 };
    expect(readCsv(Buffer.from('ID\n1\n\n2\n'), 'x.csv', limits).rows).toHaveLength(2);
  });

  it('refuses rows wider than the column limit and cells longer than the cell limit', () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, columns: 3, cellChars: 10 };
    expect(() => readCsv(Buffer.from('ID,Name,Power,Alliance\n'), 'w.csv', limits)).toThrow(
      'w.csv: row 1 has more than 3 cells; the most columns one table may have is 3 (IMPORT_MAX_COLUMNS)',
    );
    expect(() => readCsv(Buffer.from(`ID,Name\n1,${'x'.repeat(11)}\n`), 'l.csv', limits)).toThrow(
      'l.csv: row 2, column 2, holds 11 characters; the most characters one cell may hold is 10 (IMPORT_MAX_CELL_CHARS)',
    );
    expect(() => readCsv(Buffer.from(`ID,Name\n1,"${'x'.repeat(11)}"\n`), 'l.csv', limits)).toThrow(
      'l.csv: row 2, column 2, holds 11 characters',
    );
  });
});
