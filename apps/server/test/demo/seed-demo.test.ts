import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { findDemoTarget } from '../../src/demo/demo-target.ts';
import { DEMO_KD, type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

// A Wednesday afternoon: 'This Week' then already has Monday, Tuesday and today.
const NOW = new Date('2025-03-12T15:47:13Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);
const DAY = 86_400;
const SECRET = 'demo-test-secret';

let first: TestDatabase;
let second: TestDatabase;
let result: DemoSeedResult;

beforeAll(async () => {
  first = await createTestDatabase();
  second = await createTestDatabase();
  result = await seedDemo(first.db, { now: NOW, secret: SECRET });
  await seedDemo(second.db, { now: NOW, secret: SECRET });
});

afterAll(async () => {
  await first?.drop();
  await second?.drop();
});

const db = () => first.db;

async function kingdomScans() {
  return db()
    .selectFrom('scans')
    .selectAll()
    .where('kingdom_kd', '=', DEMO_KD)
    .where('kind', '=', 'kingdom')
    .orderBy('taken_at')
    .execute();
}

async function season() {
  return db()
    .selectFrom('kvk_seasons')
    .selectAll()
    .where('kingdom_kd', '=', DEMO_KD)
    .orderBy('kvk_number', 'desc')
    .executeTakeFirstOrThrow();
}

describe('seedDemo', () => {
  it('creates 12 kingdoms with url-safe access codes and 4 camps of 3 on the demo map', async () => {
    expect(result).toMatchObject({ kd: DEMO_KD, secret: SECRET, kingdoms: 12 });
    const kingdoms = await db().selectFrom('kingdoms').selectAll().orderBy('kd').execute();
    expect(kingdoms.map((k) => k.kd)).toEqual(Array.from({ length: 12 }, (_, i) => DEMO_KD + i));
    for (const k of kingdoms) expect(k.access_code).toMatch(/^[a-z0-9]{8,}$/);
    expect(new Set(kingdoms.map((k) => k.access_code)).size).toBe(12);
    expect(kingdoms[0]!.access_code).toBe(result.code);
    // The default period is the current season's scans (first to latest), not the previous season's too.
    const firstOfSeason = (await currentSeasonScans())[0]!;
    expect(firstOfSeason.name).toBe('Pre-KvK baseline');
    expect(JSON.parse(kingdoms[0]!.settings_json)).toEqual({
      defaultTopFilter: null,
      defaultDates: { start: String(firstOfSeason.taken_at), end: null },
    });
    // The other kingdoms have no scans of their own: no default dates to name.
    for (const k of kingdoms.slice(1)) {
      expect(JSON.parse(k.settings_json)).toEqual({
        defaultTopFilter: null,
        defaultDates: { start: null, end: null },
      });
    }

    const camps = await db()
      .selectFrom('camps as c')
      .innerJoin('camp_members as m', 'm.camp_id', 'c.id')
      .select(['c.name', 'm.member_kd'])
      .where('c.kingdom_kd', '=', DEMO_KD)
      .execute();
    const members = new Map<string, number[]>();
    for (const row of camps) members.set(row.name, [...(members.get(row.name) ?? []), row.member_kd]);
    expect(members.size).toBe(4);
    for (const kds of members.values()) expect(kds).toHaveLength(3);
    expect(new Set(camps.map((c) => c.member_kd)).size).toBe(12);
  });

  it('stores about 40 kingdom scans of this season and 7 of the last, ~3,600 governors each, plus autarch scans', async () => {
    const scans = await kingdomScans();
    const current = await currentSeasonScans();
    expect(current.length).toBeGreaterThanOrEqual(36);
    expect(current.length).toBeLessThanOrEqual(44);
    expect(scans.length).toBe(current.length + 7);
    for (const scan of scans) {
      expect(scan.row_count).toBeGreaterThan(3_500);
      expect(scan.row_count).toBeLessThan(3_700);
      expect(scan.source_format).toBe('demo');
    }
    expect(new Set(scans.map((s) => s.name)).size).toBe(scans.length);
    const autarch = await db().selectFrom('scans').selectAll().where('kind', '=', 'autarch').execute();
    expect(autarch).toHaveLength(6);
    for (const scan of autarch) expect(scan.row_count).toBeGreaterThan(100);

    const totals = await db()
      .selectFrom('governor_stats')
      .select(({ fn }) => [fn.countAll<number>().as('rows')])
      .executeTakeFirstOrThrow();
    expect(Number(totals.rows)).toBe(result.statRows);
    expect(result.scans).toBe(scans.length + autarch.length);
    expect(result.governors).toBeGreaterThan(3_600);
    expect(result.governors).toBeLessThan(3_800);
  });

  it('is deterministic: the same now and secret give identical rows', async () => {
    expect(await checksums(second)).toEqual(await checksums(first));
  });

  it('lays the season around now: active, with scans from pre-KvK up to a couple of hours ago', async () => {
    const current = await season();
    expect(current.open_time).toBeLessThanOrEqual(NOW_S);
    expect(current.close_time).toBeGreaterThan(NOW_S);
    const scans = await currentSeasonScans();
    for (const scan of scans) {
      expect(scan.taken_at).toBeGreaterThanOrEqual(current.open_time - 5 * DAY);
      expect(scan.taken_at).toBeLessThan(NOW_S);
    }
    expect(scans.filter((s) => s.taken_at < current.open_time).length).toBeGreaterThan(0);
    expect(NOW_S - scans.at(-1)!.taken_at).toBeLessThanOrEqual(3 * 3600);
  });

  it('only ever grows kill, dead and healed counters, with kill points from the game weights', async () => {
    const rows = await statHistory();
    let checked = 0;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const kp = b.t1_kills! * 0.2 + b.t2_kills! * 2 + b.t3_kills! * 4 + b.t4_kills! * 10 + b.t5_kills! * 20;
      expect(Math.abs(b.kill_points! - kp)).toBeLessThanOrEqual(0.5);
      if (a.governor_id !== b.governor_id) continue;
      for (const column of MONOTONE) {
        if (b[column]! < a[column]!) throw new Error(`${column} of ${b.governor_id} fell at ${b.taken_at}`);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(100_000);
  });

  it('has governors migrating in and out during this season, and some zeroed in a war', async () => {
    const scans = await currentSeasonScans();
    const rows = (await statHistory()).filter((row) => row.taken_at >= scans[0]!.taken_at);
    const [firstTime, lastTime] = [scans[0]!.taken_at, scans.at(-1)!.taken_at];
    const span = new Map<number, { first: number; last: number }>();
    let zeroed = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const seen = span.get(row.governor_id);
      span.set(row.governor_id, { first: seen?.first ?? row.taken_at, last: row.taken_at });
      const previous = rows[i - 1];
      if (previous?.governor_id === row.governor_id && row.power! < previous.power! * 0.15) zeroed++;
    }
    const spans = [...span.values()];
    const late = spans.filter((s) => s.first > firstTime).length;
    const gone = spans.filter((s) => s.last < lastTime).length;
    expect(late).toBeGreaterThan(50);
    expect(late).toBeLessThan(200);
    expect(gone).toBeGreaterThan(50);
    expect(gone).toBeLessThan(200);
    expect(zeroed).toBeGreaterThanOrEqual(10);
  });

  it('fills every stat column, leaving only realistic gaps unknown', async () => {
    const scans = await kingdomScans();
    const open = (await season()).open_time;
    const latest = scans.at(-1)!;
    const known = await db()
      .selectFrom('governor_stats')
      .select(({ fn }) => [
        fn.countAll<number>().as('rows'),
        fn.count<number>('acclaim').as('acclaim'),
        fn.count<number>('t5_healed').as('t5_healed'),
        fn.count<number>('t4_dead').as('t4_dead'),
      ])
      .where('scan_id', '=', latest.id)
      .executeTakeFirstOrThrow();
    expect(Number(known.acclaim)).toBe(Number(known.rows));
    expect(Number(known.t4_dead)).toBe(Number(known.rows));
    expect(Number(known.t5_healed)).toBeGreaterThan(Number(known.rows) * 0.98);
    const beforeOpen = scans.find((s) => s.taken_at < open)!;
    const acclaim = await db()
      .selectFrom('governor_stats')
      .select(({ fn }) => fn.count<number>('acclaim').as('known'))
      .where('scan_id', '=', beforeOpen.id)
      .executeTakeFirstOrThrow();
    expect(Number(acclaim.known)).toBe(0);
  });

  it('has rallies on every day of the current ISO week up to today, none in the future', async () => {
    const rallies = await db().selectFrom('rallies').selectAll().where('kingdom_kd', '=', DEMO_KD).execute();
    const today = Math.floor(NOW_S / DAY) * DAY;
    const monday = today - ((new Date(today * 1000).getUTCDay() + 6) % 7) * DAY;
    for (let day = monday; day <= today; day += DAY) {
      const count = rallies.filter((r) => r.launched_at >= day && r.launched_at < day + DAY).length;
      expect(count, new Date(day * 1000).toISOString()).toBeGreaterThanOrEqual(day === today ? 3 : 20);
    }
    for (const rally of rallies) expect(rally.launched_at).toBeLessThanOrEqual(NOW_S);
    expect(rallies.some((r) => r.launched_at < monday)).toBe(true);

    const participants = await db().selectFrom('rally_participants').selectAll().execute();
    const byRally = new Map<string, number[]>();
    for (const p of participants)
      byRally.set(p.rally_id, [...(byRally.get(p.rally_id) ?? []), p.governor_id]);
    for (const rally of rallies) {
      const joined = byRally.get(rally.rally_id) ?? [];
      expect(joined.length).toBeGreaterThanOrEqual(3);
      expect(joined.length).toBeLessThanOrEqual(15);
      expect(joined).not.toContain(rally.launcher_id);
    }
  });

  it('saves a formula whose two wars point at real demo scans', async () => {
    const formula = await db()
      .selectFrom('formulas')
      .selectAll()
      .where('kingdom_kd', '=', DEMO_KD)
      .executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(formula.stats_formula_json))).toEqual(STAT_NAMES);
    expect(JSON.parse(formula.goals_json).length).toBeGreaterThanOrEqual(3);
    const wars = JSON.parse(formula.wars_json!) as {
      base: Record<string, number>;
      wars: { before: Record<string, number>; after: Record<string, number> }[];
    };
    expect(wars.wars).toHaveLength(2);
    const scans = new Map((await kingdomScans()).map((s) => [s.name, s.taken_at]));
    for (const point of [wars.base, ...wars.wars.flatMap((w) => [w.before, w.after])]) {
      const [name, time] = Object.entries(point)[0]!;
      expect(scans.get(name)).toBe(time);
    }
  });

  it('records pre-KvK points in the pre-KvK period and Hall of Heroes equal to the KvK dead growth', async () => {
    const current = await season();
    const prekvk = await db().selectFrom('prekvk_points').selectAll().execute();
    expect(prekvk.length).toBeGreaterThan(200);
    for (const row of prekvk) {
      expect(row.kvk_number).toBe(current.kvk_number);
      expect(row.updated_at).toBeGreaterThanOrEqual(current.open_time - 5 * DAY);
      expect(row.updated_at).toBeLessThan(current.open_time);
    }
    const hoh = await db().selectFrom('hoh_records').selectAll().execute();
    expect(hoh.length).toBeGreaterThan(100);
    const deadAt = async (name: string) => {
      const rows = await db()
        .selectFrom('governor_stats as g')
        .innerJoin('scans as s', 's.id', 'g.scan_id')
        .select(['g.governor_id', 'g.t4_dead', 'g.t5_dead'])
        .where('s.name', '=', name)
        .where('s.kind', '=', 'kingdom')
        .execute();
      return new Map(rows.map((r) => [r.governor_id, r]));
    };
    const [before, after] = [await deadAt('Pre-KvK final'), await deadAt('War 2 end')];
    for (const record of hoh) {
      const [b, a] = [before.get(record.governor_id)!, after.get(record.governor_id)!];
      expect(record.t4_dead).toBe(a.t4_dead! - b.t4_dead!);
      expect(record.t5_dead).toBe(a.t5_dead! - b.t5_dead!);
    }
  });

  it('remembers the demo secret and kingdom', async () => {
    const settings = await db().selectFrom('app_settings').selectAll().orderBy('key').execute();
    expect(settings).toEqual([
      { key: 'demo.kd', value: String(DEMO_KD) },
      { key: 'demo.secret', value: SECRET },
    ]);
  });

  it('refuses a database that already has kingdoms, changing nothing', async () => {
    await expect(seedDemo(first.db, { now: NOW, secret: 'another' })).rejects.toThrow(/empty database/);
    expect((await kingdomScans()).length).toBe(result.scans - 6);
    expect(await findDemoTarget(first.db, SECRET)).not.toBeNull();
  });
});

