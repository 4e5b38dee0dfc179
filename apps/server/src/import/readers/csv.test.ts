import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
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
