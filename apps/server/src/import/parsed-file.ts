/**
 * What reading a scanner file gives the import: every scan the file holds (one for most files; one per sheet of a
 * workbook with a sheet per scan; one per date of a long table with a date column), checked and ready to store,
 * with what the file could not give. The parse layer (parse-scan.ts) makes it without touching the database; the
 * store layer (features/imports/import-scan.ts) decides where each scan goes. Plain data only: it crosses a worker
 * thread.
 */
import type { StoredField } from './columns.ts';
import type { Container } from './readers/table.ts';
import type { ScanTime } from './scan-time.ts';
import type { GovernorStatRow } from './stat-row.ts';
import type { FileCamp } from './whole-map.ts';

export interface SkippedRow {
  /** The row (or JSON line) number as the person sees it in the file. */
  row: number;
  /** Plain words, e.g. 'unreadable governor ID "0"'. */
  reason: string;
}

/** A name (or other text cell) longer than the most stored, kept cut to it. */
export interface CutTextRow {
  row: number;
  /** The header of the cut cell's column. */
  column: string;
  /** 'row 37, column "Name"', 'line 4, field "Name"', with the sheet in a workbook of several scans. */
  place: string;
  governorId: number;
  /** Characters before the cut. */
  length: number;
  /** The text as stored. */
  keptAs: string;
}

export interface ParsedScan {
  /** The scan's name from the file name (or the sheet's name in a workbook of several scans). */
  name: string;
  sourceFormat: string;
  /** xlsx: the sheet the governors were read from. */
  sheetName?: string;
  /** home_kd is NULL where the file gives none; the import fills in the default kingdom. */
  rows: GovernorStatRow[];
  /** The scan time the file states for this scan, if any (the import may be given another). */
  detectedTime?: ScanTime;
  /**
   * Without detectedTime: why the file's own date cannot be used (a date such as 04-12-2024 that reads two ways),
   * in words ready for the refusal; pass it to resolveScanTime, which refuses with it unless a time is given.
   */
  timeAmbiguity?: string;
  /** Headers no alias knows; their cells were not imported. */
  ignoredColumns: string[];
  /** Headers read by their words rather than an alias ('KillsTOne' as t1_kills). */
  columnsByWords?: { header: string; column: string }[];
  /** Stat fields (power, kill points, dead, T4 kills, …) this scan has no column for: unknown for this scan. */
  missingFields: StoredField[];
  /** Rows that repeated another row exactly (the legacy RokTracker's tail) and were kept once. */
  mergedRepeatedRows: number;
  /** Rows left out with the reason (an unreadable governor ID). */
  skippedRows: SkippedRow[];
  /** Text cells kept cut to the most stored: each is a warning naming its row. */
  cutTexts: CutTextRow[];
  /** A whole-map file's camps (a `Camp`/`campid` column beside the kingdom): created or matched at import. */
  camps?: FileCamp[];
  /** Sentences for the answer about how the sheet was read (a Full Data sheet's max columns). */
  notes?: string[];
}

export interface SkippedSheet {
  name: string;
  /** Plain words: "a summary, not a scan", "no governor ID column". */
  reason: string;
}

export interface ParsedFile {
  fileName: string;
  container: Container;
  /** In the file's order; at least one (a file with none is refused). */
  scans: ParsedScan[];
  /** xlsx sheets that are not scans, named so nothing is skipped in silence. */
  skippedSheets: SkippedSheet[];
}
