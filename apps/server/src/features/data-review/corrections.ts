import { CHECKED_FIELDS, type CheckedField, MAX_STORED_COUNT } from '@kingdom-stats/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import { lockKingdomPresence, rebuildKingdomPresence } from '../scans/presence.ts';
import { scanRowsChanged } from '../scans/scan-store.ts';
import { recheckTouched } from './recheck-touched.ts';
import { requireFlag, setFlagStatus } from './store.ts';
import { revertSwap } from './swaps.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Corrections are data, not edits (issue 12, docs/data-review-storage.md). A correction is a value_corrections
 * record keeping the imported value; the corrected value is written through to governor_stats in the same
 * transaction, so every reader (gains, DKP, summaries, diplomacy totals, exports, KD DKP, the governor page) sees
 * it unchanged, and the scan's revision goes up so that no cache serves the old numbers. Reverting writes the
 * imported value back. Excluding a row removes it from the scan, kept whole in the record.
 */

export interface CorrectValueInput {
  kd: number;
  scanId: number;
  governorId: number;
  field: string;
  value: number;
  reason: string | null;
  actorId: number | null;
  flagId?: number;
  /**
   * false: leave the checks around the value to the caller (a corrections CSV re-checks once, after its last row);
   * otherwise they run again at once (recheck-touched.ts).
   */
  recheck?: boolean;
}

export interface ExcludeRowInput {
  kd: number;
  scanId: number;
  governorId: number;
  reason: string | null;
  actorId: number | null;
}

export interface RevertInput {
  kd: number;
  correctionId: number;
  actorId: number | null;
}

