import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ParsedFile, parseScanFile, scanName } from './parse-scan.ts';
import { refusalOf } from './test-refusal.ts';

const ROKTRACKER = resolve(import.meta.dirname, '../../../../fixtures/scans/roktracker');

/** The one scan of a single-scan file. */
const parseText = (fileName: string, text: string) =>
  onlyScan(parseScanFile(Buffer.from(text, 'utf8'), fileName));

function onlyScan(file: ParsedFile) {
  expect(file.scans).toHaveLength(1);
  return file.scans[0]!;
}

describe('parseScanFile on the RokTracker fixtures', () => {
  it.each(readdirSync(ROKTRACKER).filter((f) => f.includes('.')))(
    '%s: 60 rows, format and time found',
    (file) => {
      const parsed = onlyScan(parseScanFile(readFileSync(resolve(ROKTRACKER, file)), file));
      expect(parsed.rows).toHaveLength(60);
      expect(parsed.sourceFormat).toBe(file.startsWith('v4') ? 'roktracker-v1-v4' : 'roktracker-v6');
      expect(parsed.detectedTime?.takenAt).toBe(
        Date.parse(file.includes('10-10') ? '2026-10-10' : '2026-10-01') / 1000,
      );
      expect(parsed.ignoredColumns).toEqual([]);
      expect(parsed.mergedRepeatedRows).toBe(0);
      expect(parsed.skippedRows).toEqual([]);
    },
  );
});

describe('numbers', () => {
  const oneRow = (power: string) => parseText('s.csv', `ID,Name,Power\n1,A,${power}\n`).rows[0]!.power;

  it('reads thousands separators and K/M/B suffixes', () => {
    expect(oneRow('"1,234,567"')).toBe(1234567);
    expect(oneRow('1 234 567')).toBe(1234567);
    expect(oneRow('1.5K')).toBe(1500);
    expect(oneRow('2.25M')).toBe(2250000);
    expect(oneRow('1.2b')).toBe(1200000000);
    expect(oneRow('12.6')).toBe(13); // counts are whole numbers
  });

  it('stores empty cells, -1, -2, -3 and the word Unknown as unknown', () => {
    for (const value of ['', ' ', '-1', '-2', '-3', 'Unknown', ' unknown ', '"Unknown\n"']) {
      expect(oneRow(value)).toBeNull();
    }
  });

  it('refuses other negative numbers and text, naming row and column', () => {
    expect(refusalOf(() => oneRow('-5'))).toBe(
      's.csv: row 2, column "Power": "-5" is negative (only -1, -2 and -3 mean unknown)',
    );
    expect(refusalOf(() => oneRow('n/a'))).toBe('s.csv: row 2, column "Power": "n/a" is not a number');
    expect(refusalOf(() => oneRow('1.5E+21'))).toBe(
      's.csv: row 2, column "Power": "1.5E+21" is in scientific notation, which has lost the number\'s last ' +
        'digits; format the column as a whole number in the spreadsheet and save the file again',
    );
  });

  it('reads a governor ID stored as text, and refuses one that is not a whole number', () => {
    expect(parseText('s.csv', 'Governor ID,Name\n" 53242709 ",A\n').rows[0]!.governor_id).toBe(53242709);
    expect(refusalOf(() => parseText('s.csv', 'ID,Name\n12.5,A\n'))).toBe(
      's.csv: row 2, column "ID": "12.5" is not a governor ID',
    );
  });

  it('refuses a home kingdom that is not a kingdom number', () => {
    expect(refusalOf(() => parseText('s.csv', 'ID,Kingdom\n1,KD 12\n'))).toBe(
      's.csv: row 2, column "Kingdom": "KD 12" is not a kingdom number',
    );
    expect(refusalOf(() => parseText('s.csv', 'ID,Kingdom\n1,123456\n'))).toBe(
      's.csv: row 2, column "Kingdom": "123456" is not a kingdom number',
    );
  });
});

describe('text', () => {
  it('keeps names exactly and stores an empty alliance as unknown', () => {
    const parsed = parseText('s.csv', 'ID,Name,Alliance\n1,"  =SUM(A1) ",\n2,"a,""b""",X\n3,,\n');
    expect(parsed.rows.map((r) => [r.name, r.alliance])).toEqual([
      ['  =SUM(A1) ', null],
      ['a,"b"', 'X'],
      ['', null],
    ]);
  });
});

