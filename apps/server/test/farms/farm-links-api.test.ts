import { resolve } from 'node:path';
import { farmsResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { HERO_SCROLLS } from '../import/import-support.ts';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { AYLA, AYLA_FARM_1, AYLA_FARM_2, BRAM, BRAM_FARM, CORA, seedFarmKingdom } from './farm-support.ts';

/** The admin page's farm calls: links, name lookup, policy and the Rolled Up suggestions from the real file. */

describe('farm links through the admin API', () => {
  let t: TestApp;
  let world: AuthWorld;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ loginEnabled: true });
    world = await createAuthWorld(t.database.db);
    await seedFarmKingdom(t.database.db, world.kd);
    base = `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}/farms`;
  });
  afterAll(() => t.close());

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: object,
    user = world.kingdomAdmin,
  ) {
    return t.app.inject({
      method,
      url: `${base}${path}`,
      headers: bearer(user),
      ...(payload ? { payload } : {}),
    });
  }
  async function state(path = '', method: 'GET' | 'POST' | 'DELETE' = 'GET', payload?: object) {
    const res = await call(method, path, payload);
    expect(res.statusCode, res.body).toBe(200);
    return farmsResponseSchema.parse(res.json());
  }

  it('starts with no links and the counted policy', async () => {
    expect(await state()).toEqual({
      policy: { mode: 'counted', weightPct: 100 },
      links: [],
      suggestions: [],
    });
  });

  it('refuses callers who are not admins of the kingdom, and a wrong code', async () => {
    const anonymous = await t.app.inject({ url: base });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('GET', '', undefined, world.otherAdmin)).statusCode).toBe(403);
    const post = await call('POST', '/links', { farmId: AYLA_FARM_1, mainId: AYLA }, world.otherAdmin);
    expect(post.statusCode).toBe(403);
    const wrong = await t.app.inject({
      url: `/api/admin/kingdoms/${world.kd}/not-the-code/farms`,
      headers: bearer(world.kingdomAdmin),
    });
    expect(wrong.statusCode).toBe(404);
    expect((await state()).links).toEqual([]);
  });

  it('looks a governor ID up by its latest name', async () => {
    const res = await call('GET', `/governors/${AYLA_FARM_1}`);
    expect(res.json()).toEqual({ governorId: AYLA_FARM_1, name: 'AylaFarm1' });
    expect((await call('GET', '/governors/999999')).json()).toEqual({ governorId: 999999, name: null });
  });

  it('links farms to mains with their names, and refuses chains and second mains', async () => {
    await state('/links', 'POST', { farmId: AYLA_FARM_1, mainId: AYLA });
    await state('/links', 'POST', { farmId: AYLA_FARM_2, mainId: AYLA });
    const after = await state('/links', 'POST', { farmId: BRAM_FARM, mainId: BRAM });
    expect(after.links.map((l) => [l.farmId, l.farmName, l.mainId, l.mainName, l.source])).toEqual([
      [AYLA_FARM_1, 'AylaFarm1', AYLA, 'Ayla', 'admin'],
      [AYLA_FARM_2, 'AylaFarm2', AYLA, 'Ayla', 'admin'],
      [BRAM_FARM, 'BramFarm', BRAM, 'Bram', 'admin'],
    ]);
    // The same link again changes nothing.
    expect((await state('/links', 'POST', { farmId: BRAM_FARM, mainId: BRAM })).links).toHaveLength(3);
    const refusals = [
      [{ farmId: CORA, mainId: CORA }, 'An account cannot be its own farm.'],
      [
        { farmId: BRAM_FARM, mainId: CORA },
        `Governor ${BRAM_FARM} is already a farm of ${BRAM}; remove that link first.`,
      ],
      [
        { farmId: AYLA, mainId: CORA },
        `Governor ${AYLA} is a main account with farms of its own; a farm cannot have farms.`,
      ],
      [
        { farmId: CORA, mainId: AYLA_FARM_1 },
        `Governor ${AYLA_FARM_1} is itself a farm; link to its main account instead.`,
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const res = await call('POST', '/links', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await state()).links).toHaveLength(3);
  });

  it('unlinks, and says so when there is no such link', async () => {
    expect((await state(`/links/${BRAM_FARM}`, 'DELETE')).links.map((l) => l.farmId)).toEqual([
      AYLA_FARM_1,
      AYLA_FARM_2,
    ]);
    const again = await call('DELETE', `/links/${BRAM_FARM}`);
    expect(again.statusCode).toBe(404);
  });

  it('saves the policy and refuses a weight past 100 %', async () => {
    expect((await state('/policy', 'POST', { mode: 'rolled-up', weightPct: 20 })).policy).toEqual({
      mode: 'rolled-up',
      weightPct: 20,
    });
    const bad = await call('POST', '/policy', { mode: 'rolled-up', weightPct: 101 });
    expect(bad.statusCode).toBe(400);
    const unknown = await call('POST', '/policy', { mode: 'sometimes', weightPct: 20 });
    expect(unknown.statusCode).toBe(400);
    expect((await state()).policy).toEqual({ mode: 'rolled-up', weightPct: 20 });
  });

  it('records every change in the audit log', async () => {
    const actions = await auditActions(t.database.db, world.kd);
    expect(actions.filter((a) => a.startsWith('farm.'))).toEqual([
      'farm.link',
      'farm.link',
      'farm.link',
      'farm.unlink',
      'farm.policy',
    ]);
  });
});

