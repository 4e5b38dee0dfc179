import { errorBodySchema, kingdomHomeResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../src/auth/sessions.ts';
import { kingdomHome } from '../../src/features/kingdom-home/service.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { addKvkSeason } from '../../src/features/kvk/service.ts';
import { addUser } from '../../src/features/users/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const KD = 5001;
const OTHER_KD = 5002;
const EMPTY_KD = 5003;

const KVK_6 = {
  kvk_number: 6,
  open_time: at('2026-06-01T00:00:00Z'),
  close_time: at('2026-07-20T00:00:00Z'),
};
const KVK_7 = {
  kvk_number: 7,
  open_time: at('2026-11-12T14:00:00Z'),
  close_time: at('2027-01-06T14:00:00Z'),
};

describe('kingdom home', () => {
  let t: TestApp;
  const tokens = { member: '', outsider: '', superadmin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    await addKingdom(db, { kd: KD, code: 'home-code', name: 'Home Realm' });
    await addKingdom(db, { kd: OTHER_KD, code: 'other-code' });
    await addKingdom(db, { kd: EMPTY_KD, code: 'empty-code' });
    for (const season of [KVK_6, KVK_7]) {
      await addKvkSeason(db, {
        kd: KD,
        kvkNumber: season.kvk_number,
        openTime: season.open_time,
        closeTime: season.close_time,
      });
    }
    const member = await addUser(db, {
      username: 'member',
      password: 'password-1',
      role: 'admin',
      kingdoms: [KD],
    });
    const outsider = await addUser(db, {
      username: 'outsider',
      password: 'password-2',
      role: 'admin',
      kingdoms: [OTHER_KD],
    });
    const superadmin = await addUser(db, {
      username: 'root',
      password: 'password-3',
      role: 'superadmin',
      kingdoms: [],
    });
    tokens.member = await createSession(db, member.id);
    tokens.outsider = await createSession(db, outsider.id);
    tokens.superadmin = await createSession(db, superadmin.id);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (kd: number, token?: string) =>
    t.app.inject({ url: `/api/kdhome/${kd}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

  describe('the status at a given time', () => {
    const home = (now: string, kd = KD) => kingdomHome(t.database.db, kd, at(now));

    it('is active while a season is open, from its open time to just before its close time', async () => {
      for (const now of ['2026-11-12T14:00:00Z', '2026-11-22T07:00:00Z', '2027-01-06T13:59:59Z']) {
        expect((await home(now)).kvk_info, now).toEqual({ status: 'active', current_kvk: KVK_7 });
      }
    });

    it('is offseason before the next season opens, showing the next one', async () => {
      expect((await home('2026-11-12T13:59:59Z')).kvk_info).toEqual({
        status: 'offseason',
        current_kvk: KVK_7,
      });
      expect((await home('2026-08-01T00:00:00Z')).kvk_info).toEqual({
        status: 'offseason',
        current_kvk: KVK_7,
      });
    });

    it('is offseason after the last season closed, showing the last one', async () => {
      expect((await home('2027-01-06T14:00:00Z')).kvk_info).toEqual({
        status: 'offseason',
        current_kvk: KVK_7,
      });
    });

    it('is offseason without any KvK for a kingdom with no seasons', async () => {
      expect(await home('2026-11-22T07:00:00Z', EMPTY_KD)).toEqual({
        kd: EMPTY_KD,
        name: null,
        code: 'empty-code',
        kvk_info: { status: 'offseason', current_kvk: null },
      });
    });
  });

  describe('over HTTP', () => {
    it('answers a signed-in user of the kingdom', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T07:00:00Z'));
      const res = await get(KD, tokens.member);
      expect(res.statusCode).toBe(200);
      expect(kingdomHomeResponseSchema.parse(res.json())).toEqual({
        kd: KD,
        name: 'Home Realm',
        code: 'home-code',
        kvk_info: { status: 'active', current_kvk: KVK_7 },
      });
    });

    it('answers offseason over HTTP between seasons', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-09-01T00:00:00Z'));
      const res = await get(KD, tokens.member);
      expect(res.json().kvk_info).toEqual({ status: 'offseason', current_kvk: KVK_7 });
    });

    it('answers a superadmin for any kingdom, with that kingdom’s home', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T07:00:00Z'));
      const own = await get(KD, tokens.superadmin);
      expect(own.statusCode).toBe(200);
      expect(kingdomHomeResponseSchema.parse(own.json())).toEqual({
        kd: KD,
        name: 'Home Realm',
        code: 'home-code',
        kvk_info: { status: 'active', current_kvk: KVK_7 },
      });
      const other = await get(OTHER_KD, tokens.superadmin);
      expect(other.statusCode).toBe(200);
      expect(kingdomHomeResponseSchema.parse(other.json())).toEqual({
        kd: OTHER_KD,
        name: null,
        code: 'other-code',
        kvk_info: { status: 'offseason', current_kvk: null },
      });
    });

    it('answers 401 when signed out or with an unknown token', async () => {
      for (const token of [undefined, 'not-a-session']) {
        const res = await get(KD, token);
        expect(res.statusCode).toBe(401);
        expect(errorBodySchema.parse(res.json()).code).toBe('UNAUTHORIZED');
      }
    });

    it('answers 403 to a user of another kingdom', async () => {
      const res = await get(KD, tokens.outsider);
      expect(res.statusCode).toBe(403);
      expect(errorBodySchema.parse(res.json()).code).toBe('FORBIDDEN');
    });

    it('answers 404 for a kingdom that does not exist (superadmin), 403 for others', async () => {
      expect((await get(9999, tokens.superadmin)).statusCode).toBe(404);
      expect((await get(9999, tokens.member)).statusCode).toBe(403);
    });
  });
});
