import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
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
