import { compareValues } from '@kingdom-stats/core';
import { dashboardResponseSchema, NO_CAMP } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { setCamp } from '../../src/features/kingdoms/service.ts';
import { addTestKingdom } from '../import/import-support.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  ARAGORN,
  ARRIVAL,
  CAMPS,
  CODE,
  END,
  END_FILE,
  type ExpectedRow,
  endScanRows,
  expectedRows,
  getData,
  homeKdOf,
  KD,
  LEAVER,
  O_BRIEN,
  PLUS,
  START,
  START_FILE,
  sortsParam,
  spreadHomeKds,
  sumKnown,
} from './fixture-support.ts';

let t: TestApp;
const expected = expectedRows();
const all = [...expected.values()];

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  await addTestKingdom(db, KD);
  await importScanFile(db, { kingdomKd: KD, filePath: START_FILE });
  await importScanFile(db, { kingdomKd: KD, filePath: END_FILE });
  await spreadHomeKds(db);
  for (const [campName, memberKds] of Object.entries(CAMPS)) {
    await setCamp(db, { kd: KD, campName, memberKds: [...memberKds] });
  }
});

afterAll(() => t?.close());

const fetchAll = async (query = '') => {
  const { status, body } = await getData(t.app, `pageSize=1000${query ? `&${query}` : ''}`);
  expect(status).toBe(200);
  return body;
};
const ids = (rows: readonly Record<string, unknown>[]) => rows.map((row) => row['Gov ID'] as number);

