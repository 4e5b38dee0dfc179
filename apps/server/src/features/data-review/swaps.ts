import { type SwapSide, swapPartner } from '@kingdom-stats/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ScanKind } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import { scanRowsChanged } from '../scans/scan-store.ts';
import { recheckTouched } from './recheck-touched.ts';
import { requireFlag, setFlagStatus } from './store.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Two rows stored under each other's IDs, put back as one act (issue 36 item 5; docs/data-review.md, "Swaps"). The
 * swap is one correction record (field `swap`, on the flagged governor) keeping both rows as imported, so it is
 * audited, listed, reverted and kept by a re-import like any correction (corrections-on-import.ts). Every column of
 * the two rows but the ID trades places: names, alliances, home kingdoms and every value.
 */

/** The columns a swap leaves in place: the row's keys. */
const KEPT = new Set(['scan_id', 'governor_id']);

export interface SwapInput {
  kd: number;
  flagId: number;
  reason: string | null;
  actorId: number | null;
}

/** What a swap correction keeps: the partner, and both rows as they were before it (imported_row_json). */
export interface SwapRecord {
  partner: number;
  rows: Record<string, unknown>[];
}

export function readSwapRecord(json: string | null): SwapRecord | null {
  if (!json) return null;
  try {
    const record = JSON.parse(json) as Partial<SwapRecord>;
    return typeof record.partner === 'number' && Array.isArray(record.rows) ? (record as SwapRecord) : null;
  } catch {
    return null;
  }
}

interface FlagPlace {
  scanId: number;
  governorId: number;
}

const placeKey = (place: FlagPlace) => `${place.scanId}:${place.governorId}`;

/**
 * For open `id_reused` flags, the governor each was swapped with (swapPartner): the other rows of its scan with an
 * open `id_reused` flag, each with its name there and in the nearest earlier scan of the same kind. Keyed
 * `scanId:governorId`; a flag with no single partner is absent.
 */
export async function swapPartners(
  db: Executor,
  kd: number,
  flags: readonly FlagPlace[],
): Promise<Map<string, number>> {
  const partners = new Map<string, number>();
  for (const scanId of new Set(flags.map((flag) => flag.scanId))) {
    const scan = await db
      .selectFrom('scans')
      .select(['kind', 'taken_at'])
      .where('id', '=', scanId)
      .where('kingdom_kd', '=', kd)
      .executeTakeFirst();
    if (!scan) continue;
    const flagged = await db
      .selectFrom('value_flags as f')
      .innerJoin('governor_stats as g', (join) =>
        join.onRef('g.scan_id', '=', 'f.scan_id').onRef('g.governor_id', '=', 'f.governor_id'),
      )
      .select(['f.governor_id', 'g.name'])
      .where('f.scan_id', '=', scanId)
      .where('f.check_kind', '=', 'id_reused')
      .where('f.status', '=', 'open')
      .execute();
    if (flagged.length < 2) continue;
    const previous = await previousNames(
      db,
      kd,
      scan.kind,
      Number(scan.taken_at),
      flagged.map((f) => Number(f.governor_id)),
    );
    const sides: SwapSide[] = flagged.map((f) => ({
      governorId: Number(f.governor_id),
      row: { name: f.name },
      previous: previous.has(Number(f.governor_id))
        ? { name: previous.get(Number(f.governor_id))! }
        : undefined,
    }));
    for (const flag of flags.filter((f) => f.scanId === scanId)) {
      const side = sides.find((s) => s.governorId === flag.governorId);
      const partner = side ? swapPartner(side, sides) : null;
      if (partner !== null) partners.set(placeKey(flag), partner);
    }
  }
  return partners;
}

/** Each governor's name in the nearest earlier scan of this kind holding a row for them. */
async function previousNames(
  db: Executor,
  kd: number,
  kind: ScanKind,
  takenAt: number,
  governorIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select(['g.governor_id', 'g.name'])
    .where('s.kingdom_kd', '=', kd)
    .where('s.kind', '=', kind)
    .where('s.taken_at', '<', takenAt)
    .where('g.governor_id', 'in', [...governorIds])
    .orderBy('s.taken_at', 'desc')
    .execute();
  const names = new Map<number, string>();
  for (const row of rows)
    if (!names.has(Number(row.governor_id))) names.set(Number(row.governor_id), row.name);
  return names;
}

async function rowOf(db: Executor, scanId: number, governorId: number) {
  const row = await db
    .selectFrom('governor_stats')
    .selectAll()
    .where('scan_id', '=', scanId)
    .where('governor_id', '=', governorId)
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', `Governor ${governorId} has no row in scan ${scanId}`);
  // Kept as an excluded row is (corrections-on-import.ts compares it with a file's row): without the scan.
  const { scan_id: _scanId, ...kept } = row;
  return kept as Record<string, unknown>;
}

/** Writes `values` (a row's columns but its keys) into governor `governorId`'s row of the scan. */
async function writeRow(db: Executor, scanId: number, governorId: number, values: Record<string, unknown>) {
  const set = Object.fromEntries(Object.entries(values).filter(([key]) => !KEPT.has(key)));
  await db
    .updateTable('governor_stats')
    .set(set)
    .where('scan_id', '=', scanId)
    .where('governor_id', '=', governorId)
    .execute();
}

