import type { ScanFileResult } from '@kingdom-stats/core/api';
import { describe, expect, it } from 'vitest';
import { importMessage, resultSentences } from './import-report.ts';

const scan = (overrides: Partial<ScanFileResult['scans'][number]>): ScanFileResult['scans'][number] => ({
  status: 'imported',
  scanId: 7,
  takenAt: Date.UTC(2023, 6, 16, 3) / 1000,
  takenAtSource: 'sheet-name',
  name: '16Jul23-03h',
  rows: 249,
  sourceFormat: 'generic-xlsx',
  mergedRepeatedRows: 0,
  skippedRows: [],
  ...overrides,
});

describe('what the import says', () => {
  const result: ScanFileResult = {
    fileName: 'kvk.xlsx',
    scans: [
      scan({
        sheetName: '16Jul23-03h',
        mergedRepeatedRows: 3,
        skippedRows: [{ row: 6, reason: 'unreadable governor ID "0"' }],
      }),
      scan({
        status: 'added',
        scanId: 8,
        sheetName: '17Jul23-03h',
        name: 'day 2',
        takenAt: Date.UTC(2023, 6, 17, 3) / 1000,
        skippedRows: Array.from({ length: 7 }, (_, i) => ({
          row: i + 2,
          reason: 'unreadable governor ID ""',
        })),
      }),
    ],
    ignoredColumns: ['Shoe Size'],
    warnings: ["this file has no dead troops column: DKP's Dead Troops term counts as unknown for this scan"],
    skippedSheets: [{ name: 'Summary', reason: 'a summary, not a scan' }],
  };

  it('gives one sentence per scan, then the sheets skipped, the columns not read and the warnings', () => {
    expect(resultSentences(result)).toEqual([
      'Sheet "16Jul23-03h": Imported 249 governors as scan 7 "16Jul23-03h" (2023-07-16 03:00 UTC), time from the ' +
        'sheet name; 3 repeated rows merged; row 6 skipped: unreadable governor ID "0".',
      'Sheet "17Jul23-03h": Added 249 governors to scan 8 "day 2" (2023-07-17 03:00 UTC), the scan of that moment; ' +
        'row 2 skipped: unreadable governor ID ""; row 3 skipped: unreadable governor ID ""; row 4 skipped: ' +
        'unreadable governor ID ""; row 5 skipped: unreadable governor ID ""; row 6 skipped: unreadable governor ' +
        'ID ""; 2 more rows skipped.',
      'Sheet "Summary" skipped: a summary, not a scan.',
      'Columns not imported (unknown headers): Shoe Size.',
      "Warning: this file has no dead troops column: DKP's Dead Troops term counts as unknown for this scan.",
    ]);
  });

  it('puts them after the file name in the upload’s message', () => {
    expect(importMessage(result)).toMatch(
      /^kvk\.xlsx: Sheet "16Jul23-03h": Imported 249 governors .* unknown for this scan\.$/,
    );
  });

  it('says plainly when nothing changed', () => {
    const again = {
      ...result,
      scans: [scan({ status: 'already-imported', rows: 1 })],
      skippedSheets: [],
      ignoredColumns: [],
      warnings: [],
    };
    expect(importMessage(again)).toBe(
      'kvk.xlsx: Already imported: this governor is in scan 7 "16Jul23-03h" (2023-07-16 03:00 UTC) with the same values; nothing changed.',
    );
  });
});