/** The current season's kingdom scans: from the pre-KvK period (5 days before it opened) on. */
async function currentSeasonScans() {
  const open = (await season()).open_time;
  return (await kingdomScans()).filter((scan) => scan.taken_at >= open - 5 * DAY);
}

describe('findDemoTarget', () => {
  it('answers the demo kingdom for the right secret only', async () => {
    expect(await findDemoTarget(db(), SECRET)).toEqual({ kd: DEMO_KD, code: result.code });
    expect(await findDemoTarget(db(), 'demo-test-secreT')).toBeNull();
    expect(await findDemoTarget(db(), 'short')).toBeNull();
    expect(await findDemoTarget(db(), '')).toBeNull();
  });

  it('answers null when no demo was seeded', async () => {
    const empty = await createTestDatabase();
    try {
      expect(await findDemoTarget(empty.db, SECRET)).toBeNull();
    } finally {
      await empty.drop();
    }
  });
});

const MONOTONE = [
  't1_kills',
  't2_kills',
  't3_kills',
  't4_kills',
  't5_kills',
  'kill_points',
  'dead',
  'healed',
] as const;
const STAT_NAMES = [
  'T1-Kills',
  'T2-kills',
  'T3-Kills',
  'T4-Kills',
  'T5-Kills',
  'Dead Troops',
  'Rss Assistance',
].concat(['Alliance Helps', 'Rss Gathered', 'T4 Dead Troops', 'T5 Dead Troops']);

