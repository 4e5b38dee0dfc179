import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, ScanKind } from '../db/schema.ts';
import { requireKingdom } from '../features/kingdoms/service.ts';
import { deleteScan, findScanAt, insertScan } from '../features/scans/scan-store.ts';
import { refuse } from './import-error.ts';
import { parseScanFile } from './parse-scan.ts';
import { parseGivenTime, resolveScanTime, type ScanTimeSource } from './scan-time.ts';

export interface ImportScanInput {
  /** The kingdom whose dashboard the scan belongs to. */
  kingdomKd: number;
  /** Where the file is; with `content`, only its name is used. */
  filePath: string;
  /** The name to report and to take the scan name and time from (an upload's original name). */
  fileName?: string;
  /** The file's bytes, for uploads; otherwise the file is read from `filePath`. */
  content?: Buffer;
  /** Scan time, ISO-8601; overrides what the file says. */
  at?: string;
  /** Home kingdom of rows that have none in the file; default: `kingdomKd`. */
  homeKd?: number;
  /** Replace a scan already imported at the same time instead of reporting it. */
  replace?: boolean;
  /** Hero Scrolls: import the `Rolled Up` sheet. */
  rolledUp?: boolean;
  kind?: ScanKind;
}

export interface ImportResult {
  status: 'imported' | 'replaced' | 'already-imported';
  scanId: number;
  /** Unix seconds. */
  takenAt: number;
  /** Where the time came from: given, or read from the file or its name. */
  takenAtSource: ScanTimeSource;
  name: string;
  /** Governor rows in the file (for 'already-imported': in the scan already stored). */
  rows: number;
  sourceFormat: string;
  fileName: string;
  /** Headers that no alias knows; their cells were not imported. */
  ignoredColumns: string[];
}

/**
 * Imports one scanner file as one scan, all or nothing. The file is read and checked completely before the
 * transaction opens, so a slow or bad file never holds the database's write lock; the transaction then only checks
 * the kingdom and the time and writes.
 */
export async function importScanFile(db: Kysely<Database>, input: ImportScanInput): Promise<ImportResult> {
  const fileName = input.fileName ?? basename(input.filePath);
  // A wrong --at is the person's typo: say so before spending time on the file.
  if (input.at !== undefined && input.at.trim() !== '') parseGivenTime(input.at, fileName);
  const content = input.content ?? (await readScanFile(input.filePath, fileName));
  const parsed = parseScanFile(content, fileName, { rolledUp: input.rolledUp ?? false });
  const time = resolveScanTime(fileName, parsed.detectedTime, input.at);
  const homeKd = input.homeKd ?? input.kingdomKd;
  const rows = parsed.rows.map((row) => (row.home_kd === null ? { ...row, home_kd: homeKd } : row));
  const kind = input.kind ?? 'kingdom';
  const scan = {
    kingdomKd: input.kingdomKd,
    kind,
    takenAt: time.takenAt,
    name: parsed.name,
    sourceFormat: parsed.sourceFormat,
    rows,
  };
  const result = (status: ImportResult['status'], scanId: number, rowCount: number): ImportResult => ({
    status,
    scanId,
    takenAt: time.takenAt,
    takenAtSource: time.source,
    name: parsed.name,
    rows: rowCount,
    sourceFormat: parsed.sourceFormat,
    fileName,
    ignoredColumns: parsed.ignoredColumns,
  });

  try {
    return await db.transaction().execute(async (trx) => {
      await requireKingdom(trx, input.kingdomKd);
      const existing = await findScanAt(trx, input.kingdomKd, kind, time.takenAt);
      if (existing && !input.replace) return result('already-imported', existing.id, existing.row_count);
      if (existing) await deleteScan(trx, existing.id);
      const scanId = await insertScan(trx, scan);
      return result(existing ? 'replaced' : 'imported', scanId, rows.length);
    });
  } catch (error) {
    // Two imports of one scan at the same moment: the unique (kingdom, kind, time) constraint stops the second,
    // which then reports the first one's scan like any re-import.
    if (!input.replace && isUniqueViolation(error)) {
      const existing = await findScanAt(db, input.kingdomKd, kind, time.takenAt);
      if (existing) return result('already-imported', existing.id, existing.row_count);
    }
    throw error;
  }
}

async function readScanFile(filePath: string, fileName: string): Promise<Buffer> {
  try {
    return await readFile(filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw refuse(fileName, `cannot be read (${why})`);
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
