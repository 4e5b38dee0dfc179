import {
  checkScan,
  type DataQualitySettings,
  type GovernorSnapshot,
  readDataQualitySettings,
  type ValueFlag,
} from '@kingdom-stats/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowSeconds } from '../../time.ts';
import type { GovernorStatRow } from '../scans/scan-store.ts';
import { neighbourRows, type ScanRowsCache, scanSnapshots, snapshot } from './neighbour-rows.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The data-quality checks at import (issue 12, docs/data-review-storage.md): a stored scan's rows against each
 * governor's previous and next stored rows in the kingdom, inside the import's transaction. Flags are stored per
 * scan, governor, field and check; a check run again drops the open flags that no longer hold and keeps the ones a
 * person resolved (accepted, corrected, excluded).
 */

export interface CheckedScan {
  scanId: number;
  /** The file's governors in the file's order, when the scan's rows came from one file (the ranking's order). */
  fileOrder?: readonly number[];
  /**
   * The scan's rows exactly as stored, when the caller has them (a new scan: the file's rows): the check then does
   * not read the scan back (16,000 rows read and converted again cost about 0.1 s on PostgreSQL).
   */
  rows?: readonly GovernorStatRow[];
  /**
   * Only these governors (a correction's: docs/data-review-storage.md): their flags on the scan, then on the scans
   * around it. Every governor of the scan when absent (a scan an import placed).
   */
  governors?: ReadonlySet<number>;
}

/**
 * At most this many rounds of re-checking the scans around an import. Each scan is checked against its neighbours'
 * open flags (a value under review is no reference), so a flag one scan gets can change the answer next to it; the
 * rounds go on until no flag changes, and stop here even if something still moves.
 */
const MAX_ROUNDS = 4;

interface Work {
  scanId: number;
  takenAt: number;
  fileOrder?: readonly number[] | undefined;
  rows?: readonly GovernorStatRow[] | undefined;
  /** The governors to check again; every governor of the scan when absent (a scan the import placed). */
  governors?: Set<number>;
}

/**
 * Checks the scans an import stored or changed, and the scans on either side of them for the file's governors:
 * the next one's "previous row" changed, and the previous one now has a next value to lie under (a value above a
 * next one that is back on the line is the misread one). Flags change each other's references, so the scans are
 * checked again, newest first, until no flag changes: the flags a series ends with do not depend on the order its
 * files arrived in (issue 36). Answers the open flags on the checked scans' file governors.
 */
export async function checkImportedScans(
  db: Executor,
  kd: number,
  scans: readonly CheckedScan[],
): Promise<number> {
  if (scans.length === 0) return 0;
  const settings = await kingdomDataQuality(db, kd);
  // The checks write flags, never rows: each scan is read once for the whole run.
  const cache: ScanRowsCache = new Map();
  const placed = new Map<number, Work>();
  const fileGovernors = new Map<number, Set<number>>();
  const neighbours = new Map<number, Work>();
  const addNeighbour = (row: GovernorSnapshot) => {
    if (placed.has(row.scanId)) return;
    const work = neighbours.get(row.scanId) ?? {
      scanId: row.scanId,
      takenAt: row.takenAt,
      governors: new Set(),
    };
    work.governors!.add(row.governorId);
    neighbours.set(row.scanId, work);
  };
  for (const scan of scans) {
    const result = await checkStoredScan(db, kd, scan.scanId, settings, {
      fileOrder: scan.fileOrder,
      rows: scan.rows,
      cache,
      ...(scan.governors ? { governorIds: scan.governors } : {}),
    });
    if (!result) continue;
    const governors = new Set(scan.governors ?? scan.fileOrder ?? result.governorIds);
    placed.set(scan.scanId, {
      scanId: scan.scanId,
      takenAt: result.takenAt,
      fileOrder: scan.fileOrder,
      rows: scan.rows,
      ...(scan.governors ? { governors } : {}),
    });
    fileGovernors.set(scan.scanId, governors);
    for (const side of [result.previous, result.next])
      for (const [governorId, row] of side) if (governors.has(governorId)) addNeighbour(row);
  }
  // Round one checks the neighbours; each later round checks again, on every scan of the work, the governors whose
  // flags changed in the round before.
  let changed: Set<number> | null = null;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = new Set<number>();
    const work = round === 0 ? [...neighbours.values()] : [...neighbours.values(), ...placed.values()];
    work.sort((a, b) => b.takenAt - a.takenAt);
    for (const item of work) {
      const governors = selectGovernors(item, changed);
      if (governors !== undefined && governors.size === 0) continue;
      const result = await checkStoredScan(db, kd, item.scanId, settings, {
        fileOrder: item.fileOrder,
        rows: item.rows,
        cache,
        ...(governors ? { governorIds: governors } : {}),
      });
      for (const id of result?.changed ?? []) now.add(id);
    }
    if (now.size === 0) break;
    changed = now;
  }
  let open = 0;
  for (const [scanId, governors] of fileGovernors) {
    const flags = await db
      .selectFrom('value_flags')
      .select('governor_id')
      .where('scan_id', '=', scanId)
      .where('status', '=', 'open')
      .execute();
    open += flags.filter((flag) => governors.has(Number(flag.governor_id))).length;
  }
  return open;
}

