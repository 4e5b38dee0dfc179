import { adminKingdomResponseSchema, adminKingdomsResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('Kingdom Management and the per-kingdom settings', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const page = async (who = world.kingdomAdmin, kd = world.kd) => {
    const res = await t.app.inject({
      url: `/api/admin/kingdoms/${kd}/${await world.codeOf(kd)}`,
      headers: bearer(who),
    });
    expect(res.statusCode).toBe(200);
    return adminKingdomResponseSchema.parse(res.json());
  };
  const post = async (path: string, payload: unknown, who = world.kingdomAdmin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}${path}`,
      headers: bearer(who),
      payload: payload as Record<string, unknown>,
    });

  describe('the kingdom list', () => {
    it('shows a superadmin every kingdom with SPEC’s columns', async () => {
      const res = await t.app.inject({ url: '/api/admin/kingdoms', headers: bearer(world.superadmin) });
      expect(res.statusCode).toBe(200);
      expect(adminKingdomsResponseSchema.parse(res.json()).kingdoms).toEqual([
        { kdno: 2101, data_tablename: 'governor_stats (kd 2101)', code: 'code-2101', name: 'Home', scans: 0 },
        {
          kdno: 2102,
          data_tablename: 'governor_stats (kd 2102)',
          code: 'code-2102',
          name: 'Neighbour',
          scans: 0,
        },
      ]);
    });

    it('shows an admin only the kingdoms they administer', async () => {
      const res = await t.app.inject({ url: '/api/admin/kingdoms', headers: bearer(world.otherAdmin) });
      expect(res.json().kingdoms.map((k: { kdno: number }) => k.kdno)).toEqual([2102]);
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ url: '/api/admin/kingdoms' })).statusCode).toBe(401);
    });

    it('lets a superadmin add a kingdom, with a random access code when none is given', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/kingdoms',
        headers: bearer(world.superadmin),
        payload: { kd: 2190, name: 'Fresh' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().code).toMatch(/^[a-z2-9]{12}$/);
      const admin = await t.app.inject({
        method: 'POST',
        url: '/api/admin/kingdoms',
        headers: bearer(world.kingdomAdmin),
        payload: { kd: 2191 },
      });
      expect(admin.statusCode).toBe(403);
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/admin/kingdoms',
        headers: bearer(world.superadmin),
        payload: { kd: 2190 },
      });
      expect(taken.statusCode).toBe(409);
    });
  });

  describe('one kingdom', () => {
    it('answers everything the page shows', async () => {
      const body = await page();
      expect(body.kingdom).toMatchObject({ kd: 2101, name: 'Home', code: 'code-2101' });
      expect(body.settings).toEqual({
        defaultTopFilter: null,
        defaultDates: { start: null, end: null },
        // Shown unless turned off; the dashboard shows it only when the kingdom has autarch scans.
        showAutarchSwitcher: true,
      });
      expect(body).toMatchObject({ camps: [], seasons: [], scans: [], prekvk: [], hoh: [] });
    });

    it('answers 404 for a wrong code and 403 to an admin of another kingdom whatever the code', async () => {
      const wrong = await t.app.inject({
        url: '/api/admin/kingdoms/2101/not-the-code',
        headers: bearer(world.kingdomAdmin),
      });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().error).toBe('Kingdom not found');
      for (const code of ['code-2101', 'not-the-code']) {
        const other = await t.app.inject({
          url: `/api/admin/kingdoms/2101/${code}`,
          headers: bearer(world.otherAdmin),
        });
        expect(other.statusCode).toBe(403);
      }
    });

    it('renames the kingdom', async () => {
      const res = await post('/name', { name: '  Northern Lights ' });
      expect(res.statusCode).toBe(200);
      expect((await page()).kingdom.name).toBe('Northern Lights');
    });

    it('saves the autarch switch and the dashboard defaults, keeping other keys', async () => {
      await t.database.db
        .updateTable('kingdoms')
        .set({ settings_json: JSON.stringify({ somebodyElses: 1 }) })
        .where('kd', '=', 2101)
        .execute();
      const res = await post('/settings', {
        settings: { showAutarchSwitcher: false, defaultTopFilter: 300 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings).toEqual({
        defaultTopFilter: 300,
        defaultDates: { start: null, end: null },
        showAutarchSwitcher: false,
      });
      const stored = await t.database.db
        .selectFrom('kingdoms')
        .select('settings_json')
        .where('kd', '=', 2101)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.settings_json)).toEqual({
        somebodyElses: 1,
        showAutarchSwitcher: false,
        defaultTopFilter: 300,
      });
      expect(await auditActions(t.database.db, 2101)).toContain('kingdom.settings');
    });

    it('takes SPEC’s POST /settings/{kd}/{code} with the settings as the body, from a kingdom admin only', async () => {
      const url = `/api/settings/2101/${await world.codeOf(2101)}`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(world.kingdomAdmin),
        payload: { defaultTopFilter: null },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings.defaultTopFilter).toBeNull();
      const anonymous = await t.app.inject({ method: 'POST', url, payload: { defaultTopFilter: 5 } });
      expect(anonymous.statusCode).toBe(401);
    });

    it.each([
      [{ settings: { colour: 'red' } }, /colour/],
      [{ settings: { defaultTopFilter: 0 } }, /The default top filter in the form is not valid/],
      [
        { settings: { defaultDates: { start: '2000', end: '1000' } } },
        /Start date cannot be later than end date/,
      ],
      [{ settings: { defaultDates: { start: '1700000000', end: null } } }, /has no scan at 2023-11-14/],
    ])('refuses settings %o', async (payload, message) => {
      const res = await post('/settings', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    });

    it('rotates the access code: old links stop working, the new code works', async () => {
      const old = await world.codeOf(2101);
      const res = await post('/code', {});
      expect(res.statusCode).toBe(200);
      const { code } = res.json();
      expect(code).toMatch(/^[a-z2-9]{12}$/);
      const stale = await t.app.inject({
        url: `/api/admin/kingdoms/2101/${old}`,
        headers: bearer(world.kingdomAdmin),
      });
      expect(stale.statusCode).toBe(404);
      expect((await page()).kingdom.code).toBe(code);

      const chosen = await post('/code', { code: 'Our-New-Code' });
      expect(chosen.json().code).toBe('our-new-code');
      const bad = await post('/code', { code: 'no spaces!' });
      expect(bad.statusCode).toBe(400);
      // A code spelled like the fixed path beside it could not be opened.
      expect((await post('/code', { code: 'rally-token' })).statusCode).toBe(400);
      expect(await auditActions(t.database.db, 2101)).toContain('kingdom.code.rotate');
      // The audit log records that the code changed, not the codes.
      const rows = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'kingdom.code.rotate')
        .execute();
      expect(JSON.stringify(rows)).not.toContain('our-new-code');
    });

    it('sets, replaces and deletes camps', async () => {
      expect((await post('/camps', { name: 'Camp North', members: [2101, 2102, 2103] })).statusCode).toBe(
        200,
      );
      expect((await post('/camps', { name: 'Camp South', members: [2104, 2103] })).statusCode).toBe(200);
      let camps = (await page()).camps;
      expect(camps.map((c) => [c.name, c.members])).toEqual([
        ['Camp North', [2101, 2102]],
        ['Camp South', [2103, 2104]],
      ]);
      const south = camps.find((c) => c.name === 'Camp South')!;
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/kingdoms/2101/${await world.codeOf(2101)}/camps/${south.id}`,
        headers: bearer(world.kingdomAdmin),
      });
      expect(del.statusCode).toBe(200);
      camps = (await page()).camps;
      expect(camps.map((c) => c.name)).toEqual(['Camp North']);
      expect((await post('/camps', { name: ' ', members: [2101] })).statusCode).toBe(400);
      const actions = await auditActions(t.database.db, 2101);
      expect(actions).toContain('camp.set');
      expect(actions).toContain('camp.delete');
    });

    it('adds and deletes KvK seasons, refusing overlaps', async () => {
      const open = 1_780_000_000;
      expect(
        (await post('/seasons', { kvkNumber: 7, openTime: open, closeTime: open + 86_400 * 20 })).statusCode,
      ).toBe(200);
      const overlap = await post('/seasons', {
        kvkNumber: 8,
        openTime: open + 86_400,
        closeTime: open + 86_400 * 30,
      });
      expect(overlap.statusCode).toBe(409);
      const backwards = await post('/seasons', { kvkNumber: 9, openTime: open + 10, closeTime: open });
      expect(backwards.statusCode).toBe(400);
      expect((await page()).seasons).toEqual([expect.objectContaining({ kvkNumber: 7, openTime: open })]);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/kingdoms/2101/${await world.codeOf(2101)}/seasons/7`,
        headers: bearer(world.kingdomAdmin),
      });
      expect(del.statusCode).toBe(200);
      expect((await page()).seasons).toEqual([]);
      const actions = await auditActions(t.database.db, 2101);
      expect(actions).toContain('kvk.add');
      expect(actions).toContain('kvk.delete');
    });

    it('shows the latest changes with who made them', async () => {
      const changes = (await page()).recentChanges;
      expect(changes[0]).toMatchObject({ action: 'kvk.delete', username: 'admin-2101' });
      expect(changes.length).toBeGreaterThan(5);
    });
  });
});
