import { alignSeasons, seasonSeries } from '@kingdom-stats/core';
import { governorCompareResponseSchema, governorResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The demo's previous KvK (src/demo/previous-season.ts): scans of KvK 6 under the current season's, so the governor
 * page and its season against season have two seasons to show. Checked against the stored rows and through the API.
 */

const DAY = 86_400;
let t: TestApp;
let demo: DemoSeedResult;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedDemo(t.database.db, {
    now: new Date('2026-05-20T09:30:00Z'),
    secret: 'previous-season-test',
  });
}, 180_000);
afterAll(() => t?.close());

interface Row {
  governor_id: number;
  name: string;
  alliance: string | null;
  home_kd: number | null;
  power: number | null;
  t4_kills: number | null;
  t5_kills: number | null;
}

async function seasons() {
  const rows = await t.database.db
    .selectFrom('kvk_seasons')
    .selectAll()
    .where('kingdom_kd', '=', demo.kd)
    .orderBy('kvk_number')
    .execute();
  const [previous, current] = rows.map((s) => ({
    kvk: s.kvk_number,
    open: Number(s.open_time),
    close: Number(s.close_time),
  }));
  return { previous: previous!, current: current! };
}

async function kingdomScans() {
  const rows = await t.database.db
    .selectFrom('scans')
    .select(['id', 'name', 'taken_at', 'row_count'])
    .where('kingdom_kd', '=', demo.kd)
    .where('kind', '=', 'kingdom')
    .orderBy('taken_at')
    .execute();
  return rows.map((r) => ({ ...r, taken_at: Number(r.taken_at) }));
}

async function rowsOf(scanName: string): Promise<Map<number, Row>> {
  const rows = await t.database.db
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select(['g.governor_id', 'g.name', 'g.alliance', 'g.home_kd', 'g.power', 'g.t4_kills', 'g.t5_kills'])
    .where('s.kind', '=', 'kingdom')
    .where('s.name', '=', scanName)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.governor_id),
      { ...r, governor_id: Number(r.governor_id), home_kd: r.home_kd === null ? null : Number(r.home_kd) },
    ]),
  );
}

