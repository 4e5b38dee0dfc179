import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRole } from '../db/schema.ts';
import { nowSeconds } from '../time.ts';

export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface SessionUser {
  id: number;
  username: string;
  role: UserRole;
  /** Kingdoms this user administers (a superadmin administers all, whatever this lists). */
  kingdoms: number[];
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new bearer token for the user; only its hash is stored, so a database leak does not leak sessions. */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  now = nowSeconds(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_LIFETIME_SECONDS,
    })
    .execute();
  return token;
}

export async function revokeSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** The signed-in user behind a bearer token, or null when the token is unknown or expired. */
export async function findSessionUser(
  db: Kysely<Database>,
  token: string,
  now = nowSeconds(),
): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.username', 'u.role'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const kingdoms = await db
    .selectFrom('user_kingdoms')
    .select('kingdom_kd')
    .where('user_id', '=', row.id)
    .orderBy('kingdom_kd')
    .execute();
  return { ...row, kingdoms: kingdoms.map((k) => k.kingdom_kd) };
}
