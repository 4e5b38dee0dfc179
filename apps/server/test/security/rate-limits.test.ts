import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureCounter, TOO_MANY_ATTEMPTS } from '../../src/plugins/rate-limit.ts';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('rate limit on wrong kd/code pairs', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { wrongCodePerAddress: 5, windowMs: 60_000 } });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, remoteAddress, headers });

  it('answers 429 with a clear sentence after too many wrong codes, even for the right code', async () => {
    const ip = '10.9.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await get(`/api/settings/2101/guess-${i}xx`, ip);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await get('/api/settings/2101/code-2101', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', error: TOO_MANY_ATTEMPTS });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The demo link and code-in-body calls are covered too.
    expect((await get('/api/demo/some-secret', ip)).statusCode).toBe(429);
    const warm = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/update-tables',
      remoteAddress: ip,
      payload: { kd: 2101, code: 'code-2101' },
    });
    expect(warm.statusCode).toBe(429);
    // Routes without a code are not affected, nor are other addresses.
    expect((await get('/api/health', ip)).statusCode).toBe(200);
    expect((await get('/api/settings/2101/code-2101', '10.9.0.2')).statusCode).toBe(200);
  });

  it('counts wrong codes sent in the body and wrong demo secrets', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/update-tables',
        remoteAddress: ip,
        payload: { kd: 2101, code: `nope-${i}` },
      });
      expect(res.statusCode).toBe(404);
    }
    for (let i = 0; i < 2; i++) expect((await get(`/api/demo/guess-${i}`, ip)).statusCode).toBe(404);
    expect((await get('/api/settings/2101/code-2101', ip)).statusCode).toBe(429);
  });

  it('covers the admin routes addressed by a code', async () => {
    const ip = '10.9.2.1';
    for (let i = 0; i < 5; i++) {
      expect(
        (await get(`/api/admin/kingdoms/2101/wrong-${i}`, ip, bearer(world.superadmin))).statusCode,
      ).toBe(404);
    }
    expect((await get('/api/admin/kingdoms/2101/code-2101', ip, bearer(world.superadmin))).statusCode).toBe(
      429,
    );
  });

  it('believes X-Forwarded-For only from a trusted proxy (loopback by default)', async () => {
    // A client talking directly cannot pick a fresh address per guess.
    const ip = '10.9.3.1';
    for (let i = 0; i < 5; i++) {
      await get(`/api/settings/2101/wrong-${i}`, ip, { 'x-forwarded-for': `192.0.2.${i}` });
    }
    expect(
      (await get('/api/settings/2101/code-2101', ip, { 'x-forwarded-for': '192.0.2.99' })).statusCode,
    ).toBe(429);
    // Through a local proxy, each forwarded client has its own count.
    for (let i = 0; i < 5; i++) {
      await get(`/api/settings/2101/wrong-${i}`, '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' });
    }
    expect(
      (await get('/api/settings/2101/code-2101', '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }))
        .statusCode,
    ).toBe(429);
    expect(
      (await get('/api/settings/2101/code-2101', '127.0.0.1', { 'x-forwarded-for': '198.51.100.8' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('FailureCounter', () => {
  it('blocks at the limit, lets go when the window ends, and stays bounded', () => {
    let now = 1_000;
    const counter = new FailureCounter(2, 100, 3, () => now);
    counter.fail('a');
    expect(counter.blockedFor('a')).toBe(0);
    counter.fail('a');
    expect(counter.blockedFor('a')).toBe(100);
    now += 101;
    expect(counter.blockedFor('a')).toBe(0);
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) counter.fail(key);
    // Full at 3 keys: the oldest went first.
    counter.fail('k5');
    expect(counter.blockedFor('k5')).toBeGreaterThan(0);
    expect(counter.blockedFor('k1')).toBe(0);
  });
});
