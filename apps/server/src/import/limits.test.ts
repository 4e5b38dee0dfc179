import { describe, expect, it } from 'vitest';
import {
  columnLetters,
  DEFAULT_IMPORT_LIMITS,
  formatBytes,
  importLimitsFromEnv,
  refuseOverLimit,
} from './limits.ts';

describe('import limits', () => {
  it('uses the defaults when no IMPORT_MAX_* variable is set', () => {
    expect(importLimitsFromEnv({})).toEqual(DEFAULT_IMPORT_LIMITS);
    expect(importLimitsFromEnv({ IMPORT_MAX_ROWS: '' })).toEqual(DEFAULT_IMPORT_LIMITS);
  });

  it('reads each variable, with K/M/G suffixes for byte limits', () => {
    const limits = importLimitsFromEnv({
      IMPORT_MAX_UPLOAD_BYTES: '64M',
      IMPORT_MAX_INFLATED_BYTES: '1G',
      IMPORT_MAX_COMPRESSION_RATIO: '500',
      IMPORT_MAX_ZIP_ENTRIES: '300',
      IMPORT_MAX_SHEETS: '40',
      IMPORT_MAX_ROWS: '100_000',
      IMPORT_MAX_COLUMNS: '80',
      IMPORT_MAX_COLUMN_INDEX: '1000',
      IMPORT_MAX_CELL_CHARS: '200',
      IMPORT_MAX_JSON_DEPTH: '4',
    });
    expect(limits).toEqual({
      uploadBytes: 64 * 1024 * 1024,
      inflatedBytes: 1024 ** 3,
      compressionRatio: 500,
      zipEntries: 300,
      sheets: 40,
      rows: 100_000,
      columns: 80,
      columnIndex: 1000,
      cellChars: 200,
      jsonDepth: 4,
    });
  });

  it.each([
    ['IMPORT_MAX_ROWS', '0', 'IMPORT_MAX_ROWS must be a positive whole number (got "0")'],
    ['IMPORT_MAX_ROWS', '-5', 'IMPORT_MAX_ROWS must be a positive whole number (got "-5")'],
    ['IMPORT_MAX_ROWS', '1.5', 'IMPORT_MAX_ROWS must be a positive whole number (got "1.5")'],
    ['IMPORT_MAX_ROWS', '10k', 'IMPORT_MAX_ROWS must be a positive whole number (got "10k")'],
    ['IMPORT_MAX_ROWS', 'Infinity', 'IMPORT_MAX_ROWS must be a positive whole number (got "Infinity")'],
    [
      'IMPORT_MAX_UPLOAD_BYTES',
      'lots',
      'IMPORT_MAX_UPLOAD_BYTES must be a positive whole number of bytes (or with K, M or G) (got "lots")',
    ],
    [
      'IMPORT_MAX_INFLATED_BYTES',
      '99999999999G',
      'IMPORT_MAX_INFLATED_BYTES must be a positive whole number of bytes (or with K, M or G) (got "99999999999G")',
    ],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => importLimitsFromEnv({ [name]: value })).toThrow(message);
  });

  it('says which limit a file passed, in words, with the variable that sets it', () => {
    const error = refuseOverLimit('big.csv', 'has more than 50,000 rows', 'rows', DEFAULT_IMPORT_LIMITS);
    expect(error.message).toBe(
      'big.csv: has more than 50,000 rows; the most rows one table may have is 50,000 (IMPORT_MAX_ROWS)',
    );
    expect(
      refuseOverLimit('b.xlsx', 'unpacks to more than 256 MB', 'inflatedBytes', DEFAULT_IMPORT_LIMITS)
        .message,
    ).toBe(
      'b.xlsx: unpacks to more than 256 MB; the most an xlsx or ods may unpack to is 256 MB in all (IMPORT_MAX_INFLATED_BYTES)',
    );
  });

  it('names sizes and columns as people read them', () => {
    expect(formatBytes(32 * 1024 * 1024)).toBe('32 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10)).toBe('10 bytes');
    expect(columnLetters(1)).toBe('A');
    expect(columnLetters(27)).toBe('AA');
    expect(columnLetters(16_384)).toBe('XFD');
  });
});