describe('suggestions from a Hero Scrolls Rolled Up sheet', () => {
  let t: TestApp;
  let world: AuthWorld;
  let base: string;
  const FATE = 89666025;
  const FATE_RYOSHU = 100870734;
  const LINC = 173785135;
  const SHIBAINU = 67174744;

  beforeAll(async () => {
    t = await createTestApp({ loginEnabled: true });
    world = await createAuthWorld(t.database.db, 3584, 3585);
    base = `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}/farms`;
  });
  afterAll(() => t.close());

  const get = async (path = '', method: 'GET' | 'POST' = 'GET', payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `${base}${path}`,
      headers: bearer(world.superadmin),
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return farmsResponseSchema.parse(res.json());
  };

  it('are stored when the data sheet is imported: each Farms row belongs to the Primary row above it', async () => {
    const file = 'kingdom_scan_baseline_data.xlsx';
    await importScanFile(t.database.db, { kingdomKd: world.kd, filePath: resolve(HERO_SCROLLS, file) });
    const { suggestions, links } = await get();
    expect(links).toEqual([]);
    expect(suggestions).toEqual([
      // By main ID.
      {
        farmId: FATE_RYOSHU,
        farmName: 'ˢᵖFateRyoshu',
        mainId: FATE,
        mainName: 'ˢᵖ Fateフェイト',
        fileName: file,
      },
      { farmId: SHIBAINU, farmName: 'ˢᵖShibainu', mainId: LINC, mainName: 'ᴺᴷLincLonc', fileName: file },
    ]);
  });

  it('a dismissed suggestion is not offered again by the next file; an accepted one becomes a link', async () => {
    await get('/suggestions/dismiss', 'POST', { farmIds: [SHIBAINU] });
    const dismissal = await t.database.db
      .selectFrom('audit_log')
      .select(['user_id', 'after_json'])
      .where('action', '=', 'farm.suggestions.dismiss')
      .where('kingdom_kd', '=', world.kd)
      .execute();
    expect(dismissal).toEqual([
      { user_id: world.superadmin.id, after_json: JSON.stringify({ farmIds: [SHIBAINU] }) },
    ]);
    await importScanFile(t.database.db, {
      kingdomKd: world.kd,
      filePath: resolve(HERO_SCROLLS, 'kingdom_scan_first_9_hours.xlsx'),
    });
    const { suggestions } = await get();
    expect(suggestions.map((s) => s.farmId)).toEqual([FATE_RYOSHU]);
    const accepted = await get('/suggestions/accept', 'POST', {});
    expect(accepted.suggestions).toEqual([]);
    expect(accepted.links.map((l) => [l.farmId, l.mainId, l.source, l.farmName])).toEqual([
      [FATE_RYOSHU, FATE, 'suggestion-accepted', 'ˢᵖFateRyoshu'],
    ]);
  });

  it('are read from a file imported with the rolled-up option too', async () => {
    await t.database.db.deleteFrom('farm_link_suggestions').execute();
    await importScanFile(t.database.db, {
      kingdomKd: world.kd,
      filePath: resolve(HERO_SCROLLS, 'kingdom_scan_pass4_fight_ends.xlsx'),
      rolledUp: true,
      kind: 'autarch',
    });
    // Fate's farm is linked already: only Shibainu waits.
    expect((await get()).suggestions.map((s) => [s.farmId, s.mainId])).toEqual([[SHIBAINU, LINC]]);
  });
});
