import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScanFile } from './parse-scan.ts';
import { refusalErrorOf, refusalOf } from './test-refusal.ts';

const REAL = resolve(import.meta.dirname, '../../../../fixtures/scans/real');

const scanOf = (fileName: string, text: string) => {
  const file = parseScanFile(Buffer.from(text, 'utf8'), fileName);
  expect(file.scans).toHaveLength(1);
  return file.scans[0]!;
};

describe('repeated rows', () => {
  it('keeps one of rows identical in every value read, and counts the others', () => {
    // The legacy RokTracker's tail: the last governor of the ranking written again until the scan size is reached.
    const text =
      'Governor Name,Governor ID,Power,Kill Points,Deads,Alliance\n' +
      'A,11,500,10,1,X\nB,12,400,9,1,X\nC,13,300,8,1,X\nC,13,300,8,1,X\nC,13,300,8,1,X\nC,13,300,8,1,X\n';
    const scan = scanOf('kd1-2026-10-01-end.csv', text);
    expect(scan.rows.map((r) => r.governor_id)).toEqual([11, 12, 13]);
    expect(scan.mergedRepeatedRows).toBe(3);
  });

  it('counts as identical rows whose cells differ only in how a number is written', () => {
    const scan = scanOf('s.csv', 'ID,Name,Power\n1,A,"1,500"\n1,A,1.5K\n');
    expect(scan.rows).toHaveLength(1);
    expect(scan.mergedRepeatedRows).toBe(1);
  });

  it('refuses one ID with different values, naming both rows and the first differing column', () => {
    expect(refusalOf(() => scanOf('s.csv', 'ID,Name,Power,Deads\n1,A,5,1\n2,B,6,1\n1,A,5,2\n'))).toBe(
      's.csv: rows 2 and 4 both have governor ID 1 with different values (first difference: column "Deads": ' +
        '1 and 2); a scan holds one row per governor: remove the wrong row',
    );
    expect(refusalOf(() => scanOf('s.csv', 'ID,Name\n1,A\n1,B\n'))).toContain(
      'first difference: column "Name": "A" and "B"',
    );
    expect(refusalOf(() => scanOf('s.csv', 'ID,Power\n1,\n1,7\n'))).toContain(
      'first difference: column "Power": empty and 7',
    );
  });

  it('imports the real legacy RokTracker scan with its repeated last governor: 249 governors', () => {
    const file = parseScanFile(readFileSync(resolve(REAL, 'kd1662-end_pass7.xlsx')), 'end_pass7.xlsx');
    expect(file.scans).toHaveLength(1);
    const [scan] = file.scans;
    expect(scan!.rows).toHaveLength(249);
    expect(scan!.mergedRepeatedRows).toBe(1);
    expect(scan!.sourceFormat).toBe('roktracker-legacy');
    expect(scan!.detectedTime).toEqual({ takenAt: Date.UTC(2025, 5, 27) / 1000, source: 'sheet-name' });
    // Its alliances end in "\r\n": the line break is no part of the alliance.
    const alliances = scan!.rows.map((r) => r.alliance ?? '');
    expect(alliances.filter((alliance) => /[\r\n]/.test(alliance))).toEqual([]);
    expect(alliances.filter((alliance) => alliance !== '').length).toBeGreaterThan(100);
  });
});

