import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuditAction } from '@kingdom-stats/core';
import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/sessions.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { KINGDOM_NOT_FOUND } from '../kingdoms/access.ts';

/**
 * A kingdom's token for a machine that sends it data without a session: the rally bot's events, a scanner's files.
 * One per kingdom and kind; only its SHA-256 hash is stored, so it is shown once, when created.
 */
export interface IngestTokenKind {
  table: 'rally_tokens' | 'upload_tokens';
  /** Tokens start with it, so a leaked one is recognisable in logs and secret scanners. */
  prefix: string;
  rotateAction: AuditAction;
  revokeAction: AuditAction;
}

export const RALLY_TOKEN: IngestTokenKind = {
  table: 'rally_tokens',
  prefix: 'ksr_',
  rotateAction: 'rally.token.rotate',
  revokeAction: 'rally.token.revoke',
};

export const UPLOAD_TOKEN: IngestTokenKind = {
  table: 'upload_tokens',
  prefix: 'ksu_',
  rotateAction: 'upload.token.rotate',
  revokeAction: 'upload.token.revoke',
};

/**
 * Creates kingdom kd's token of this kind, replacing any earlier one (which stops working at once). The token is
 * returned this once. The rotation is written to the audit log, without the token.
 */
export async function rotateIngestToken(
  db: Kysely<Database>,
  kind: IngestTokenKind,
  input: { kd: number; userId: number | null; now?: number },
): Promise<{ token: string; createdAt: number }> {
  const token = `${kind.prefix}${randomBytes(32).toString('base64url')}`;
  const createdAt = input.now ?? nowSeconds();
  await db.transaction().execute(async (trx) => {
    await requireKingdom(trx, input.kd);
    const previous = await trx
      .selectFrom(kind.table)
      .select('created_at')
      .where('kingdom_kd', '=', input.kd)
      .executeTakeFirst();
    const row = { token_hash: hashToken(token), created_at: createdAt, created_by: input.userId };
    await trx
      .insertInto(kind.table)
      .values({ kingdom_kd: input.kd, ...row })
      .onConflict((oc) => oc.column('kingdom_kd').doUpdateSet(row))
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        at: createdAt,
        user_id: input.userId,
        action: kind.rotateAction,
        kingdom_kd: input.kd,
        before_json: previous ? JSON.stringify({ createdAt: Number(previous.created_at) }) : null,
        after_json: JSON.stringify({ createdAt }),
      })
      .execute();
  });
  return { token, createdAt };
}

/** Deletes kingdom kd's token of this kind; false when it had none. Audited when one was deleted. */
export async function revokeIngestToken(
  db: Kysely<Database>,
  kind: IngestTokenKind,
  input: { kd: number; userId: number | null; now?: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await requireKingdom(trx, input.kd);
    const previous = await trx
      .deleteFrom(kind.table)
      .where('kingdom_kd', '=', input.kd)
      .returning('created_at')
      .executeTakeFirst();
    if (!previous) return false;
    await trx
      .insertInto('audit_log')
      .values({
        at: input.now ?? nowSeconds(),
        user_id: input.userId,
        action: kind.revokeAction,
        kingdom_kd: input.kd,
        before_json: JSON.stringify({ createdAt: Number(previous.created_at) }),
        after_json: null,
      })
      .execute();
    return true;
  });
}

export async function ingestTokenStatus(
  db: Kysely<Database>,
  kind: IngestTokenKind,
  kd: number,
): Promise<{ exists: boolean; createdAt: number | null }> {
  await requireKingdom(db, kd);
  const row = await db
    .selectFrom(kind.table)
    .select('created_at')
    .where('kingdom_kd', '=', kd)
    .executeTakeFirst();
  return { exists: row !== undefined, createdAt: row ? Number(row.created_at) : null };
}

/** Whether `token` is kingdom kd's current token of this kind; compared in constant time, as hashes. */
export async function isIngestTokenValid(
  db: Kysely<Database>,
  kind: IngestTokenKind,
  kd: number,
  token: string,
): Promise<boolean> {
  const row = Number.isInteger(kd)
    ? await db.selectFrom(kind.table).select('token_hash').where('kingdom_kd', '=', kd).executeTakeFirst()
    : undefined;
  const given = Buffer.from(hashToken(token));
  // A kingdom without a token compares against a stand-in, so both failures take the same time.
  const expected = Buffer.from(row?.token_hash ?? hashToken(`\u0000no-token:${kd}`));
  return given.length === expected.length && timingSafeEqual(given, expected) && row !== undefined;
}

async function requireKingdom(db: Kysely<Database>, kd: number): Promise<void> {
  const kingdom = await db.selectFrom('kingdoms').select('kd').where('kd', '=', kd).executeTakeFirst();
  if (!kingdom) throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
}