describe('GET /api/dashboard/{kd}/data/{code} on the RokTracker start and end scans', () => {
  it('answers every governor of the period with the gains computed from the files', async () => {
    const body = dashboardResponseSchema.parse(await fetchAll());
    expect(body.totalPlayers).toBe(61);
    expect(body.playerData).toHaveLength(61);
    for (const row of body.playerData) expect(row).toEqual(expected.get(row['Gov ID']));
  });

  it('shows a few governors exactly', async () => {
    const body = await fetchAll();
    const row = (id: number) => body.playerData.find((r: ExpectedRow) => r['Gov ID'] === id);
    const aragorn = row(ARAGORN);
    expect(aragorn).toMatchObject({
      Name: 'Aragorn',
      Alliance: 'ABC1',
      KD: 1235,
      Camp: 'Beta',
      'Full Period': true,
    });
    expect(aragorn.Power).toBe(aragorn['Start Power'] + aragorn['Power Change']);
    expect(aragorn['KP (T4+T5)']).toBe(aragorn['T4 Kills'] * 10 + aragorn['T5 Kills'] * 20);
    expect(aragorn['Kill Points']).toBe(aragorn['T4 Kills'] + aragorn['T5 Kills'] * 5);
    expect(aragorn.DKP).toBe(aragorn['T4 Kills'] * 10 + aragorn['T5 Kills'] * 20 + aragorn.Dead * 15);
    expect(aragorn.Healed).toBeNull(); // RokTracker does not scan healed troops: unknown, not 0

    // In one scan of the period only: gains 0 from that scan, marked as not spanning the period.
    expect(row(LEAVER)).toMatchObject({ 'Full Period': false, 'First Scan': START, 'Last Scan': START });
    expect(row(LEAVER)['T4 Kills']).toBe(0);
    expect(row(LEAVER)['Power Change']).toBe(0);
    expect(row(ARRIVAL)).toMatchObject({
      Name: 'Migrant',
      'Full Period': false,
      'First Scan': END,
      'Last Scan': END,
    });

    // -1 (unreadable) and -3 (NaN) are unknown: the gains that need them are unknown too.
    expect(row(PLUS)).toMatchObject({ 'Start Power': null, 'Power Change': null, Evolution: null });
    expect(row(PLUS).Power).toBe(expected.get(PLUS)!.Power);
    expect(row(O_BRIEN)['T5 Kills']).toBeNull();
    expect(row(O_BRIEN)['KP (T4+T5)']).toBe(row(O_BRIEN)['T4 Kills'] * 10);
    expect(row(O_BRIEN)['Kill Points']).toBe(row(O_BRIEN)['T4 Kills']);
  });

  it('sums camps and kingdoms over the same rows', async () => {
    const body = await fetchAll();
    const { campSummary, kdSummary } = body;
    expect(campSummary.headers).toEqual([
      'CAMP NAME',
      'Governors',
      'Power',
      'Power Change',
      'T4 Kills',
      'T5 Kills',
      'KP (T4+T5)',
      'Dead',
      'Healed',
      'DKP',
    ]);
    const metrics = campSummary.headers.slice(2) as string[];
    const sums = (rows: ExpectedRow[]) => [
      rows.length,
      ...metrics.map((header) => sumKnown(rows.map((row) => row[header] as number | null))),
    ];
    const inCamp = (camp: string | null) => all.filter((row) => row.Camp === camp);
    expect(campSummary.data).toEqual([
      ['Alpha', ...sums(inCamp('Alpha'))],
      ['Beta', ...sums(inCamp('Beta'))],
      [NO_CAMP, ...sums(inCamp(null))],
    ]);
    expect(kdSummary.headers).toEqual(['CAMP NAME', 'KD', ...campSummary.headers.slice(1)]);
    expect(kdSummary.data).toEqual([
      ['Alpha', 1234, ...sums(inCamp('Alpha'))],
      ['Beta', 1235, ...sums(inCamp('Beta'))],
      [NO_CAMP, 1236, ...sums(inCamp(null))],
    ]);
    expect(kdSummary.campData).toMatchObject({
      Alpha: { kds: [1234] },
      Beta: { kds: [1235] },
      [NO_CAMP]: { kds: [1236] },
    });
    expect(kdSummary.campData.Alpha.color).not.toBe(kdSummary.campData.Beta.color);
    const dkpColumn = campSummary.headers.indexOf('DKP');
    expect(campSummary.maxValues.DKP).toBe(
      Math.max(...campSummary.data.map((r: number[]) => Math.abs(r[dkpColumn]!))),
    );
    expect(campSummary.maxValues.Healed).toBeUndefined(); // nothing known to scale a bar by
    expect(campSummary.colors).toMatchObject({ Power: expect.any(String), Dead: expect.any(String) });
    expect(body.availableCamps).toEqual(['Alpha', 'Beta', NO_CAMP]);
    expect(body.availableKds).toEqual([1234, 1235, 1236]);
  });

  it('computes summaries over the filtered rows, before paging', async () => {
    const { body } = await getData(t.app, 'kd=1235&pageSize=5');
    expect(body.playerData).toHaveLength(5);
    const beta = all.filter((row) => row.KD === 1235);
    expect(body.totalPlayers).toBe(beta.length);
    expect(body.campSummary.data).toEqual([['Beta', beta.length, ...body.campSummary.data[0].slice(2)]]);
    expect(body.campSummary.data[0][2]).toBe(sumKnown(beta.map((row) => row.Power as number | null)));
  });

  it('gives the latest scan’s totals per camp and kd in the diplomacy overview', async () => {
    const body = await fetchAll();
    const rows = endScanRows();
    const totals = (kd: number) => {
      const of = rows.filter((row) => homeKdOf(row.governor_id) === kd);
      const sum = (pick: (row: (typeof rows)[number]) => number | null | undefined) =>
        of.reduce((total, row) => total + (pick(row) ?? 0), 0);
      return {
        power: sum((r) => r.power),
        t4_kills: sum((r) => r.t4_kills),
        t5_kills: sum((r) => r.t5_kills),
        dead_troops: sum((r) => r.dead),
        healed_troops: sum((r) => r.healed),
      };
    };
    expect(body.diplomOverview).toEqual({
      timestamp: END,
      camps: {
        Alpha: { 1234: totals(1234), total: totals(1234) },
        Beta: { 1235: totals(1235), total: totals(1235) },
        [NO_CAMP]: { 1236: totals(1236), total: totals(1236) },
      },
    });
  });

  it('lists the dates, the selected period, the formula and the autarch switch', async () => {
    const body = await fetchAll();
    expect(body.dates).toEqual([
      { timestamp: START, display: '2026-10-01 00:00 UTC · kd1234-start' },
      { timestamp: END, display: '2026-10-10 00:00 UTC · kd1234-end' },
    ]);
    expect(body.selectedDates).toEqual({ start: String(START), end: String(END) });
    expect(body.formulaString).toBe('T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15');
    expect(body.showAutarchSwitcher).toBe(false);
    expect(body.dkpScansSelection).toBe('none');
  });
});

