import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import {
  detectScanTime,
  findScanTime,
  parseGivenTime,
  parseTimestamp,
  resolveScanTime,
  sheetNameTime,
} from './scan-time.ts';

const utc = (...parts: [number, number, number, number?, number?, number?]) => {
  const [y, m, d, h = 0, mi = 0, s = 0] = parts;
  return Date.UTC(y, m - 1, d, h, mi, s) / 1000;
};

describe('parseTimestamp', () => {
  it.each([
    ['2026-10-01T12:00:00Z', utc(2026, 10, 1, 12)],
    ['2026-10-01T12:00:00.250Z', utc(2026, 10, 1, 12)],
    ['2026-10-01 12:00', utc(2026, 10, 1, 12)],
    ['2026-10-01T12:00', utc(2026, 10, 1, 12)],
    ['2026-10-01', utc(2026, 10, 1)],
    ['2025-12-25 06:55 UTC', utc(2025, 12, 25, 6, 55)],
    ['2026-10-01T14:00:00+02:00', utc(2026, 10, 1, 12)],
    ['2026-10-01T07:30:00-0430', utc(2026, 10, 1, 12)],
  ])('%s', (text, expected) => {
    expect(parseTimestamp(text)).toBe(expected);
  });

  it.each([
    'yesterday',
    '2026-13-01',
    '2026-02-30',
    '2026-10-01T24:00',
    '2026-10-01T12:60',
    '1999-12-31',
    '26-10-01',
    '2026-10-01T12:00+15:00',
  ])('rejects %s', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
  });
});

