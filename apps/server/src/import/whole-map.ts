import { normaliseHeader } from './columns.ts';
import { readDateCell } from './date-column.ts';
import { describePlace, refuse } from './import-error.ts';
import type { RawTable } from './readers/table.ts';
import type { ScanTime } from './scan-time.ts';
import type { GovernorStatRow } from './stat-row.ts';

/**
 * Whole-KvK-map files (issue 37): every governor of every kingdom of a map in one workbook, each row with its home
 * kingdom and camp. Two forms (docs/import-formats.md, "Whole-KvK-map files"):
 * - a `Full Data` sheet (beside `Basic Data`, `Summary`, `Summary Full`): per stat a `<stat>_min`, `<stat>_max` and
 *   `<stat>_diff` column over the tracker's window; the scan's value is the `max` (the latest total: these counters
 *   only grow), `first_updateUTC`/`last_updateUTC` say when the tracker read the governor;
 * - a `Scan` sheet (beside `Camp Stats`, `Kingdom Stats`): one plain row per governor with `Kingdom` and `Camp`.
 */

export const FULL_DATA_SHEET = 'fulldata';
export const MAP_SCAN_SHEET = 'scan';
/** The other sheets of each form: summaries of its data sheet, never read as governors. */
export const FULL_DATA_SUMMARIES = new Set(['basicdata', 'summary', 'summaryfull']);
export const MAP_SCAN_SUMMARIES = new Set(['campstats', 'kingdomstats']);

const WINDOW_PART = /^(.*?)[\s_-]*(min|max|diff)$/i;
const FIRST_UPDATE = 'firstupdateutc';
const LAST_UPDATE = 'lastupdateutc';
const RANK = 'rank';

export interface FullDataReading {
  table: RawTable;
  /** The latest `last_updateUTC`: when the tracker last read the map. */
  detectedTime?: ScanTime;
  /** What the answer says about the columns (each stat's max read, min and _diff left out). */
  note: string;
}

export function isFullDataTable(table: RawTable): boolean {
  return normaliseHeader(table.sheetName ?? '') === FULL_DATA_SHEET;
}

/**
 * The Full Data sheet as a plain scan table: `power_max` becomes `power`, the min and _diff columns, the rank and
 * the update times are left out (blank headers are not read). The scan's time is the latest `last_updateUTC`.
 */
export function fullDataAsScan(table: RawTable, fileName: string, date1904: boolean): FullDataReading {
  let lastUpdate: number | undefined;
  const maxRead: string[] = [];
  const headers = table.headers.map((header, index) => {
    const normalised = normaliseHeader(header);
    if (normalised === LAST_UPDATE) lastUpdate = index;
    if (normalised === RANK || normalised === FIRST_UPDATE || normalised === LAST_UPDATE) return '';
    const part = WINDOW_PART.exec(header.trim());
    if (!part || part[1] === '') return header;
    if (part[2]!.toLowerCase() !== 'max') return '';
    maxRead.push(header);
    return part[1]!;
  });
  let latest: number | undefined;
  if (lastUpdate !== undefined) {
    const column = table.headers[lastUpdate]!;
    for (const row of table.rows) {
      const cell = row.cells[lastUpdate];
      if (cell === null || cell === undefined || cell === '') continue;
      const place = () => describePlace({ rowWord: table.rowWord, rowNumber: row.number, column });
      const at = readDateCell(cell, date1904, place, fileName);
      if (latest === undefined || at > latest) latest = at;
    }
  }
  const note =
    `Sheet "${table.sheetName}": each stat's max column read as the scan's value (${maxRead.length} columns); ` +
    'its min and _diff columns left out';
  return {
    table: { ...table, headers },
    ...(latest === undefined ? {} : { detectedTime: { takenAt: latest, source: 'update-column' } }),
    note,
  };
}

/** A camp of the file: the kingdoms its rows put in it. */
export interface FileCamp {
  /** As the file names it: `Camp 2` for a camp number, else the name. */
  name: string;
  kds: number[];
}

/**
 * Each kingdom's camp from the rows' `camp` (kept in extra_json): a kingdom is in one camp, so two camps for one
 * kingdom refuse the file with both rows. None when the file has no camp column.
 */
export function campsOfRows(rows: readonly GovernorStatRow[], fileName: string): FileCamp[] {
  const campOfKd = new Map<number, { camp: string; governorId: number }>();
  for (const row of rows) {
    if (row.home_kd == null || !row.extra_json) continue;
    const camp = (JSON.parse(row.extra_json) as { camp?: unknown }).camp;
    if (typeof camp !== 'string' || camp.trim() === '') continue;
    const name = /^\d+$/.test(camp.trim()) ? `Camp ${Number(camp.trim())}` : camp.trim();
    const earlier = campOfKd.get(row.home_kd);
    if (earlier && earlier.camp !== name) {
      throw refuse(
        fileName,
        `kingdom ${row.home_kd} is in "${earlier.camp}" (governor ${earlier.governorId}) and in "${name}" ` +
          `(governor ${row.governor_id}); a kingdom is in one camp of the map`,
      );
    }
    if (!earlier) campOfKd.set(row.home_kd, { camp: name, governorId: row.governor_id });
  }
  const camps = new Map<string, number[]>();
  for (const [kd, { camp }] of campOfKd) camps.set(camp, [...(camps.get(camp) ?? []), kd]);
  return [...camps]
    .map(([name, kds]) => ({ name, kds: kds.sort((a, b) => a - b) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
