import {
  allKdsResponseSchema,
  autarchResponseSchema,
  type DashboardResponse,
  type DiplomStats,
  dashboardResponseSchema,
  NO_CAMP,
  type PlayerRow,
  settingsResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KD, DEMO_KDS, type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-11-01T12:34:00Z');
let t: TestApp;
let demo: DemoSeedResult;
let full: DashboardResponse;

const get = async (url: string) => {
  const response = await t.app.inject(url);
  return { status: response.statusCode, body: response.json() };
};
const dataUrl = (query = '') => `/api/dashboard/${demo.kd}/data/${demo.code}${query ? `?${query}` : ''}`;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedDemo(t.database.db, { now: NOW, secret: 'dashboard-demo-test' });
  const { status, body } = await get(dataUrl('pageSize=50000'));
  expect(status).toBe(200);
  full = dashboardResponseSchema.parse(body);
});

afterAll(() => t?.close());

const sum = (values: readonly (number | null)[]) => values.reduce<number>((a, b) => a + (b ?? 0), 0);

describe('the demo dashboard', () => {
  it('answers the default period (the current season) in the documented shape', async () => {
    expect(full.totalPlayers).toBe(full.playerData.length);
    const scans = await t.database.db
      .selectFrom('scans')
      .select(['taken_at', 'name'])
      .where('kingdom_kd', '=', DEMO_KD)
      .where('kind', '=', 'kingdom')
      .orderBy('taken_at')
      .execute();
    expect(full.dates.map((d) => d.timestamp)).toEqual(scans.map((s) => s.taken_at));
    // The demo's default dates start at the current season's first scan; the previous season's come before it.
    const seasonStart = scans.find((s) => s.name === 'Pre-KvK baseline')!.taken_at;
    expect(full.selectedDates).toEqual({
      start: String(seasonStart),
      end: String(scans.at(-1)!.taken_at),
    });
    const governors = await t.database.db
      .selectFrom('governor_stats as g')
      .innerJoin('scans as s', 's.id', 'g.scan_id')
      .select(({ fn }) => fn.count<number>('g.governor_id').distinct().as('n'))
      .where('s.kingdom_kd', '=', DEMO_KD)
      .where('s.kind', '=', 'kingdom')
      .where('s.taken_at', '>=', seasonStart)
      .executeTakeFirstOrThrow();
    expect(full.totalPlayers).toBe(Number(governors.n));
    expect(full.availableKds).toEqual([...DEMO_KDS]);
    expect(full.availableCamps).toEqual(['Azure Legion', 'Crimson Pact', 'Emerald Order', 'Golden Horde']);
    expect(full.formulaString).toBe('T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15');
    expect(full.showAutarchSwitcher).toBe(true);
    const byName = new Map(scans.map((s) => [s.name, s.taken_at]));
    expect(full.dkpScansSelection).toEqual({
      wars: [
        { name: 'War 1', before: byName.get('War 1 start'), after: byName.get('War 1 end') },
        { name: 'War 2', before: byName.get('War 2 start'), after: byName.get('War 2 end') },
      ],
    });
  });

  it('keeps Power = Start Power + Power Change and DKP per the formula on every row', () => {
    const withPower = full.playerData.flatMap((row) =>
      row['Start Power'] !== null && row['Power Change'] !== null
        ? [{ power: row.Power, start: row['Start Power'], change: row['Power Change'] }]
        : [],
    );
    const withGains = full.playerData.flatMap((row) =>
      row['T4 Kills'] !== null && row['T5 Kills'] !== null && row.Dead !== null
        ? [{ dkp: row.DKP, t4: row['T4 Kills'], t5: row['T5 Kills'], dead: row.Dead }]
        : [],
    );
    // Most of the demo's governors are in both end scans: the sums below are checked on them, not on none.
    expect(withPower.length).toBeGreaterThan(full.playerData.length / 2);
    expect(withGains.length).toBeGreaterThan(full.playerData.length / 2);
    for (const { power, start, change } of withPower) expect(power).toBe(start + change);
    for (const { dkp, t4, t5, dead } of withGains) expect(dkp).toBe(t4 * 10 + t5 * 20 + dead * 15);
    // Governors who joined or left during the period are marked.
    expect(full.playerData.some((row) => !row['Full Period'])).toBe(true);
  });

  it('computes a governor’s gains from its first and last scan of the period in the database', async () => {
    const { db } = t.database;
    const row = full.playerData.find(
      (r) => r['Full Period'] && r['Death Points'] !== null && r['Heal Points'] !== null,
    )!;
    const stats = await db
      .selectFrom('governor_stats as g')
      .innerJoin('scans as s', 's.id', 'g.scan_id')
      .selectAll('g')
      .where('g.governor_id', '=', row['Gov ID'])
      .where('s.kind', '=', 'kingdom')
      .where('s.taken_at', '>=', Number(full.selectedDates.start))
      .orderBy('s.taken_at')
      .execute();
    const [first, last] = [stats[0]!, stats.at(-1)!];
    const gain = (column: keyof typeof first) => (last[column] as number) - (first[column] as number);
    expect(row).toMatchObject({
      'Start Power': first.power,
      Power: last.power,
      Dead: gain('dead'),
      Healed: gain('healed'),
      'Death Points': gain('t4_dead') + 5 * gain('t5_dead'),
      'Heal Points': gain('t4_healed') + 5 * gain('t5_healed'),
      'Kill Points Gained': gain('kill_points'),
      'T1 Kills': gain('t1_kills'),
      'T2 Kills': gain('t2_kills'),
      'T3 Kills': gain('t3_kills'),
      'Rss Gathered': gain('rss_gathered'),
      'Rss Assistance': gain('rss_assistance'),
      'Alliance Helps': gain('helps'),
    });
  });

  it('sums camps and kingdoms over the player rows', () => {
    const metrics = full.campSummary.headers.slice(2);
    expect(full.formulaString).toBe('T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15');
    // A sum's KP and DKP are the formula over its summed known gains (issue 36: a governor whose Dead went down has
    // DKP unknown but his kills still count; docs/dashboard.md, "Summaries").
    const weighted = (rows: PlayerRow[], terms: [keyof PlayerRow, number][]) => {
      const sums = terms.map(([column]) => sum(rows.map((row) => row[column] as number | null)));
      if (sums.every((each) => each === null)) return null;
      return terms.reduce((total, [, weight], i) => total + weight * (sums[i] ?? 0), 0);
    };
    const expected = (header: string, rows: PlayerRow[]) =>
      header === 'KP (T4+T5)'
        ? weighted(rows, [
            ['T4 Kills', 10],
            ['T5 Kills', 20],
          ])
        : header === 'DKP'
          ? weighted(rows, [
              ['T4 Kills', 10],
              ['T5 Kills', 20],
              ['Dead', 15],
            ])
          : sum(rows.map((row) => row[header as keyof PlayerRow] as number | null));
    const expectRow = (summaryRow: (string | number | null)[], rows: PlayerRow[], offset: number) => {
      expect(summaryRow[offset]).toBe(rows.length);
      metrics.forEach((header, i) => {
        expect(summaryRow[offset + 1 + i]).toBe(expected(header, rows));
      });
    };
    for (const campRow of full.campSummary.data) {
      expectRow(
        campRow,
        full.playerData.filter((row) => (row.Camp ?? NO_CAMP) === campRow[0]),
        1,
      );
    }
    let camp: string | null = null;
    for (const kdRow of full.kdSummary.data) {
      camp = (kdRow[0] as string | null) ?? camp;
      expectRow(
        kdRow,
        full.playerData.filter((row) => row.KD === kdRow[1]),
        2,
      );
      expect(full.kdSummary.campData[camp!]!.kds).toContain(kdRow[1]);
    }
    expect(full.kdSummary.data).toHaveLength(DEMO_KDS.length);
  });

  it('gives diplomacy totals per camp that are the sums of their kingdoms', () => {
    const { camps, timestamp } = full.diplomOverview;
    expect(timestamp).toBe(full.dates.at(-1)!.timestamp);
    expect(Object.keys(camps).sort()).toEqual(full.availableCamps);
    for (const card of Object.values(camps)) {
      const kds = Object.entries(card).filter(([key]) => key !== 'total');
      expect(kds.length).toBe(3);
      for (const field of ['power', 't4_kills', 't5_kills', 'dead_troops', 'healed_troops'] as const) {
        expect(card.total![field]).toBe(sum(kds.map(([, stats]) => (stats as DiplomStats)[field])));
      }
    }
  });

  it('pages the first page sorted by DKP, and agrees with the full list', async () => {
    const sorts = encodeURIComponent(JSON.stringify([{ key: 'DKP', direction: 'desc', priority: 1 }]));
    const { body } = await get(dataUrl(`sorts=${sorts}&pageSize=20`));
    const dkps = full.playerData.map((row) => row.DKP ?? -Infinity).sort((a, b) => b - a);
    expect(body.playerData.map((row: PlayerRow) => row.DKP)).toEqual(dkps.slice(0, 20));
  });

  it('warms a period with update-tables, idempotently', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/update-tables',
      payload: { kd: demo.kd, code: demo.code },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success', rows: full.totalPlayers });
    const [a, b] = [full.dates[3]!.timestamp, full.dates[9]!.timestamp];
    const body = { code: demo.code, start_date: String(a), end_date: String(b), extra: 'ignored' };
    const warmed = await t.app.inject({ method: 'POST', url: '/api/dashboard/update-tables', payload: body });
    expect(warmed.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/dashboard/update-tables', payload: body });
    expect(again.json()).toEqual(warmed.json());
    const period = await get(dataUrl(`start_date=${a}&end_date=${b}&pageSize=1`));
    expect(period.body.totalPlayers).toBe(warmed.json().rows);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/update-tables',
      payload: { kd: demo.kd, code: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('the other dashboard calls', () => {
  it('answers the formula string and the settings', async () => {
    expect(await get(`/api/dashboard/${demo.kd}/formula/${demo.code}`)).toEqual({
      status: 200,
      body: { formulaString: 'T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15' },
    });
    const settings = await get(`/api/settings/${demo.kd}/${demo.code}`);
    expect(settingsResponseSchema.parse(settings.body)).toEqual({
      defaultTopFilter: null,
      defaultDates: { start: full.selectedDates.start, end: null },
    });
  });

  it('lists the home kds of the kingdom whose code is given', async () => {
    const { status, body } = await get(`/api/dashboard/${demo.code}/all-kds`);
    expect(status).toBe(200);
    expect(allKdsResponseSchema.parse(body)).toEqual({ kds: [...DEMO_KDS] });
    expect((await get('/api/dashboard/no-such-code/all-kds')).status).toBe(404);
  });

  it('answers 404 Kingdom not found on every viewer call with a wrong code', async () => {
    for (const url of [
      `/api/dashboard/${demo.kd}/formula/wrong-code`,
      `/api/settings/${demo.kd}/wrong-code`,
      `/api/dashboard/${demo.kd}/autarch-data/wrong-code`,
    ]) {
      const { status, body } = await get(url);
      expect(status).toBe(404);
      expect(body.error).toBe('Kingdom not found');
    }
  });
});

describe('autarch mode', () => {
  const autarchUrl = (query = '') =>
    `/api/dashboard/${demo.kd}/autarch-data/${demo.code}${query ? `?${query}` : ''}`;

  it('answers each governor’s latest autarch totals with the points legend', async () => {
    const { status, body } = await get(autarchUrl('pageSize=5000'));
    expect(status).toBe(200);
    const data = autarchResponseSchema.parse(body);
    const scans = await t.database.db
      .selectFrom('scans')
      .select(['id', 'taken_at'])
      .where('kingdom_kd', '=', DEMO_KD)
      .where('kind', '=', 'autarch')
      .orderBy('taken_at')
      .execute();
    expect(data.lastUpdated).toBe(scans.at(-1)!.taken_at);
    const latest = await t.database.db
      .selectFrom('governor_stats')
      .selectAll()
      .where('scan_id', '=', scans.at(-1)!.id)
      .execute();
    expect(data.totalPlayers).toBe(latest.length); // every entrant is in the last day's scan
    const byId = new Map(latest.map((row) => [row.governor_id, row]));
    for (const row of data.playerData) {
      const stat = byId.get(row['Gov ID'])!;
      expect(row['Kill Points']).toBe(stat.t4_kills! + 5 * stat.t5_kills!);
      expect(row['Death Points']).toBe(stat.t4_dead! + 5 * stat.t5_dead!);
      expect(row['Total Points']).toBe(row['Kill Points']! + row['Death Points']! + row['Heal Points']!);
    }
    const totals = data.playerData.map((row) => row['Total Points']!);
    expect(totals).toEqual([...totals].sort((a, b) => b - a)); // default: Total Points, highest first
    expect(data.availableKDs).toEqual(
      [...new Set(data.playerData.map((row) => row.KD))].sort((a, b) => a! - b!),
    );
    const campTotal = data.campSummary.headers.indexOf('Total Points');
    expect(sum(data.campSummary.data.map((row) => row[campTotal] as number))).toBe(sum(totals));
  });

  it('filters by kd, searches, keeps the top N and sorts', async () => {
    const kd = (await get(autarchUrl('kd=2102&pageSize=1000'))).body;
    expect(kd.playerData.every((row: PlayerRow) => row.KD === 2102)).toBe(true);
    const top = (await get(autarchUrl('top=5&sortBy=Name&sortDirection=asc'))).body;
    expect(top.totalPlayers).toBe(5);
    const bad = await get(autarchUrl('sortBy=DKP'));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Unknown sort key "DKP"/);
  });

  it('warms with update-tables and lists the kingdoms that have autarch data', async () => {
    const warmed = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/autarch/update-tables',
      payload: { kd: String(demo.kd), code: demo.code },
    });
    expect(warmed.statusCode).toBe(200);
    expect(warmed.json().status).toBe('success');
    expect(await get('/api/dashboard/autarch/available-kds')).toEqual({
      status: 200,
      body: { kds: [DEMO_KD] },
    });
  });
});
