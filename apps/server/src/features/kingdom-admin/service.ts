import { randomInt } from 'node:crypto';
import type { AuditAction } from '@kingdom-stats/core';
import {
  type AdminKingdomListItem,
  type AdminKingdomResponse,
  type KingdomSettings,
  type KingdomSettingsChange,
  RECENT_CHANGES_PAGE_SIZE,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Database, KingdomTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { listKingdomAuditPage, recordAudit } from '../audit/service.ts';
import {
  accessCodeTaken,
  accessCodeUnavailable,
  addKingdom,
  isUniqueViolation,
  normaliseAccessCode,
  requireKingdom,
} from '../kingdoms/service.ts';
import { readKingdomSettings } from '../settings/service.ts';
import { type KvkUploadTable, uploadSummaries } from './upload-summaries.ts';

/**
 * SPEC's Kingdom Management shows a "Database Table" per kingdom. There is no table per kingdom (DESIGN: never one
 * table per kingdom): every kingdom's rows are in governor_stats, keyed through its scans. The column says so.
 */
export function dataTableName(kd: number): string {
  return `governor_stats (kd ${kd})`;
}

export async function listAdminKingdoms(
  db: Kysely<Database>,
  user: Pick<SessionUser, 'role' | 'kingdoms'>,
): Promise<AdminKingdomListItem[]> {
  if (user.role !== 'superadmin' && user.kingdoms.length === 0) return [];
  let query = db
    .selectFrom('kingdoms as k')
    .leftJoin('scans as s', 's.kingdom_kd', 'k.kd')
    .select(({ fn }) => ['k.kd', 'k.name', 'k.access_code', fn.count<number>('s.id').as('scans')])
    .groupBy(['k.kd', 'k.name', 'k.access_code'])
    .orderBy('k.kd');
  if (user.role !== 'superadmin') query = query.where('k.kd', 'in', user.kingdoms);
  const rows = await query.execute();
  return rows.map((r) => ({
    kdno: r.kd,
    data_tablename: dataTableName(r.kd),
    code: r.access_code,
    name: r.name,
    scans: Number(r.scans),
  }));
}

// No 0/o, 1/l: codes are read aloud and typed from screenshots.
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A random access code: 12 characters of a 32-letter alphabet, 60 bits, far beyond guessing at 30 tries a minute. */
export function randomAccessCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

// Fixed path segments beside /admin/kingdoms/{kd}/{code}: a code spelled like one could not be opened.
const RESERVED_CODES = new Set(['rally-token']);

function chooseCode(wanted: string | undefined): string {
  if (!wanted?.trim()) return randomAccessCode();
  const code = normaliseAccessCode(wanted);
  if (RESERVED_CODES.has(code)) throw accessCodeUnavailable(code);
  return code;
}

export async function createKingdom(
  db: Kysely<Database>,
  input: { kd: number; code?: string | undefined; name?: string | undefined },
  actorId: number,
): Promise<AdminKingdomListItem> {
  const code = chooseCode(input.code);
  const name = input.name?.trim() || undefined;
  await addKingdom(db, { kd: input.kd, code, name });
  await recordAudit(db, {
    userId: actorId,
    action: 'kingdom.create',
    kingdomKd: input.kd,
    after: { name: name ?? null },
  });
  return { kdno: input.kd, data_tablename: dataTableName(input.kd), code, name: name ?? null, scans: 0 };
}

function parseStoredSettings(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The stored settings as the dashboard reads them (one reading, features/settings): defaults for what was never set;
 * the autarch switch shows unless turned off (and the dashboard shows it only when there are autarch scans).
 */
export function resolveSettings(json: string): KingdomSettings {
  return readKingdomSettings(json);
}

/** Sets the keys a change names, keeping the rest (other features may keep their own keys in settings_json). */
export async function updateSettings(
  db: Kysely<Database>,
  kd: number,
  change: KingdomSettingsChange,
  actorId: number,
): Promise<KingdomSettings> {
  return db.transaction().execute(async (trx) => {
    const kingdom = await requireKingdom(trx, kd);
    if (change.defaultDates) {
      const wanted = [change.defaultDates.start, change.defaultDates.end].filter(
        (t): t is string => t !== null,
      );
      if (wanted.length > 0) {
        const found = await trx
          .selectFrom('scans')
          .select('taken_at')
          .where('kingdom_kd', '=', kd)
          .where('kind', '=', 'kingdom')
          .where('taken_at', 'in', wanted.map(Number))
          .execute();
        const missing = wanted.find((t) => !found.some((f) => f.taken_at === Number(t)));
        if (missing !== undefined) {
          throw new AppError(
            'BAD_REQUEST',
            `Kingdom ${kd} has no scan at ${new Date(Number(missing) * 1000).toISOString()}`,
          );
        }
      }
    }
    const before = parseStoredSettings(kingdom.settings_json);
    const after: Record<string, unknown> = { ...before };
    for (const [key, value] of Object.entries(change)) if (value !== undefined) after[key] = value;
    await trx
      .updateTable('kingdoms')
      .set({ settings_json: JSON.stringify(after) })
      .where('kd', '=', kd)
      .execute();
    await recordAudit(trx, { userId: actorId, action: 'kingdom.settings', kingdomKd: kd, before, after });
    return resolveSettings(JSON.stringify(after));
  });
}

export async function renameKingdom(
  db: Kysely<Database>,
  kd: number,
  name: string | null,
  actorId: number,
): Promise<string | null> {
  const trimmed = name?.trim() || null;
  return db.transaction().execute(async (trx) => {
    const kingdom = await requireKingdom(trx, kd);
    await trx.updateTable('kingdoms').set({ name: trimmed }).where('kd', '=', kd).execute();
    await recordAudit(trx, {
      userId: actorId,
      action: 'kingdom.rename',
      kingdomKd: kd,
      before: { name: kingdom.name },
      after: { name: trimmed },
    });
    return trimmed;
  });
}

/**
 * Replaces the kingdom's access code; every link with the old code stops working at once. The audit log records
 * that it changed, not the codes themselves. A chosen code that is reserved or another kingdom's gets one and the
 * same refusal, and `onUnavailable` lets the route count it as a guess (docs/security.md, "Access codes").
 */
export async function rotateAccessCode(
  db: Kysely<Database>,
  kd: number,
  wanted: string | undefined,
  actorId: number,
  onUnavailable: () => void = () => {},
): Promise<string> {
  const code = wanted?.trim() ? normaliseAccessCode(wanted) : randomAccessCode();
  const unavailable = () => {
    onUnavailable();
    return accessCodeUnavailable(code);
  };
  if (RESERVED_CODES.has(code)) throw unavailable();
  try {
    return await db.transaction().execute(async (trx) => {
      const kingdom = await requireKingdom(trx, kd);
      if (kingdom.access_code === code)
        throw new AppError('CONFLICT', 'The new access code is the same as the current one');
      if (await accessCodeTaken(trx, code, kd)) throw unavailable();
      await trx.updateTable('kingdoms').set({ access_code: code }).where('kd', '=', kd).execute();
      await recordAudit(trx, { userId: actorId, action: 'kingdom.code.rotate', kingdomKd: kd });
      return code;
    });
  } catch (error) {
    // Another kingdom took the code between the check and the write.
    if (isUniqueViolation(error)) throw unavailable();
    throw error;
  }
}

export async function deleteCamp(
  db: Kysely<Database>,
  kd: number,
  campId: number,
  actorId: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const camp = await trx
      .selectFrom('camps')
      .select(['id', 'name'])
      .where('id', '=', campId)
      .where('kingdom_kd', '=', kd)
      .executeTakeFirst();
    if (!camp) throw new AppError('NOT_FOUND', `Kingdom ${kd} has no camp ${campId}`);
    const members = await trx
      .selectFrom('camp_members')
      .select('member_kd')
      .where('camp_id', '=', campId)
      .execute();
    await trx.deleteFrom('camp_members').where('camp_id', '=', campId).execute();
    await trx.deleteFrom('camps').where('id', '=', campId).execute();
    await recordAudit(trx, {
      userId: actorId,
      action: 'camp.delete',
      kingdomKd: kd,
      before: { name: camp.name, members: members.map((m) => m.member_kd) },
    });
  });
}

