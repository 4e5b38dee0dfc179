import { kdPerformanceFileName } from '@kingdom-stats/core';
import type { DkpRow, DkpRowField, ReviewMarks } from '@kingdom-stats/core/api';
import { hasReviewMark, reviewMarkText } from '../../components/table/ReviewMark.tsx';
import { downloadBlob } from '../../export/download.ts';
import { sheetForExport } from '../../export/header-language.ts';
import type { ExportColumn } from '../../export/sheet.ts';
import { buildXlsx } from '../../export/xlsx.ts';

/** SPEC §7: the DKP sheet's name. */
export const DKP_SHEET = 'Player Performance';

const LEADING: [string, DkpRowField, boolean][] = [
  ['Gov ID', 'Governor ID', true],
  ['Name', 'Name', false],
  ['Alliance', 'Alliance', false],
  ['DKP Score', 'DKP Score', true],
  ['DKP Goal', 'DKP Goal', true],
  ['Reached', 'Reached', true],
  ['Current Power', 'Current Power', true],
  ['Base Power', 'Base Power', true],
  ['Power Change', 'Power Change', true],
];

/** The DKP row's percentages (98.04 means 98.04 %) and its identifier; every other number is a count. */
const DKP_FORMATS: Partial<Record<DkpRowField, ExportColumn<DkpRow>['format']>> = {
  'Governor ID': 'id',
  Reached: 'percent',
  'Dead %': 'percent',
  'KP %': 'percent',
};

function dkpColumn(header: string, field: DkpRowField, numeric: boolean): ExportColumn<DkpRow> {
  const format = DKP_FORMATS[field];
  return { header, value: (row) => row[field], numeric, ...(format ? { format } : {}) };
}

/** Gov ID … Power Change, then the table's stat columns (SPEC §7): counts in `#,##0`, percentages as such. */
export function dkpExportColumns(activeColumns: readonly DkpRowField[]): ExportColumn<DkpRow>[] {
  const taken = new Set<string>([...LEADING.map(([, field]) => field), 'power']);
  const columns = LEADING.map(([header, field, numeric]) => dkpColumn(header, field, numeric));
  for (const field of activeColumns) {
    if (taken.has(field)) continue;
    taken.add(field);
    columns.push(dkpColumn(field, field, field !== 'HOH Status'));
  }
  return columns;
}

export async function exportDkp(input: {
  kd: string;
  start: number;
  end: number;
  search: string;
  rows: readonly DkpRow[];
  activeColumns: readonly DkpRowField[];
  /** The answer's review marks: a last column, Review, says them for the marked rows, as the player sheet does. */
  reviewMarks?: ReviewMarks | undefined;
}): Promise<void> {
  const blob = await buildXlsx([
    sheetForExport({
      name: DKP_SHEET,
      columns: [...dkpExportColumns(input.activeColumns), ...reviewColumn(input.reviewMarks)],
      rows: input.rows,
    }),
  ]);
  const search = input.search.trim();
  downloadBlob(
    blob,
    kdPerformanceFileName({
      kd: input.kd,
      start: input.start,
      end: input.end,
      search: search === '' ? null : search,
    }),
  );
}

/** Review, after SPEC's columns, when a row has a mark (docs/data-review.md "Marks"); none otherwise. */
export function reviewColumn(marks: ReviewMarks | undefined): ExportColumn<DkpRow>[] {
  if (marks === undefined || !Object.values(marks).some(hasReviewMark)) return [];
  return [
    {
      header: 'Review',
      value: (row) => {
        const mark = marks[String(row['Governor ID'])];
        return hasReviewMark(mark) ? reviewMarkText(mark).replaceAll('\n', ' | ') : null;
      },
      width: 60,
    },
  ];
}
