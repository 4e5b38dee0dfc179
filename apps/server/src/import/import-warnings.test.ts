import { DEFAULT_STATS_FORMULA, kvkScoredFormula } from '@kingdom-stats/core';
import { describe, expect, it } from 'vitest';
import { missingFieldWarnings } from './import-warnings.ts';
import type { ParsedScan } from './parsed-file.ts';

const scan = (name: string, missingFields: ParsedScan['missingFields']): ParsedScan => ({
  name,
  sourceFormat: 'generic-csv',
  sheetName: name,
  rows: [],
  ignoredColumns: [],
  missingFields,
  mergedRepeatedRows: 0,
  skippedRows: [],
  cutTexts: [],
});

describe('what a file cannot give', () => {
  const formula = kvkScoredFormula(DEFAULT_STATS_FORMULA);

  it('names each DKP term the file leaves unknown, and groups the columns that are only shown', () => {
    expect(missingFieldWarnings([scan('a', ['dead', 't4_kills', 'healed', 't4_healed'])], formula)).toEqual([
      "this file has no T4 kills column: DKP's T4 Kills term counts as unknown for this scan, and the dashboard " +
        "shows '-' for T4 Kills, KP (T4+T5) and Kill Points in periods that start or end with it",
      "this file has no dead troops column: DKP's Dead Troops term counts as unknown for this scan, and the " +
        "dashboard shows '-' for Dead in periods that start or end with it",
      "this file has no healed or T4 healed column: the dashboard shows '-' for Healed and Heal Points in periods " +
        'that start or end with it',
    ]);
  });

  it('names the scans of a file that lack a column when the others have it', () => {
    expect(missingFieldWarnings([scan('16Jul23-03h', ['dead']), scan('17Jul23-03h', [])], formula)).toEqual([
      `scan "16Jul23-03h" has no dead troops column: DKP's Dead Troops term counts as unknown for this scan, and ` +
        "the dashboard shows '-' for Dead in periods that start or end with it",
    ]);
  });

  it('says nothing when every column is there', () => {
    expect(missingFieldWarnings([scan('a', [])], formula)).toEqual([]);
  });
});