export async function deleteKvkSeason(
  db: Kysely<Database>,
  kd: number,
  kvkNumber: number,
  actorId: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const season = await trx
      .selectFrom('kvk_seasons')
      .selectAll()
      .where('kingdom_kd', '=', kd)
      .where('kvk_number', '=', kvkNumber)
      .executeTakeFirst();
    if (!season) throw new AppError('NOT_FOUND', `Kingdom ${kd} has no KvK ${kvkNumber}`);
    await trx.deleteFrom('kvk_seasons').where('id', '=', season.id).execute();
    await recordAudit(trx, {
      userId: actorId,
      action: 'kvk.delete',
      kingdomKd: kd,
      before: { kvkNumber, openTime: season.open_time, closeTime: season.close_time },
    });
  });
}

/** Removes one KvK's pre-KvK points or Hall of Heroes records; answers how many governors' rows went. */
export async function clearKvkUpload(
  db: Kysely<Database>,
  table: KvkUploadTable,
  kd: number,
  kvkNumber: number,
  actorId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom(table)
      .where('kingdom_kd', '=', kd)
      .where('kvk_number', '=', kvkNumber)
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    if (removed === 0)
      throw new AppError('NOT_FOUND', `Kingdom ${kd} has no ${uploadLabel(table)} for KvK ${kvkNumber}`);
    await recordAudit(trx, {
      userId: actorId,
      action: UPLOAD_ACTIONS[table],
      kingdomKd: kd,
      before: { kvkNumber, governors: removed },
    });
    return removed;
  });
}

