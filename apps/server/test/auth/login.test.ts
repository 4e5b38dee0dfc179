import { LOGIN_DISABLED_MESSAGE, loginResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_LIFETIME_SECONDS } from '../../src/auth/sessions.ts';
import { SESSION_EXPIRED, SIGN_IN_REQUIRED } from '../../src/plugins/auth.ts';
import { TOO_MANY_SIGN_INS } from '../../src/plugins/rate-limit.ts';
import { nowSeconds } from '../../src/time.ts';
import {
  type AuthWorld,
  auditActions,
  bearer,
  createAuthWorld,
  TEST_PASSWORD,
} from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

function login(t: TestApp, username: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
  });
}

describe('sign-in while LOGIN_ENABLED is off (the default)', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  it('refuses even right credentials with SPEC’s sentence, and creates no session', async () => {
    const before = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    const res = await login(t, world.superadmin.username, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', error: LOGIN_DISABLED_MESSAGE });
    const after = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(after).toHaveLength(before.length);
  });

  it('says so in the public config', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ loginEnabled: false });
  });
});

describe('sign-in with LOGIN_ENABLED=true', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({ loginEnabled: true });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  it('answers {token, user, kingdoms}; the token works and only its hash is stored', async () => {
    const res = await login(t, world.kingdomAdmin.username, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    expect(body.user).toEqual({
      id: world.kingdomAdmin.id,
      username: world.kingdomAdmin.username,
      role: 'admin',
      kingdoms: [world.kd],
    });
    // An admin is given their own kingdoms, with the code the admin pages link with.
    expect(body.kingdoms).toEqual([{ kd: world.kd, name: 'Home', code: `code-${world.kd}` }]);
    expect(body.expiresAt).toBeGreaterThan(nowSeconds() + SESSION_LIFETIME_SECONDS - 60);
    expect(res.body).not.toContain('scrypt');

    const stored = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === body.token)).toBe(false);

    const session = await t.app.inject({ url: '/api/auth/session', headers: bearer(body) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { username: world.kingdomAdmin.username, role: 'admin' } });
  });

  it('gives a superadmin every kingdom', async () => {
    const body = loginResponseSchema.parse((await login(t, world.superadmin.username, TEST_PASSWORD)).json());
    expect(body.user.role).toBe('superadmin');
    expect(body.kingdoms.map((k) => k.kd)).toEqual([world.kd, world.otherKd]);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await login(t, world.superadmin.username, 'not the password', '10.0.0.1');
    const unknown = await login(t, 'nobody-here', TEST_PASSWORD, '10.0.0.1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Invalid username or password');
    }
  });

  it('asks for both username and password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Username and password are required');
  });

  it('writes the sign-in to the audit log', async () => {
    expect(await auditActions(t.database.db)).toContain('auth.login');
  });

  it('revokes the session on sign-out, on the server', async () => {
    const { token } = loginResponseSchema.parse(
      (await login(t, world.otherAdmin.username, TEST_PASSWORD)).json(),
    );
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer({ token }) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/admin/kingdoms', headers: bearer({ token }) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(SESSION_EXPIRED);
    expect(await auditActions(t.database.db)).toContain('auth.logout');
  });

  it('signs out without a session too, so the browser can always clear its storage', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    const none = await t.app.inject({ url: '/api/auth/session' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe(SIGN_IN_REQUIRED);
  });

  it('does not accept an expired session, and sign-in clears expired ones away', async () => {
    const db = t.database.db;
    const longAgo = nowSeconds() - SESSION_LIFETIME_SECONDS - 60;
    const token = await createSession(db, world.superadmin.id, longAgo);
    const res = await t.app.inject({ url: '/api/auth/users', headers: bearer({ token }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(SESSION_EXPIRED);

    const expired = () =>
      db.selectFrom('sessions').select('token_hash').where('expires_at', '<=', nowSeconds()).execute();
    expect(await expired()).toHaveLength(1);
    await login(t, world.superadmin.username, TEST_PASSWORD);
    expect(await expired()).toHaveLength(0);
  });

  it('does not accept a made-up token', async () => {
    const res = await t.app.inject({ url: '/api/auth/users', headers: { authorization: 'Bearer made-up' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('sign-in rate limits', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({
      loginEnabled: true,
      rateLimits: { signInPerAddress: 3, signInPerUsername: 5, windowMs: 60_000 },
    });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  it('refuses an address after too many failures, with 429, a clear sentence and Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(t, 'root', `wrong-${i}`, '10.1.1.1')).statusCode).toBe(401);
    const refused = await login(t, world.superadmin.username, TEST_PASSWORD, '10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', error: TOO_MANY_SIGN_INS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(t, world.kingdomAdmin.username, TEST_PASSWORD, '10.1.1.2')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    for (let i = 0; i < 3; i++) {
      const wrong = await login(t, `nobody-${i}`, 'wrong', `2001:db8:5:9::${i + 1}`);
      expect(wrong.statusCode).toBe(401);
    }
    const refused = await login(t, world.kingdomAdmin.username, TEST_PASSWORD, '2001:db8:5:9:1:2:3:4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', error: TOO_MANY_SIGN_INS });
  });

  it('refuses a username guessed at from many addresses', async () => {
    const target = world.otherAdmin.username;
    for (let i = 0; i < 5; i++) {
      expect((await login(t, target, `wrong-${i}`, `10.2.0.${i + 1}`)).statusCode).toBe(401);
    }
    const refused = await login(t, target, TEST_PASSWORD, '10.2.0.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(TOO_MANY_SIGN_INS);
  });
});
