/**
 * Several server processes on one database (docs/operations.md, "More than one process"): two app instances, each
 * with its own database connection, share their rate-limit counters through the database or Redis, so a guesser
 * spreading wrong codes or sign-ins over both is refused by both. Redis is tried when TEST_REDIS_URL is set, as
 * PostgreSQL is by TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settingsResponseSchema } from '@kingdom-stats/core/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { rateLimitStoreSetting } from '../../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import {
  type CounterStore,
  DatabaseCounterStore,
  MemoryCounterStore,
} from '../../src/plugins/counter-store.ts';
import { TOO_MANY_ATTEMPTS, TOO_MANY_SIGN_INS } from '../../src/plugins/rate-limit.ts';
import { RedisCounterStore } from '../../src/plugins/redis-counter-store.ts';
import { createAuthWorld } from '../support/auth-world.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-db.ts';

const RIGHT = '/api/settings/2101/code-2101';
const LIMITS = {
  wrongCodePerAddress: 3,
  wrongCodePerPair: 3,
  wrongCodePerKingdom: 10_000,
  signInPerAddress: 2,
  signInPerUsername: 100,
  windowMs: 60_000,
};

type StoreKind = 'memory' | 'database' | 'redis';
const kinds: StoreKind[] = ['memory', 'database', ...(process.env.TEST_REDIS_URL ? ['redis' as const] : [])];

describe.each(kinds)('two app instances counting in %s', (kind) => {
  let sqliteFolder: string | undefined;
  let database: TestDatabase;
  let second: DatabaseHandle;
  const stores: CounterStore[] = [];
  const apps: FastifyInstance[] = [];
  const redisPrefix = `kingdom-stats-test:${randomBytes(6).toString('hex')}:`;

  async function storeFor(handle: DatabaseHandle): Promise<CounterStore> {
    if (kind === 'memory') return new MemoryCounterStore();
    if (kind === 'database') return DatabaseCounterStore.open(handle.db, handle.dialect);
    return RedisCounterStore.open(process.env.TEST_REDIS_URL ?? '', redisPrefix);
  }

  beforeAll(async () => {
    // Two processes on SQLite share a file, never an in-memory database.
    if (testDialect() === 'sqlite') sqliteFolder = mkdtempSync(join(tmpdir(), 'shared-limits-'));
    database = await createTestDatabase(
      sqliteFolder ? { sqliteFile: join(sqliteFolder, 'shared.sqlite') } : {},
    );
    await createAuthWorld(database.db);
    second = createDatabase(database.url);
    for (const handle of [database, second]) {
      const counterStore = await storeFor(handle);
      stores.push(counterStore);
      apps.push(
        await buildApp(
          { loginEnabled: true, logLevel: 'silent', webDistDir: undefined, rateLimits: LIMITS, counterStore },
          handle,
        ),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await second.close();
    await database.drop();
    if (sqliteFolder) rmSync(sqliteFolder, { recursive: true, force: true });
  });

  const get = (app: FastifyInstance, url: string, remoteAddress: string) =>
    app.inject({ url, remoteAddress });
  const signIn = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { username: 'nobody-here', password: 'not-the-password-at-all' },
    });

  it(
    kind === 'memory'
      ? 'counts per process: wrong codes spread over both are not refused (the default, one process)'
      : 'refuses wrong codes spread over both instances on both, even the right code',
    async () => {
      const [first, other] = apps as [FastifyInstance, FastifyInstance];
      const ip = '10.77.0.1';
      expect((await get(first, '/api/settings/2101/guess-1xx', ip)).statusCode).toBe(404);
      expect((await get(other, '/api/settings/2101/guess-2xx', ip)).statusCode).toBe(404);
      expect((await get(first, '/api/settings/2101/guess-3xx', ip)).statusCode).toBe(404);
      const onOther = await get(other, RIGHT, ip);
      const onFirst = await get(first, RIGHT, ip);
      if (kind === 'memory') {
        // Two wrong codes on one, one on the other: neither reached the limit of three.
        for (const answered of [onOther, onFirst]) {
          expect(answered.statusCode).toBe(200);
          // The kingdom's settings, not a refusal dressed as a success.
          expect(settingsResponseSchema.parse(answered.json()).defaultDates).toEqual({
            start: null,
            end: null,
          });
        }
        return;
      }
      for (const blocked of [onOther, onFirst]) {
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', error: TOO_MANY_ATTEMPTS });
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address is not affected.
      const elsewhere = await get(other, RIGHT, '10.77.0.2');
      expect(elsewhere.statusCode).toBe(200);
      expect(settingsResponseSchema.parse(elsewhere.json()).defaultDates).toEqual({ start: null, end: null });
    },
  );

  it(
    kind === 'memory'
      ? 'counts failed sign-ins per process'
      : 'refuses a third failed sign-in on the other instance',
    async () => {
      const [first, other] = apps as [FastifyInstance, FastifyInstance];
      const ip = '10.78.0.1';
      expect((await signIn(first, ip)).statusCode).toBe(401);
      expect((await signIn(other, ip)).statusCode).toBe(401);
      const third = await signIn(other, ip);
      if (kind === 'memory') {
        expect(third.statusCode).toBe(401);
        expect(third.json()).toMatchObject({ code: 'UNAUTHORIZED' });
        return;
      }
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', error: TOO_MANY_SIGN_INS });
      expect((await signIn(first, ip)).statusCode).toBe(429);
    },
  );
});

describe('RATE_LIMIT_STORE and REDIS_URL', () => {
  it('counts in memory unless told otherwise, in Redis when only REDIS_URL is set', () => {
    expect(rateLimitStoreSetting({})).toEqual({ kind: 'memory', redisUrl: undefined });
    expect(rateLimitStoreSetting({ RATE_LIMIT_STORE: 'Database' }).kind).toBe('database');
    expect(rateLimitStoreSetting({ REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual({
      kind: 'redis',
      redisUrl: 'redis://127.0.0.1:6379',
    });
    expect(rateLimitStoreSetting({ REDIS_URL: 'redis://x:6379', RATE_LIMIT_STORE: 'memory' }).kind).toBe(
      'memory',
    );
  });

  it('refuses a store it does not know, and Redis without an address, in words', () => {
    expect(() => rateLimitStoreSetting({ RATE_LIMIT_STORE: 'postgres' })).toThrow(
      'RATE_LIMIT_STORE must be memory, database or redis (got "postgres")',
    );
    expect(() => rateLimitStoreSetting({ RATE_LIMIT_STORE: 'redis' })).toThrow(
      'RATE_LIMIT_STORE=redis needs REDIS_URL',
    );
  });

  it('stops the start with a message when Redis does not answer', async () => {
    await expect(RedisCounterStore.open('redis://127.0.0.1:1')).rejects.toThrow(
      'Redis at REDIS_URL did not answer',
    );
  });
});
