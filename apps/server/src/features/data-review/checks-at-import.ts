import {
  CHECKED_FIELDS,
  checkScan,
  type DataQualitySettings,
  type GovernorSnapshot,
  readDataQualitySettings,
  reviewKey,
  type ValueFlag,
} from '@kingdom-stats/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ScanKind } from '../../db/schema.ts';
import { nowSeconds } from '../../time.ts';
import type { GovernorStatRow } from '../scans/scan-store.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The data-quality checks at import (issue 12, docs/data-review-storage.md): a stored scan's rows against each
 * governor's previous and next stored rows in the kingdom, inside the import's transaction. Flags are stored per
 * scan, governor, field and check; a check run again drops the open flags that no longer hold and keeps the ones a
 * person resolved (accepted, corrected, excluded).
 */

/** Governor ids per lookup: well under both databases' limits on bound values in one statement. */
const IDS_PER_LOOKUP = 1_000;

/** How many scans back (and forward) a governor's previous (next) row is looked for: a governor absent longer is checked against nothing. */
export const NEIGHBOUR_SCANS_LOOKED_AT = 6;

export interface CheckedScan {
  scanId: number;
  /** The file's governors in the file's order, when the scan's rows came from one file (the ranking's order). */
  fileOrder?: readonly number[];
  /**
   * The scan's rows exactly as stored, when the caller has them (a new scan: the file's rows): the check then does
   * not read the scan back (16,000 rows read and converted again cost about 0.1 s on PostgreSQL).
   */
  rows?: readonly GovernorStatRow[];
}

/**
 * Checks the scans an import stored or changed, then the scans just after them for the governors whose previous
 * row changed (a scan placed before later ones). Answers the open flags on the checked scans' file governors.
 */
export async function checkImportedScans(
  db: Executor,
  kd: number,
  scans: readonly CheckedScan[],
): Promise<number> {
  if (scans.length === 0) return 0;
  const settings = await kingdomDataQuality(db, kd);
  let open = 0;
  for (const scan of scans) {
    const result = await checkStoredScan(db, kd, scan.scanId, settings, {
      fileOrder: scan.fileOrder,
      rows: scan.rows,
    });
    if (!result) continue;
    const governors = new Set(scan.fileOrder ?? result.governorIds);
    open += result.flags.filter((flag) => governors.has(flag.governorId)).length;
    // The next scans of these governors were checked against older rows: their flags may no longer hold.
    const byNextScan = new Map<number, Set<number>>();
    for (const [governorId, row] of result.next) {
      if (!governors.has(governorId)) continue;
      const set = byNextScan.get(row.scanId) ?? new Set<number>();
      set.add(governorId);
      byNextScan.set(row.scanId, set);
    }
    for (const [nextScanId, ids] of byNextScan)
      await checkStoredScan(db, kd, nextScanId, settings, { governorIds: ids });
  }
  return open;
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
}

interface CheckResult {
  flags: ValueFlag[];
  governorIds: number[];
  next: ReadonlyMap<number, GovernorSnapshot>;
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
    : await scanSnapshots(db, scanId, takenAt);
  const ids = new Set(rows.map((row) => row.governorId));
  // A power ranking's order is known only for a scan that is one file's rows in that file's order.
  const fileOrder = options.fileOrder;
  const powerRanked = fileOrder !== undefined && fileOrder.length === rows.length;
  if (powerRanked) {
    const place = new Map(fileOrder.map((id, i) => [id, i]));
    rows = [...rows].sort((a, b) => (place.get(a.governorId) ?? 0) - (place.get(b.governorId) ?? 0));
  }
  const previous = await neighbourRows(db, kd, scan.kind, takenAt, ids, 'previous');
  const next = await neighbourRows(db, kd, scan.kind, takenAt, ids, 'next');
  const found = checkScan({
    rows,
    previous: previous.rows,
    next: next.rows,
    powerRanked,
    settings,
    previousUnderReview: previous.underReview,
    nextUnderReview: next.underReview,
  });
  const wanted = options.governorIds;
  const flags = wanted ? found.filter((flag) => wanted.has(flag.governorId)) : found;
  await storeFlags(db, scanId, flags, wanted);
  return { flags, governorIds: [...ids], next: next.rows };
}

async function scanSnapshots(db: Executor, scanId: number, takenAt: number): Promise<GovernorSnapshot[]> {
  const rows = await db
    .selectFrom('governor_stats')
    .select(['governor_id', 'name', 'alliance', ...CHECKED_FIELDS])
    .where('scan_id', '=', scanId)
    .execute();
  return rows.map((row) => snapshot(row, scanId, takenAt));
}