function selectGovernors(item: Work, changed: Set<number> | null): Set<number> | undefined {
  if (changed === null) return item.governors;
  const source = item.governors ?? changed;
  const selected = new Set<number>();
  for (const id of source) if (changed.has(id)) selected.add(id);
  return selected;
}

/** The kingdom's data-quality settings (the `dataQuality` key of its settings), defaults for anything missing. */
export async function kingdomDataQuality(db: Executor, kd: number): Promise<DataQualitySettings> {
  const row = await db.selectFrom('kingdoms').select('settings_json').where('kd', '=', kd).executeTakeFirst();
  let stored: unknown;
  try {
    stored = row ? (JSON.parse(row.settings_json) as { dataQuality?: unknown }).dataQuality : undefined;
  } catch {
    stored = undefined;
  }
  return readDataQualitySettings(stored);
}

interface CheckOptions {
  fileOrder?: readonly number[] | undefined;
  /** The scan's rows as stored, instead of reading them (CheckedScan.rows). */
  rows?: readonly GovernorStatRow[] | undefined;
  /** Store only these governors' flags (a neighbour's check); all of the scan's when absent. */
  governorIds?: ReadonlySet<number>;
  /** Rows read earlier in the same run of checks (neighbour-rows.ts). */
  cache?: ScanRowsCache;
}

interface CheckResult {
  flags: ValueFlag[];
  governorIds: number[];
  takenAt: number;
  previous: ReadonlyMap<number, GovernorSnapshot>;
  next: ReadonlyMap<number, GovernorSnapshot>;
  /** The governors whose open flags on this scan were added, dropped or changed. */
  changed: Set<number>;
}

/** Runs the checks over one stored scan and stores their flags. */
export async function checkStoredScan(
  db: Executor,
  kd: number,
  scanId: number,
  settings: DataQualitySettings,
  options: CheckOptions = {},
): Promise<CheckResult | null> {
  const scan = await db
    .selectFrom('scans')
    .select(['id', 'kind', 'taken_at'])
    .where('id', '=', scanId)
    .where('kingdom_kd', '=', kd)
    .executeTakeFirst();
  if (!scan) return null;
  const takenAt = Number(scan.taken_at);
  let rows = options.rows
    ? options.rows.map((row) => snapshot(row, scanId, takenAt))
    : await scanSnapshots(db, scanId, takenAt, options.cache);
  const ids = new Set(rows.map((row) => row.governorId));
  // A governor asked for without a row here (a row just left out) still has neighbours to check again.
  const lookedUp = new Set(ids);
  for (const id of options.governorIds ?? []) lookedUp.add(id);
  // A power ranking's order is known only for a scan that is one file's rows in that file's order.
  const fileOrder = options.fileOrder;
  const powerRanked = fileOrder !== undefined && fileOrder.length === rows.length;
  if (powerRanked) {
    const place = new Map(fileOrder.map((id, i) => [id, i]));
    rows = [...rows].sort((a, b) => (place.get(a.governorId) ?? 0) - (place.get(b.governorId) ?? 0));
  }
  const previous = await neighbourRows(db, kd, scan.kind, takenAt, lookedUp, 'previous', options.cache);
  const next = await neighbourRows(db, kd, scan.kind, takenAt, lookedUp, 'next', options.cache);
  const found = checkScan({
    rows,
    previous: previous.rows,
    next: next.rows,
    powerRanked,
    settings,
    previousUnderReview: previous.underReview,
    nextSettled: next.settled,
  });
  const wanted = options.governorIds;
  const flags = wanted ? found.filter((flag) => wanted.has(flag.governorId)) : found;
  // Without the file's order the ranking cannot be checked: its open flags stay as they are.
  const changed = await storeFlags(db, scanId, flags, wanted, !powerRanked);
  return { flags, governorIds: [...ids], takenAt, previous: previous.rows, next: next.rows, changed };
}

