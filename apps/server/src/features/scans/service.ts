import type { ScanFileResult } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { requireKingdom } from '../kingdoms/service.ts';
import { deleteScan, renameStoredScan } from './scan-store.ts';

export interface ScanListItem {
  id: number;
  kind: string;
  takenAt: number;
  name: string;
  rows: number;
  sourceFormat: string;
}

export async function listScans(db: Kysely<Database>, kd: number): Promise<ScanListItem[]> {
  await requireKingdom(db, kd);
  const scans = await db
    .selectFrom('scans')
    .select(['id', 'kind', 'taken_at', 'name', 'row_count', 'source_format'])
    .where('kingdom_kd', '=', kd)
    .orderBy('taken_at')
    .orderBy('kind')
    .execute();
  return scans.map((s) => ({
    id: s.id,
    kind: s.kind,
    takenAt: s.taken_at,
    name: s.name,
    rows: s.row_count,
    sourceFormat: s.source_format,
  }));
}

export async function deleteKingdomScan(db: Kysely<Database>, kd: number, scanId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const scan = await trx
      .selectFrom('scans')
      .select('id')
      .where('id', '=', scanId)
      .where('kingdom_kd', '=', kd)
      .executeTakeFirst();
    if (!scan) throw new AppError('NOT_FOUND', `Kingdom ${kd} has no scan ${scanId}`);
    await deleteScan(trx, scanId);
  });
}

export interface RenamedScan {
  id: number;
  name: string;
  previousName: string;
}

/** Gives a scan of the kingdom a new name; `cleanName` has removed control characters (an empty name is refused). */
export async function renameKingdomScan(
  db: Kysely<Database>,
  kd: number,
  scanId: number,
  cleanName: string,
): Promise<RenamedScan> {
  if (cleanName === '') throw new AppError('BAD_REQUEST', 'A scan name needs at least one visible character');
  return db.transaction().execute(async (trx) => {
    const scan = await trx
      .selectFrom('scans')
      .select(['id', 'name'])
      .where('id', '=', scanId)
      .where('kingdom_kd', '=', kd)
      .executeTakeFirst();
    if (!scan) throw new AppError('NOT_FOUND', `Kingdom ${kd} has no scan ${scanId}`);
    await renameStoredScan(trx, scanId, cleanName);
    return { id: scanId, name: cleanName, previousName: scan.name };
  });
}

/**
 * One audit line per scan an import changed (imported, added or replaced; nothing for already-imported), the same
 * from the upload and the CLI (userId null).
 */
export async function auditScanImport(
  db: Kysely<Database>,
  input: {
    userId: number | null;
    kingdomKd: number;
    kind: string;
    file: ScanFileResult;
    via?: 'cli' | 'upload-token';
  },
): Promise<void> {
  for (const scan of input.file.scans.filter((s) => s.status !== 'already-imported')) {
    await recordAudit(db, {
      userId: input.userId,
      action: scan.status === 'replaced' ? 'scan.replace' : 'scan.import',
      kingdomKd: input.kingdomKd,
      after: {
        scanId: scan.scanId,
        fileName: input.file.fileName,
        name: scan.name,
        takenAt: scan.takenAt,
        rows: scan.rows,
        kind: input.kind,
        status: scan.status,
        ...(input.via ? { via: input.via } : {}),
      },
    });
  }
}
