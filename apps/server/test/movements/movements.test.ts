import type { MovementRow, MovementsResponse } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GovernorStatRow, insertScan } from '../../src/features/scans/scan-store.ts';
import { addTestKingdom } from '../import/import-support.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A constructed history of kingdom 3201 (scans on days 0–5, a KvK map holding kingdom 3202 too), read over the
 * period day 1 → day 5. Each governor plays one part; the expected tables are written out by hand below.
 */
const KD = 3201;
const OTHER = 3202;
const DAY = 86_400;
const M = 1_000_000;

interface Part {
  id: number;
  name: string;
  power: number;
  /** Home kd on each day it is in the scan (days without an entry: absent). */
  home: (day: number) => number | null | undefined;
  /** Counters stop growing after this day. */
  idleFrom?: number;
}

const PARTS: Part[] = [
  { id: 101, name: 'Steady', power: 50 * M, home: () => KD },
  { id: 102, name: 'Newcomer', power: 20 * M, home: (d) => (d >= 3 ? KD : undefined) },
  { id: 103, name: 'Returner', power: 10 * M, home: (d) => (d === 0 || d >= 4 ? KD : undefined) },
  { id: 104, name: 'Leaver', power: 40 * M, home: (d) => (d <= 2 ? KD : undefined) },
  { id: 105, name: 'Small farm', power: 1 * M, home: (d) => (d <= 3 ? KD : undefined) },
  { id: 106, name: 'Migrant in', power: 30 * M, home: (d) => (d >= 3 ? KD : OTHER) },
  { id: 107, name: 'Migrant out', power: 25 * M, home: (d) => (d >= 4 ? OTHER : KD) },
  { id: 108, name: 'Sleeper', power: 5 * M, home: () => KD, idleFrom: 2 },
  { id: 109, name: 'Neighbour', power: 2 * M, home: (d) => (d <= 2 ? OTHER : undefined) },
  { id: 110, name: 'Passing', power: 15 * M, home: (d) => (d === 2 || d === 3 ? null : undefined) },
];

function scanRows(day: number): GovernorStatRow[] {
  return PARTS.flatMap((part) => {
    const home = part.home(day);
    if (home === undefined) return [];
    const grown = Math.min(day, part.idleFrom ?? day);
    return [
      {
        governor_id: part.id,
        name: part.name,
        alliance: 'ABC',
        home_kd: home,
        power: part.power,
        kill_points: part.id * 1000 + grown * 500,
        t4_kills: grown * 10,
        t5_kills: grown * 5,
        dead: grown * 3,
        healed: null,
        rss_gathered: grown * 1000,
        helps: grown,
        extra_json: null,
      },
    ];
  });
}

let world: TestApp;

beforeAll(async () => {
  world = await createTestApp();
  await addTestKingdom(world.database.db, KD);
  for (let day = 0; day <= 5; day++) {
    await world.database.db.transaction().execute((trx) =>
      insertScan(trx, {
        kingdomKd: KD,
        kind: 'kingdom',
        takenAt: day * DAY,
        name: `day ${day}`,
        sourceFormat: 'test',
        rows: scanRows(day),
      }),
    );
  }
});

afterAll(async () => {
  await world?.close();
});

async function movements(query: string, code = `code-${KD}`) {
  return world.app.inject({ method: 'GET', url: `/api/dashboard/${KD}/movements/${code}?${query}` });
}

const brief = (rows: MovementRow[]) =>
  rows.map((row) => ({ id: row.governorId, reason: row.reason, day: row.at / DAY, otherKd: row.otherKd }));

