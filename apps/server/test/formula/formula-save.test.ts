import { DEFAULT_GOAL_TIERS, DEFAULT_STATS_FORMULA } from '@kingdom-stats/core';
import { formulaResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import {
  type AuthWorld,
  auditActions,
  bearer,
  createAuthWorld,
  type TestUser,
} from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The formula editor's server: GET shape, save (valid, every refusal, who may), reset, the audit log. */

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);
// A KvK open now, with three kingdom scans in it and one before it.
const OPEN = NOW - 10 * DAY;
const SCAN_TIMES = [OPEN - 5 * DAY, OPEN + DAY, OPEN + 2 * DAY, OPEN + 3 * DAY];

const tier = (from: number, to: number) => ({
  from,
  to,
  type: 'percentage',
  score_multiplier: 200,
  dead_multiplier: 1,
  kp_multiplier: 400,
});

describe('formula editor API', () => {
  let t: TestApp;
  let world: AuthWorld;
  let code: string;
  const scans: { name: string; takenAt: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
    code = await world.codeOf(world.kd);
    for (const [i, at] of SCAN_TIMES.entries()) {
      const result = (
        await importScanFile(t.database.db, {
          kingdomKd: world.kd,
          filePath: `scan-${i}.csv`,
          content: Buffer.from(`governor_id,name,power,t4 kills\n1,One,${1000 + i},${i * 10}\n`),
          at: new Date(at * 1000).toISOString(),
        })
      ).scans[0]!;
      scans.push({ name: result.name, takenAt: result.takenAt });
    }
    await t.database.db
      .insertInto('kvk_seasons')
      .values({ kingdom_kd: world.kd, kvk_number: 7, open_time: OPEN, close_time: NOW + 10 * DAY })
      .execute();
  });
  afterAll(() => t.close());

  const war = (i: number, j: number) => ({
    before: { [scans[i]!.name]: scans[i]!.takenAt },
    after: { [scans[j]!.name]: scans[j]!.takenAt },
  });

  function payload(over: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
    return {
      passed_data: {
        kdnumber: String(world.kd),
        code,
        data: {
          goals: [tier(0, 100), tier(100, 150)],
          stats_formula: { ...DEFAULT_STATS_FORMULA },
          score_on: true,
          dead_on: false,
          kp_on: false,
          ...over,
        },
        ...extra,
      },
    };
  }

  const save = (body: unknown, user: TestUser | null = world.kingdomAdmin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/formula/save',
      headers: bearer(user),
      payload: body as object,
    });
  const get = async () => {
    const res = await t.app.inject({ url: `/api/${world.kd}/formula/${code}` });
    expect(res.statusCode).toBe(200);
    return formulaResponseSchema.parse(res.json());
  };

  it('answers the default formula, the KvK scans and the HoH check before any save', async () => {
    const body = await get();
    expect(body.formula).toEqual({
      goals: DEFAULT_GOAL_TIERS,
      stats_formula: DEFAULT_STATS_FORMULA,
      score_on: true,
      dead_on: false,
      kp_on: false,
    });
    expect(body.isDefault).toBe(true);
    // Only the scans inside the open KvK, oldest first, with name, display and time.
    expect(body.dates.map((d) => d.timestamp)).toEqual(SCAN_TIMES.slice(1));
    expect(body.dates[0]).toEqual({
      scan_name: scans[1]!.name,
      timestamp: SCAN_TIMES[1],
      display: `${new Date(SCAN_TIMES[1]! * 1000).toISOString().slice(0, 10)} ${new Date(SCAN_TIMES[1]! * 1000).toISOString().slice(11, 16)} UTC`,
    });
    expect(body.dkpScansSelection).toBe('none');
    expect(body.activeKvk).toBe(true);
    expect(body.hohValidation).toEqual({
      valid: false,
      reason: 'INSUFFICIENT_HOH_DATA',
      kvkFound: true,
      hohCount: 0,
    });
  });

  it('saves a valid formula with wars and answers SPEC’s message; GET reads it back', async () => {
    const res = await save(
      payload({ kp_on: true }, { warsConfig: { base: {}, wars: [war(1, 2), war(2, 3)] } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Formula and 2 wars saved successfully!',
      wars: 2,
      season: 7,
    });
    const body = await get();
    expect(body.formula.kp_on).toBe(true);
    expect(body.formula.goals).toEqual([tier(0, 100), tier(100, 150)]);
    expect(body.dkpScansSelection).toEqual({ wars: [war(1, 2), war(2, 3)] });
    expect(body.isDefault).toBe(false);
  });

  // Issue 14 bug 2: an empty list read back as 'none', so the editor showed a full-period War 1 again.
  it('saves without wars with the short message, and reads back an empty wars list, not "none"', async () => {
    const res = await save(payload());
    expect(res.json()).toMatchObject({ status: 'success', message: 'Formula saved successfully!' });
    expect((await get()).dkpScansSelection).toEqual({ wars: [] });
    const cleared = await save(payload({}, { warsConfig: null }));
    expect(cleared.statusCode).toBe(200);
    expect((await get()).dkpScansSelection).toEqual({ wars: [] });
  });

  const off = Object.fromEntries(Object.entries(DEFAULT_STATS_FORMULA).map(([k, v]) => [k, [v[0], false]]));
  const invalid: [string, () => ReturnType<typeof payload>, string[]][] = [
    [
      'no enabled term',
      () => payload({ stats_formula: off }),
      ['At least one DKP Formula setting must be enabled'],
    ],
    [
      'an empty enabled value',
      () => payload({ stats_formula: { ...DEFAULT_STATS_FORMULA, 'T5-Kills': ['', true] } }),
      ['T5-Kills cannot be empty'],
    ],
    ['no tier', () => payload({ goals: [] }), ['At least one power tier goal must be configured']],
    [
      'an empty score goal',
      () => payload({ goals: [tier(0, 100), { ...tier(100, 150), score_multiplier: '' }] }),
      ['Power tier 2: Score Goal cannot be empty'],
    ],
    [
      'an empty dead goal with dead_on',
      () => payload({ dead_on: true, goals: [{ ...tier(0, 100), dead_multiplier: null }] }),
      ['Power tier 1: Dead Goal cannot be empty when Dead Troops Requirements are enabled'],
    ],
    [
      'an empty KP goal with kp_on',
      () => payload({ kp_on: true, goals: [{ ...tier(0, 100), kp_multiplier: '' }] }),
      ['Power tier 1: KP Goal cannot be empty when Kill Points Requirements are enabled'],
    ],
    [
      'T4/T5 dead points of 0',
      () =>
        payload({
          stats_formula: {
            ...DEFAULT_STATS_FORMULA,
            'T4 Dead Troops': [0, true],
            'T5 Dead Troops': [30, true],
          },
        }),
      ['T4 and T5 dead points must be greater than 0'],
    ],
    [
      'T4/T5 dead troops without HoH data',
      () =>
        payload({
          stats_formula: {
            ...DEFAULT_STATS_FORMULA,
            'T4 Dead Troops': [15, true],
            'T5 Dead Troops': [30, true],
          },
        }),
      ['Follow the instructions above to collect Hall of Heroes data first'],
    ],
    [
      'an incomplete war',
      () => payload({}, { warsConfig: { base: {}, wars: [{ before: war(1, 2).before, after: {} }] } }),
      ['Some wars are missing start or end dates. Please complete all wars before saving.'],
    ],
    [
      'overlapping wars',
      () => payload({}, { warsConfig: { base: {}, wars: [war(1, 3), war(2, 3)] } }),
      ['This war overlaps with War 1. Wars must be in chronological order with no overlapping periods.'],
    ],
    [
      'a war whose before is not earlier than its after',
      () => payload({}, { warsConfig: { base: {}, wars: [war(3, 1)] } }),
      ['Before scan must be earlier than after scan'],
    ],
    [
      'a war on a scan outside the KvK',
      () => payload({}, { warsConfig: { base: {}, wars: [war(0, 2)] } }),
      ['Invalid scan selection'],
    ],
    [
      'negative points',
      () => payload({ stats_formula: { ...DEFAULT_STATS_FORMULA, 'T4-Kills': [-10, true] } }),
      ['T4-Kills must be between 0 and 10,000'],
    ],
    [
      'a negative goal',
      () => payload({ goals: [{ ...tier(0, 100), score_multiplier: -200 }] }),
      ['Power tier 1: Score Goal must be between 0 and 100,000 %'],
    ],
    [
      'a 1e308 goal',
      () => payload({ kp_on: true, goals: [{ ...tier(0, 100), kp_multiplier: 1e308 }] }),
      ['Power tier 1: KP Goal must be between 0 and 100,000 %'],
    ],
    [
      'several problems, in the editor’s order',
      () => payload({ stats_formula: { 'T4-Kills': ['', true] }, goals: [] }),
      ['T4-Kills cannot be empty', 'At least one power tier goal must be configured'],
    ],
  ];

  it.each(invalid)('refuses %s with the editor’s message', async (_name, build, messages) => {
    const body = build();
    const before = await get();
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    const error = res.json();
    expect(error.message).toBe('Validation Error: Please fix the validation errors before saving.');
    expect(error.issues.map((i: { message: string }) => i.message)).toEqual(messages);
    expect(await get()).toEqual(before);
  });

  it('refuses callers who may not save: 401 signed out, 403 another kingdom’s admin, 404 a wrong code', async () => {
    expect((await save(payload(), null)).statusCode).toBe(401);
    expect((await save(payload(), world.otherAdmin)).statusCode).toBe(403);
    const wrong = payload();
    wrong.passed_data.code = 'not-the-code';
    const res = await save(wrong, world.kingdomAdmin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Kingdom not found');
    // A superadmin may save any kingdom.
    expect((await save(payload(), world.superadmin)).statusCode).toBe(200);
  });

  it('accepts the old kd_multiplier as the KP goal', async () => {
    const { kp_multiplier: _kp, ...old } = tier(0, 150);
    const res = await save(payload({ kp_on: true, goals: [{ ...old, kd_multiplier: 321 }] }));
    expect(res.statusCode).toBe(200);
    expect((await get()).formula.goals[0]!.kp_multiplier).toBe(321);
  });

  it('resets to the default formula (code in the body or the query) and audits saves and resets', async () => {
    const db = t.database.db;
    await db.deleteFrom('audit_log').execute();
    await save(payload({ kp_on: true }));
    const unauth = await t.app.inject({
      method: 'POST',
      url: `/api/${world.kd}/formula/reset`,
      payload: { code },
    });
    expect(unauth.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/${world.kd}/formula/reset`,
      headers: bearer(world.otherAdmin),
      payload: { code },
    });
    expect(other.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${world.kd}/formula/reset`,
      headers: bearer(world.kingdomAdmin),
      payload: { code },
    });
    expect(res.json()).toEqual({ status: 'success', message: 'Formula reset successfully!' });
    expect((await get()).isDefault).toBe(true);
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `/api/${world.kd}/formula/reset?code=${code}`,
      headers: bearer(world.kingdomAdmin),
    });
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);

    expect(await auditActions(db, world.kd)).toEqual(['formula.save', 'formula.reset', 'formula.reset']);
    const rows = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(rows[0]!.user_id).toBe(world.kingdomAdmin.id);
    expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({
      kp_on: true,
      warsConfig: { base: {}, wars: [] },
    });
    expect(JSON.parse(rows[1]!.before_json!)).toMatchObject({ kp_on: true });
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({ kp_on: false, goals: DEFAULT_GOAL_TIERS });
  });

  it('lets T4/T5 Dead Troops be turned on once the open KvK has HoH records', async () => {
    await t.database.db
      .insertInto('hoh_records')
      .values({
        kingdom_kd: world.kd,
        kvk_number: 7,
        governor_id: 1,
        t4_dead: 5,
        t5_dead: 1,
        notes: null,
        recorded_at: NOW,
      })
      .execute();
    expect((await get()).hohValidation).toEqual({ valid: true, reason: null, kvkFound: true, hohCount: 1 });
    const res = await save(
      payload({
        stats_formula: {
          ...DEFAULT_STATS_FORMULA,
          'T4 Dead Troops': [15, true],
          'T5 Dead Troops': [30, true],
        },
      }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('says NO_ACTIVE_KVK for a kingdom without an open KvK', async () => {
    const res = await t.app.inject({
      url: `/api/${world.otherKd}/formula/${await world.codeOf(world.otherKd)}`,
    });
    expect(res.json().hohValidation).toEqual({
      valid: false,
      reason: 'NO_ACTIVE_KVK',
      kvkFound: false,
      hohCount: 0,
    });
    expect(res.json().activeKvk).toBe(false);
    expect(res.json().dates).toEqual([]);
  });
});
