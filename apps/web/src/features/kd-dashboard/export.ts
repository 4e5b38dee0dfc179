import { kdPerformanceFileName } from '@kingdom-stats/core';
import type { DkpRow, DkpRowField } from '@kingdom-stats/core/api';
import { downloadBlob } from '../../export/download.ts';
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

/** Gov ID … Power Change, then the table's stat columns (SPEC §7), numbers in `#,##0`. */
export function dkpExportColumns(activeColumns: readonly DkpRowField[]): ExportColumn<DkpRow>[] {
  const taken = new Set<string>([...LEADING.map(([, field]) => field), 'power']);
  const columns: ExportColumn<DkpRow>[] = LEADING.map(([header, field, numeric]) => ({
    header,
    value: (row) => row[field],
    numeric,
  }));
  for (const field of activeColumns) {
    if (taken.has(field)) continue;
    taken.add(field);
    columns.push({ header: field, value: (row) => row[field], numeric: field !== 'HOH Status' });
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
}): Promise<void> {
  const blob = await buildXlsx([
    { name: DKP_SHEET, columns: dkpExportColumns(input.activeColumns), rows: input.rows },
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
