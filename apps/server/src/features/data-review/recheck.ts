import type { DataQualitySettings } from '@kingdom-stats/core';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ValueFlagTable } from '../../db/schema.ts';
import { recordAudit } from '../audit/service.ts';
import { checkStoredScan, kingdomDataQuality } from './checks-at-import.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Re-checking a kingdom's stored scans after its data-quality settings changed (docs/data-review.md, "Re-check"):
 * the import's own check (checks-at-import.ts, checkStoredScan) runs again over every stored scan with the
 * current settings, replacing the open flags. What a person settled stays settled: accepted, corrected and
 * excluded flags are kept (the store never touches them), and a cell a person settled gets no new flag.
 */

/**
 * At most this many passes over the scans. Each scan is checked against its neighbours' open flags (a value under
 * review is no reference), so a flag one scan gets can change the answer for the scan before it; a second pass
 * settles that, and a third is a margin (it stops there even if something still moves).
 */
const MAX_PASSES = 3;

export interface RecheckResult {
  /** Open flags after the re-check. */
  flagged: number;
  /** Open flags the re-check dropped (no longer found with the current settings). */
  removed: number;
  /** Open flags the re-check added. */
  added: number;
  scans: number;
}

type FlagRow = Selectable<ValueFlagTable>;

const flagKey = (f: Pick<FlagRow, 'scan_id' | 'governor_id' | 'field' | 'check_kind'>) =>
  `${f.scan_id}:${Number(f.governor_id)}:${f.field}:${f.check_kind}`;
const cellKey = (f: Pick<FlagRow, 'scan_id' | 'governor_id' | 'field'>) =>
  `${f.scan_id}:${Number(f.governor_id)}:${f.field}`;

/**
 * Re-runs the checks over the kingdom's scans in one transaction; audited as `value-flag.recheck`.
 *
 * It starts from no open flags, so that a flag of the old settings is no one's reason to distrust a value, and
 * checks the newest scan first: a scan is checked against the governor's previous row and, when there is a later
 * scan, the next one too (checkStoredScan), and a value lower than the next scan's is only trusted as a bound once
 * the next scan's own misread is flagged. Newest first, a lost digit in scan 4 is flagged against scan 3 before
 * scan 3 is measured against it (oldest first would flag scan 3's right value as "above the next scan's"). A
 * flag found again gets back its id, so a link to it still works.
 */
export async function recheckKingdom(
  db: Kysely<Database>,
  kd: number,
  actorId: number | null,
): Promise<RecheckResult> {
  return db.transaction().execute(async (trx) => {
    const settings = await kingdomDataQuality(trx, kd);
    const scans = await trx
      .selectFrom('scans')
      .select('id')
      .where('kingdom_kd', '=', kd)
      .orderBy('taken_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const before = await openFlags(trx, kd);
    await deleteFlags(
      trx,
      before.map((f) => f.id),
    );
    // The ranking order needs the file's row order, which is not stored: checkStoredScan cannot run it again on a
    // stored scan. Its open flags stay as they are (same id) while the check is on, and go when it is off.
    const ranking = settings.enabled.power_rank_order
      ? before.filter((f) => f.check_kind === 'power_rank_order')
      : [];
    await insertFlags(trx, ranking);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let changed = false;
      for (const scan of scans) {
        const kept = ranking.filter((f) => f.scan_id === scan.id);
        if (await recheckScan(trx, kd, scan.id, settings, kept)) changed = true;
      }
      if (!changed) break;
    }
    const after = await openFlags(trx, kd);
    await restoreIds(trx, before, after);
    const beforeKeys = new Set(before.map(flagKey));
    const afterKeys = new Set(after.map(flagKey));
    const removed = [...beforeKeys].filter((key) => !afterKeys.has(key)).length;
    const added = [...afterKeys].filter((key) => !beforeKeys.has(key)).length;
    await recordAudit(trx, {
      userId: actorId,
      action: 'value-flag.recheck',
      kingdomKd: kd,
      before: { open: before.length },
      after: { open: after.length, added, removed, settings },
    });
    return { flagged: after.length, removed, added, scans: scans.length };
  });
}

/**
 * One scan: the import's check with the current settings; then its ranking flags put back (the check drops them,
 * above), and no new flag on a value a person settled (accepted, corrected, excluded) or that keeps its ranking
 * flag: the import gives a value one flag, and a person's decision on it stands. Answers whether the scan's open
 * flags changed.
 */
async function recheckScan(
  db: Executor,
  kd: number,
  scanId: number,
  settings: DataQualitySettings,
  ranking: readonly FlagRow[],
): Promise<boolean> {
  const openBefore = (await scanFlags(db, scanId)).filter((f) => f.status === 'open').map(flagKey);
  await checkStoredScan(db, kd, scanId, settings);
  let after = await scanFlags(db, scanId);
  const present = new Set(after.map((f) => f.id));
  const lost = ranking.filter((f) => !present.has(f.id));
  if (lost.length > 0) {
    await insertFlags(db, lost);
    after = await scanFlags(db, scanId);
  }
  const rankingIds = new Set(ranking.map((f) => f.id));
  const held = new Set(after.filter((f) => f.status !== 'open' || rankingIds.has(f.id)).map(cellKey));
  const doubled = after.filter((f) => f.status === 'open' && !rankingIds.has(f.id) && held.has(cellKey(f)));
  await deleteFlags(
    db,
    doubled.map((f) => f.id),
  );
  const gone = new Set(doubled.map((f) => f.id));
  const openAfter = new Set(after.filter((f) => f.status === 'open' && !gone.has(f.id)).map(flagKey));
  return openBefore.length !== openAfter.size || openBefore.some((key) => !openAfter.has(key));
}

/** A flag the re-check found again takes back the id (and creation time) it had before. */
async function restoreIds(
  db: Executor,
  before: readonly FlagRow[],
  after: readonly FlagRow[],
): Promise<void> {
  const old = new Map(before.map((f) => [flagKey(f), f]));
  for (const flag of after) {
    const was = old.get(flagKey(flag));
    if (!was || was.id === flag.id) continue;
    await db
      .updateTable('value_flags')
      .set({ id: was.id, created_at: was.created_at })
      .where('id', '=', flag.id)
      .execute();
  }
}

async function scanFlags(db: Executor, scanId: number): Promise<FlagRow[]> {
  return db.selectFrom('value_flags').selectAll().where('scan_id', '=', scanId).execute();
}

async function openFlags(db: Executor, kd: number): Promise<FlagRow[]> {
  return db
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .selectAll('f')
    .where('s.kingdom_kd', '=', kd)
    .where('f.status', '=', 'open')
    .execute();
}

async function deleteFlags(db: Executor, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('value_flags')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

async function insertFlags(db: Executor, flags: readonly FlagRow[]): Promise<void> {
  for (let i = 0; i < flags.length; i += 200)
    await db
      .insertInto('value_flags')
      .values(flags.slice(i, i + 200))
      .execute();
}
