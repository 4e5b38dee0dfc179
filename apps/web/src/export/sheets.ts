import { formatUtcMinute } from '@kingdom-stats/core';
import type { AutarchRow, FarmMarks, PlayerRow, ReviewMarks } from '@kingdom-stats/core/api';
import { reviewMarkText } from '../components/table/ReviewMark.tsx';
import type { ExportColumn, SheetData } from './sheet.ts';

/** SPEC §7 sheet names. */
export const PLAYER_SHEET = 'Player Stats';
export const CAMP_SHEET = 'Data';
export const AUTARCH_SHEET = 'Autarch Stats';

function utcText(epochSeconds: number | null | undefined): string | null {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds)) return null;
  return formatUtcMinute(epochSeconds);
}

const num = (header: string, field: keyof PlayerRow, width?: number): ExportColumn<PlayerRow> => ({
  header,
  value: (row) => row[field],
  numeric: true,
  ...(width ? { width } : {}),
});

/**
 * The player sheet: SPEC field names, with SPEC §3's export names where they differ (Current Power, DKP Score,
 * T4+T5 KP, Deads, Alliance Helps, Rss Gathered). The last three columns say which scans a partial row spans.
 */
export const PLAYER_EXPORT_COLUMNS: readonly ExportColumn<PlayerRow>[] = [
  { header: 'Gov ID', value: (row) => row['Gov ID'], format: 'id', width: 14 },
  { header: 'Name', value: (row) => row.Name, width: 24 },
  { header: 'Alliance', value: (row) => row.Alliance, width: 14 },
  { header: 'Camp', value: (row) => row.Camp, width: 16 },
  { header: 'KD', value: (row) => row.KD, width: 8 },
  num('Current Power', 'Power', 16),
  num('Start Power', 'Start Power', 16),
  num('Power Change', 'Power Change', 16),
  num('T4 Kills', 'T4 Kills', 14),
  num('T5 Kills', 'T5 Kills', 14),
  num('T4+T5 KP', 'KP (T4+T5)', 16),
  num('Deads', 'Dead', 14),
  num('Healed', 'Healed', 14),
  num('DKP Score', 'DKP', 14),
  { header: 'Evolution', value: (row) => row.Evolution, format: 'percent', width: 12 },
  num('Kill Points', 'Kill Points', 16),
  num('Death Points', 'Death Points', 16),
  num('Heal Points', 'Heal Points', 16),
  num('Total Points', 'Total Points', 16),
  num('T1 Kills', 'T1 Kills', 12),
  num('T2 Kills', 'T2 Kills', 12),
  num('T3 Kills', 'T3 Kills', 12),
  num('Kill Points Gained', 'Kill Points Gained', 18),
  num('Rss Gathered', 'Rss Gathered', 16),
  num('Rss Assistance', 'Rss Assistance', 16),
  num('Alliance Helps', 'Alliance Helps', 14),
  { header: 'First Scan', value: (row) => utcText(row['First Scan']), width: 20 },
  { header: 'Last Scan', value: (row) => utcText(row['Last Scan']), width: 20 },
  { header: 'Full Period', value: (row) => (row['Full Period'] ? 'Yes' : 'No'), width: 11 },
];

/**
 * The player sheet with a last column, Review, saying which of a row's values are under review or corrected (the
 * answer's reviewMarks, docs/data-review.md "Marks"); empty for the other rows. When the answer marks farms (the
 * kingdom shows farms apart, docs/farms.md), a column Farm Of before it gives each farm's main ID, as KD DKP's does.
 */
export function playerSheet(
  rows: readonly PlayerRow[],
  marks: ReviewMarks = {},
  farmMarks: FarmMarks = {},
): SheetData<PlayerRow> {
  const review: ExportColumn<PlayerRow> = {
    header: 'Review',
    value: (row) => {
      const mark = marks[String(row['Gov ID'])];
      return mark ? reviewMarkText(mark).replaceAll('\n', ' | ') : null;
    },
    width: 60,
  };
  const farmOf: ExportColumn<PlayerRow> = {
    header: 'Farm Of',
    value: (row) => farmMarks[String(row['Gov ID'])]?.mainId ?? null,
    format: 'id',
    width: 14,
  };
  const columns =
    Object.keys(farmMarks).length > 0 ? [...PLAYER_EXPORT_COLUMNS, farmOf] : PLAYER_EXPORT_COLUMNS;
  return { name: PLAYER_SHEET, columns: [...columns, review], rows };
}

export const AUTARCH_EXPORT_COLUMNS: readonly ExportColumn<AutarchRow>[] = [
  { header: 'Gov ID', value: (row) => row['Gov ID'], format: 'id', width: 14 },
  { header: 'Name', value: (row) => row.Name, width: 24 },
  { header: 'Alliance', value: (row) => row.Alliance, width: 14 },
  { header: 'Kill Points', value: (row) => row['Kill Points'], numeric: true, width: 16 },
  { header: 'Death Points', value: (row) => row['Death Points'], numeric: true, width: 16 },
  { header: 'Heal Points', value: (row) => row['Heal Points'], numeric: true, width: 16 },
  { header: 'Total Points', value: (row) => row['Total Points'], numeric: true, width: 16 },
];

export function autarchSheet(rows: readonly AutarchRow[]): SheetData<AutarchRow> {
  return { name: AUTARCH_SHEET, columns: AUTARCH_EXPORT_COLUMNS, rows };
}

/** A summary table (camp or kingdom) as the server sent it: one header per cell. */
export interface SummaryExport {
  headers: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
  /** Which columns are numbers. */
  numeric: readonly boolean[];
}

export function summarySheet(
  name: string,
  summary: SummaryExport,
): SheetData<readonly (string | number | null)[]> {
  return {
    name,
    rows: summary.rows,
    columns: summary.headers.map((header, index) => ({
      header,
      value: (row) => row[index],
      numeric: summary.numeric[index] ?? false,
      width: index === 0 ? 22 : 16,
    })),
  };
}
