import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, GovernorStatTable, ScanKind } from '../../db/schema.ts';
import { forgetScanPresence, lockKingdomPresence, recordScanPresence } from './presence.ts';

export type GovernorStatRow = Omit<Insertable<GovernorStatTable>, 'scan_id'>;

export interface NewScan {
  kingdomKd: number;
  kind: ScanKind;
  /** Unix seconds. */
  takenAt: number;
  name: string;
  sourceFormat: string;
  rows: readonly GovernorStatRow[];
}

type Executor = Kysely<Database> | Transaction<Database>;

// SQLite allows 32,766 bound values per statement; 24 columns × 500 rows stays well under it and PostgreSQL's 65,535.
const ROWS_PER_INSERT = 500;

/** Stores one scan and its rows. Call inside a transaction: a scan is whole or absent. */
export async function insertScan(db: Executor, scan: NewScan, importedAt = nowSeconds()): Promise<number> {
  if (scan.kind === 'kingdom') await lockKingdomPresence(db, scan.kingdomKd);
  const { id } = await db
    .insertInto('scans')
    .values({
      kingdom_kd: scan.kingdomKd,
      kind: scan.kind,
      taken_at: scan.takenAt,
      name: scan.name,
      source_format: scan.sourceFormat,
      row_count: scan.rows.length,
      imported_at: importedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < scan.rows.length; start += ROWS_PER_INSERT) {
    const batch = scan.rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({ ...row, scan_id: id }));
    await db.insertInto('governor_stats').values(batch).execute();
  }
  await writeScanTotals(db, id);
  if (scan.kind === 'kingdom') {
    await recordScanPresence(
      db,
      scan,
      scan.rows.map((row) => row.governor_id),
    );
  }
  return id;
}

/** (Re)writes a scan's rows of scan_kd_totals (migration 0005) from its stat rows. */
export async function writeScanTotals(db: Executor, scanId: number): Promise<void> {
  await db.deleteFrom('scan_kd_totals').where('scan_id', '=', scanId).execute();
  await sql`
    insert into scan_kd_totals (scan_id, home_kd, governors, power, t4_kills, t5_kills, dead, healed)
    select scan_id, home_kd, count(*), sum(power), sum(t4_kills), sum(t5_kills), sum(dead), sum(healed)
    from governor_stats where scan_id = ${scanId}
    group by scan_id, home_kd
  `.execute(db);
}

export async function findScanAt(db: Executor, kingdomKd: number, kind: ScanKind, takenAt: number) {
  return db
    .selectFrom('scans')
    .selectAll()
    .where('kingdom_kd', '=', kingdomKd)
    .where('kind', '=', kind)
    .where('taken_at', '=', takenAt)
    .executeTakeFirst();
}

/** Deletes one scan and its rows. Call inside a transaction. */
export async function deleteScan(db: Executor, scanId: number): Promise<void> {
  const scan = await db
    .selectFrom('scans')
    .select(['kingdom_kd', 'kind', 'taken_at'])
    .where('id', '=', scanId)
    .executeTakeFirst();
  if (!scan) return;
  if (scan.kind === 'kingdom') await lockKingdomPresence(db, scan.kingdom_kd);
  // governor_stats rows go with it (ON DELETE CASCADE).
  await db.deleteFrom('scans').where('id', '=', scanId).execute();
  if (scan.kind === 'kingdom') {
    await forgetScanPresence(db, { kingdomKd: scan.kingdom_kd, takenAt: Number(scan.taken_at) });
  }
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
