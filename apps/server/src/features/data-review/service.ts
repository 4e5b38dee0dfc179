import {
  type DataQualitySettings,
  DEFAULT_DATA_QUALITY_SETTINGS,
  readDataQualitySettings,
} from '@kingdom-stats/core';
import type {
  AcceptFlagBody,
  CorrectionsCsvResponse,
  CorrectValueBody,
  DataQualitySettingsChange,
  DataQualitySettingsResponse,
  ExcludeRowBody,
  RecheckResponse,
  ReviewChangeResponse,
  SwapRowsBody,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { requireKingdom } from '../kingdoms/service.ts';
import { correctValue, excludeRow, revertCorrection } from './corrections.ts';
import { parseCorrectionsCsv } from './csv.ts';
import { recheckKingdom } from './recheck.ts';
import { recheckTouched } from './recheck-touched.ts';
import { findReviewCorrection, findReviewFlag } from './review-reads.ts';
import { acceptFlag } from './store.ts';
import { swapRows } from './swaps.ts';

/**
 * The review's changes and settings, for the routes and the CLI alike (docs/data-review.md). The changes themselves
 * are the store's (corrections.ts, store.ts: corrections are records, written through, audited); this answers them
 * in the API's words. `actorId` is the signed-in user, or null for the CLI (as the CLI's other commands record).
 */

export interface Actor {
  kd: number;
  actorId: number | null;
}

const FIELD_WORDS: Record<string, string> = {
  power: 'power',
  kill_points: 'kill points',
  t1_kills: 'T1 kills',
  t2_kills: 'T2 kills',
  t3_kills: 'T3 kills',
  t4_kills: 'T4 kills',
  t5_kills: 'T5 kills',
  dead: 'dead',
  t4_dead: 'T4 dead',
  t5_dead: 'T5 dead',
  healed: 'healed',
  t4_healed: 'T4 healed',
  t5_healed: 'T5 healed',
  rss_gathered: 'resources gathered',
  rss_assistance: 'resource assistance',
  helps: 'alliance helps',
  row: 'row',
  governor: 'governor',
};

export function fieldWords(field: string): string {
  return FIELD_WORDS[field] ?? field;
}

export async function correctReviewValue(
  db: Kysely<Database>,
  actor: Actor,
  body: CorrectValueBody,
): Promise<ReviewChangeResponse> {
  const correctionId = await correctValue(db, {
    kd: actor.kd,
    scanId: body.scanId,
    governorId: body.governorId,
    field: body.field,
    value: body.value,
    reason: body.reason?.trim() || null,
    actorId: actor.actorId,
    ...(body.flagId !== undefined ? { flagId: body.flagId } : {}),
  });
  const correction = await findReviewCorrection(db, actor.kd, correctionId);
  const flag = body.flagId !== undefined ? await findReviewFlag(db, actor.kd, body.flagId) : null;
  return {
    message: `Governor ${body.governorId}'s ${fieldWords(body.field)} in scan ${correction?.scanName ?? body.scanId} corrected to ${body.value.toLocaleString('en-US')}`,
    correction,
    flag,
  };
}

export async function acceptReviewFlag(
  db: Kysely<Database>,
  actor: Actor,
  flagId: number,
  body: AcceptFlagBody,
): Promise<ReviewChangeResponse> {
  await acceptFlag(db, { kd: actor.kd, flagId, actorId: actor.actorId, reason: body.reason?.trim() || null });
  const flag = await findReviewFlag(db, actor.kd, flagId);
  return {
    message: `Flag ${flagId} accepted: the value stays as imported`,
    correction: null,
    flag,
  };
}

export async function swapReviewRows(
  db: Kysely<Database>,
  actor: Actor,
  flagId: number,
  body: SwapRowsBody,
): Promise<ReviewChangeResponse> {
  const correctionId = await swapRows(db, {
    kd: actor.kd,
    flagId,
    reason: body.reason?.trim() || null,
    actorId: actor.actorId,
  });
  const correction = await findReviewCorrection(db, actor.kd, correctionId);
  return {
    message: `Governors ${correction?.governorId} and ${correction?.swapWith} swapped rows in scan ${correction?.scanName}: names, alliances and every value are each one's own again`,
    correction,
    flag: await findReviewFlag(db, actor.kd, flagId),
  };
}

export async function excludeReviewRow(
  db: Kysely<Database>,
  actor: Actor,
  body: ExcludeRowBody,
): Promise<ReviewChangeResponse> {
  const correctionId = await excludeRow(db, {
    kd: actor.kd,
    scanId: body.scanId,
    governorId: body.governorId,
    reason: body.reason?.trim() || null,
    actorId: actor.actorId,
  });
  const correction = await findReviewCorrection(db, actor.kd, correctionId);
  return {
    message: `Governor ${body.governorId}'s row left out of scan ${correction?.scanName ?? body.scanId}`,
    correction,
    flag: null,
  };
}

export async function revertReviewCorrection(
  db: Kysely<Database>,
  actor: Actor,
  correctionId: number,
): Promise<ReviewChangeResponse> {
  await revertCorrection(db, { kd: actor.kd, correctionId, actorId: actor.actorId });
  const correction = await findReviewCorrection(db, actor.kd, correctionId);
  return {
    message:
      correction?.field === 'row'
        ? `Correction ${correctionId} reverted: governor ${correction.governorId}'s row is back in the scan`
        : correction?.field === 'swap'
          ? `Correction ${correctionId} reverted: governors ${correction.governorId} and ${correction.swapWith} have the rows they were imported with again`
          : `Correction ${correctionId} reverted: the imported value stands again`,
    correction,
    flag: null,
  };
}

/**
 * A corrections CSV, all or nothing: every row is checked (its cells by csv.ts, then that the scan is the
 * kingdom's and the governor has a row in it) before anything changes; the first bad row refuses the file, naming
 * its row and column. Rows whose value already stands change nothing. Should a correction still fail while the
 * rows are applied, the ones applied are reverted, so the file leaves no trace.
 */
export async function importCorrectionsCsv(
  db: Kysely<Database>,
  actor: Actor,
  content: Buffer,
  fileName: string,
): Promise<CorrectionsCsvResponse> {
  const rows = parseCorrectionsCsv(content, fileName);
  const pending: typeof rows = [];
  for (const row of rows) {
    const stored = await db
      .selectFrom('governor_stats as g')
      .innerJoin('scans as s', 's.id', 'g.scan_id')
      .selectAll('g')
      .select('s.kingdom_kd')
      .where('g.scan_id', '=', row.scanId)
      .where('g.governor_id', '=', row.governorId)
      .executeTakeFirst();
    if (!stored || stored.kingdom_kd !== actor.kd) {
      const scan = await db
        .selectFrom('scans')
        .select('id')
        .where('id', '=', row.scanId)
        .where('kingdom_kd', '=', actor.kd)
        .executeTakeFirst();
      throw new AppError(
        'IMPORT_REFUSED',
        scan
          ? `${fileName}: row ${row.row}, column "governor_id": governor ${row.governorId} has no row in scan ${row.scanId}`
          : `${fileName}: row ${row.row}, column "scan": kingdom ${actor.kd} has no scan ${row.scanId}`,
      );
    }
    const current = stored[row.field];
    if (current === null || Number(current) !== row.value) pending.push(row);
  }
  const applied: number[] = [];
  try {
    for (const row of pending) {
      applied.push(
        await correctValue(db, {
          kd: actor.kd,
          scanId: row.scanId,
          governorId: row.governorId,
          field: row.field,
          value: row.value,
          reason: row.reason,
          actorId: actor.actorId,
          recheck: false,
        }),
      );
    }
    // The checks around the corrected values run once for the file, not once per row (each reads whole scans).
    await db.transaction().execute((trx) =>
      recheckTouched(
        trx,
        actor.kd,
        pending.map((row) => ({ scanId: row.scanId, governorIds: [row.governorId] })),
      ),
    );
  } catch (error) {
    for (const id of applied.reverse())
      await revertCorrection(db, { kd: actor.kd, correctionId: id, actorId: actor.actorId });
    const failed = pending[applied.length];
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError(
      error instanceof AppError && error.code !== 'INTERNAL' ? 'IMPORT_REFUSED' : 'INTERNAL',
      `${fileName}: row ${failed?.row ?? '?'}, column "value": ${message}; nothing was changed`,
    );
  }
  const unchanged = rows.length - pending.length;
  return {
    message:
      `${pending.length} ${pending.length === 1 ? 'correction' : 'corrections'} applied from ${fileName}` +
      (unchanged > 0 ? `; ${unchanged} ${unchanged === 1 ? 'row' : 'rows'} already as stored` : ''),
    applied: pending.length,
    unchanged,
  };
}

/** Re-runs the enabled checks over the kingdom's stored scans with its current settings (recheck.ts). */
export async function recheckReviewFlags(db: Kysely<Database>, actor: Actor): Promise<RecheckResponse> {
  await requireKingdom(db, actor.kd);
  const result = await recheckKingdom(db, actor.kd, actor.actorId);
  const flags = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'flag' : 'flags'}`;
  const values = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'value' : 'values'}`;
  return {
    message:
      `Re-checked ${result.scans} ${result.scans === 1 ? 'scan' : 'scans'} with the current settings: ` +
      `${values(result.flagged)} to review; ${flags(result.added)} added, ${flags(result.removed)} no longer found ` +
      'and removed (accepted, corrected and excluded values are kept)',
    flagged: result.flagged,
    removed: result.removed,
    added: result.added,
  };
}

