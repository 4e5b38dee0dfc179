import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  DEFAULT_STATS_FORMULA,
  kvkScoredFormula,
  readStatsFormula,
  type StatsFormula,
} from '@kingdom-stats/core';
import type { ImportedScan, NewGovernorsDetail, ScanFileResult } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database, ScanKind } from '../../db/schema.ts';
import type { AppError } from '../../errors.ts';
import { refuse } from '../../import/import-error.ts';
import { columnsMatched, cutTextWarnings, missingFieldWarnings } from '../../import/import-warnings.ts';
import { formatBytes, importLimitsFromEnv, refuseOverLimit } from '../../import/limits.ts';
import { parseScanFileOffThread } from '../../import/parse-off-thread.ts';
import type { ParsedFile } from '../../import/parsed-file.ts';
import { defaultScanName } from '../../import/scan-name.ts';
import { parseGivenTime, resolveScanTime } from '../../import/scan-time.ts';
import { selectFormula } from '../dashboard/index.ts';
import { type CheckedScan, checkImportedScans } from '../data-review/checks-at-import.ts';
import { reapplyCorrectionsAfterReplace } from '../data-review/corrections-on-import.ts';
import { storeRolledUpSuggestions } from '../farms/suggestions.ts';
import { requireKingdom } from '../kingdoms/service.ts';
import { tellScansImported } from './after-import.ts';
import { type PlacedCamp, placeFileCamps } from './map-camps.ts';
import { mostlyNewGovernors, newGovernorsRefusal } from './new-governors.ts';
import { placeScan, type ScanToPlace } from './scan-placement.ts';

export interface ImportScanInput {
  /** The kingdom whose dashboard the scan belongs to. */
  kingdomKd: number;
  /** Where the file is; with `content`, only its name is used. */
  filePath: string;
  /** The name to report and to take the scan name and time from (an upload's original name). */
  fileName?: string;
  /** The file's bytes, for uploads; otherwise the file is read from `filePath`. */
  content?: Buffer;
  /** Scan time, ISO-8601; overrides what the file says. Refused for a file holding several scans. */
  at?: string;
  /** Home kingdom of rows that have none in the file; default: `kingdomKd`. */
  homeKd?: number;
  /** Replace the stored values of the file's governors (its home kingdoms' rows) instead of refusing the file. */
  replace?: boolean;
  /** Hero Scrolls: import the `Rolled Up` sheet. */
  rolledUp?: boolean;
  kind?: ScanKind;
  /** A scan of its own even when a scan of other home kingdoms is near the file's time. */
  newScan?: boolean;
  /** Add the file's governors to this scan of the kingdom, whatever its time. */
  joinScanId?: number;
  /**
   * 'ask' (the upload and the CLI unless confirmed): a file most of whose governors the kingdom never had is not
   * stored (new-governors.ts); importScanFile refuses it with NEW_GOVERNORS. Default 'import'.
   */
  newGovernors?: 'ask' | 'import';
}

export type { ImportedScan, ScanFileResult };

/**
 * Imports every scan of one scanner file, all or nothing for the file. The file is read and checked completely
 * before the transaction opens, so a slow or bad file never holds the database's write lock; the transaction then
 * only places each scan (scan-placement.ts) and writes.
 */
export async function importScanFile(db: Kysely<Database>, input: ImportScanInput): Promise<ScanFileResult> {
  const prepared = await prepareScanFile(db, input);
  if (prepared.newGovernors)
    throw newGovernorsRefusal(
      prepared.newGovernors,
      'Send it again with newGovernors=true to import it anyway.',
    );
  return prepared.store();
}

/** A scanner file read and checked, not stored yet; `store` writes it in its own transaction. */
export interface PreparedScanFile {
  /** The earliest scan time the file holds (unix seconds): several files are stored in time order. */
  earliestTakenAt: number;
  /** Asked for ('ask') and most of the file's governors are new to the kingdom: the question to put first. */
  newGovernors: NewGovernorsDetail | null;
  store: () => Promise<ScanFileResult>;
}