describe('arrivals, departures and inactive governors', () => {
  it('tells arrivals, departures, migrations, the cut-off and inactivity apart over a period', async () => {
    const response = await movements(`start_date=${1 * DAY}&end_date=${5 * DAY}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<MovementsResponse>();
    expect(body.selectedDates).toEqual({ start: String(DAY), end: String(5 * DAY) });
    expect(body.inactiveScans).toBe(3);
    // The end scan's own governors: Steady, Newcomer, Returner, Migrant in, Sleeper — the lowest is Sleeper's 5 M.
    expect(body.cutoffPower).toBe(5 * M);
    // Biggest first.
    expect(brief(body.arrived)).toEqual([
      { id: 106, reason: 'migrated_in', day: 3, otherKd: OTHER },
      { id: 102, reason: 'new', day: 3, otherKd: null },
      { id: 103, reason: 'returned', day: 4, otherKd: null },
    ]);
    expect(brief(body.left)).toEqual([
      { id: 104, reason: 'left', day: 2, otherKd: null },
      { id: 107, reason: 'migrated_out', day: 4, otherKd: OTHER },
      { id: 105, reason: 'below_cutoff', day: 3, otherKd: null },
    ]);
    expect(brief(body.inactive)).toEqual([{ id: 108, reason: 'inactive', day: 3, otherKd: null }]);
    expect(body.arrived[0]).toMatchObject({ name: 'Migrant in', alliance: 'ABC', homeKd: KD, power: 30 * M });
    // Every row shows the governor as the scan under When shows them: a move out, as the first scan in the new home.
    expect(body.left[1]).toMatchObject({ name: 'Migrant out', homeKd: OTHER, power: 25 * M, at: 4 * DAY });
  });

  it('counts inactivity over the number of scans the viewer picks', async () => {
    const over = async (n: number) => {
      const response = await movements(`start_date=${DAY}&end_date=${5 * DAY}&inactive_scans=${n}`);
      return brief(response.json<MovementsResponse>().inactive);
    };
    // Sleeper's counters last moved on day 2: four scans (days 2–5) show the same values, five do not.
    expect(await over(4)).toEqual([{ id: 108, reason: 'inactive', day: 2, otherKd: null }]);
    expect(await over(5)).toEqual([]);
    // Six scans reach back before the period (day 0): nobody was idle that long.
    expect(await over(6)).toEqual([]);
    // More scans than the kingdom has up to the end: nobody can be judged.
    expect(await over(7)).toEqual([]);
  });

  it('reads a shorter period from its own end scans', async () => {
    const response = await movements(`start_date=${2 * DAY}&end_date=${3 * DAY}`);
    const body = response.json<MovementsResponse>();
    expect(brief(body.arrived)).toEqual([
      { id: 106, reason: 'migrated_in', day: 3, otherKd: OTHER },
      { id: 102, reason: 'new', day: 3, otherKd: null },
    ]);
    // Day 3's own governors reach down to Small farm's 1 M, so Leaver (40 M) left; Passing (home kd unknown, so
    // counted as the kingdom's) was in both scans.
    expect(body.cutoffPower).toBe(1 * M);
    expect(brief(body.left)).toEqual([{ id: 104, reason: 'left', day: 2, otherKd: null }]);
  });

  it('answers like the dashboards to a wrong code, a date that is not a scan and a bad inactivity count', async () => {
    const wrong = await movements('', 'nope');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ message: 'Kingdom not found' });
    const notAScan = await movements('start_date=12345');
    expect(notAScan.statusCode).toBe(400);
    expect(notAScan.json().message).toContain('start_date 12345 is not the time of a scan');
    const reversed = await movements(`start_date=${5 * DAY}&end_date=${DAY}`);
    expect(reversed.statusCode).toBe(400);
    expect((await movements('inactive_scans=1')).statusCode).toBe(400);
    expect((await movements('inactive_scans=51')).statusCode).toBe(400);
  });

  it('answers empty tables for a kingdom without scans', async () => {
    await addTestKingdom(world.database.db, OTHER);
    const response = await world.app.inject({
      method: 'GET',
      url: `/api/dashboard/${OTHER}/movements/code-${OTHER}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      dates: [],
      selectedDates: { start: '', end: '' },
      arrived: [],
      left: [],
      inactive: [],
    });
  });
});

describe('wrong codes', () => {
  it('are limited as on the dashboards: after the limit even the right code waits', async () => {
    const limited = await createTestApp({ rateLimits: { wrongCodePerAddress: 3, windowMs: 60_000 } });
    try {
      await addTestKingdom(limited.database.db, KD);
      const get = (code: string) =>
        limited.app.inject({ method: 'GET', url: `/api/dashboard/${KD}/movements/${code}` });
      expect((await get(`code-${KD}`)).statusCode).toBe(200);
      for (const guess of ['guess-1', 'guess-2', 'guess-3']) expect((await get(guess)).statusCode).toBe(404);
      const refused = await get(`code-${KD}`);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