function isCheckedField(field: string): field is CheckedField {
  return (CHECKED_FIELDS as readonly string[]).includes(field);
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

async function requireScan(db: Executor, kd: number, scanId: number) {
  const scan = await db
    .selectFrom('scans')
    .select(['id', 'kind', 'name'])
    .where('id', '=', scanId)
    .where('kingdom_kd', '=', kd)
    .executeTakeFirst();
  if (!scan) throw new AppError('NOT_FOUND', `Kingdom ${kd} has no scan ${scanId}`);
  return scan;
}

async function requireRow(db: Executor, scanId: number, governorId: number) {
  const row = await db
    .selectFrom('governor_stats')
    .selectAll()
    .where('scan_id', '=', scanId)
    .where('governor_id', '=', governorId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `Governor ${governorId} has no row in scan ${scanId}`);
  return row;
}

/** The cell's correction in force, if any. */
async function activeCorrection(db: Executor, scanId: number, governorId: number, field: string) {
  return db
    .selectFrom('value_corrections')
    .selectAll()
    .where('scan_id', '=', scanId)
    .where('governor_id', '=', governorId)
    .where('field', '=', field)
    .where('reverted_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Corrects one value; answers the correction's id. A value back to the imported one reverts the correction. */
export async function correctValue(db: Kysely<Database>, input: CorrectValueInput): Promise<number> {
  if (!isCheckedField(input.field)) {
    throw new AppError(
      'BAD_REQUEST',
      `"${input.field}" is not a value that can be corrected (one of ${CHECKED_FIELDS.join(', ')})`,
    );
  }
  const field = input.field;
  if (!Number.isSafeInteger(input.value) || input.value < 0 || input.value > MAX_STORED_COUNT) {
    throw new AppError(
      'BAD_REQUEST',
      `${input.value} is not a value that can be stored: a whole number from 0 to ${MAX_STORED_COUNT.toLocaleString('en-US')}`,
    );
  }
  return db.transaction().execute(async (trx) => {
    await requireScan(trx, input.kd, input.scanId);
    const row = await requireRow(trx, input.scanId, input.governorId);
    const flag = input.flagId === undefined ? null : await requireFlag(trx, input.kd, input.flagId);
    if (flag && (flag.scanId !== input.scanId || flag.governorId !== input.governorId)) {
      throw new AppError(
        'BAD_REQUEST',
        `Flag ${flag.id} is about governor ${flag.governorId} in scan ${flag.scanId}, not governor ${input.governorId} in scan ${input.scanId}`,
      );
    }
    const current = numberOrNull(row[field]);
    const previous = await activeCorrection(trx, input.scanId, input.governorId, field);
    const imported = previous ? numberOrNull(previous.imported_value) : current;
    if (current === input.value && !flag) {
      throw new AppError(
        'BAD_REQUEST',
        `Governor ${input.governorId}'s ${field} in scan ${input.scanId} is already ${input.value.toLocaleString('en-US')}`,
      );
    }
    const now = nowSeconds();
    if (previous) {
      await trx
        .updateTable('value_corrections')
        .set({
          reverted_at: now,
          reverted_by: input.actorId,
          revert_reason: 'replaced by a later correction',
        })
        .where('id', '=', previous.id)
        .execute();
    }
    const { id } = await trx
      .insertInto('value_corrections')
      .values({
        scan_id: input.scanId,
        governor_id: input.governorId,
        field,
        imported_value: imported,
        corrected_value: input.value,
        imported_row_json: null,
        reason: input.reason,
        created_by: input.actorId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('governor_stats')
      .set({ [field]: input.value })
      .where('scan_id', '=', input.scanId)
      .where('governor_id', '=', input.governorId)
      .execute();
    await scanRowsChanged(trx, input.scanId);
    // The cell's open flags are settled by the correction (the one named, and any other check on that value).
    const settled = await trx
      .selectFrom('value_flags')
      .select('id')
      .where('scan_id', '=', input.scanId)
      .where('governor_id', '=', input.governorId)
      .where((eb) => eb.or([eb('field', '=', field), ...(flag ? [eb('id', '=', flag.id)] : [])]))
      .where('status', '=', 'open')
      .execute();
    await setFlagStatus(
      trx,
      settled.map((f) => f.id),
      'corrected',
      input.actorId,
    );
    await recordAudit(trx, {
      userId: input.actorId,
      action: 'value.correct',
      kingdomKd: input.kd,
      before: { scanId: input.scanId, governorId: input.governorId, field, value: current, imported },
      after: { correctionId: id, value: input.value, reason: input.reason, flagId: flag?.id ?? null },
    });
    if (input.recheck !== false)
      await recheckTouched(trx, input.kd, [{ scanId: input.scanId, governorIds: [input.governorId] }]);
    return id;
  });
}

/** Leaves a governor's row out of a scan (a row that is not the governor's, or unreadable): kept whole in the record. */
export async function excludeRow(db: Kysely<Database>, input: ExcludeRowInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const scan = await requireScan(trx, input.kd, input.scanId);
    if (scan.kind === 'kingdom') await lockKingdomPresence(trx, input.kd);
    const row = await requireRow(trx, input.scanId, input.governorId);
    const { scan_id: _scanId, ...kept } = row;
    const now = nowSeconds();
    const { id } = await trx
      .insertInto('value_corrections')
      .values({
        scan_id: input.scanId,
        governor_id: input.governorId,
        field: 'row',
        imported_value: null,
        corrected_value: null,
        imported_row_json: JSON.stringify(kept),
        reason: input.reason,
        created_by: input.actorId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('governor_stats')
      .where('scan_id', '=', input.scanId)
      .where('governor_id', '=', input.governorId)
      .execute();
    await scanRowsChanged(trx, input.scanId);
    // The run of scans the governor is in now has a hole: presence is recounted from the stats.
    if (scan.kind === 'kingdom') await rebuildKingdomPresence(trx, input.kd);
    const open = await trx
      .selectFrom('value_flags')
      .select('id')
      .where('scan_id', '=', input.scanId)
      .where('governor_id', '=', input.governorId)
      .where('status', '=', 'open')
      .execute();
    await setFlagStatus(
      trx,
      open.map((f) => f.id),
      'excluded',
      input.actorId,
    );
    await recordAudit(trx, {
      userId: input.actorId,
      action: 'value.exclude-row',
      kingdomKd: input.kd,
      before: { scanId: input.scanId, governorId: input.governorId, name: row.name },
      after: { correctionId: id, reason: input.reason },
    });
    await recheckTouched(trx, input.kd, [{ scanId: input.scanId, governorIds: [input.governorId] }]);
    return id;
  });
}

/** Undoes a correction: the imported value (or the excluded row) is back; its flags are open again. */
export async function revertCorrection(db: Kysely<Database>, input: RevertInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const correction = await trx
      .selectFrom('value_corrections as c')
      .innerJoin('scans as s', 's.id', 'c.scan_id')
      .selectAll('c')
      .select('s.kind')
      .where('c.id', '=', input.correctionId)
      .where('s.kingdom_kd', '=', input.kd)
      .executeTakeFirst();
    if (!correction)
      throw new AppError('NOT_FOUND', `Kingdom ${input.kd} has no correction ${input.correctionId}`);
    if (correction.reverted_at !== null) {
      throw new AppError('CONFLICT', `Correction ${correction.id} is already reverted`);
    }
    const where = { scanId: correction.scan_id, governorId: Number(correction.governor_id) };
    let touched = [where.governorId];
    if (correction.field === 'swap') {
      touched = await revertSwap(trx, correction);
    } else if (correction.field === 'row') {
      if (correction.kind === 'kingdom') await lockKingdomPresence(trx, input.kd);
      const present = await trx
        .selectFrom('governor_stats')
        .select('governor_id')
        .where('scan_id', '=', where.scanId)
        .where('governor_id', '=', where.governorId)
        .executeTakeFirst();
      if (present) {
        throw new AppError(
          'CONFLICT',
          `Governor ${where.governorId} has a row in scan ${where.scanId} again (imported since): nothing to put back`,
        );
      }
      const kept = JSON.parse(correction.imported_row_json ?? '{}') as Record<string, unknown>;
      await trx
        .insertInto('governor_stats')
        .values({ ...(kept as object), scan_id: where.scanId } as never)
        .execute();
      await scanRowsChanged(trx, where.scanId);
      if (correction.kind === 'kingdom') await rebuildKingdomPresence(trx, input.kd);
    } else {
      await requireRow(trx, where.scanId, where.governorId).catch(() => {
        throw new AppError(
          'CONFLICT',
          `Governor ${where.governorId}'s row is left out of scan ${where.scanId}: put the row back first`,
        );
      });
      await trx
        .updateTable('governor_stats')
        .set({ [correction.field]: numberOrNull(correction.imported_value) })
        .where('scan_id', '=', where.scanId)
        .where('governor_id', '=', where.governorId)
        .execute();
      await scanRowsChanged(trx, where.scanId);
    }
    await trx
      .updateTable('value_corrections')
      .set({ reverted_at: nowSeconds(), reverted_by: input.actorId })
      .where('id', '=', correction.id)
      .execute();
    if (correction.field !== 'swap') {
      const settled = await trx
        .selectFrom('value_flags')
        .select('id')
        .where('scan_id', '=', where.scanId)
        .where('governor_id', '=', where.governorId)
        .where('status', '=', correction.field === 'row' ? 'excluded' : 'corrected')
        .$if(correction.field !== 'row', (q) => q.where('field', '=', correction.field))
        .execute();
      await setFlagStatus(
        trx,
        settled.map((f) => f.id),
        'open',
        null,
      );
    }
    await recordAudit(trx, {
      userId: input.actorId,
      action: 'value.revert',
      kingdomKd: input.kd,
      before: {
        correctionId: correction.id,
        field: correction.field,
        value: numberOrNull(correction.corrected_value),
      },
      after: { ...where, field: correction.field, value: numberOrNull(correction.imported_value) },
    });
    await recheckTouched(trx, input.kd, [{ scanId: where.scanId, governorIds: touched }]);
  });
}