/**
 * Reads and checks one scanner file without storing it. Several files are prepared first and stored in the order of
 * their scan times (the CLI's `scan import` of many files), so a refused file stops the run before anything is stored.
 */
export async function prepareScanFile(
  db: Kysely<Database>,
  input: ImportScanInput,
): Promise<PreparedScanFile> {
  const fileName = input.fileName ?? basename(input.filePath);
  // A wrong --at is the person's typo: say so before spending time on the file.
  const at = input.at?.trim() ? input.at : undefined;
  if (at !== undefined) parseGivenTime(at, fileName);
  const content = input.content ?? (await readScanFile(input.filePath, fileName));
  const parsed = await parseScanFileOffThread(content, fileName, { rolledUp: input.rolledUp ?? false });
  refuseOptionsForSeveralScans(parsed, input);
  const kind = input.kind ?? 'kingdom';
  const homeKd = input.homeKd ?? input.kingdomKd;
  const parts = parsed.scans.map((scan) => {
    const time = resolveScanTime(fileName, scan.detectedTime, at, scan.timeAmbiguity);
    const rows = scan.rows.map((row) => (row.home_kd == null ? { ...row, home_kd: homeKd } : row));
    const toPlace: ScanToPlace = {
      kingdomKd: input.kingdomKd,
      kind,
      takenAt: time.takenAt,
      name: defaultScanName(scan.name, time.takenAt),
      sourceFormat: scan.sourceFormat,
      rows,
    };
    return { scan, time, toPlace };
  });
  const newGovernors =
    input.newGovernors === 'ask'
      ? await mostlyNewGovernors(
          db,
          input.kingdomKd,
          fileName,
          parts.flatMap((part) => part.toPlace.rows),
        )
      : null;
  const warnings = [
    ...cutTextWarnings(parsed.scans),
    ...missingFieldWarnings(parsed.scans, await scoredFormula(db, input.kingdomKd)),
  ];
  const options = {
    replace: input.replace ?? false,
    newScan: input.newScan ?? false,
    joinScanId: input.joinScanId,
  };

  const storeOnce = () =>
    db.transaction().execute(async (trx) => {
      const kingdom = await requireKingdom(trx, input.kingdomKd);
      const scans: ImportedScan[] = [];
      const toCheck: CheckedScan[] = [];
      for (const { scan, time, toPlace } of parts) {
        const placement = await placeScan(trx, fileName, toPlace, options);
        if (placement.status === 'replaced') {
          await reapplyCorrectionsAfterReplace(
            trx,
            input.kingdomKd,
            placement.scan.id,
            toPlace.rows,
            fileName,
          );
        }
        if (placement.status !== 'already-imported') {
          toCheck.push({
            scanId: placement.scan.id,
            fileOrder: toPlace.rows.map((row) => row.governor_id),
            // A new scan holds exactly the file's rows: the checks need not read them back.
            ...(placement.status === 'imported' ? { rows: toPlace.rows } : {}),
          });
        }
        scans.push({
          status: placement.status,
          scanId: placement.scan.id,
          takenAt: placement.scan.takenAt,
          takenAtSource: time.source,
          name: placement.scan.name,
          rows: toPlace.rows.length,
          sourceFormat: scan.sourceFormat,
          ...(scan.sheetName === undefined ? {} : { sheetName: scan.sheetName }),
          mergedRepeatedRows: scan.mergedRepeatedRows,
          skippedRows: scan.skippedRows,
        });
      }
      // A whole-map file's camps, with its rows: created or matched on the kingdom's map (map-camps.ts).
      const camps: PlacedCamp[] =
        kind === 'kingdom'
          ? await placeFileCamps(
              trx,
              input.kingdomKd,
              parsed.scans.flatMap((scan) => scan.camps ?? []),
            )
          : [];
      // The data-quality checks, in the same transaction: a scan is never stored without its flags (issue 12).
      const flagged = await checkImportedScans(trx, input.kingdomKd, toCheck);
      const misreads =
        flagged > 0
          ? {
              count: flagged,
              reviewPath: `/admin/settings/${kingdom.kd}/${encodeURIComponent(kingdom.access_code)}/review`,
            }
          : undefined;
      return { scans, misreads, camps };
    });
  const store = async (): Promise<ScanFileResult> => {
    let scans: ImportedScan[];
    let misreads: ScanFileResult['misreads'];
    let camps: PlacedCamp[];
    try {
      ({ scans, misreads, camps } = await storeOnce());
    } catch (error) {
      // Two imports of one moment at once: the unique (kingdom, kind, time) or (scan, governor) key stops the
      // second, which then places its file again, next to what the first one stored.
      if (!isUniqueViolation(error)) throw error;
      ({ scans, misreads, camps } = await storeOnce());
    }
    const notes = parsed.scans.flatMap((scan) => scan.notes ?? []);
    // Farm links a Hero Scrolls Rolled Up sheet suggests, for an admin to accept (docs/farms.md).
    await storeRolledUpSuggestions(db, input.kingdomKd, parsed, content);
    const result: ScanFileResult = {
      fileName,
      scans,
      ignoredColumns: [...new Set(parsed.scans.flatMap((scan) => scan.ignoredColumns))],
      ...columnsMatched(parsed.scans),
      warnings,
      skippedSheets: parsed.skippedSheets,
      ...(misreads ? { misreads } : {}),
      ...(notes.length > 0 ? { notes } : {}),
      ...(camps.length > 0 ? { camps } : {}),
    };
    tellScansImported({ db, kingdomKd: input.kingdomKd, result }); // e.g. Discord announcements; never waited for
    return result;
  };
  const earliestTakenAt = parts.reduce(
    (earliest, part) => Math.min(earliest, part.time.takenAt),
    Number.POSITIVE_INFINITY,
  );
  return { earliestTakenAt, newGovernors, store };
}

