import { DEFAULT_STATS_FORMULA } from '@kingdom-stats/core';
import { formulaResponseSchema, governorResponseSchema } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migrateSeasonRules } from '../../src/db/migrations/0020_season_rules.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Rules belong to a season (issue 40 item 1, docs/dkp.md "Each season's rules"): the migration copies today's
 * formula to every season; a save for one season leaves the other's DKP alone on the KvK DKP answer and the governor
 * page; a past season's rules change only with the confirmation, audited.
 */

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);
// KvK 1 closed 20 days ago; KvK 2 is open now. Two kingdom scans in each.
const KVK1 = { open: NOW - 40 * DAY, close: NOW - 20 * DAY };
const KVK2 = { open: NOW - 10 * DAY, close: NOW + 10 * DAY };
const TIMES = [KVK1.open + DAY, KVK1.open + 3 * DAY, KVK2.open + DAY, KVK2.open + 3 * DAY];
/** Governor 1's T4 kills per scan: +100 in KvK 1, +1,000 in KvK 2. */
const T4 = [0, 100, 200, 1200];

const terms = (t4: number) => ({ ...DEFAULT_STATS_FORMULA, 'T4-Kills': [t4, true] as [number, boolean] });
const goals = [
  {
    from: 0,
    to: 1000,
    type: 'direct',
    score_multiplier: 1,
    dead_multiplier: null,
    kp_multiplier: null,
  },
];