/** The per-KvK tables an admin uploads (and clears) for one KvK. */

const UPLOAD_ACTIONS: Record<KvkUploadTable, AuditAction> = {
  prekvk_points: 'prekvk.clear',
  hoh_records: 'hoh.clear',
  kvk_honor_points: 'honor.clear',
};

export function uploadLabel(table: KvkUploadTable): string {
  return {
    prekvk_points: 'pre-KvK points',
    hoh_records: 'Hall of Heroes records',
    kvk_honor_points: 'honor points',
  }[table];
}

/** Everything the per-kingdom admin page shows, in one answer. */
export async function describeKingdomForAdmin(
  db: Kysely<Database>,
  kingdom: KingdomTable,
): Promise<AdminKingdomResponse> {
  const kd = kingdom.kd;
  const [camps, members, seasons, scans, prekvk, hoh, honor, recentChanges] = await Promise.all([
    db.selectFrom('camps').select(['id', 'name']).where('kingdom_kd', '=', kd).orderBy('name').execute(),
    db
      .selectFrom('camp_members')
      .select(['camp_id', 'member_kd'])
      .where('kingdom_kd', '=', kd)
      .orderBy('member_kd')
      .execute(),
    db
      .selectFrom('kvk_seasons')
      .select(['id', 'kvk_number', 'open_time', 'close_time'])
      .where('kingdom_kd', '=', kd)
      .orderBy('open_time', 'desc')
      .execute(),
    db
      .selectFrom('scans')
      .select(['id', 'kind', 'taken_at', 'name', 'row_count', 'source_format', 'imported_at'])
      .where('kingdom_kd', '=', kd)
      .orderBy('taken_at', 'desc')
      .orderBy('kind')
      .execute(),
    uploadSummaries(db, kd, 'prekvk_points'),
    uploadSummaries(db, kd, 'hoh_records'),
    uploadSummaries(db, kd, 'kvk_honor_points'),
    listKingdomAuditPage(db, kd, { limit: RECENT_CHANGES_PAGE_SIZE }),
  ]);
  return {
    kingdom: {
      kd,
      name: kingdom.name,
      code: kingdom.access_code,
      data_tablename: dataTableName(kd),
      createdAt: Number(kingdom.created_at),
    },
    settings: resolveSettings(kingdom.settings_json),
    camps: camps.map((c) => ({
      id: c.id,
      name: c.name,
      members: members.filter((m) => m.camp_id === c.id).map((m) => m.member_kd),
    })),
    seasons: seasons.map((s) => ({
      id: s.id,
      kvkNumber: s.kvk_number,
      openTime: Number(s.open_time),
      closeTime: Number(s.close_time),
    })),
    scans: scans.map((s) => ({
      id: s.id,
      kind: s.kind,
      takenAt: Number(s.taken_at),
      name: s.name,
      rows: s.row_count,
      sourceFormat: s.source_format,
      importedAt: Number(s.imported_at),
    })),
    prekvk,
    hoh,
    honor,
    recentChanges: recentChanges.changes,
    recentChangesNext: recentChanges.next,
  };
}
