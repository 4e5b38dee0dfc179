import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireKingdom } from '../kingdoms/service.ts';
import { deleteScan } from './scan-store.ts';

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
