import {
  ADMIN_NEEDS_KINGDOM_MESSAGE,
  createUserResponseSchema,
  usersResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { CANNOT_DELETE_SELF, deleteUser, LAST_SUPERADMIN } from '../../src/features/users/service.ts';
import {
  type AuthWorld,
  auditActions,
  bearer,
  createAuthWorld,
  createUser,
  TEST_PASSWORD,
} from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('user management', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({ loginEnabled: true });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const createBody = (over: Record<string, unknown> = {}) => ({
    username: 'new-leader',
    password: TEST_PASSWORD,
    role: 'admin',
    kingdoms: [2101],
    ...over,
  });

  it('lists users with role and kingdoms, without password hashes, to a superadmin only', async () => {
    const res = await t.app.inject({ url: '/api/auth/users', headers: bearer(world.superadmin) });
    expect(res.statusCode).toBe(200);
    const { users } = usersResponseSchema.parse(res.json());
    expect(users.map((u) => [u.username, u.role, u.kingdoms])).toEqual([
      ['admin-2101', 'admin', [2101]],
      ['admin-2102', 'admin', [2102]],
      ['root', 'superadmin', []],
    ]);
    expect(res.body).not.toMatch(/password|scrypt/);
    expect(
      (await t.app.inject({ url: '/api/auth/users', headers: bearer(world.kingdomAdmin) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/auth/users' })).statusCode).toBe(401);
  });

  it('creates a user who can then sign in, and says so in SPEC’s words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: bearer(world.superadmin),
      payload: createBody(),
    });
    expect(res.statusCode).toBe(201);
    const body = createUserResponseSchema.parse(res.json());
    expect(body.message).toBe('User created successfully');
    expect(body.user).toMatchObject({ username: 'new-leader', role: 'admin', kingdoms: [2101] });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'new-leader', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(await auditActions(t.database.db)).toContain('user.create');
  });

  it('makes a new user an admin unless told otherwise (SPEC §6)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: bearer(world.superadmin),
      payload: { username: 'plain', password: TEST_PASSWORD, kingdoms: [2101] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: 'plain', role: 'admin', kingdoms: [2101] });
  });

  it('refuses an admin without a kingdom, as the CLI does, and makes no user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: bearer(world.superadmin),
      payload: { username: 'no-kingdom', password: TEST_PASSWORD, role: 'admin', kingdoms: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', error: ADMIN_NEEDS_KINGDOM_MESSAGE });
    const list = await t.app.inject({ url: '/api/auth/users', headers: bearer(world.superadmin) });
    expect(list.json().users.map((u: { username: string }) => u.username)).not.toContain('no-kingdom');
  });

  it.each([
    [{ username: '' }, 'Username and password are required'],
    [{ password: '' }, 'Username and password are required'],
    [{ username: undefined }, 'Username and password are required'],
    [{ username: 'shorty', password: 'short' }, 'Password must be at least 8 characters'],
  ])('refuses %o with 400: %s', async (over, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: bearer(world.superadmin),
      payload: createBody(over),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('refuses a username that is taken (409) and a role that does not exist (400)', async () => {
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: bearer(world.superadmin),
      payload: createBody({ username: 'root' }),
    });
    expect(taken.statusCode).toBe(409);
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: bearer(world.superadmin),
      payload: createBody({ username: 'x-role', role: 'owner' }),
    });
    expect(role.statusCode).toBe(400);
  });

  it('lets only a superadmin create users', async () => {
    for (const caller of [world.kingdomAdmin, world.otherAdmin, null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/users',
        headers: bearer(caller),
        payload: createBody({ username: 'sneaky', role: 'superadmin' }),
      });
      expect(res.statusCode).toBe(caller ? 403 : 401);
    }
    const users = await t.database.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).not.toContain('sneaky');
  });

  it('deletes another user, whose sessions stop working at once', async () => {
    const victim = await createUser(t.database.db, 'leaving', 'admin', [2101]);
    expect((await t.app.inject({ url: '/api/auth/session', headers: bearer(victim) })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/users/${victim.id}`,
      headers: bearer(world.superadmin),
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/session', headers: bearer(victim) })).statusCode).toBe(401);
    expect(await auditActions(t.database.db)).toContain('user.delete');
  });

  it('never deletes the one asking', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/users/${world.superadmin.id}`,
      headers: bearer(world.superadmin),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CANNOT_DELETE_SELF);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/users/999999',
      headers: bearer(world.superadmin),
    });
    expect(res.statusCode).toBe(404);
  });

  it('never deletes the last superadmin', async () => {
    await expect(deleteUser(t.database.db, { id: world.superadmin.id, actorId: null })).rejects.toThrow(
      LAST_SUPERADMIN,
    );
    const still = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', world.superadmin.id)
      .execute();
    expect(still).toHaveLength(1);
  });

  it('lets only one of two superadmins deleting each other at the same moment succeed', async () => {
    const a = await createUser(t.database.db, 'super-a', 'superadmin');
    const b = await createUser(t.database.db, 'super-b', 'superadmin');
    // root is a third superadmin; take it out of the picture so a and b are the last two.
    await deleteUser(t.database.db, { id: world.superadmin.id, actorId: null });
    const results = await Promise.allSettled([
      deleteUser(t.database.db, { id: b.id, actorId: a.id }),
      deleteUser(t.database.db, { id: a.id, actorId: b.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(AppError);
    expect((failed.reason as AppError).message).toBe(LAST_SUPERADMIN);
    const left = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'superadmin')
      .execute();
    expect(left).toHaveLength(1);
  });
});
