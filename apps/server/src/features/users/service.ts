import type { AuditAction } from '@kingdom-stats/core';
import { ADMIN_NEEDS_KINGDOM_MESSAGE } from '@kingdom-stats/core/api';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { Database, UserRole } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import { requireKingdom } from '../kingdoms/service.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export const USER_ROLES: readonly UserRole[] = ['admin', 'superadmin'];
const MIN_PASSWORD_LENGTH = 8;

export function isUserRole(value: string): value is UserRole {
  return (USER_ROLES as readonly string[]).includes(value);
}

function checkPassword(password: string): void {
  if (!password) throw new AppError('BAD_REQUEST', 'A password is required');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('BAD_REQUEST', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
}

export async function addUser(
  db: Kysely<Database>,
  input: { username: string; password: string; role: UserRole; kingdoms: number[] },
): Promise<{ id: number }> {
  const username = input.username.trim();
  if (!username || !input.password) throw new AppError('BAD_REQUEST', 'Username and password are required');
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (taken) throw new AppError('CONFLICT', `User ${username} already exists`);
    if (input.role === 'admin' && input.kingdoms.length === 0)
      throw new AppError('BAD_REQUEST', ADMIN_NEEDS_KINGDOM_MESSAGE);
    for (const kd of input.kingdoms) await requireKingdom(trx, kd);
    const user = await trx
      .insertInto('users')
      .values({ username, password_hash: passwordHash, role: input.role, created_at: nowSeconds() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.kingdoms.length > 0) {
      await trx
        .insertInto('user_kingdoms')
        .values([...new Set(input.kingdoms)].map((kd) => ({ user_id: user.id, kingdom_kd: kd })))
        .execute();
    }
    return { id: user.id };
  });
}

export interface UserListItem {
  id: number;
  username: string;
  role: UserRole;
  kingdoms: number[];
  createdAt: number;
}

export async function listUsers(db: Kysely<Database>): Promise<UserListItem[]> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'created_at as createdAt'])
    .orderBy('username')
    .execute();
  const links = await db
    .selectFrom('user_kingdoms')
    .select(['user_id', 'kingdom_kd'])
    .orderBy('kingdom_kd')
    .execute();
  return users.map((u) => ({
    ...u,
    kingdoms: links.filter((l) => l.user_id === u.id).map((l) => l.kingdom_kd),
  }));
}

export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const LAST_SUPERADMIN = 'The last superadmin cannot be deleted';

/**
 * Deletes a user (their sessions and kingdom links go with them), never the one asking and never the last
 * superadmin. On PostgreSQL the superadmin rows are locked first, so two superadmins deleting each other at the same
 * moment cannot both succeed; SQLite runs one write transaction at a time anyway.
 */
export async function deleteUser(
  db: Kysely<Database>,
  input: { id: number; actorId: number | null },
): Promise<{ username: string }> {
  if (input.actorId !== null && input.id === input.actorId)
    throw new AppError('CONFLICT', CANNOT_DELETE_SELF);
  return db.transaction().execute(async (trx) => {
    let superadmins = trx.selectFrom('users').select(['id']).where('role', '=', 'superadmin');
    if (dialectOf(db) === 'postgres') superadmins = superadmins.forUpdate();
    const remaining = await superadmins.execute();
    const user = await trx
      .selectFrom('users')
      .select(['id', 'username', 'role'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', `User ${input.id} does not exist`);
    if (user.role === 'superadmin' && remaining.filter((u) => u.id !== user.id).length === 0) {
      throw new AppError('CONFLICT', LAST_SUPERADMIN);
    }
    const kingdoms = await kingdomsOf(trx, user.id);
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    await recordUserAudit(trx, input.actorId, 'user.delete', kingdoms, {
      before: { id: user.id, username: user.username, role: user.role, kingdoms },
    });
    return { username: user.username };
  });
}

/** Finds a user by name, for the CLI, which names users rather than numbering them. */
export async function requireUserByName(
  db: Executor,
  username: string,
): Promise<{ id: number; username: string; role: UserRole }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('username', '=', username.trim())
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', `User ${username} does not exist`);
  return user;
}

/**
 * Sets a user's password and signs them out everywhere: whoever knew the old password (the reason to change it,
 * often) must not stay signed in with a session made from it.
 */
export async function setUserPassword(
  db: Kysely<Database>,
  input: { username: string; password: string; actorId: number | null; via?: string },
): Promise<void> {
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const user = await requireUserByName(trx, input.username);
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    const sessions = await trx
      .deleteFrom('sessions')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await recordUserAudit(trx, input.actorId, 'user.password', await kingdomsOf(trx, user.id), {
      after: {
        username: user.username,
        sessionsEnded: Number(sessions.numDeletedRows),
        ...(input.via ? { via: input.via } : {}),
      },
    });
  });
}

async function kingdomsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_kingdoms')
    .select('kingdom_kd')
    .where('user_id', '=', userId)
    .orderBy('kingdom_kd')
    .execute();
  return rows.map((r) => r.kingdom_kd);
}

/**
 * A change to a user, written once per kingdom they administer so that it shows in each kingdom's Recent changes,
 * or once for the site when they administer none (a superadmin).
 */
export async function recordUserAudit(
  db: Executor,
  actorId: number | null,
  action: Extract<AuditAction, `user.${string}`>,
  kingdoms: number[],
  detail: { before?: unknown; after?: unknown },
): Promise<void> {
  const targets = kingdoms.length > 0 ? kingdoms : [null];
  for (const kingdomKd of targets) await recordAudit(db, { userId: actorId, action, kingdomKd, ...detail });
}