/** Active corrections of these governors in the scan (other than `except`): a swap would move them onto the wrong row. */
async function correctionsInForce(
  db: Executor,
  scanId: number,
  governorIds: readonly number[],
  except?: number,
) {
  const rows = await db
    .selectFrom('value_corrections')
    .select(['id', 'governor_id', 'field'])
    .where('scan_id', '=', scanId)
    .where('governor_id', 'in', [...governorIds])
    .where('reverted_at', 'is', null)
    .$if(except !== undefined, (q) => q.where('id', '!=', except!))
    .execute();
  return rows;
}

/** Swaps the flagged row with its partner's; answers the correction's id. */
export async function swapRows(db: Kysely<Database>, input: SwapInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const flag = await requireFlag(trx, input.kd, input.flagId);
    if (flag.check !== 'id_reused') {
      throw new AppError(
        'BAD_REQUEST',
        `Flag ${flag.id} is not about a row read under another governor's ID`,
      );
    }
    if (flag.status !== 'open') throw new AppError('CONFLICT', `Flag ${flag.id} is already ${flag.status}`);
    const partner = (await swapPartners(trx, input.kd, [flag])).get(placeKey(flag));
    if (partner === undefined) {
      throw new AppError(
        'CONFLICT',
        `No other flagged row of scan ${flag.scanId} is governor ${flag.governorId}'s while carrying this row's name: nothing to swap with`,
      );
    }
    const pair = [flag.governorId, partner];
    const inForce = await correctionsInForce(trx, flag.scanId, pair);
    if (inForce.length > 0) {
      const named = inForce.map((c) => `${c.governor_id} ${c.field} (correction ${c.id})`).join(', ');
      throw new AppError('CONFLICT', `Revert the corrections in force on these rows first: ${named}`);
    }
    const own = await rowOf(trx, flag.scanId, flag.governorId);
    const other = await rowOf(trx, flag.scanId, partner);
    const record: SwapRecord = { partner, rows: [own, other] };
    const { id } = await trx
      .insertInto('value_corrections')
      .values({
        scan_id: flag.scanId,
        governor_id: flag.governorId,
        field: 'swap',
        imported_value: null,
        corrected_value: null,
        imported_row_json: JSON.stringify(record),
        reason: input.reason,
        created_by: input.actorId,
        created_at: nowSeconds(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeRow(trx, flag.scanId, flag.governorId, other);
    await writeRow(trx, flag.scanId, partner, own);
    await scanRowsChanged(trx, flag.scanId);
    // Every open flag on the two rows questioned values that are now the other row's.
    const open = await trx
      .selectFrom('value_flags')
      .select('id')
      .where('scan_id', '=', flag.scanId)
      .where('governor_id', 'in', pair)
      .where('status', '=', 'open')
      .execute();
    await setFlagStatus(
      trx,
      open.map((f) => f.id),
      'corrected',
      input.actorId,
    );
    await recordAudit(trx, {
      userId: input.actorId,
      action: 'value.swap',
      kingdomKd: input.kd,
      before: { scanId: flag.scanId, governorIds: pair, names: [own.name, other.name] },
      after: { correctionId: id, names: [other.name, own.name], reason: input.reason, flagId: flag.id },
    });
    await recheckTouched(trx, input.kd, [{ scanId: flag.scanId, governorIds: pair }]);
    return id;
  });
}

/**
 * Undoes a swap inside revertCorrection's transaction: both rows as they were before it, the flags it closed open
 * again. Refused while a later correction of either row is in force (it was made on the swapped row).
 */
export async function revertSwap(
  db: Executor,
  correction: { id: number; scan_id: number; governor_id: number; imported_row_json: string | null },
): Promise<number[]> {
  const record = readSwapRecord(correction.imported_row_json);
  if (!record) throw new AppError('INTERNAL', `Correction ${correction.id} keeps no rows to swap back`);
  const pair = [Number(correction.governor_id), record.partner];
  const later = await correctionsInForce(db, correction.scan_id, pair, correction.id);
  if (later.length > 0) {
    const named = later.map((c) => `${c.governor_id} ${c.field} (correction ${c.id})`).join(', ');
    throw new AppError('CONFLICT', `Revert the later corrections of these rows first: ${named}`);
  }
  for (const governorId of pair) await rowOf(db, correction.scan_id, governorId);
  const [own, other] = record.rows;
  await writeRow(db, correction.scan_id, pair[0]!, own ?? {});
  await writeRow(db, correction.scan_id, pair[1]!, other ?? {});
  await scanRowsChanged(db, correction.scan_id);
  const closed = await db
    .selectFrom('value_flags')
    .select('id')
    .where('scan_id', '=', correction.scan_id)
    .where('governor_id', 'in', pair)
    .where('status', '=', 'corrected')
    .execute();
  await setFlagStatus(
    db,
    closed.map((f) => f.id),
    'open',
    null,
  );
  return pair;
}