describe('search, filters, top, kd and camp', () => {
  it('searches governor id, name and alliance, case-insensitively', async () => {
    expect(new Set(ids((await fetchAll('search=ZOË')).playerData))).toEqual(
      new Set(ids(all.filter((row) => String(row.Name).toLowerCase().includes('zoë')))),
    );
    expect((await fetchAll('search=zoë')).totalPlayers).toBeGreaterThan(1);
    expect(ids((await fetchAll(`search=${LEAVER}`)).playerData)).toEqual([LEAVER]);
    const abc = all.filter((row) => String(row.Alliance).toLowerCase().includes('abc1'));
    expect((await fetchAll('search=abc1')).totalPlayers).toBe(abc.length);
  });

  const filterCases: [string, (row: ExpectedRow) => boolean, object][] = [
    [
      'contains',
      (row) => String(row.Name).toLowerCase().includes('plus'),
      { column: 'Name', operator: 'contains', value: 'PLUS' },
    ],
    [
      'equals',
      (row) => String(row.Alliance).toLowerCase() === 'wolf',
      { column: 'Alliance', operator: 'equals', value: 'wolf' },
    ],
    [
      'greater',
      (row) => row.DKP === null || (row.DKP as number) > 45_000_000,
      { column: 'DKP', operator: 'greater', value: '45M' },
    ],
    [
      'less',
      (row) => row.Power === null || (row.Power as number) < 60_000_000,
      { column: 'Power', operator: 'less', value: '60000000' },
    ],
  ];
  it.each(filterCases)(
    'filters with %s on the server, so totals and pages agree',
    async (_op, predicate, filter) => {
      const wanted = all.filter(predicate);
      expect(wanted.length).toBeGreaterThan(0);
      expect(wanted.length).toBeLessThan(all.length);
      const body = await fetchAll(`filters=${encodeURIComponent(JSON.stringify([filter]))}`);
      expect(body.totalPlayers).toBe(wanted.length);
      expect(new Set(ids(body.playerData))).toEqual(new Set(ids(wanted)));
    },
  );

  it('keeps the top N governors by current power', async () => {
    const byPower = [...all].sort((a, b) => ((b.Power as number) ?? -1) - ((a.Power as number) ?? -1));
    const body = await fetchAll('top=10');
    expect(body.totalPlayers).toBe(10);
    expect(new Set(ids(body.playerData))).toEqual(new Set(ids(byPower.slice(0, 10))));
    // Within the KD filter: the top of that kingdom.
    const kd1236 = byPower.filter((row) => row.KD === 1236).slice(0, 3);
    expect(new Set(ids((await fetchAll('top=3&kd=1236')).playerData))).toEqual(new Set(ids(kd1236)));
    expect((await fetchAll('top=all')).totalPlayers).toBe(61);
  });

  it('filters by home kd and by camp, including governors in no camp', async () => {
    const count = (kd: number) => all.filter((row) => row.KD === kd).length;
    const kd = await fetchAll('kd=1234');
    expect(kd.totalPlayers).toBe(count(1234));
    expect(kd.playerData.every((row: ExpectedRow) => row.KD === 1234)).toBe(true);
    expect((await fetchAll('camp=Beta')).totalPlayers).toBe(count(1235));
    expect((await fetchAll(`camp=${encodeURIComponent(NO_CAMP)}`)).totalPlayers).toBe(count(1236));
    expect((await fetchAll('kd=all&camp=all')).totalPlayers).toBe(61);
  });
});

describe('sorting and paging', () => {
  it('sorts by several fields at once, by priority', async () => {
    const sorts = [
      { key: 'T4 Kills', direction: 'desc' as const, priority: 2 },
      { key: 'Alliance', direction: 'asc' as const, priority: 1 },
    ];
    const rows: ExpectedRow[] = (await fetchAll(`sorts=${sortsParam(sorts)}`)).playerData;
    const sameAlliance: [number, number][] = [];
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const byAlliance = compareValues(a.Alliance, b.Alliance);
      expect(byAlliance).toBeLessThanOrEqual(0);
      if (byAlliance === 0 && a['T4 Kills'] !== null && b['T4 Kills'] !== null)
        sameAlliance.push([a['T4 Kills'] as number, b['T4 Kills'] as number]);
    }
    // The second sort key is checked on many pairs of one alliance, not on none.
    expect(sameAlliance.length).toBeGreaterThan(rows.length / 2);
    for (const [a, b] of sameAlliance) expect(a).toBeGreaterThanOrEqual(b);
    expect(new Set(rows.map((row) => row.Alliance)).size).toBeGreaterThan(2);
  });

  it('accepts sortBy with sortDirection, and puts unknown values last', async () => {
    const rows: ExpectedRow[] = (await fetchAll('sortBy=T5%20Kills&sortDirection=desc')).playerData;
    const values = rows.map((row) => row['T5 Kills']);
    expect(values.at(-1)).toBeNull();
    const known = values.filter((value) => value !== null) as number[];
    expect(known).toEqual([...known].sort((a, b) => b - a));
  });

  it('pages through the sorted rows without gaps or repeats', async () => {
    const sorts = sortsParam([{ key: 'DKP', direction: 'desc', priority: 1 }]);
    const full = ids((await fetchAll(`sorts=${sorts}`)).playerData);
    const pages: number[] = [];
    for (let page = 1; page <= 9; page++) {
      const { body } = await getData(t.app, `sorts=${sorts}&page=${page}&pageSize=7`);
      expect(body.totalPlayers).toBe(61);
      expect(body.playerData.length).toBe(page < 9 ? 7 : 5);
      pages.push(...ids(body.playerData));
    }
    expect(pages).toEqual(full);
    expect((await getData(t.app, `page=10&pageSize=7`)).body.playerData).toEqual([]);
  });

  it('lists governors by current power when no sort is given', async () => {
    const rows: ExpectedRow[] = (await fetchAll()).playerData;
    const powers = rows.map((row) => row.Power).filter((p) => p !== null) as number[];
    expect(powers).toEqual([...powers].sort((a, b) => b - a));
  });
});