/** The kingdom's data-quality settings, under `dataQuality` in kingdoms.settings_json. */
export async function readReviewSettings(db: Kysely<Database>, kd: number): Promise<DataQualitySettings> {
  const kingdom = await requireKingdom(db, kd);
  return readDataQualitySettings(storedSettings(kingdom.settings_json).dataQuality);
}

export function settingsAnswer(message: string, settings: DataQualitySettings): DataQualitySettingsResponse {
  return { message, settings, defaults: DEFAULT_DATA_QUALITY_SETTINGS };
}

/** Sets the keys a change names, keeping the rest; audited as `kingdom.data-quality`. */
export async function changeReviewSettings(
  db: Kysely<Database>,
  actor: Actor,
  change: DataQualitySettingsChange,
): Promise<DataQualitySettings> {
  return db.transaction().execute(async (trx) => {
    const kingdom = await requireKingdom(trx, actor.kd);
    const all = storedSettings(kingdom.settings_json);
    const before = readDataQualitySettings(all.dataQuality);
    const after: DataQualitySettings = {
      enabled: { ...before.enabled },
      sensitivity: { ...before.sensitivity },
      maxPowerChangePerDay: change.maxPowerChangePerDay ?? before.maxPowerChangePerDay,
      minPowerChange: change.minPowerChange ?? before.minPowerChange,
      killPointsTolerance: change.killPointsTolerance ?? before.killPointsTolerance,
    };
    for (const [check, on] of Object.entries(change.enabled ?? {})) {
      if (on !== undefined) after.enabled[check as keyof DataQualitySettings['enabled']] = on;
    }
    for (const [field, level] of Object.entries(change.sensitivity ?? {})) {
      if (level !== undefined) after.sensitivity[field as keyof DataQualitySettings['sensitivity']] = level;
    }
    await trx
      .updateTable('kingdoms')
      .set({ settings_json: JSON.stringify({ ...all, dataQuality: after }) })
      .where('kd', '=', actor.kd)
      .execute();
    await recordAudit(trx, {
      userId: actor.actorId,
      action: 'kingdom.data-quality',
      kingdomKd: actor.kd,
      before,
      after,
    });
    return after;
  });
}

function storedSettings(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
