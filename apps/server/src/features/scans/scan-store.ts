import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import { type Database, type ScanKind, TOTALLED_COUNTERS } from '../../db/schema.ts';
import type { GovernorStatRow } from '../../import/stat-row.ts';
import { nowSeconds } from '../../time.ts';
import { forgetScanMoves, writeScanMoves } from './home-moves.ts';
import {
  forgetScanPresence,
  lockKingdomPresence,
  rebuildKingdomPresence,
  recordAddedPresence,
  recordScanPresence,
} from './presence.ts';

// The rows this store writes are the reading layer's rows.
export type { GovernorStatRow };

export interface NewScan {
  kingdomKd: number;
  kind: ScanKind;
  /** Unix seconds. */
  takenAt: number;
  name: string;
  sourceFormat: string;
  rows: readonly GovernorStatRow[];
  /** The time the file states, when it differs from takenAt (it joined a scan); recorded per home kd. */
  fileTakenAt?: number;
}

/** A stored scan, as the import places files into it. */
export interface StoredScan {
  id: number;
  kingdomKd: number;
  kind: ScanKind;
  /** Unix seconds. */
  takenAt: number;
  name: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

// SQLite allows 32,766 bound values per statement; 24 columns × 500 rows stays well under it.
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
  await insertStatRows(db, id, scan.rows);
  await writeScanTotals(db, id);
  await recordHomeKdTimes(db, id, scan.rows, scan.fileTakenAt ?? scan.takenAt);
  if (scan.kind === 'kingdom') {
    await recordScanPresence(
      db,
      scan,
      scan.rows.map((row) => row.governor_id),
    );
  }
  return id;
}

/**
 * Adds a home kingdom's governors to a stored scan (a map scanned kingdom by kingdom). The caller has checked that
 * none of them is in the scan yet. Call inside a transaction.
 */
export async function addScanRows(
  db: Executor,
  scan: StoredScan,
  rows: readonly GovernorStatRow[],
  fileTakenAt: number,
): Promise<void> {
  if (scan.kind === 'kingdom') await lockKingdomPresence(db, scan.kingdomKd);
  await insertStatRows(db, scan.id, rows);
  await scanRowsChanged(db, scan.id);
  await recordHomeKdTimes(db, scan.id, rows, fileTakenAt);
  if (scan.kind === 'kingdom') {
    await recordAddedPresence(
      db,
      scan,
      rows.map((row) => row.governor_id),
    );
  }
}

/**
 * Replaces the governors of some home kingdoms in a stored scan with a file's rows (the replace option): the
 * kingdoms' rows go, whoever they were, and the file's come in. Call inside a transaction.
 */
export async function replaceScanRows(
  db: Executor,
  scan: StoredScan,
  homeKds: readonly number[],
  rows: readonly GovernorStatRow[],
  fileTakenAt: number,
): Promise<void> {
  if (scan.kind === 'kingdom') await lockKingdomPresence(db, scan.kingdomKd);
  if (homeKds.length > 0) {
    await db
      .deleteFrom('governor_stats')
      .where('scan_id', '=', scan.id)
      .where('home_kd', 'in', [...homeKds])
      .execute();
    await db
      .deleteFrom('scan_home_kds')
      .where('scan_id', '=', scan.id)
      .where('home_kd', 'in', [...homeKds])
      .execute();
  }
  await insertStatRows(db, scan.id, rows);
  await scanRowsChanged(db, scan.id);
  await recordHomeKdTimes(db, scan.id, rows, fileTakenAt);
  // Governors may have left the scan as well as joined it: rare enough to recount the kingdom's runs.
  if (scan.kind === 'kingdom') await rebuildKingdomPresence(db, scan.kingdomKd);
}

/**
 * governor_stats' columns but scan_id, with their PostgreSQL types (migration 0001), for the array insert below. The
 * Record type makes a column added to the table without being added here a compile error.
 */
const STAT_COLUMN_TYPES: Record<keyof GovernorStatRow, 'int4' | 'int8' | 'text'> = {
  governor_id: 'int8',
  name: 'text',
  alliance: 'text',
  home_kd: 'int4',
  power: 'int8',
  kill_points: 'int8',
  t1_kills: 'int8',
  t2_kills: 'int8',
  t3_kills: 'int8',
  t4_kills: 'int8',
  t5_kills: 'int8',
  dead: 'int8',
  t4_dead: 'int8',
  t5_dead: 'int8',
  healed: 'int8',
  t4_healed: 'int8',
  t5_healed: 'int8',
  rss_gathered: 'int8',
  rss_assistance: 'int8',
  helps: 'int8',
  acclaim: 'int8',
  extra_json: 'text',
};
const STAT_COLUMNS = Object.keys(STAT_COLUMN_TYPES) as (keyof GovernorStatRow)[];

/**
 * PostgreSQL: rows per statement as one array per column (`unnest`), 24 bound values whatever the row count. A
 * 16,000-row scan as 32 multi-row VALUES statements of 12,000 values each took about twice the wall time and three
 * times the client CPU (docs/benchmarks.md, "Issue 16: import"): building, sending and parsing that many parameters is
 * what cost, not the rows. Batches bound the size of one statement's arrays.
 */
const ROWS_PER_ARRAY_INSERT = 4_000;