describe('the demo’s previous KvK', () => {
  it('has 7 scans of KvK 6: before it opened, at the opening, four during it and one after it closed', async () => {
    const { previous, current } = await seasons();
    expect(previous.kvk).toBe(current.kvk - 1);
    const scans = await kingdomScans();
    const before = scans.filter((s) => s.taken_at < current.open - 5 * DAY);
    expect(before.map((s) => s.name)).toEqual([
      'KvK 6 before open',
      'KvK 6 open',
      'KvK 6 day 10',
      'KvK 6 day 22',
      'KvK 6 day 35',
      'KvK 6 day 50',
      'KvK 6 after close',
    ]);
    const inside = before.filter((s) => s.taken_at >= previous.open && s.taken_at <= previous.close);
    expect(inside).toHaveLength(5);
    expect(before[0]!.taken_at).toBeGreaterThan(previous.open - 5 * DAY);
    expect(before.at(-1)!.taken_at).toBeGreaterThan(previous.close);
    expect(before.at(-1)!.taken_at).toBeLessThan(previous.close + 5 * DAY);
    for (const scan of before) {
      expect(scan.row_count).toBeGreaterThan(3_500);
      expect(scan.row_count).toBeLessThan(3_700);
    }
  });

  it('had the same governors on smaller accounts, fighting in its wars', async () => {
    const [then, start, now] = [
      await rowsOf('KvK 6 after close'),
      await rowsOf('KvK 6 open'),
      await rowsOf('Pre-KvK baseline'),
    ];
    const both = [...now.values()].filter((row) => then.has(row.governor_id));
    expect(both.length).toBeGreaterThan(3_400);
    const ratios = both.map((row) => then.get(row.governor_id)!.power! / row.power!).sort((a, b) => a - b);
    const median = ratios[Math.floor(ratios.length / 2)]!;
    expect(median).toBeGreaterThan(0.65);
    expect(median).toBeLessThan(0.95);
    expect(ratios.at(-1)!).toBeLessThanOrEqual(1);
    // Most of the kingdom's 50 biggest accounts killed T4/T5 troops during KvK 6.
    const biggest = [...then.values()]
      .filter((row) => row.home_kd === demo.kd)
      .sort((a, b) => b.power! - a.power!)
      .slice(0, 50);
    const fought = biggest.filter((row) => {
      const first = start.get(row.governor_id)!;
      return row.t4_kills! + row.t5_kills! - first.t4_kills! - first.t5_kills! > 0;
    });
    expect(fought.length).toBeGreaterThan(40);
  });

  it('has arrivals, departures, migrations, renames and alliance changes between the seasons', async () => {
    const [then, now] = [await rowsOf('KvK 6 after close'), await rowsOf('Pre-KvK baseline')];
    const arrived = [...now.keys()].filter((id) => !then.has(id));
    const left = [...then.keys()].filter((id) => !now.has(id));
    expect(arrived).toHaveLength(72);
    expect(left).toHaveLength(72);
    const changed = (pick: (row: Row) => unknown) =>
      [...now.values()].filter(
        (row) => then.has(row.governor_id) && pick(then.get(row.governor_id)!) !== pick(row),
      ).length;
    expect(changed((row) => row.home_kd)).toBe(72);
    expect(changed((row) => row.name)).toBe(36);
    expect(changed((row) => row.alliance)).toBe(60);
  });

  it('gives a long-standing governor a result in both seasons on the governor page', async () => {
    const { previous } = await seasons();
    const [start, end, now] = [
      await rowsOf('KvK 6 open'),
      await rowsOf('KvK 6 day 50'),
      await rowsOf('Pre-KvK baseline'),
    ];
    // The kingdom's biggest account at this season's start that was one of its own through KvK 6.
    const id = [...now.values()]
      .filter((row) => row.home_kd === demo.kd && start.get(row.governor_id)?.home_kd === demo.kd)
      .sort((a, b) => b.power! - a.power!)[0]!.governor_id;
    const res = await t.app.inject(`/api/governor/${demo.kd}/${id}/${demo.code}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = governorResponseSchema.parse(res.json());
    expect(body.seasons.map((s) => s.kvkNumber)).toEqual([6, 7]);
    for (const season of body.seasons) expect(season.result).not.toBeNull();
    const kvk6 = body.seasons[0]!.result!;
    expect(kvk6.t4Kills).toBe(end.get(id)!.t4_kills! - start.get(id)!.t4_kills!);
    expect(kvk6.t5Kills).toBe(end.get(id)!.t5_kills! - start.get(id)!.t5_kills!);
    expect(kvk6.rank).toBeGreaterThanOrEqual(1);
    expect(kvk6.ranked).toBeGreaterThan(250);

    // Season against season: both seasons' lines start at 0 on day ~0 and grow.
    const scansOf = (season: { openTime: number; closeTime: number }) =>
      seasonSeries(body.scans, (scan) => scan.killPoints, season);
    const [a, b] = body.seasons.map(scansOf);
    expect(a!.map((p) => Math.floor(p.day))).toEqual([0, 9, 21, 34, 49]);
    expect(b!.length).toBeGreaterThan(25);
    for (const line of [a!, b!]) {
      expect(line[0]!.value).toBe(0);
      expect(line.at(-1)!.value!).toBeGreaterThan(0);
    }
    const aligned = alignSeasons(a!, b!);
    expect(aligned.a.filter((v) => v !== null)).toHaveLength(5);
    expect(body.scans.filter((s) => s.takenAt >= previous.open && s.takenAt <= previous.close)).toHaveLength(
      5,
    );
  });

  it('draws the compare chart over both seasons’ scans', async () => {
    const now = await rowsOf('Pre-KvK baseline');
    const then = await rowsOf('KvK 6 open');
    const ids = [...now.values()]
      .filter((row) => row.home_kd === demo.kd && then.has(row.governor_id))
      .sort((a, b) => b.power! - a.power!)
      .slice(0, 2)
      .map((row) => row.governor_id);
    const res = await t.app.inject(`/api/compare/${demo.kd}/${demo.code}?ids=${ids.join(',')}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = governorCompareResponseSchema.parse(res.json());
    expect(body.seasons.map((s) => s.kvkNumber)).toEqual([6, 7]);
    const current = body.seasons[1]!;
    for (const governor of body.governors) {
      expect(governor.scans.filter((s) => s.takenAt < current.openTime - 5 * DAY)).toHaveLength(7);
      expect(governor.scans.length).toBeGreaterThan(7 + 30);
    }
  });
});
