import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createSession } from '../../src/auth/sessions.ts';
import type { Database, UserRole } from '../../src/db/schema.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { addUser } from '../../src/features/users/service.ts';

/** The test users' password: made up for each run (long enough for the service's rule), never written down. */
export const TEST_PASSWORD = randomBytes(18).toString('base64url');

export interface TestUser {
  id: number;
  username: string;
  role: UserRole;
  token: string;
}

/**
 * Two kingdoms and the four kinds of caller the authorisation rules tell apart: nobody, an admin of the other
 * kingdom, an admin of this kingdom and a superadmin.
 */
export interface AuthWorld {
  kd: number;
  otherKd: number;
  superadmin: TestUser;
  kingdomAdmin: TestUser;
  otherAdmin: TestUser;
  /** The current access code of a kingdom (it may have been rotated during the test). */
  codeOf(kd: number): Promise<string>;
}

export async function createUser(
  db: Kysely<Database>,
  username: string,
  role: UserRole,
  kingdoms: number[] = [],
): Promise<TestUser> {
  const { id } = await addUser(db, { username, password: TEST_PASSWORD, role, kingdoms });
  return { id, username, role, token: await createSession(db, id) };
}

export async function createAuthWorld(db: Kysely<Database>, kd = 2101, otherKd = 2102): Promise<AuthWorld> {
  await addKingdom(db, { kd, code: `code-${kd}`, name: 'Home' });
  await addKingdom(db, { kd: otherKd, code: `code-${otherKd}`, name: 'Neighbour' });
  return {
    kd,
    otherKd,
    superadmin: await createUser(db, 'root', 'superadmin'),
    kingdomAdmin: await createUser(db, `admin-${kd}`, 'admin', [kd]),
    otherAdmin: await createUser(db, `admin-${otherKd}`, 'admin', [otherKd]),
    async codeOf(which: number) {
      const row = await db
        .selectFrom('kingdoms')
        .select('access_code')
        .where('kd', '=', which)
        .executeTakeFirstOrThrow();
      return row.access_code;
    },
  };
}

export function bearer(user: { token: string } | null | undefined): Record<string, string> {
  return user ? { authorization: `Bearer ${user.token}` } : {};
}

/** The audit log's actions for a kingdom (or all), oldest first. */
export async function auditActions(db: Kysely<Database>, kd?: number): Promise<string[]> {
  let query = db.selectFrom('audit_log').select('action').orderBy('id');
  if (kd !== undefined) query = query.where('kingdom_kd', '=', kd);
  return (await query.execute()).map((r) => r.action);
}