async function insertStatRows(
  db: Executor,
  scanId: number,
  fileRows: readonly GovernorStatRow[],
): Promise<void> {
  // In key order, not the file's (a power ranking): PostgreSQL's heap then holds a scan's rows in (scan, governor)
  // order, and a period's merge join of two scans reads each heap page once. Rows in file order made the same reads
  // touch 4.5× (120 scans) to 28× (2 scans) the buffers (docs/benchmarks.md, "PostgreSQL's cold read"). SQLite's
  // table is clustered on the key anyway (migration 0004).
  const rows = [...fileRows].sort((a, b) => a.governor_id - b.governor_id);
  if (dialectOf<Database>(db) === 'postgres') {
    for (let start = 0; start < rows.length; start += ROWS_PER_ARRAY_INSERT) {
      const batch = rows.slice(start, start + ROWS_PER_ARRAY_INSERT);
      const arrays = STAT_COLUMNS.map(
        (column) => sql`${batch.map((row) => row[column] ?? null)}::${sql.raw(STAT_COLUMN_TYPES[column])}[]`,
      );
      await sql`
        insert into governor_stats (scan_id, ${sql.join(STAT_COLUMNS.map((column) => sql.id(column)))})
        select ${scanId}, * from unnest(${sql.join(arrays)})
      `.execute(db);
    }
    return;
  }
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({ ...row, scan_id: scanId }));
    await db.insertInto('governor_stats').values(batch).execute();
  }
}

/**
 * A stored scan's rows changed (an import joined it, a correction or swap changed them): its count, its totals, and
 * the revision that the dashboards' cache keys carry.
 */
export async function scanRowsChanged(db: Executor, scanId: number): Promise<void> {
  const { count } = await db
    .selectFrom('governor_stats')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('scan_id', '=', scanId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('scans')
    .set((eb) => ({ row_count: Number(count), revision: eb('revision', '+', 1) }))
    .where('id', '=', scanId)
    .execute();
  await writeScanTotals(db, scanId);
}

/** Records, for each home kd of the rows not yet in the scan, the time its file states. */
async function recordHomeKdTimes(
  db: Executor,
  scanId: number,
  rows: readonly GovernorStatRow[],
  takenAt: number,
): Promise<void> {
  const homeKds = new Set<number>();
  for (const row of rows) if (row.home_kd != null) homeKds.add(row.home_kd);
  if (homeKds.size === 0) return;
  const known = await db
    .selectFrom('scan_home_kds')
    .select('home_kd')
    .where('scan_id', '=', scanId)
    .execute();
  for (const { home_kd } of known) homeKds.delete(Number(home_kd));
  if (homeKds.size === 0) return;
  await db
    .insertInto('scan_home_kds')
    .values([...homeKds].map((homeKd) => ({ scan_id: scanId, home_kd: homeKd, taken_at: takenAt })))
    .execute();
}

/** Renames a scan; the caller has cleaned the name. */
export async function renameStoredScan(db: Executor, scanId: number, name: string): Promise<void> {
  await db.updateTable('scans').set({ name }).where('id', '=', scanId).execute();
}

/** A scan's name and source format, when a replacing file is now its only content. */
export async function relabelStoredScan(
  db: Executor,
  scanId: number,
  name: string,
  sourceFormat: string,
): Promise<void> {
  await db.updateTable('scans').set({ name, source_format: sourceFormat }).where('id', '=', scanId).execute();
}

// Constants only: scan_kd_totals' columns and what each is of a scan's rows.
const TOTAL_COLUMNS = sql.raw(['governors', ...TOTALLED_COUNTERS].join(', '));
const TOTAL_VALUES = sql.raw(['count(*)', ...TOTALLED_COUNTERS.map((c) => `sum(${c})`)].join(', '));
const KNOWN_COUNTS = sql.raw(TOTALLED_COUNTERS.map((c) => `count(${c}) as ${c}`).join(', '));

/**
 * (Re)writes what is derived from a scan's stat rows (migrations 0005, 0010): its scan_kd_totals, the counters not
 * every row knows (scans.incomplete_counters) and, for a kingdom scan, its scan_home_moves and the next kingdom
 * scan's (home-moves.ts).
 */
export async function writeScanTotals(db: Executor, scanId: number): Promise<void> {
  await db.deleteFrom('scan_kd_totals').where('scan_id', '=', scanId).execute();
  await sql`
    insert into scan_kd_totals (scan_id, home_kd, ${TOTAL_COLUMNS})
    select scan_id, home_kd, ${TOTAL_VALUES}
    from governor_stats where scan_id = ${scanId}
    group by scan_id, home_kd
  `.execute(db);
  const { rows } = await sql<Record<string, unknown>>`
    select count(*) as governors, ${KNOWN_COUNTS} from governor_stats where scan_id = ${scanId}`.execute(db);
  const counts = rows[0] ?? {};
  const incomplete: Record<string, 'none' | 'some'> = {};
  for (const counter of TOTALLED_COUNTERS) {
    const known = Number(counts[counter] ?? 0);
    if (known < Number(counts.governors ?? 0)) incomplete[counter] = known === 0 ? 'none' : 'some';
  }
  await db
    .updateTable('scans')
    .set({ incomplete_counters: JSON.stringify(incomplete) })
    .where('id', '=', scanId)
    .execute();
  await writeScanMoves(db, scanId);
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
    await forgetScanMoves(db, scan.kingdom_kd, Number(scan.taken_at));
  }
}
