import { describe, expect, it } from 'vitest';
import { sharedWarnings } from './upload-warnings.ts';

const NO_HEALS = "this file has no healed column: the dashboard shows '-' for Healed";

describe('sharedWarnings', () => {
  it('says a warning several files got once, with their names in upload order', () => {
    expect(
      sharedWarnings([
        { fileName: 'a.xlsx', warnings: [NO_HEALS] },
        { fileName: 'b.csv', warnings: [NO_HEALS, 'scan "x" has no power column'] },
        { fileName: 'c.csv', warnings: [] },
        { fileName: 'd.csv', warnings: [NO_HEALS] },
      ]),
    ).toEqual([{ warning: NO_HEALS, files: ['a.xlsx', 'b.csv', 'd.csv'] }]);
  });

  it('leaves a warning of one file to that file', () => {
    expect(
      sharedWarnings([
        { fileName: 'a.xlsx', warnings: [NO_HEALS, NO_HEALS] },
        { fileName: 'b.csv', warnings: ['another'] },
      ]),
    ).toEqual([]);
  });
});
