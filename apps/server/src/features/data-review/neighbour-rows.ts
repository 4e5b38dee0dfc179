import { CHECKED_FIELDS, type GovernorSnapshot, reviewKey, type ValueFlag } from '@kingdom-stats/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ScanKind } from '../../db/schema.ts';
import type { GovernorStatRow } from '../scans/scan-store.ts';

// The rows the data-quality checks read (checks-at-import.ts): a scan's own rows and each governor's nearest stored
// rows before and after it, with the review state of those values.

type Executor = Kysely<Database> | Transaction<Database>;

/** Governor ids per lookup: well under both databases' limits on bound values in one statement. */
const IDS_PER_LOOKUP = 1_000;

/** How many scans back (and forward) a governor's previous (next) row is looked for: a governor absent longer is checked against nothing. */
export const NEIGHBOUR_SCANS_LOOKED_AT = 6;

/**
 * Scans' rows already read, by scan id, for one run of checks (checkImportedScans): the checks change flags, never
 * rows, so a scan read as one scan's neighbour and checked itself next is read once. Its life is the run.
 */
export type ScanRowsCache = Map<number, GovernorSnapshot[]>;

export async function scanSnapshots(
  db: Executor,
  scanId: number,
  takenAt: number,
  cache?: ScanRowsCache,
): Promise<GovernorSnapshot[]> {
  const cached = cache?.get(scanId);
  if (cached) return cached;
  const read = await readSnapshots(db, scanId, takenAt);
  cache?.set(scanId, read);
  return read;
}

async function readSnapshots(db: Executor, scanId: number, takenAt: number): Promise<GovernorSnapshot[]> {
  const rows = await db
    .selectFrom('governor_stats')
    .select(['governor_id', 'name', 'alliance', ...CHECKED_FIELDS])
    .where('scan_id', '=', scanId)
    .execute();
  return rows.map((row) => snapshot(row, scanId, takenAt));
}

export function snapshot(
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
export async function neighbourRows(
  db: Executor,
  kd: number,
  kind: ScanKind,
  takenAt: number,
  governorIds: ReadonlySet<number>,
  side: 'previous' | 'next',
  cache?: ScanRowsCache,
): Promise<{ rows: Map<number, GovernorSnapshot>; underReview: Set<string>; settled: Set<string> }> {
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
  // Values a person accepted or corrected: settled, and so a bound the values around them must keep to.
  const settled = new Set<string>();
  const [nearest, ...beyond] = scans;
  if (!nearest || governorIds.size === 0) return { rows, underReview, settled };
  for (const row of await scanSnapshots(db, nearest.id, Number(nearest.taken_at), cache)) {
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
  if (fromScans.length === 0) return { rows, underReview, settled };
  const flags = await db
    .selectFrom('value_flags')
    .select(['scan_id', 'governor_id', 'field', 'status'])
    .where('scan_id', 'in', fromScans)
    .where('status', 'in', ['open', 'accepted', 'corrected'])
    .execute();
  for (const flag of flags) {
    const governorId = Number(flag.governor_id);
    if (rows.get(governorId)?.scanId !== Number(flag.scan_id)) continue;
    const key = reviewKey(governorId, flag.field as ValueFlag['field']);
    if (flag.status === 'open') underReview.add(key);
    else settled.add(key);
  }
  return { rows, underReview, settled };
}