/**
 * Stores a check's flags for one scan: open flags that no longer hold go, new ones come in, open ones found again
 * take the new reason and suggestion; a flag a person resolved stays as it is.
 */
async function storeFlags(
  db: Executor,
  scanId: number,
  flags: readonly ValueFlag[],
  governorIds: ReadonlySet<number> | undefined,
  keepRanking = false,
): Promise<Set<number>> {
  const changed = new Set<number>();
  if (governorIds?.size === 0) return changed;
  // The scan's flags read whole and filtered here: a subset of 50,000 governors is past SQLite's bound values.
  const stored = (
    await db
      .selectFrom('value_flags')
      .select(['id', 'governor_id', 'field', 'check_kind', 'status', 'reason', 'value', 'suggested_value'])
      .where('scan_id', '=', scanId)
      .execute()
  ).filter((row) => !governorIds || governorIds.has(Number(row.governor_id)));
  const key = (governorId: number, field: string, check: string) => `${governorId}:${field}:${check}`;
  const byKey = new Map(stored.map((row) => [key(Number(row.governor_id), row.field, row.check_kind), row]));
  const foundKeys = new Set<string>();
  const now = nowSeconds();
  const inserts = [];
  for (const flag of flags) {
    const k = key(flag.governorId, flag.field, flag.check);
    foundKeys.add(k);
    const existing = byKey.get(k);
    if (!existing) {
      changed.add(flag.governorId);
      inserts.push({
        scan_id: scanId,
        governor_id: flag.governorId,
        field: flag.field,
        check_kind: flag.check,
        reason: flag.reason,
        value: flag.value,
        suggested_value: flag.suggested,
        status: 'open' as const,
        created_at: now,
      });
    } else if (
      existing.status === 'open' &&
      (existing.reason !== flag.reason ||
        nullableNumber(existing.value) !== flag.value ||
        nullableNumber(existing.suggested_value) !== flag.suggested)
    ) {
      // Written only when it differs: every write moves the scan's review revision (and empties caches).
      changed.add(flag.governorId);
      await db
        .updateTable('value_flags')
        .set({ reason: flag.reason, value: flag.value, suggested_value: flag.suggested })
        .where('id', '=', existing.id)
        .execute();
    }
  }
  const goneRows = stored.filter(
    (row) =>
      row.status === 'open' &&
      !(keepRanking && row.check_kind === 'power_rank_order') &&
      !foundKeys.has(key(Number(row.governor_id), row.field, row.check_kind)),
  );
  for (const row of goneRows) changed.add(Number(row.governor_id));
  const gone = goneRows.map((row) => row.id);
  for (let i = 0; i < gone.length; i += 500)
    await db
      .deleteFrom('value_flags')
      .where('id', 'in', gone.slice(i, i + 500))
      .execute();
  for (let i = 0; i < inserts.length; i += 200)
    await db
      .insertInto('value_flags')
      .values(inserts.slice(i, i + 200))
      .execute();
  return changed;
}

/** PostgreSQL answers bigint columns as text. */
function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
