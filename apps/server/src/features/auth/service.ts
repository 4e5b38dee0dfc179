import type { AdministeredKingdom, LoginResponse, SessionResponse } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { createSession, hashToken, SESSION_LIFETIME_SECONDS, type SessionUser } from '../../auth/sessions.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password';

// Checked when the username is unknown, so that a wrong username takes as long as a wrong password and the answer
// time does not tell which usernames exist.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('not a real password, only spends the same time');
  return decoyHash;
}

/** Signs a user in: a new session token (stored hashed, expiring) with the user and the kingdoms they administer. */
export async function signIn(
  db: Kysely<Database>,
  input: { username: string; password: string },
  now = nowSeconds(),
): Promise<LoginResponse | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'password_hash'])
    .where('username', '=', input.username.trim())
    .executeTakeFirst();
  const valid = await verifyPassword(input.password, row?.password_hash ?? (await decoy()));
  if (!row || !valid) return null;

  // Sign-in is rare enough to tidy up here: sessions past their expiry are of no use to anyone.
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  const token = await createSession(db, row.id, now);
  const user = await sessionUserById(db, row.id);
  if (!user) return null;
  await recordAudit(db, { userId: row.id, action: 'auth.login' }, now);
  return {
    token,
    user,
    kingdoms: await administeredKingdoms(db, user),
    expiresAt: now + SESSION_LIFETIME_SECONDS,
  };
}

export async function describeSession(
  db: Kysely<Database>,
  user: SessionUser,
  token: string,
): Promise<SessionResponse> {
  const session = await db
    .selectFrom('sessions')
    .select('expires_at as expiresAt')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return {
    user: { id: user.id, username: user.username, role: user.role, kingdoms: user.kingdoms },
    kingdoms: await administeredKingdoms(db, user),
    expiresAt: Number(session?.expiresAt ?? 0),
  };
}

async function sessionUserById(db: Kysely<Database>, id: number): Promise<SessionUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return null;
  const kingdoms = await db
    .selectFrom('user_kingdoms')
    .select('kingdom_kd')
    .where('user_id', '=', id)
    .orderBy('kingdom_kd')
    .execute();
  return { ...user, kingdoms: kingdoms.map((k) => k.kingdom_kd) };
}

/** The kingdoms a user may administer: every kingdom for a superadmin, their own for an admin. */
export async function administeredKingdoms(
  db: Kysely<Database>,
  user: Pick<SessionUser, 'role' | 'kingdoms'>,
): Promise<AdministeredKingdom[]> {
  if (user.role !== 'superadmin' && user.kingdoms.length === 0) return [];
  let query = db.selectFrom('kingdoms').select(['kd', 'name', 'access_code']).orderBy('kd');
  if (user.role !== 'superadmin') query = query.where('kd', 'in', user.kingdoms);
  const rows = await query.execute();
  return rows.map((r) => ({ kd: r.kd, name: r.name, code: r.access_code }));
}

export function assertCredentialsGiven(username: string | undefined, password: string | undefined) {
  if (!username?.trim() || !password) throw new AppError('BAD_REQUEST', 'Username and password are required');
  return { username: username.trim(), password };
}
