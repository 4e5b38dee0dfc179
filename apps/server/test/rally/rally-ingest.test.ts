import { errorBodySchema, rallyEventsResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashToken } from '../../src/auth/sessions.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { rallyData } from '../../src/features/rally/service.ts';
import { addUser } from '../../src/features/users/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { at, NOW } from './rally-fixture.ts';

const KD = 3001;
const OTHER_KD = 3002;

describe('rally ingestion', () => {
  let t: TestApp;
  /** Bearer tokens of signed-in users. */
  const sessions: Record<'admin' | 'otherAdmin' | 'superadmin', string> = {
    admin: '',
    otherAdmin: '',
    superadmin: '',
  };

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    await addKingdom(db, { kd: KD, code: 'ingest-code' });
    await addKingdom(db, { kd: OTHER_KD, code: 'other-code' });
    const users = {
      admin: await addUser(db, { username: 'leader', password: 'password-1', role: 'admin', kingdoms: [KD] }),
      otherAdmin: await addUser(db, {
        username: 'other',
        password: 'password-2',
        role: 'admin',
        kingdoms: [OTHER_KD],
      }),
      superadmin: await addUser(db, {
        username: 'root',
        password: 'password-3',
        role: 'superadmin',
        kingdoms: [],
      }),
    };
    for (const key of Object.keys(users) as (keyof typeof users)[]) {
      sessions[key] = await createSession(db, users[key].id);
    }
  });
  afterAll(() => t.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  async function rotate(kd: number, who: keyof typeof sessions) {
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${kd}/rally-token`,
      headers: auth(sessions[who]),
    });
  }

  async function post(kd: number, token: string | null, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: `/api/rally/${kd}/events`,
      headers: token === null ? {} : auth(token),
      payload: payload as Record<string, unknown>,
    });
  }

  async function storedCounts(kd = KD) {
    const { db } = t.database;
    const rallies = await db
      .selectFrom('rallies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kingdom_kd', '=', kd)
      .executeTakeFirstOrThrow();
    const joins = await db
      .selectFrom('rally_participants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kingdom_kd', '=', kd)
      .executeTakeFirstOrThrow();
    return { rallies: Number(rallies.n), joins: Number(joins.n) };
  }

  const thisWeek = (kd = KD) =>
    rallyData(t.database.db, kd, { date_filter: 'this_week', page: 1, pageSize: 50 }, NOW);

  const twoRallies = {
    rallies: [
      {
        // A Discord snowflake: beyond 2^53, so it travels as a string.
        rally_id: '1440000000000000001',
        launched_at: at('2026-11-17T10:00:00Z'),
        launcher: { id: 501, name: 'Leader' },
        participants: [
          { id: 502, name: 'Joiner A' },
          { id: '503', name: 'Joiner B' },
        ],
      },
      {
        rally_id: 77,
        launched_at: '2026-11-18T09:30:00Z',
        launcher: { id: 502, name: 'Joiner A' },
        // The launcher listed among participants is left out: launching is counted apart.
        participants: [
          { id: 502, name: 'Joiner A' },
          { id: 501, name: 'Leader' },
        ],
      },
    ],
  };

  describe('the token', () => {
    it('is created by an admin of the kingdom, shown once and stored hashed', async () => {
      const before = await t.app.inject({
        url: `/api/admin/kingdoms/${KD}/rally-token`,
        headers: auth(sessions.admin),
      });
      expect(before.json()).toEqual({ exists: false, createdAt: null });

      const res = await rotate(KD, 'admin');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { token, createdAt } = res.json() as { token: string; createdAt: number };
      expect(token).toMatch(/^ksr_[A-Za-z0-9_-]{43}$/);

      const row = await t.database.db
        .selectFrom('rally_tokens')
        .selectAll()
        .where('kingdom_kd', '=', KD)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(hashToken(token));
      expect(row.token_hash).not.toContain(token);

      const status = await t.app.inject({
        url: `/api/admin/kingdoms/${KD}/rally-token`,
        headers: auth(sessions.admin),
      });
      expect(status.json()).toEqual({ exists: true, createdAt });
    });

    it('writes each rotation to the audit log, without the token', async () => {
      const res = await rotate(KD, 'superadmin');
      expect(res.statusCode).toBe(200);
      const { token } = res.json() as { token: string };
      const entries = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'rally.token.rotate')
        .where('kingdom_kd', '=', KD)
        .orderBy('id')
        .execute();
      expect(entries).toHaveLength(2);
      expect(entries[0]!.before_json).toBeNull();
      expect(entries[1]!.before_json).not.toBeNull();
      expect(entries.every((e) => e.user_id !== null)).toBe(true);
      expect(JSON.stringify(entries)).not.toContain(token);
      expect(JSON.stringify(entries)).not.toContain(hashToken(token));
    });

    it('is refused to the signed-out, to admins of other kingdoms, and 404 for an unknown kingdom', async () => {
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/admin/kingdoms/${KD}/rally-token` })).statusCode,
      ).toBe(401);
      expect((await t.app.inject(`/api/admin/kingdoms/${KD}/rally-token`)).statusCode).toBe(401);
      expect((await rotate(KD, 'otherAdmin')).statusCode).toBe(403);
      expect(
        (
          await t.app.inject({
            url: `/api/admin/kingdoms/${KD}/rally-token`,
            headers: auth(sessions.otherAdmin),
          })
        ).statusCode,
      ).toBe(403);
      const unknown = await rotate(9999, 'superadmin');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe('Kingdom not found');
    });
  });

  describe('events', () => {
    let token = '';
    beforeAll(async () => {
      token = ((await rotate(KD, 'admin')).json() as { token: string }).token;
    });

    it('stores rallies posted with the good token', async () => {
      const res = await post(KD, token, twoRallies);
      expect(res.statusCode).toBe(200);
      expect(rallyEventsResponseSchema.parse(res.json())).toEqual({ accepted: 2, created: 2, updated: 0 });
      // Three joins: Joiner A and B in the first rally; nobody but the launcher's own listing in the second.
      expect(await storedCounts()).toEqual({ rallies: 2, joins: 3 });
      const week = await thisWeek();
      expect(week.summaryStats).toEqual({ total_rallies: 2, total_participants: 3, average_per_day: 0.7 });
      expect(
        week.rallyData.map((r) => [r.participant_id, r.total_rallies, r.total_joined, r.total_launched]),
      ).toEqual([
        [502, 2, 1, 1],
        [501, 2, 1, 1],
        [503, 1, 1, 0],
      ]);
      const stored = await t.database.db
        .selectFrom('rallies')
        .select(['rally_id', 'launched_at'])
        .where('kingdom_kd', '=', KD)
        .orderBy('launched_at')
        .execute();
      expect(stored.map((r) => [r.rally_id, Number(r.launched_at)])).toEqual([
        ['1440000000000000001', at('2026-11-17T10:00:00Z')],
        ['77', at('2026-11-18T09:30:00Z')],
      ]);
    });

    it('counts a rally posted twice once', async () => {
      const res = await post(KD, token, twoRallies);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: 2, created: 0, updated: 2 });
      expect(await storedCounts()).toEqual({ rallies: 2, joins: 3 });
      expect((await thisWeek()).summaryStats.total_rallies).toBe(2);
    });

    it('replaces the participants of a rally sent again', async () => {
      const first = twoRallies.rallies[0]!;
      const res = await post(KD, token, {
        rallies: [{ ...first, participants: [{ id: 504, name: 'Late Joiner' }] }],
      });
      expect(res.json()).toEqual({ accepted: 1, created: 0, updated: 1 });
      const joiners = await t.database.db
        .selectFrom('rally_participants')
        .select('governor_id')
        .where('kingdom_kd', '=', KD)
        .where('rally_id', '=', String(first.rally_id))
        .execute();
      expect(joiners.map((j) => Number(j.governor_id))).toEqual([504]);
      await post(KD, token, twoRallies);
    });

    it('answers 401 without a token, with a wrong one, and with another kingdom’s', async () => {
      const other = ((await rotate(OTHER_KD, 'otherAdmin')).json() as { token: string }).token;
      for (const [given, detail] of [
        [null, /required/],
        ['ksr_wrong', /not valid/],
        [other, /not valid/],
        [sessions.admin, /not valid/],
      ] as const) {
        const res = await post(KD, given, twoRallies);
        expect(res.statusCode).toBe(401);
        expect(errorBodySchema.parse(res.json()).detail).toMatch(detail);
      }
      // A kingdom without a token, or that does not exist, refuses everyone alike.
      expect((await post(9999, token, twoRallies)).statusCode).toBe(401);
      // The token is checked before the body: a caller without one learns nothing about the format.
      expect((await post(KD, 'ksr_wrong', { nonsense: true })).statusCode).toBe(401);
    });

    it('refuses a bad payload with a 400 naming the field, and stores nothing of it', async () => {
      const before = await storedCounts();
      const good = twoRallies.rallies[0]!;
      const fresh = { ...good, rally_id: 'fresh-1' };
      const cases: [unknown, string][] = [
        [
          { rallies: [fresh, { ...good, rally_id: 'fresh-2', launched_at: 'yesterday' }] },
          'body.rallies.1.launched_at',
        ],
        [{ rallies: [{ ...fresh, launcher: { id: 501 } }] }, 'body.rallies.0.launcher.name'],
        [{ rallies: [{ ...fresh, launcher: { id: 'abc', name: 'X' } }] }, 'body.rallies.0.launcher.id'],
        [
          { rallies: [{ ...fresh, participants: [{ id: -4, name: 'Neg' }] }] },
          'body.rallies.0.participants.0.id',
        ],
        [
          {
            rallies: [
              {
                ...fresh,
                participants: [
                  { id: 9, name: 'A' },
                  { id: 9, name: 'A again' },
                ],
              },
            ],
          },
          'body.rallies.0.participants.1.id',
        ],
        [{ rallies: [fresh, fresh] }, 'body.rallies.1.rally_id'],
        [{ rallies: [{ ...fresh, rally_id: 2 ** 60 }] }, 'body.rallies.0.rally_id'],
        [{ rallies: [{ ...fresh, rally_id: 'has space' }] }, 'body.rallies.0.rally_id'],
        [{ rallies: [{ ...fresh, launched_at: 1763_400_000_000 }] }, 'body.rallies.0.launched_at'],
        [{ rallies: [] }, 'body.rallies'],
        [
          { rallies: Array.from({ length: 501 }, (_, i) => ({ ...fresh, rally_id: `bulk-${i}` })) },
          'body.rallies',
        ],
        [{}, 'body.rallies'],
      ];
      for (const [payload, path] of cases) {
        const res = await post(KD, token, payload);
        expect(res.statusCode, path).toBe(400);
        const body = errorBodySchema.parse(res.json());
        expect(
          body.issues?.map((i) => i.path),
          JSON.stringify(body),
        ).toContain(path);
        // The sentence names the field in words ('launched at'); the exact path is in `issues` for the bot's author.
        expect(body.detail).toContain(path.split('.').at(-1)!.replace(/_/g, ' '));
      }
      expect(await storedCounts()).toEqual(before);
    });

    it('refuses a body that is not JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/rally/${KD}/events`,
        headers: { ...auth(token), 'content-type': 'application/json' },
        payload: '{"rallies": [',
      });
      expect(res.statusCode).toBe(400);
    });

    it('stops accepting the old token once rotated', async () => {
      const rotated = ((await rotate(KD, 'admin')).json() as { token: string }).token;
      expect((await post(KD, token, twoRallies)).statusCode).toBe(401);
      expect((await post(KD, rotated, twoRallies)).statusCode).toBe(200);
      token = rotated;
    });
  });
});