describe('unreadable governor IDs', () => {
  it('skips rows whose ID is empty, 0, negative or a placeholder, naming each row', () => {
    const text =
      'ID,Name,Power\n1,A,5\n0,B,0\n,C,7\n-1,D,8\n-2,E,1\n-3,F,1\n-77,G,1\n2,H,6\n3,I,1\n4,J,1\n5,K,1\n6,L,1\n';
    const scan = scanOf('s.csv', text);
    expect(scan.rows.map((r) => r.governor_id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(scan.skippedRows).toEqual([
      { row: 3, reason: 'unreadable governor ID "0"' },
      { row: 4, reason: 'unreadable governor ID ""' },
      { row: 5, reason: 'unreadable governor ID "-1"' },
      { row: 6, reason: 'unreadable governor ID "-2"' },
      { row: 7, reason: 'unreadable governor ID "-3"' },
      { row: 8, reason: 'unreadable governor ID "-77"' },
    ]);
  });

  it('refuses a file whose rows are mostly unreadable', () => {
    expect(refusalOf(() => scanOf('s.csv', 'ID,Name\n0,A\n0,B\n5,C\n'))).toBe(
      's.csv: 2 of its 3 rows have no readable governor ID (rows 2, 3): the scanner could not read most ' +
        'governors; scan the kingdom again',
    );
    // Exactly half is not most.
    expect(scanOf('s.csv', 'ID,Name\n0,A\n5,C\n').rows).toHaveLength(1);
  });

  it('imports the real RokTracker v1–v4 CSV with its ID-0 row 6 skipped', () => {
    const file = parseScanFile(readFileSync(resolve(REAL, 'kd1599-dataset3.csv')), 'dataset3.csv');
    const [scan] = file.scans;
    expect(scan!.sourceFormat).toBe('roktracker-v1-v4');
    expect(scan!.skippedRows).toEqual([{ row: 6, reason: 'unreadable governor ID "0"' }]);
    expect(scan!.rows.some((r) => r.name === 'Lacsar' && r.governor_id === 41110873)).toBe(true);
    expect(scan!.detectedTime).toBeUndefined();
  });

  it('reads a RokTracker v1–v4 row of only zeros as a governor with every count unknown', () => {
    const header = 'Governor ID,Governor Name,Power,Kill Points,Deaths,T1,T2,T3,T4,T5,Kills,Helps,Alliance\n';
    const scan = scanOf('v4.csv', `${header}7,Unread,0,0,0,0,0,0,0,0,0,0,X\n8,Real,10,0,0,0,0,0,0,0,0,0,X\n`);
    expect(scan.sourceFormat).toBe('roktracker-v1-v4');
    const [unread, real] = scan.rows;
    expect([unread!.power, unread!.kill_points, unread!.dead, unread!.t4_kills, unread!.extra_json]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([real!.power, real!.kill_points, real!.t4_kills]).toEqual([10, 0, 0]);
    // Other scanners' zeros are values.
    expect(scanOf('s.csv', 'ID,Power,Kill Points\n7,0,0\n').rows[0]!.power).toBe(0);
  });
});

describe('values', () => {
  const cell = (value: string, header = 'Power') =>
    refusalOf(() => scanOf('s.csv', `ID,Name,${header}\n1,A,${value}\n`));

  it('refuses numbers that are not plain decimal, with their text', () => {
    expect(refusalOf(() => scanOf('s.csv', 'ID,Name\n0x10,A\n'))).toBe(
      's.csv: row 2, column "ID": "0x10" is not a decimal number (hexadecimal, octal and binary are not read); ' +
        'write it in digits 0–9',
    );
    expect(cell('Infinity')).toBe(
      's.csv: row 2, column "Power": "Infinity" is not a number: the scanner could not have read it; leave the ' +
        'cell empty for unknown',
    );
    expect(cell('NaN')).toContain('"NaN" is not a number');
    expect(cell('2.5e9')).toContain('"2.5e9" is in scientific notation');
  });

  it('refuses "2,500" in a file separated by semicolons, and says how to fix it', () => {
    expect(refusalOf(() => scanOf('s.csv', 'ID;Name;Power\n1;A;2,500\n'))).toBe(
      's.csv: row 2, column "Power": "2,500" is ambiguous: this file separates cells with ";", so its comma or ' +
        'dot may be a decimal mark (2,500 = 2.5) as well as a thousands separator (2,500 = 2500); write whole ' +
        'numbers without separators (2500), or save the file separated by commas',
    );
    expect(scanOf('s.csv', 'ID;Name;Power\n1;A;2500\n').rows[0]!.power).toBe(2500);
    expect(scanOf('s.csv', 'ID,Name,Power\n1,A,"2,500"\n').rows[0]!.power).toBe(2500);
  });

  it('refuses counts above what the database stores, with row and column', () => {
    expect(cell('100000000000001', 'Kill Points')).toBe(
      's.csv: row 2, column "Kill Points": "100000000000001" is larger than the largest count stored ' +
        '(100,000,000,000,000)',
    );
    expect(scanOf('s.csv', 'ID,Power\n1,100000000000000\n').rows[0]!.power).toBe(100_000_000_000_000);
    expect(refusalOf(() => scanOf('s.csv', 'ID\n100000000000001\n'))).toBe(
      's.csv: row 2, column "ID": "100000000000001" is too large for a governor ID',
    );
  });

  it('removes control characters from names and alliances, NUL included', () => {
    const scan = scanOf(
      's.jsonl',
      '{"ID": 1, "Name": "Al\\u0000ice\\u0007", "Alliance": "[TB]\\r\\nTrue\\tBlood\\r\\n"}\n',
    );
    expect(scan.rows[0]!.name).toBe('Alice');
    expect(scan.rows[0]!.alliance).toBe('[TB] True Blood');
    expect(scanOf('s.jsonl', '{"ID": 1, "Alliance": "\\u0000\\r\\n"}\n').rows[0]!.alliance).toBeNull();
  });

  it('keeps a name or alliance longer than 64 characters cut, naming the row, and reads the rest of the file', () => {
    const name = 'ʀ'.repeat(64);
    expect(scanOf('s.csv', `ID,Name\n1,${name}\n`).rows[0]!.name).toBe(name);
    const scan = scanOf('s.csv', `ID,Name,Power\n1,${'n'.repeat(85)},5\n2,Bea,6\n`);
    expect(scan.rows.map((row) => [row.name, row.power])).toEqual([
      ['n'.repeat(64), 5],
      ['Bea', 6],
    ]);
    expect(JSON.parse(scan.rows[0]!.extra_json!)).toEqual({ name_cut_from: 85 });
    expect(scan.cutTexts).toEqual([
      {
        row: 2,
        column: 'Name',
        place: 'row 2, column "Name"',
        governorId: 1,
        length: 85,
        keptAs: 'n'.repeat(64),
      },
    ]);
    const alliance = scanOf('s.jsonl', `{"ID": 7, "Alliance": "${'a'.repeat(100)}"}\n`);
    expect(alliance.rows[0]!.alliance).toBe('a'.repeat(64));
    expect(alliance.cutTexts[0]).toMatchObject({ place: 'line 1, field "Alliance"', length: 100 });
  });

  it('still refuses a number it cannot read beside a cut name', () => {
    expect(refusalOf(() => scanOf('s.csv', `ID,Name,Power\n1,${'n'.repeat(85)},lots\n`))).toBe(
      's.csv: row 2, column "Power": "lots" is not a number',
    );
  });
});

describe('several rows to fix', () => {
  it('names up to five rows to fix in one refusal, and how many more there are', () => {
    const text =
      'ID,Name,Power,Deads\n1,A,abc,1\n2,B,5,-4\n3,C,5,1\n4,D,5,x\n5,E,12x,1\n6,F,y,1\n7,G,z,1\n8,H,w,1\n';
    expect(refusalOf(() => scanOf('s.csv', text))).toBe(
      's.csv: 7 rows cannot be imported as they are: ' +
        'row 2, column "Power": "abc" is not a number; ' +
        'row 3, column "Deads": "-4" is negative (only -1, -2 and -3 mean unknown); ' +
        'row 5, column "Deads": "x" is not a number; ' +
        'row 6, column "Power": "12x" is not a number; ' +
        'row 7, column "Power": "y" is not a number; and 2 more rows',
    );
  });

  it('gives each row it names as an issue, for a screen to list them', () => {
    const text = 'ID,Name,Power\n1,A,abc\n2,B,5\n3,C,x\n';
    expect(refusalErrorOf(() => scanOf('s.csv', text)).issues).toEqual([
      { path: 'row', message: 'row 2, column "Power": "abc" is not a number' },
      { path: 'row', message: 'row 4, column "Power": "x" is not a number' },
    ]);
    // One row: the refusal as before, with nothing to list.
    expect(refusalErrorOf(() => scanOf('s.csv', 'ID,Power\n1,abc\n')).issues).toBeUndefined();
  });

  it('counts a governor ID given twice with different values among them', () => {
    expect(refusalOf(() => scanOf('s.csv', 'ID,Name,Power\n1,A,5\n2,B,q\n1,A,6\n'))).toBe(
      's.csv: 2 rows cannot be imported as they are: row 3, column "Power": "q" is not a number; rows 2 and 4 ' +
        'both have governor ID 1 with different values (first difference: column "Power": 5 and 6); a scan holds ' +
        'one row per governor: remove the wrong row',
    );
  });

  it('stops looking after 1,000 rows to fix', () => {
    const text = `ID,Power\n${Array.from({ length: 3000 }, (_, i) => `${i + 1},bad`).join('\n')}\n`;
    expect(refusalOf(() => scanOf('s.csv', text))).toMatch(
      /^s\.csv: 1,000 or more rows cannot be imported as they are: row 2, .*; and more$/,
    );
  });
});