describe('each season scored by its own rules', () => {
  let t: TestApp;
  let world: AuthWorld;
  let code: string;
  let scanNames: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    world = await createAuthWorld(db);
    code = await world.codeOf(world.kd);
    scanNames = [];
    for (const [i, at] of TIMES.entries()) {
      const csv = `governor_id,name,power,t4 kills\n1,One,${5_000_000 + i},${T4[i]}\n`;
      const [scan] = (
        await importScanFile(db, {
          kingdomKd: world.kd,
          filePath: `s${i}.csv`,
          content: Buffer.from(csv),
          at: new Date(at * 1000).toISOString(),
        })
      ).scans;
      scanNames.push(scan!.name);
    }
    await db
      .insertInto('kvk_seasons')
      .values([
        { kingdom_kd: world.kd, kvk_number: 1, open_time: KVK1.open, close_time: KVK1.close },
        { kingdom_kd: world.kd, kvk_number: 2, open_time: KVK2.open, close_time: KVK2.close },
      ])
      .execute();
    // Today's single formula (before migration 0020): T4 × 10, one war in each season.
    const war = (i: number, j: number) => ({
      before: { [scanNames[i]!]: TIMES[i]! },
      after: { [scanNames[j]!]: TIMES[j]! },
    });
    await db
      .insertInto('formulas')
      .values({
        kingdom_kd: world.kd,
        stats_formula_json: JSON.stringify(terms(10)),
        goals_json: JSON.stringify(goals),
        score_on: 1,
        dead_on: 0,
        kp_on: 0,
        wars_json: JSON.stringify({ base: war(0, 1).before, wars: [war(0, 1), war(2, 3)] }),
        updated_at: 5,
      })
      .execute();
    // The database was made at the latest migration: run 0020 again over this kingdom's formula.
    await db.schema.dropTable('season_rules').execute();
    await migrateSeasonRules(db as unknown as Kysely<unknown>);
  });
  afterAll(() => t?.close());

  const kvkDkp = async (season: 1 | 2) => {
    const [start, end] = season === 1 ? [TIMES[0], TIMES[1]] : [TIMES[2], TIMES[3]];
    const res = await t.app.inject({
      url: `/api/kd-dashboard/${world.kd}/data/${code}?start_date=${start}&end_date=${end}&top=all`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { dkp: body.playerData[0]['DKP Score'] as number, kvk: body.latestKvk.kvk_number as number };
  };
  const governorDkp = async () => {
    const res = await t.app.inject({ url: `/api/governor/${world.kd}/1/${code}` });
    expect(res.statusCode).toBe(200);
    const body = governorResponseSchema.parse(res.json());
    return body.seasons.map((s) => [s.kvkNumber, s.result?.dkp]);
  };
  const getFormula = async (query = '') => {
    const res = await t.app.inject({ url: `/api/${world.kd}/formula/${code}${query}` });
    expect(res.statusCode).toBe(200);
    return formulaResponseSchema.parse(res.json());
  };
  const save = (t4: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/formula/save',
      headers: bearer(world.kingdomAdmin),
      payload: {
        passed_data: {
          kdnumber: String(world.kd),
          code,
          data: { goals, stats_formula: terms(t4), score_on: true, dead_on: false, kp_on: false },
          ...extra,
        },
      },
    });

  it('the migration copies the formula to every season, each with the wars inside its dates', async () => {
    const rows = await t.database.db
      .selectFrom('season_rules')
      .selectAll()
      .where('kingdom_kd', '=', world.kd)
      .orderBy('kvk_number')
      .execute();
    expect(rows.map((r) => [r.kvk_number, JSON.parse(r.stats_formula_json)['T4-Kills']])).toEqual([
      [1, [10, true]],
      [2, [10, true]],
    ]);
    const warsOf = (json: string | null) =>
      JSON.parse(json!).wars.map((w: { before: object }) => Object.values(w.before)[0]);
    expect(rows.map((r) => warsOf(r.wars_json))).toEqual([[TIMES[0]], [TIMES[2]]]);
    // The editor opens on the current season, names it and offers both.
    const body = await getFormula();
    expect(body.season).toMatchObject({ kvkNumber: 2, current: true, past: false, ownRules: true });
    expect(body.seasons.map((s) => [s.kvkNumber, s.past])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(body.dates.map((d) => d.timestamp)).toEqual([TIMES[2], TIMES[3]]);
    const first = await getFormula('?season=1');
    expect(first.season?.kvkNumber).toBe(1);
    expect(first.dates.map((d) => d.timestamp)).toEqual([TIMES[0], TIMES[1]]);
    expect(first.formula.stats_formula['T4-Kills']).toEqual([10, true]);
  });

  it('opens the previous season on the KvK DKP dashboard by its dates (issue 40 item 6)', async () => {
    expect(await kvkDkp(1)).toEqual({ dkp: 1000, kvk: 1 });
    expect(await kvkDkp(2)).toEqual({ dkp: 10_000, kvk: 2 });
    expect(await governorDkp()).toEqual([
      [1, 1000],
      [2, 10_000],
    ]);
  });

  it('saving season 2 leaves season 1’s DKP unchanged on the KvK DKP answer and the governor page', async () => {
    const res = await save(20);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', season: 2 });
    expect(await kvkDkp(1)).toEqual({ dkp: 1000, kvk: 1 });
    expect(await kvkDkp(2)).toEqual({ dkp: 20_000, kvk: 2 });
    expect(await governorDkp()).toEqual([
      [1, 1000],
      [2, 20_000],
    ]);
    expect((await getFormula('?season=1')).formula.stats_formula['T4-Kills']).toEqual([10, true]);
  });

  it('refuses a past season’s save without the confirmation, naming the season; saves and audits it with it', async () => {
    const refused = await save(30, { season: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAST_SEASON' });
    expect(refused.json().message).toContain('KvK 1');
    expect(await kvkDkp(1)).toEqual({ dkp: 1000, kvk: 1 });

    const saved = await save(30, { season: 1, confirmPastSeason: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ season: 1 });
    expect(await kvkDkp(1)).toEqual({ dkp: 3000, kvk: 1 });
    expect(await kvkDkp(2)).toEqual({ dkp: 20_000, kvk: 2 });
    expect((await auditActions(t.database.db, world.kd)).at(-1)).toBe('formula.past-season.change');
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('kingdom_kd', '=', world.kd)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json!)).toMatchObject({ kvkNumber: 1 });
  });

  it('a season without rules uses the last saved; saving the current one first gives an opened such season a copy', async () => {
    const db = t.database.db;
    // KvK 3 is not open yet; KvK 1 loses its own rules, so both now follow the kingdom's default (season 2's save).
    await db
      .insertInto('kvk_seasons')
      .values({ kingdom_kd: world.kd, kvk_number: 3, open_time: NOW + 20 * DAY, close_time: NOW + 40 * DAY })
      .execute();
    await db
      .deleteFrom('season_rules')
      .where('kingdom_kd', '=', world.kd)
      .where('kvk_number', '=', 1)
      .execute();
    const next = await getFormula('?season=3');
    expect(next.season).toMatchObject({ kvkNumber: 3, current: false, past: false, ownRules: false });
    expect(next.formula.stats_formula['T4-Kills']).toEqual([20, true]);
    expect(next.dkpScansSelection).toEqual({ wars: [] });
    expect(await kvkDkp(1)).toEqual({ dkp: 2000, kvk: 1 });

    expect((await save(40)).statusCode).toBe(200);
    expect(await kvkDkp(1)).toEqual({ dkp: 2000, kvk: 1 });
    expect(await kvkDkp(2)).toEqual({ dkp: 40_000, kvk: 2 });
    expect((await getFormula('?season=1')).season?.ownRules).toBe(true);
    // A season not open yet keeps following the current season's rules.
    expect((await getFormula('?season=3')).formula.stats_formula['T4-Kills']).toEqual([40, true]);
  });

  it('answers 404 for a KvK the kingdom does not have', async () => {
    const res = await t.app.inject({ url: `/api/${world.kd}/formula/${code}?season=9` });
    expect(res.statusCode).toBe(404);
  });
});