describe('the scan time', () => {
  it('is the given time first', () => {
    const found = findScanTime({ fileName: 'TOP60-2026-10-01-a.csv' });
    expect(resolveScanTime('f.csv', found, '2026-10-05T10:00:00Z')).toEqual({
      takenAt: utc(2026, 10, 5, 10),
      source: 'given',
    });
  });

  it('then the Hero Scrolls Summary F2 (text, date or serial number)', () => {
    const fileName = 'kingdom_scan_742871269048975389_1766002874_3851.xlsx';
    expect(findScanTime({ fileName, summaryTime: '2025-12-17 20:21 UTC' })).toEqual({
      takenAt: utc(2025, 12, 17, 20, 21),
      source: 'summary-sheet',
    });
    expect(findScanTime({ fileName, summaryTime: new Date(Date.UTC(2025, 11, 17, 20, 21)) })?.takenAt).toBe(
      utc(2025, 12, 17, 20, 21),
    );
    // Day 46008 is 2025-12-17 as Excel counts days; 20:21 is 1221 of its 1440 minutes.
    expect(findScanTime({ fileName, summaryTime: 46008 + 1221 / 1440 })?.takenAt).toBe(
      utc(2025, 12, 17, 20, 21),
    );
  });

  it('then a unix time in the file name', () => {
    expect(findScanTime({ fileName: 'kingdom_scan_742871269048975389_1766002874_3851.xlsx' })).toEqual({
      takenAt: 1766002874,
      source: 'file-name-unix-time',
    });
    // An 18-digit guild id holds 10-digit runs, but no 10-digit number stands on its own.
    expect(findScanTime({ fileName: 'kingdom_scan_742871269048975389.xlsx' })).toBeUndefined();
  });

  it('then the RokTracker sheet name, then a date in the file name (both 00:00 UTC)', () => {
    expect(findScanTime({ fileName: 'TOP60-2026-10-01-kd-[x].xlsx', sheetName: '2026-10-02' })).toEqual({
      takenAt: utc(2026, 10, 2),
      source: 'sheet-name',
    });
    expect(findScanTime({ fileName: 'TOP60-2026-10-01-kd-[x].xlsx', sheetName: 'Sheet1' })).toEqual({
      takenAt: utc(2026, 10, 1),
      source: 'file-name-date',
    });
    expect(findScanTime({ fileName: '/some/2025-01-01/scan.csv' })).toBeUndefined(); // folders do not count
  });

  it('is refused when there is none, with the --at hint', () => {
    expect(() => resolveScanTime('scan.csv', undefined)).toThrow(
      "scan.csv: no scan time found in the file; give one with --at 2026-10-01T12:00:00Z (or in the upload's " +
        'time field)',
    );
  });

  it.each([
    ['01192025.csv', utc(2025, 1, 19)], // MMDDYYYY: only one reading is a date
    ['19012025.csv', utc(2025, 1, 19)], // DDMMYYYY
    ['20250119.csv', utc(2025, 1, 19)], // YYYYMMDD
    ['PriorPass4Opening 19-12-2024.csv', utc(2024, 12, 19)], // day first
    ['PriorPass4Opening 12-19-2024.csv', utc(2024, 12, 19)], // month first
    ['scan 04.04.2024.csv', utc(2024, 4, 4)], // both readings are one day
    ['kd1234 16Jul23-03h.xlsx', utc(2023, 7, 16, 3)],
    ['scan 16 July 2023.csv', utc(2023, 7, 16)],
  ])('reads the date in the file name %s', (fileName, takenAt) => {
    expect(detectScanTime({ fileName })).toEqual({ time: { takenAt, source: 'file-name-date' } });
  });

  it('never guesses a date that reads two ways: both readings and how to choose', () => {
    const ambiguity =
      'the date "04-12-2024" in the file name can be read as 4 December 2024 (day first) or 12 April 2024 ' +
      '(month first), and the import never guesses: give the scan time with --at (e.g. --at 2024-12-04T00:00:00Z) ' +
      "or in the upload's time field, or rename it with the date as YYYY-MM-DD";
    expect(detectScanTime({ fileName: 'PriorPass4Opening 04-12-2024.csv' })).toEqual({ ambiguity });
    expect(() =>
      resolveScanTime('PriorPass4Opening 04-12-2024.csv', undefined, undefined, ambiguity),
    ).toThrow(`PriorPass4Opening 04-12-2024.csv: ${ambiguity}`);
    expect(resolveScanTime('p.csv', undefined, '2024-12-04T10:00:00Z', ambiguity)).toEqual({
      takenAt: utc(2024, 12, 4, 10),
      source: 'given',
    });
    expect(detectScanTime({ fileName: '01032025.csv' }).ambiguity).toContain(
      'can be read as 3 January 2025 (month first) or 1 March 2025 (day first)',
    );
  });

  it('prefers an ISO date or a unix time to other forms in the name', () => {
    expect(findScanTime({ fileName: 'TOP300-2026-10-01-kd 04-12-2024-[12345678].csv' })?.takenAt).toBe(
      utc(2026, 10, 1),
    );
    expect(findScanTime({ fileName: 'kd-[20240101].csv' })).toBeUndefined(); // RokTracker's uuid is no date
  });
});

describe('sheet names as scan times', () => {
  it.each([
    ['16Jul23-03h', utc(2023, 7, 16, 3)],
    ['29Feb24-21h40m', utc(2024, 2, 29, 21, 40)],
    ['2025-06-27', utc(2025, 6, 27)],
    ['2025-06-27 14:30', utc(2025, 6, 27, 14, 30)],
    ['01Jan2025', utc(2025, 1, 1)],
  ])('%s', (sheetName, takenAt) => {
    expect(sheetNameTime(sheetName)).toEqual({ time: { takenAt, source: 'sheet-name' } });
  });

  it.each(['Sheet1', 'Summary', '30Feb24-10h', '16Jul23-25h', 'Data 99'])('%s holds no time', (sheetName) => {
    expect(sheetNameTime(sheetName)).toEqual({});
  });

  it('reports an ambiguous sheet name', () => {
    expect(sheetNameTime('04-12-2024').ambiguity).toContain(
      'in the name of sheet "04-12-2024" can be read as',
    );
  });

  it('refuses a bad given time, with an example', () => {
    let error: unknown;
    try {
      parseGivenTime('01/10/2026', 'scan.csv');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('IMPORT_REFUSED');
    expect((error as AppError).message).toBe(
      'scan.csv: the scan time "01/10/2026" is not a date and time; give it in ISO-8601, e.g. --at 2026-10-01T12:00:00Z (UTC)',
    );
  });
});
