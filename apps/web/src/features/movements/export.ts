import { compactUtcStamp, type ExportFormat, formatUtcMinute } from '@kingdom-stats/core';
import { type MovementRow, movementWhy } from '@kingdom-stats/core/api';
import { buildCsv } from '../../export/csv.ts';
import { downloadBlob } from '../../export/download.ts';
import { sheetForExport } from '../../export/header-language.ts';
import type { ExportColumn, SheetData } from '../../export/sheet.ts';
import { buildXlsx } from '../../export/xlsx.ts';

export type MovementTableKind = 'arrived' | 'left' | 'inactive';

/** The columns the screen shows, in its order; the time as text in UTC as in the player sheet's scan columns. */
export function movementColumns(inactiveScans: number): ExportColumn<MovementRow>[] {
  return [
    { header: 'Name', value: (row) => row.name, width: 24 },
    { header: 'Gov ID', value: (row) => row.governorId, format: 'id', width: 14 },
    { header: 'Alliance', value: (row) => row.alliance, width: 14 },
    { header: 'Home KD', value: (row) => row.homeKd, format: 'id', width: 10 },
    { header: 'Power', value: (row) => row.power, numeric: true, width: 16 },
    { header: 'When', value: (row) => formatUtcMinute(row.at), width: 20 },
    { header: 'Why', value: (row) => movementWhy(row, inactiveScans), width: 32 },
  ];
}

const SHEET_NAMES: Record<MovementTableKind, string> = {
  arrived: 'Arrived',
  left: 'Left',
  inactive: 'Inactive',
};

/** `kd2101-arrived-5jan3pm-1feb3pm.csv`: the table and the period's scans, dates as the other exports write them. */
export function movementsFileName(
  input: { kd: string; kind: MovementTableKind; start: number; end: number },
  format: ExportFormat,
): string {
  return `kd${input.kd}-${input.kind}-${compactUtcStamp(input.start)}-${compactUtcStamp(input.end)}.${format}`;
}

export async function exportMovements(
  input: {
    kd: string;
    kind: MovementTableKind;
    start: number;
    end: number;
    rows: readonly MovementRow[];
    inactiveScans: number;
  },
  format: ExportFormat,
): Promise<void> {
  const sheet: SheetData<MovementRow> = sheetForExport({
    name: SHEET_NAMES[input.kind],
    columns: movementColumns(input.inactiveScans),
    rows: input.rows,
  });
  const blob = format === 'csv' ? await buildCsv(sheet) : await buildXlsx([sheet]);
  downloadBlob(blob, movementsFileName(input, format));
}
