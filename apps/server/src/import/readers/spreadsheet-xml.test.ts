import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS } from '../limits.ts';
import { CellError, readSharedStrings, readSheetRows, SharedStrings } from './spreadsheet-xml.ts';
import { readSheetList, resolvePartPath } from './workbook-xml.ts';
import { decodeXmlText, XmlError } from './xml-scanner.ts';

describe('SpreadsheetML reading', () => {
  it('reads shared strings: plain, rich-text runs, escapes, without phonetic runs', () => {
    const xml =
      '<sst><si><t>Plain</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">  Rich </t></r><r><t>Run</t></r></si>' +
      '<si><t>A &amp; B &lt;C&gt; &#233;&#x1F600; line_x000D_</t></si>' +
      '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si><si/></sst>';
    expect(readSharedStrings(xml).values).toEqual([
      'Plain',
      '  Rich Run',
      'A & B <C> é😀 line\r',
      '東京',
      '',
    ]);
  });

  it('reads cells of every type, with or without positions and namespace prefixes', () => {
    const xml =
      '<x:worksheet><x:sheetData>' +
      '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>Inline</x:t></x:is></x:c></x:row>' +
      '<x:row r="3"><x:c t="n"><x:v>42</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c>' +
      '<x:c t="str"><x:f>A1&amp;"x"</x:f><x:v>Hx</x:v></x:c><x:c s="3"/><x:c t="d"><x:v>2026-10-01T00:00:00Z</x:v></x:c></x:row>' +
      '<x:row r="4" spans="1:2"/><x:row><x:c><x:f>1+1</x:f></x:c><x:c r="AA5"><x:v>1.5</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const rows = readSheetRows(xml, new SharedStrings(['Head']));
    expect(rows.map((r) => r.number)).toEqual([1, 3, 5]);
    expect([...rows[0]!.cells]).toEqual(['Head', undefined, 'Inline']);
    expect([...rows[1]!.cells]).toEqual([
      42,
      true,
      '#N/A',
      'Hx',
      undefined,
      new Date('2026-10-01T00:00:00Z'),
    ]);
    expect(rows[2]!.cells[26]).toBe(1.5);
    expect(rows[2]!.cells[0]).toBeUndefined(); // a formula without a cached result is empty
    expect(readSheetRows(xml, new SharedStrings(['Head']), { maxRows: 1 })).toHaveLength(1);
  });

  it('lists sheets through the workbook relationships', () => {
    const workbook =
      '<workbook><sheets><sheet name="Summary" sheetId="1" r:id="rId2"/><sheet name="Top &amp; 10" sheetId="2" r:id="rId1"/></sheets></workbook>';
    const relationships = [
      { id: 'rId1', type: '…/worksheet', target: 'worksheets/sheet2.xml' },
      { id: 'rId2', type: '…/worksheet', target: '/xl/worksheets/sheet1.xml' },
    ];
    expect(readSheetList(workbook, relationships, 'xl')).toEqual([
      { name: 'Summary', path: 'xl/worksheets/sheet1.xml' },
      { name: 'Top & 10', path: 'xl/worksheets/sheet2.xml' },
    ]);
    expect(resolvePartPath('xl/worksheets', '../drawings/drawing1.xml')).toBe('xl/drawings/drawing1.xml');
  });
});