/** Every governor's kingdom-scan rows in time order. */
async function statHistory() {
  const rows = await db()
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select([
      'g.governor_id',
      's.taken_at',
      'g.power',
      'g.kill_points',
      ...MONOTONE.map((c) => `g.${c}` as const),
    ])
    .where('s.kind', '=', 'kingdom')
    .orderBy('g.governor_id')
    .orderBy('s.taken_at')
    .execute();
  // The demo's deliberate misreads (src/demo/misreads.ts), read as the review's suggestions correct them.
  const flags = await db()
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .select(['f.governor_id', 's.taken_at', 'f.field', 'f.suggested_value'])
    .where('f.status', '=', 'open')
    .execute();
  for (const flag of flags) {
    const row = rows.find(
      (r) => r.governor_id === Number(flag.governor_id) && Number(r.taken_at) === Number(flag.taken_at),
    ) as Record<string, unknown> | undefined;
    if (row && flag.suggested_value !== null && flag.field in row)
      row[flag.field] = Number(flag.suggested_value);
  }
  return rows;
}

const TABLES: { table: keyof Database; order: string[] }[] = [
  { table: 'kingdoms', order: ['kd'] },
  { table: 'camps', order: ['id'] },
  { table: 'camp_members', order: ['kingdom_kd', 'member_kd'] },
  { table: 'scans', order: ['id'] },
  { table: 'governor_stats', order: ['scan_id', 'governor_id'] },
  { table: 'kvk_seasons', order: ['kingdom_kd', 'kvk_number'] },
  { table: 'formulas', order: ['kingdom_kd'] },
  { table: 'hoh_records', order: ['governor_id'] },
  { table: 'prekvk_points', order: ['governor_id'] },
  { table: 'rallies', order: ['rally_id'] },
  { table: 'rally_participants', order: ['rally_id', 'governor_id'] },
  { table: 'app_settings', order: ['key'] },
];

async function checksums(database: TestDatabase): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const { table, order } of TABLES) {
    let query = database.db.selectFrom(table).selectAll();
    // biome-ignore lint/suspicious/noExplicitAny: column names vary per table; the list above is checked by hand.
    for (const column of order) query = query.orderBy(column as any);
    const rows = await query.execute();
    sums[table] = `${rows.length}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
  }
  return sums;
}
