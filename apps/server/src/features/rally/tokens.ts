import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/sessions.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { KINGDOM_NOT_FOUND } from '../kingdoms/access.ts';

/** Ingestion tokens start with this, so a leaked one is recognisable in logs and secret scanners. */
export const RALLY_TOKEN_PREFIX = 'ksr_';
export const ROTATE_ACTION = 'rally.token.rotate';

/**
 * Creates kingdom kd's rally ingestion token, replacing any earlier one (which stops working at once). The token is
 * returned this once; only its SHA-256 hash is stored. The rotation is written to the audit log, without the token.
 */
export async function rotateRallyToken(
  db: Kysely<Database>,
  input: { kd: number; userId: number | null; now?: number },
): Promise<{ token: string; createdAt: number }> {
  const token = `${RALLY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const createdAt = input.now ?? nowSeconds();
  await db.transaction().execute(async (trx) => {
    const kingdom = await trx
      .selectFrom('kingdoms')
      .select('kd')
      .where('kd', '=', input.kd)
      .executeTakeFirst();
    if (!kingdom) throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
    const previous = await trx
      .selectFrom('rally_tokens')
      .select('created_at')
      .where('kingdom_kd', '=', input.kd)
      .executeTakeFirst();
    const row = { token_hash: hashToken(token), created_at: createdAt, created_by: input.userId };
    await trx
      .insertInto('rally_tokens')
      .values({ kingdom_kd: input.kd, ...row })
      .onConflict((oc) => oc.column('kingdom_kd').doUpdateSet(row))
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        at: createdAt,
        user_id: input.userId,
        action: ROTATE_ACTION,
        kingdom_kd: input.kd,
        before_json: previous ? JSON.stringify({ createdAt: Number(previous.created_at) }) : null,
        after_json: JSON.stringify({ createdAt }),
      })
      .execute();
  });
  return { token, createdAt };
}

export async function rallyTokenStatus(
  db: Kysely<Database>,
  kd: number,
): Promise<{ exists: boolean; createdAt: number | null }> {
  const kingdom = await db.selectFrom('kingdoms').select('kd').where('kd', '=', kd).executeTakeFirst();
  if (!kingdom) throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
  const row = await db
    .selectFrom('rally_tokens')
    .select('created_at')
    .where('kingdom_kd', '=', kd)
    .executeTakeFirst();
  return { exists: row !== undefined, createdAt: row ? Number(row.created_at) : null };
}

/** Whether `token` is kingdom kd's current ingestion token; compared in constant time, as hashes. */
export async function isRallyTokenValid(db: Kysely<Database>, kd: number, token: string): Promise<boolean> {
  const row = Number.isInteger(kd)
    ? await db.selectFrom('rally_tokens').select('token_hash').where('kingdom_kd', '=', kd).executeTakeFirst()
    : undefined;
  const given = Buffer.from(hashToken(token));
  // A kingdom without a token compares against a stand-in, so both failures take the same time.
  const expected = Buffer.from(row?.token_hash ?? hashToken(`\u0000no-token:${kd}`));
  return given.length === expected.length && timingSafeEqual(given, expected) && row !== undefined;
}
