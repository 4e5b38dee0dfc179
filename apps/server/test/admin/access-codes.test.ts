import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as uniqueAccessCodes } from '../../src/db/migrations/0006_unique_access_codes.ts';
import type { Database } from '../../src/db/schema.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

const codeOf = async (db: Kysely<Database>, kd: number) =>
  (await db.selectFrom('kingdoms').select('access_code').where('kd', '=', kd).executeTakeFirstOrThrow())
    .access_code;

describe('migration 0006: access codes unique across kingdoms', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('leaves a shared code with the lowest kd, gives the others new random codes, and then refuses duplicates', async () => {
    const db = database.db;
    // An installation from before 0006: the index is not there yet and three kingdoms share one code.
    await db.schema.dropIndex('kingdoms_access_code_unique').execute();
    for (const [kd, code] of [
      [10, 'shared-code'],
      [5, 'shared-code'],
      [7, 'shared-code'],
      [8, 'own-code'],
    ] as const) {
      await db
        .insertInto('kingdoms')
        .values({ kd, access_code: code, name: null, settings_json: '{}', created_at: 1 })
        .execute();
    }
    await uniqueAccessCodes(db as unknown as Kysely<unknown>);

    expect(await codeOf(db, 5)).toBe('shared-code');
    expect(await codeOf(db, 8)).toBe('own-code');
    const renewed = [await codeOf(db, 7), await codeOf(db, 10)];
    for (const code of renewed) expect(code).toMatch(/^[a-z2-9]{12}$/);
    expect(new Set(renewed).size).toBe(2);
    // Their admins see why on the admin page's recent changes.
    const audit = await db
      .selectFrom('audit_log')
      .select(['kingdom_kd', 'action'])
      .where('action', '=', 'kingdom.code.rotate')
      .orderBy('kingdom_kd')
      .execute();
    expect(audit).toEqual([
      { kingdom_kd: 7, action: 'kingdom.code.rotate' },
      { kingdom_kd: 10, action: 'kingdom.code.rotate' },
    ]);
    await expect(
      db
        .insertInto('kingdoms')
        .values({ kd: 11, access_code: 'own-code', name: null, settings_json: '{}', created_at: 1 })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('choosing an access code another kingdom uses', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({
      loginEnabled: true,
      rateLimits: { wrongCodePerAddress: 3, wrongCodePerPair: 3, wrongCodePerKingdom: 10_000 },
    });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const choose = async (code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/2101/${await world.codeOf(2101)}/code`,
      headers: bearer(world.kingdomAdmin),
      remoteAddress,
      payload: { code },
    });

  it('answers exactly as for any other code that cannot be used, and changes nothing', async () => {
    const taken = await choose('code-2102', '10.40.0.1');
    const reserved = await choose('rally-token', '10.40.0.2');
    expect(taken.statusCode).toBe(400);
    expect(reserved.statusCode).toBe(400);
    const text = (res: typeof taken, code: string) => res.body.replaceAll(code, '<code>');
    expect(text(taken, 'code-2102')).toBe(text(reserved, 'rally-token'));
    expect(taken.json().error).toBe(
      '"code-2102" cannot be an access code; choose another, or leave it empty for a random one',
    );
    expect(await world.codeOf(2101)).toBe('code-2101');
    expect(await world.codeOf(2102)).toBe('code-2102');
  });

  it('counts each refused choice as a wrong guess, so probing for codes is rate-limited', async () => {
    await addKingdom(t.database.db, { kd: 2103, code: 'code-2103' });
    const ip = '10.40.1.1';
    for (const guess of ['code-2102', 'code-2103', 'rally-token']) {
      expect((await choose(guess, ip)).statusCode).toBe(400);
    }
    // Three refused choices (the test's limit): the address is blocked from code calls, a free code included.
    expect((await choose('free-code-1', ip)).statusCode).toBe(429);
    expect((await choose('free-code-1', '10.40.1.2')).statusCode).toBe(200);
  });

  it('refuses a superadmin adding a kingdom with a taken code the same way', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/kingdoms',
      headers: bearer(world.superadmin),
      payload: { kd: 2199, code: 'code-2102' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/cannot be an access code/);
    await expect(addKingdom(t.database.db, { kd: 2198, code: 'CODE-2102' })).rejects.toThrow(
      /cannot be an access code/,
    );
  });

  it('lets update-tables find the kingdom by its code alone, and says nothing about other kingdoms', async () => {
    const byCode = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/update-tables',
      remoteAddress: '10.40.2.1',
      payload: { code: 'code-2102' },
    });
    expect(byCode.statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/update-tables',
      remoteAddress: '10.40.2.1',
      payload: { code: 'nobody-has-this' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Kingdom not found');
  });
});
