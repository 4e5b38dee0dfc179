import type { CampSummary, KdSummary } from '@kingdom-stats/core/api';

export type SummaryCell = string | number | null;

/** One summary row keyed by header, as sortRows wants it, plus the camp it belongs to. */
export interface SummaryRow extends Record<string, unknown> {
  __camp: string | null;
  __index: number;
}

export interface SummaryColumnInfo {
  header: string;
  index: number;
  numeric: boolean;
  max: number | undefined;
  color: string | undefined;
}

export const CAMP_HEADER = 'CAMP NAME';
export const KD_HEADER = 'KD';

function isCampHeader(header: string): boolean {
  return header.trim().toUpperCase() === CAMP_HEADER;
}

/** The summary's columns with what the table needs to draw them. */
export function summaryColumns(summary: CampSummary | KdSummary): SummaryColumnInfo[] {
  return summary.headers.map((header, index) => ({
    header,
    index,
    numeric:
      !isCampHeader(header) &&
      header !== KD_HEADER &&
      summary.data.some((row) => typeof row[index] === 'number'),
    max: summary.maxValues[header],
    color: summary.colors[header],
  }));
}

/**
 * Rows keyed by header. Kingdom rows leave the camp empty when it is the row above's (SPEC §3), so the camp is
 * carried down into `__camp` for every row.
 */
export function summaryRows(summary: CampSummary | KdSummary): SummaryRow[] {
  const campIndex = summary.headers.findIndex(isCampHeader);
  let camp: string | null = null;
  return summary.data.map((cells, rowIndex) => {
    const row: SummaryRow = { __camp: null, __index: rowIndex };
    summary.headers.forEach((header, index) => {
      row[header] = cells[index] ?? null;
    });
    if (campIndex >= 0) {
      const value = cells[campIndex];
      if (typeof value === 'string' && value.trim() !== '') camp = value;
      row.__camp = camp;
      row[summary.headers[campIndex]!] = camp;
    }
    return row;
  });
}
