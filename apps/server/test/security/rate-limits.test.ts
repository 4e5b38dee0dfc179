import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseCounterStore, MemoryCounterStore } from '../../src/plugins/counter-store.ts';
import { FailureCounter } from '../../src/plugins/failure-counter.ts';
import { TOO_MANY_ATTEMPTS } from '../../src/plugins/rate-limit.ts';
import { WrongCodeLimiter } from '../../src/plugins/wrong-code-limiter.ts';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

const RIGHT = '/api/settings/2101/code-2101';

describe('rate limit on wrong kd/code pairs', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        wrongCodePerAddress: 5,
        wrongCodePerPair: 5,
        wrongCodePerKingdom: 10_000,
        windowMs: 60_000,
      },
    });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, remoteAddress, headers });

  it('answers 429 with a clear sentence after too many different wrong codes, even for the right code', async () => {
    const ip = '10.9.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await get(`/api/settings/2101/guess-${i}xx`, ip);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await get(RIGHT, ip);
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
    expect((await get(RIGHT, '10.9.0.2')).statusCode).toBe(200);
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
    expect((await get(RIGHT, ip)).statusCode).toBe(429);
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

  it('lets viewers sharing an address in while one of them keeps reloading an old link', async () => {
    const shared = '10.9.4.1';
    for (let i = 0; i < 40; i++) await get('/api/settings/2101/old-code', shared);
    // The stale link itself is refused without touching the database, and still tells nothing new.
    const stale = await get('/api/settings/2101/old-code', shared);
    expect(stale.statusCode).toBe(429);
    // Everyone else behind that address still opens the kingdom, and the neighbour kingdom too.
    expect((await get(RIGHT, shared)).statusCode).toBe(200);
    expect((await get('/api/settings/2102/code-2102', shared)).statusCode).toBe(200);
    // Codes differing only in case or spaces are the same code to the server, so the same repeat.
    expect((await get('/api/settings/2101/OLD-CODE', shared)).statusCode).toBe(429);
  });

  it('counts every address of one IPv6 /64 as one client, and other /64s apart', async () => {
    const before = await get(RIGHT, '2001:db8:7:1::ff');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toHaveProperty('defaultTopFilter');
    // Five different wrong codes, each from another address of the same /64.
    for (let i = 0; i < 5; i++) {
      const res = await get(`/api/settings/2101/six-${i}xx`, `2001:db8:7:1:${i + 1}::${i + 2}`);
      expect(res.statusCode).toBe(404);
    }
    const fromTheSameNetwork = await get(RIGHT, '2001:db8:7:1:dead:beef:0:1');
    expect(fromTheSameNetwork.statusCode).toBe(429);
    expect(fromTheSameNetwork.json()).toMatchObject({ code: 'RATE_LIMITED', error: TOO_MANY_ATTEMPTS });
    const nextNetwork = await get(RIGHT, '2001:db8:7:2::1');
    expect(nextNetwork.statusCode).toBe(200);
    expect(nextNetwork.json()).toHaveProperty('defaultTopFilter');
  });

  it('does not believe X-Forwarded-For by default, from anyone', async () => {
    // A client talking directly cannot pick a fresh address per guess.
    const ip = '10.9.3.1';
    for (let i = 0; i < 5; i++) {
      await get(`/api/settings/2101/wrong-${i}`, ip, { 'x-forwarded-for': `192.0.2.${i}` });
    }
    expect((await get(RIGHT, ip, { 'x-forwarded-for': '192.0.2.99' })).statusCode).toBe(429);
    // Nor through a local proxy that passes the client's own header on: all its clients share 127.0.0.1.
    for (let i = 0; i < 5; i++) {
      await get(`/api/settings/2101/wrong-${i}`, '127.0.0.1', { 'x-forwarded-for': `198.51.100.${i}` });
    }
    expect((await get(RIGHT, '127.0.0.1', { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(429);
  });
});

describe('a kingdom guessed from many addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: { wrongCodePerAddress: 5, wrongCodePerPair: 5, wrongCodePerKingdom: 20 },
    });
    await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, remoteAddress: string) => t.app.inject({ url, remoteAddress });

  it('stops the guesses at the ceiling, sparing viewers who opened the kingdom before and other kingdoms', async () => {
    expect((await get(RIGHT, '10.20.0.1')).statusCode).toBe(200);
    // 20 addresses, one different wrong code each: no address is over its own limit.
    for (let i = 0; i < 20; i++) {
      expect((await get(`/api/settings/2101/spread-${i}`, `10.30.0.${i}`)).statusCode).toBe(404);
    }
    // A fresh address is refused whether its code is right or wrong, so the guesser learns nothing more.
    expect((await get('/api/settings/2101/spread-99', '10.30.1.1')).statusCode).toBe(429);
    expect((await get(RIGHT, '10.30.1.2')).statusCode).toBe(429);
    // The viewer who opened it with the right code keeps access; the neighbour kingdom is not affected.
    expect((await get(RIGHT, '10.20.0.1')).statusCode).toBe(200);
    expect((await get('/api/settings/2102/code-2102', '10.30.1.2')).statusCode).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  const limits = { wrongCodePerAddress: 3, wrongCodePerPair: 3, wrongCodePerKingdom: 10_000 };

  it('keys on the right-most address that is not a trusted proxy', async () => {
    const t = await createTestApp({ trustProxy: ['loopback', '10.0.0.0/8'], rateLimits: limits });
    try {
      await createAuthWorld(t.database.db);
      const viaProxy = (url: string, forwardedFor: string) =>
        t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
      // The client 203.0.113.5 forges a left-most entry on each guess; the proxies (10.1.1.1, then loopback)
      // append what they saw, so its real address is the right-most untrusted one and the forgery is ignored.
      for (let i = 0; i < 3; i++) {
        await viaProxy(`/api/settings/2101/guess-${i}`, `192.0.2.${i}, 203.0.113.5, 10.1.1.1`);
      }
      expect((await viaProxy(RIGHT, '192.0.2.77, 203.0.113.5, 10.1.1.1')).statusCode).toBe(429);
      // Another client behind the same proxies has its own count.
      expect((await viaProxy(RIGHT, '203.0.113.6, 10.1.1.1')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('MemoryCounterStore', () => {
  it('blocks at the limit, lets go when the window ends, and stays bounded', async () => {
    let now = 1_000;
    const counter = new FailureCounter(2, 100, new MemoryCounterStore(3, () => now), 'test');
    expect(await counter.fail('a')).toBe(1);
    expect(await counter.blockedFor('a')).toBe(0);
    expect(await counter.fail('a')).toBe(2);
    expect(await counter.blockedFor('a')).toBe(100);
    now += 101;
    expect(await counter.blockedFor('a')).toBe(0);
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) await counter.fail(key);
    // Full at 3 keys: the oldest went first.
    await counter.fail('k5');
    expect(await counter.blockedFor('k5')).toBeGreaterThan(0);
    expect(await counter.blockedFor('k1')).toBe(0);
  });
});

// The same rules whichever store counts (counter-store.ts); both stores take the injected clock.
describe.each(['memory', 'database'] as const)('WrongCodeLimiter counting in %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('lets each block go when its window ends, and forgets trusted viewers after their time', async () => {
    let now = 0;
    const clock = () => now;
    const store =
      kind === 'memory'
        ? new MemoryCounterStore(50_000, clock)
        : await DatabaseCounterStore.open(database.db, database.dialect, clock);
    const limiter = new WrongCodeLimiter(
      {
        wrongCodePerPair: 2,
        wrongCodePerAddress: 2,
        wrongCodePerKingdom: 3,
        windowMs: 100,
        trustedViewerMs: 1_000,
      },
      store,
    );
    const guess = (code: string, target = 'kd 1') => ({ target, code });
    await limiter.right('viewer', guess('right'));
    await limiter.wrong('a', guess('x'));
    await limiter.wrong('a', guess('x'));
    // The same code twice: that pair is blocked, the address is not (one different code so far).
    expect(await limiter.blockedFor('a', guess('x'))).toBe(100);
    expect(await limiter.blockedFor('a', guess('y'))).toBe(0);
    await limiter.wrong('a', guess('y'));
    expect(await limiter.blockedFor('a', guess('right'))).toBe(100);
    // A third different code from another address reaches the kingdom's ceiling.
    await limiter.wrong('b', guess('z'));
    expect(await limiter.blockedFor('c', guess('right'))).toBe(100);
    expect(await limiter.blockedFor('viewer', guess('right'))).toBe(0);
    expect(await limiter.blockedFor('c', guess('right', 'kd 2'))).toBe(0);
    now = 101;
    expect(await limiter.blockedFor('a', guess('x'))).toBe(0);
    expect(await limiter.blockedFor('c', guess('right'))).toBe(0);
    // Past its time, the viewer is one address among others again.
    now = 1_001;
    for (const code of ['p', 'q', 'r']) await limiter.wrong(`g-${code}`, guess(code));
    expect(await limiter.blockedFor('viewer', guess('right'))).toBeGreaterThan(0);
  });
});