function refuseOptionsForSeveralScans(parsed: ParsedFile, input: ImportScanInput): void {
  const count = parsed.scans.length;
  if (count < 2) return;
  const which = parsed.scans
    .slice(0, 5)
    .map((scan) => `"${scan.sheetName ?? scan.name}"`)
    .join(', ');
  const holds = `holds ${count} scans (${which}${count > 5 ? ', …' : ''})`;
  if (input.at?.trim()) {
    throw refuse(
      fileNameOf(input),
      `${holds}, each with its own time; --at gives one time for one scan. Import it without --at, or split it into one file per scan`,
    );
  }
  if (input.joinScanId !== undefined) {
    throw refuse(
      fileNameOf(input),
      `${holds}; adding to one named scan takes one scan. Import it without naming a scan to join`,
    );
  }
}

function fileNameOf(input: ImportScanInput): string {
  return input.fileName ?? basename(input.filePath);
}

/** The formula the kingdom's dashboard scores with, to say which of its terms a file leaves unknown. */
async function scoredFormula(db: Kysely<Database>, kd: number): Promise<StatsFormula> {
  const info = await selectFormula(db, kd);
  let formula: StatsFormula = DEFAULT_STATS_FORMULA;
  if (info) {
    try {
      formula = readStatsFormula(JSON.parse(info.statsFormulaJson)) ?? DEFAULT_STATS_FORMULA;
    } catch {
      formula = DEFAULT_STATS_FORMULA;
    }
  }
  return kvkScoredFormula(formula);
}

export async function readScanFile(filePath: string, fileName: string): Promise<Buffer> {
  // The reader refuses a file past the size limit too, but only once this process has read all of it into memory.
  const limits = importLimitsFromEnv();
  let size: number;
  try {
    size = (await stat(filePath)).size;
  } catch (error) {
    throw cannotRead(error, fileName);
  }
  if (size > limits.uploadBytes) {
    throw refuseOverLimit(fileName, `is ${formatBytes(size)}`, 'uploadBytes', limits);
  }
  try {
    return await readFile(filePath);
  } catch (error) {
    throw cannotRead(error, fileName);
  }
}

function cannotRead(error: unknown, fileName: string): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
  return refuse(fileName, `cannot be read (${why})`);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