describe('SpreadsheetML reading of hostile parts', () => {
  const shared = new SharedStrings([]);
  const sheet = (body: string) => `<worksheet><sheetData>${body}</sheetData></worksheet>`;
  const error = (read: () => unknown): Error => {
    try {
      read();
    } catch (caught) {
      return caught as Error;
    }
    throw new Error('not refused');
  };

  it('refuses an unclosed cell tag repeated 350,000 times at its first repetition', () => {
    const xml = sheet(`<row r="1">${'<c '.repeat(350_000)}`);
    expect(error(() => readSheetRows(xml, shared))).toEqual(new XmlError('has a "<" inside the tag <c>'));
    expect(error(() => readSheetRows(sheet('<row r="1"><c r="A1'), shared))).toEqual(
      new XmlError('ends inside the tag <c>'),
    );
  });

  it('skips a million comments without recursing', () => {
    const xml = sheet(`${'<!---->'.repeat(1_000_000)}<row r="1"><c><v>5</v></c></row>`);
    expect(readSheetRows(xml, shared).map((row) => [...row.cells])).toEqual([[5]]);
  });

  it('refuses shared strings that never close', () => {
    expect(error(() => readSharedStrings(`<sst>${'<si><t>x'.repeat(100_000)}`))).toEqual(
      new XmlError('ends inside a shared string'),
    );
  });

  it('reads row after unclosed row without rescanning, keeping what each holds', () => {
    const rows = readSheetRows(sheet('<row r="1"><c><v>1</v></c><row r="2"><c><v>2</v></c>'), shared);
    expect(rows.map((row) => [row.number, ...row.cells])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('refuses a column past the last one without building a row that long', () => {
    const found = error(() => readSheetRows(sheet('<row r="1"><c r="MWLQKWT1"><v>1</v></c></row>'), shared));
    expect(found).toBeInstanceOf(CellError);
    expect(found).toMatchObject({ found: 'has a cell at "MWLQKWT1", past column XFD', limit: 'columnIndex' });
    // A huge attribute value is read once and refused by its first letters.
    const huge = error(() =>
      readSheetRows(sheet(`<row r="1"><c r="${'A'.repeat(1_000_000)}1"/></row>`), shared),
    );
    expect(huge).toMatchObject({ limit: 'columnIndex' });
    const badRow = error(() => readSheetRows(sheet(`<row r="${'9'.repeat(100_000)}"/>`), shared));
    expect(badRow.message).toMatch(/^has a row numbered "9{20}", which no spreadsheet has$/);
  });

  it('refuses values past the column limit, and ignores empty styled cells there', () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, columns: 3 };
    const styled = readSheetRows(sheet('<row r="1"><c r="A1"><v>1</v></c><c r="Z1" s="4"/></row>'), shared, {
      limits,
    });
    expect(styled).toHaveLength(1);
    expect(
      error(() => readSheetRows(sheet('<row r="2"><c r="D2"><v>1</v></c></row>'), shared, { limits })),
    ).toMatchObject({ found: 'is in column 4', cell: 'D2', limit: 'columns' });
  });

  it('refuses rows past the row limit and cells past the length limit', () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, rows: 2, cellChars: 5 };
    const three = sheet('<row><c><v>1</v></c></row>'.repeat(3));
    expect(error(() => readSheetRows(three, shared, { limits }))).toMatchObject({
      found: 'has more than 2 rows',
      limit: 'rows',
    });
    expect(readSheetRows(three, shared, { limits, maxRows: 2 })).toHaveLength(2);
    const long = sheet('<row r="1"><c r="B1" t="inlineStr"><is><t>abcdef</t></is></c></row>');
    expect(error(() => readSheetRows(long, shared, { limits }))).toMatchObject({
      found: 'holds 6 characters',
      cell: 'B1',
      limit: 'cellChars',
    });
  });

  it('refuses character references to what is not a character, naming the cell', () => {
    for (const reference of ['&#x110000;', '&#0;', '&#xD800;', '&#99999999999;']) {
      const xml = sheet(`<row r="2"><c r="B2" t="inlineStr"><is><t>a${reference}</t></is></c></row>`);
      expect(error(() => readSheetRows(xml, shared))).toMatchObject({
        found: `holds "${reference}", which is not a character XML allows`,
        cell: 'B2',
      });
    }
    // In a shared string the cell that uses it is named.
    const strings = readSharedStrings('<sst><si><t>ok</t></si><si><t>&#x110000;</t></si></sst>');
    expect(strings.values[0]).toBe('ok');
    const xml = sheet('<row r="3"><c r="A3" t="s"><v>0</v></c><c r="C3" t="s"><v>1</v></c></row>');
    expect(error(() => readSheetRows(xml, strings))).toMatchObject({ cell: 'C3' });
  });

  it('refuses a date cell that holds no date, and keeps non-decimal numbers as their text', () => {
    const xml = sheet('<row r="4"><c r="E4" t="d"><v>not-a-date</v></c></row>');
    expect(error(() => readSheetRows(xml, shared))).toMatchObject({
      found: 'holds "not-a-date", which is not a date',
      cell: 'E4',
    });
    const numbers = readSheetRows(
      sheet(
        '<row r="1"><c><v>0x10</v></c><c><v>Infinity</v></c><c><v>1e3</v></c><c><v><![CDATA[7&]]></v></c></row>',
      ),
      shared,
    );
    expect([...numbers[0]!.cells]).toEqual(['0x10', 'Infinity', 1000, '7&']);
  });

  it('decodes a text full of "&" in one pass', () => {
    expect(decodeXmlText(`${'&'.repeat(200_000)}amp;`)).toBe('&'.repeat(200_000));
    expect(decodeXmlText('a &lt; b &unknown; &#65;&#x42;')).toBe('a < b &unknown; AB');
  });

  it('refuses a workbook past the sheet limit', () => {
    const workbook = `<workbook><sheets>${'<sheet name="S" r:id="rId1"/>'.repeat(3)}</sheets></workbook>`;
    const relationships = [{ id: 'rId1', type: '…/worksheet', target: 'worksheets/sheet1.xml' }];
    expect(
      error(() => readSheetList(workbook, relationships, 'xl', { ...DEFAULT_IMPORT_LIMITS, sheets: 2 })),
    ).toMatchObject({ found: 'has more than 2 sheets', limit: 'sheets' });
    const longName = `<workbook><sheets><sheet name="${'n'.repeat(5000)}" r:id="rId1"/></sheets></workbook>`;
    expect(error(() => readSheetList(longName, relationships, 'xl'))).toMatchObject({
      found: 'has a sheet name of 5,000 characters',
      limit: 'cellChars',
    });
  });
});