describe('file shapes', () => {
  it('skips blank rows but counts them in row numbers', () => {
    const message = refusalOf(() => parseText('s.csv', 'ID,Power\n1,5\n\n,,\n2,x\n'));
    expect(message).toBe('s.csv: row 5, column "Power": "x" is not a number');
  });

  it('finds a header below title rows', () => {
    const parsed = parseText('s.csv', 'Kingdom 1234 scan\n\nID,Power\n1,5\n');
    expect(parsed.rows).toHaveLength(1);
    expect(refusalOf(() => parseText('s.csv', 'Kingdom 1234 scan\nID,Power\n1,x\n'))).toContain('row 3');
  });

  it('refuses two headers that feed one column', () => {
    expect(refusalOf(() => parseText('s.csv', 'ID,Deads,Deaths\n1,2,3\n'))).toBe(
      's.csv: columns "Deads" and "Deaths" are both read as dead; remove one',
    );
  });

  it('refuses a cut-short .xls and a rolled-up request on a csv', () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(refusalOf(() => parseScanFile(xls, 'old.xls'))).toBe(
      'old.xls: is not a readable .xls workbook (it ends before its header does)',
    );
    expect(refusalOf(() => parseScanFile(Buffer.from('ID\n1\n'), 'a.csv', { rolledUp: true }))).toContain(
      'the rolled-up option is for Hero Scrolls xlsx files',
    );
  });

  it('reads JSON lines and refuses a bad line by its number', () => {
    const parsed = parseText(
      's.jsonl',
      '{"ID": 1, "Name": "A", "Power": "1.5M"}\n\n{"ID": 2, "Name": "B"}\n',
    );
    expect(parsed.rows.map((r) => [r.governor_id, r.power])).toEqual([
      [1, 1_500_000],
      [2, null],
    ]);
    expect(refusalOf(() => parseText('s.jsonl', '{"ID": 1}\n{"ID": 2,\n'))).toMatch(
      /^s\.jsonl: line 2 is not valid JSON/,
    );
    expect(refusalOf(() => parseText('s.jsonl', '{"ID": 1}\n[2]\n'))).toMatch(
      /^s\.jsonl: line 2 is not a JSON object/,
    );
    expect(refusalOf(() => parseText('s.jsonl', '{"ID": 1}\n{"ID": 2, "Power": true}\n'))).toBe(
      's.jsonl: line 2, field "Power": "true" is not a number',
    );
    expect(refusalOf(() => parseText('s.jsonl', '{"ID": 1, "Power": 5}\n{"ID": 1, "Power": 6}\n'))).toBe(
      's.jsonl: lines 1 and 2 both have governor ID 1 with different values (first difference: field "Power": ' +
        '5 and 6); a scan holds one row per governor: remove the wrong row',
    );
  });

  it('detects the format from the headers', () => {
    const format = (header: string) => parseText('s.csv', `${header}\n1\n`).sourceFormat;
    expect(format('ID,Name,Killpoints')).toBe('roktracker-v5');
    expect(format('ID,Name,Killpoints,Acclaim')).toBe('roktracker-v6');
    expect(format('Governor ID,Governor Name,Kill Points,T1')).toBe('roktracker-v1-v4');
    expect(format('Governor ID,Governor Name,Tier 1 Kills')).toBe('roktracker-legacy');
    expect(format('governor_id,name,power')).toBe('canonical-csv');
    expect(format('Gov ID,Name,Power')).toBe('generic-csv');
  });
});

describe('scanName', () => {
  it.each([
    ['TOP60-2026-10-01-kd1234-start-[a1b2c3].xlsx', 'kd1234-start'],
    ['NEXT300-2026-10-01-after pass 4-[0f3e].csv', 'after pass 4'],
    ['v4-2026-10-01-kd1234-start.csv', 'kd1234-start'],
    ['kingdom_scan_baseline_data.xlsx', 'baseline_data'],
    ['kingdom_scan_742871269048975389_1766002874_3851.xlsx', '742871269048975389_1766002874_3851'],
    ['my scan.csv', 'my scan'],
  ])('%s → %s', (fileName, name) => {
    expect(scanName(fileName)).toBe(name);
  });
});
