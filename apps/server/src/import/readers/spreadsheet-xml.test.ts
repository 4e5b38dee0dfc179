import { describe, expect, it } from 'vitest';
import {
  readSharedStrings,
  readSheetList,
  readSheetRows,
  resolvePartPath,
  SharedStrings,
} from './spreadsheet-xml.ts';

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
    expect(resolvePartPath('xl/worksheets', '../sharedStrings.xml')).toBe('xl/sharedStrings.xml');
  });
});