function snapshot(
  row: Record<string, unknown> | GovernorStatRow,
  scanId: number,
  takenAt: number,
): GovernorSnapshot {
  const values: GovernorSnapshot['values'] = {};
  for (const field of CHECKED_FIELDS) {
    const value = (row as Record<string, unknown>)[field];
    values[field] = value === null || value === undefined ? null : Number(value);
  }
  return {
    scanId,
    takenAt,
    governorId: Number(row.governor_id),
    name: String(row.name ?? ''),
    alliance: (row.alliance as string | null | undefined) ?? null,
    values,
  };
}

/**
 * Each governor's nearest row before (or after) the time, among the kingdom's scans of that kind, looking at most
 * NEIGHBOUR_SCANS_LOOKED_AT scans away, with the values of those rows still under review (open flags). The nearest
 * scan is read whole (it usually holds nearly every governor); the governors it lacks are then looked up by id in the
 * scans beyond it, rather than each of those scans being read whole (six scans of 16,000 rows for a few new
 * governors).
 */
async function neighbourRows(
  db: Executor,
  kd: number,
  kind: ScanKind,
  takenAt: number,
  governorIds: ReadonlySet<number>,
  side: 'previous' | 'next',
): Promise<{ rows: Map<number, GovernorSnapshot>; underReview: Set<string> }> {
  const scans = await db
    .selectFrom('scans')
    .select(['id', 'taken_at'])
    .where('kingdom_kd', '=', kd)
    .where('kind', '=', kind)
    .where('taken_at', side === 'previous' ? '<' : '>', takenAt)
    .orderBy('taken_at', side === 'previous' ? 'desc' : 'asc')
    .limit(NEIGHBOUR_SCANS_LOOKED_AT)
    .execute();
  const rows = new Map<number, GovernorSnapshot>();
  const underReview = new Set<string>();
  const [nearest, ...beyond] = scans;
  if (!nearest || governorIds.size === 0) return { rows, underReview };
  for (const row of await scanSnapshots(db, nearest.id, Number(nearest.taken_at))) {
    if (governorIds.has(row.governorId)) rows.set(row.governorId, row);
  }
  const missing = [...governorIds].filter((id) => !rows.has(id));
  if (missing.length > 0 && beyond.length > 0) {
    const order = new Map(beyond.map((scan, i) => [scan.id, i]));
    const takenAtOf = new Map(beyond.map((scan) => [scan.id, Number(scan.taken_at)]));
    for (let i = 0; i < missing.length; i += IDS_PER_LOOKUP) {
      const found = await db
        .selectFrom('governor_stats')
        .select(['scan_id', 'governor_id', 'name', 'alliance', ...CHECKED_FIELDS])
        .where(
          'scan_id',
          'in',
          beyond.map((scan) => scan.id),
        )
        .where('governor_id', 'in', missing.slice(i, i + IDS_PER_LOOKUP))
        .execute();
      for (const row of found) {
        const scanId = Number(row.scan_id);
        const kept = rows.get(Number(row.governor_id));
        // The nearest of the scans holding the governor.
        if (kept && order.get(kept.scanId)! <= order.get(scanId)!) continue;
        rows.set(Number(row.governor_id), snapshot(row, scanId, takenAtOf.get(scanId)!));
      }
    }
  }
  const fromScans = [...new Set([...rows.values()].map((row) => row.scanId))];
  if (fromScans.length === 0) return { rows, underReview };
  const open = await db
    .selectFrom('value_flags')
    .select(['scan_id', 'governor_id', 'field'])
    .where('scan_id', 'in', fromScans)
    .where('status', '=', 'open')
    .execute();
  for (const flag of open) {
    const governorId = Number(flag.governor_id);
    if (rows.get(governorId)?.scanId === Number(flag.scan_id))
      underReview.add(reviewKey(governorId, flag.field as ValueFlag['field']));
  }
  return { rows, underReview };
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
): Promise<void> {
  let query = db
    .selectFrom('value_flags')
    .select(['id', 'governor_id', 'field', 'check_kind', 'status'])
    .where('scan_id', '=', scanId);
  if (governorIds) {
    if (governorIds.size === 0) return;
    query = query.where('governor_id', 'in', [...governorIds]);
  }
  const stored = await query.execute();
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
    } else if (existing.status === 'open') {
      await db
        .updateTable('value_flags')
        .set({ reason: flag.reason, value: flag.value, suggested_value: flag.suggested })
        .where('id', '=', existing.id)
        .execute();
    }
  }
  const gone = stored
    .filter(
      (row) =>
        row.status === 'open' && !foundKeys.has(key(Number(row.governor_id), row.field, row.check_kind)),
    )
    .map((row) => row.id);
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
}