describe('refusals', () => {
  it('refuses a sort key that is not a field, naming the fields', async () => {
    const { status, body } = await getData(
      t.app,
      `sorts=${sortsParam([{ key: 'power); drop table scans; --', direction: 'asc', priority: 1 }])}`,
    );
    expect(status).toBe(400);
    expect(body.error).toMatch(
      /^Unknown sort key "power\); drop table scans; --"\. Sortable fields: Gov ID, Name, /,
    );
    expect((await getData(t.app, 'sortBy=Nope')).status).toBe(400);
    // Checked before the kingdom: the same 400 for a wrong code.
    expect((await getData(t.app, 'sortBy=Nope', KD, 'wrong-code')).status).toBe(400);
  });

  it('refuses a filter column that is not a field', async () => {
    const filters = encodeURIComponent(
      JSON.stringify([{ column: 'constructor', operator: 'equals', value: 'x' }]),
    );
    const { status, body } = await getData(t.app, `filters=${filters}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(/^Unknown filter column "constructor"/);
  });

  it('answers the same 404 for a wrong code and a wrong kd', async () => {
    const wrongCode = await getData(t.app, '', KD, 'wrong-code');
    const wrongKd = await getData(t.app, '', 4321, CODE);
    expect(wrongCode.status).toBe(404);
    expect(wrongCode.body).toEqual(wrongKd.body);
    expect(wrongCode.body).toMatchObject({ code: 'NOT_FOUND', error: 'Kingdom not found' });
  });

  it('refuses a start after the end, and dates that are not scans', async () => {
    const reversed = await getData(t.app, `start_date=${END}&end_date=${START}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toBe('Start date cannot be later than end date');
    const notAScan = await getData(t.app, `start_date=${START + 1}`);
    expect(notAScan.status).toBe(400);
    expect(notAScan.body.error).toMatch(/^start_date /);
    expect((await getData(t.app, 'end_date=yesterday')).status).toBe(400);
    expect((await getData(t.app, 'top=ten')).status).toBe(400);
    expect((await getData(t.app, 'kd=abc')).status).toBe(400);
  });
});

describe('periods and default dates', () => {
  it('answers a one-scan period with zero gains for everyone in it', async () => {
    const body = await fetchAll(`start_date=${END}&end_date=${END}`);
    const endOnly = expectedRows({ only: 'end' });
    expect(body.totalPlayers).toBe(endOnly.size);
    for (const row of body.playerData) expect(row).toEqual(endOnly.get(row['Gov ID']));
    expect(body.playerData.every((row: ExpectedRow) => row['Full Period'] === true)).toBe(true);
  });

  it('uses the kingdom’s default dates when none are given, else the first and last scan', async () => {
    const { db } = t.database;
    await db
      .updateTable('kingdoms')
      .set({
        settings_json: JSON.stringify({
          defaultTopFilter: 25,
          defaultDates: { start: String(END), end: null },
        }),
      })
      .where('kd', '=', KD)
      .execute();
    try {
      const body = await fetchAll();
      expect(body.selectedDates).toEqual({ start: String(END), end: String(END) });
      expect(body.totalPlayers).toBe(expectedRows({ only: 'end' }).size);
      // A given start before the default end still works; a given end before the default start uses the first.
      expect((await fetchAll(`end_date=${START}`)).selectedDates).toEqual({
        start: String(START),
        end: String(START),
      });
      const settings = await t.app.inject(`/api/settings/${KD}/${CODE}`);
      expect(settings.json()).toEqual({
        defaultTopFilter: 25,
        defaultDates: { start: String(END), end: null },
      });
    } finally {
      await db.updateTable('kingdoms').set({ settings_json: '{}' }).where('kd', '=', KD).execute();
    }
    expect((await fetchAll()).selectedDates).toEqual({ start: String(START), end: String(END) });
    // Empty dates are "not given".
    expect((await fetchAll('start_date=&end_date=')).selectedDates).toEqual({
      start: String(START),
      end: String(END),
    });
  });
});
