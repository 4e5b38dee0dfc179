import { errorBodySchema, rallyDataResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rallyData, resolvePeriod } from '../../src/features/rally/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { at, CODE, KD, NOW, seedRallies } from './rally-fixture.ts';

type Row = { rank: number; name: string; total: number; joined: number; launched: number };

describe('rally data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedRallies(t.database.db);
  });
  afterAll(() => t.close());

  /** The service at the fixed NOW; rows as compact tuples. */
  async function data(query: Partial<Parameters<typeof rallyData>[2]> = {}) {
    const result = await rallyData(
      t.database.db,
      KD,
      { date_filter: 'this_week', page: 1, pageSize: 50, ...query },
      NOW,
    );
    const rows: Row[] = result.rallyData.map((r) => ({
      rank: r.rank,
      name: r.participant_name,
      total: r.total_rallies,
      joined: r.total_joined,
      launched: r.total_launched,
    }));
    return { ...result, rows };
  }

  describe('each preset on fixed data', () => {
    it('today: ranking by total rallies, then name; latest name of a renamed governor', async () => {
      const result = await data({ date_filter: 'today' });
      expect(result.rows).toEqual([
        { rank: 1, name: 'Alpha', total: 2, joined: 1, launched: 1 },
        { rank: 2, name: 'bravo [NEW]', total: 2, joined: 1, launched: 1 },
        { rank: 3, name: 'Charlie', total: 2, joined: 2, launched: 0 },
        { rank: 4, name: 'Delta', total: 1, joined: 1, launched: 0 },
      ]);
      expect(result.summaryStats).toEqual({ total_rallies: 2, total_participants: 4, average_per_day: 2 });
      expect(result.period).toEqual({
        date_filter: 'today',
        start: at('2026-11-18T00:00:00Z'),
        end: at('2026-11-19T00:00:00Z'),
        days: 1,
        time_zone: 'UTC',
      });
      expect(result.rallyData[0]).toMatchObject({ participant_id: 101 });
    });

    it('yesterday', async () => {
      const result = await data({ date_filter: 'yesterday' });
      expect(result.rows).toEqual([
        { rank: 1, name: 'Alpha', total: 1, joined: 0, launched: 1 },
        { rank: 2, name: 'bravo', total: 1, joined: 1, launched: 0 },
      ]);
      expect(result.summaryStats).toEqual({ total_rallies: 1, total_participants: 2, average_per_day: 1 });
    });

    it('this week runs from Monday 00:00 and averages over the days begun so far', async () => {
      const result = await data({ date_filter: 'this_week' });
      expect(result.rows).toEqual([
        { rank: 1, name: 'Alpha', total: 3, joined: 1, launched: 2 },
        { rank: 2, name: 'bravo [NEW]', total: 3, joined: 2, launched: 1 },
        { rank: 3, name: 'Charlie', total: 3, joined: 2, launched: 1 },
        { rank: 4, name: 'Delta', total: 1, joined: 1, launched: 0 },
        { rank: 5, name: 'echo', total: 1, joined: 1, launched: 0 },
      ]);
      // 4 rallies over Monday, Tuesday and Wednesday.
      expect(result.summaryStats).toEqual({ total_rallies: 4, total_participants: 5, average_per_day: 1.3 });
      expect(result.period.days).toBe(3);
      expect(result.totalParticipants).toBe(5);
      expect(result.totalPages).toBe(1);
    });

    it('last week ends at Sunday 23:59:59 and starts at the Monday before', async () => {
      const result = await data({ date_filter: 'last_week' });
      expect(result.rows).toEqual([
        { rank: 1, name: 'Alpha', total: 1, joined: 1, launched: 0 },
        { rank: 2, name: 'bravo', total: 1, joined: 1, launched: 0 },
        { rank: 3, name: 'Delta', total: 1, joined: 0, launched: 1 },
        { rank: 4, name: 'echo', total: 1, joined: 0, launched: 1 },
      ]);
      expect(result.summaryStats).toEqual({ total_rallies: 2, total_participants: 4, average_per_day: 0.3 });
    });

    it('last 30 days is today and the 29 days before', async () => {
      const result = await data({ date_filter: 'last_30_days' });
      expect(result.rows).toEqual([
        { rank: 1, name: 'Alpha', total: 5, joined: 2, launched: 3 },
        { rank: 2, name: 'bravo [NEW]', total: 4, joined: 3, launched: 1 },
        { rank: 3, name: 'Charlie', total: 4, joined: 2, launched: 2 },
        { rank: 4, name: 'Delta', total: 2, joined: 1, launched: 1 },
        { rank: 5, name: 'echo', total: 2, joined: 1, launched: 1 },
      ]);
      // r1–r7 and r9 (r8 is one second too early): 8 rallies over 30 days.
      expect(result.summaryStats).toEqual({ total_rallies: 8, total_participants: 5, average_per_day: 0.3 });
      expect(result.period.start).toBe(at('2026-10-20T00:00:00Z'));
    });

    it('custom: from the first second of the first day to the last second of the last', async () => {
      const result = await data({
        date_filter: 'custom',
        custom_start: at('2026-10-19T00:00:00Z'),
        custom_end: at('2026-10-20T23:59:59Z'),
      });
      expect(result.rows).toEqual([
        { rank: 1, name: 'Alpha', total: 1, joined: 1, launched: 0 },
        { rank: 2, name: 'bravo', total: 1, joined: 0, launched: 1 },
        { rank: 3, name: 'Charlie', total: 1, joined: 0, launched: 1 },
      ]);
      expect(result.summaryStats).toEqual({ total_rallies: 2, total_participants: 3, average_per_day: 1 });
      expect(result.period.days).toBe(2);
    });

    it('a custom range of one day that holds nothing', async () => {
      const result = await data({
        date_filter: 'custom',
        custom_start: at('2026-11-01T00:00:00Z'),
        custom_end: at('2026-11-01T23:59:59Z'),
      });
      expect(result.rows).toEqual([]);
      expect(result.summaryStats).toEqual({ total_rallies: 0, total_participants: 0, average_per_day: 0 });
      expect(result.totalPages).toBe(0);
      expect(result.totalParticipants).toBe(0);
    });

    it('refuses a custom filter without its range', () => {
      expect(() => resolvePeriod({ date_filter: 'custom' }, NOW)).toThrow(/custom_start and custom_end/);
    });
  });

  describe('paging and search', () => {
    it('pages the whole ranking with totals for the whole period', async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((page) => data({ page, pageSize: 2 })));
      expect(pages.map((p) => p.rows.map((r) => r.rank))).toEqual([[1, 2], [3, 4], [5], []]);
      for (const page of pages) {
        expect(page.totalPages).toBe(3);
        expect(page.totalParticipants).toBe(5);
        expect(page.summaryStats.total_rallies).toBe(4);
      }
    });

    it('searches names case-insensitively and keeps the rank in the whole ranking', async () => {
      const result = await data({ search: '  BRAV ' });
      expect(result.rows).toEqual([{ rank: 2, name: 'bravo [NEW]', total: 3, joined: 2, launched: 1 }]);
      expect(result.totalParticipants).toBe(1);
      expect(result.totalPages).toBe(1);
      // The summary is the period's, not the search's.
      expect(result.summaryStats.total_participants).toBe(5);
    });

    it('searches governor IDs', async () => {
      const result = await data({ search: '103' });
      expect(result.rows.map((r) => r.name)).toEqual(['Charlie']);
      expect((await data({ search: '10' })).totalParticipants).toBe(5);
    });

    it('pages search results', async () => {
      const result = await data({ search: 'a', pageSize: 3, page: 2 });
      // Alpha, bravo [NEW], Charlie, Delta have an 'a'; echo has none.
      expect(result.totalParticipants).toBe(4);
      expect(result.totalPages).toBe(2);
      expect(result.rows.map((r) => r.name)).toEqual(['Delta']);
    });

    it('takes LIKE wildcards literally', async () => {
      expect((await data({ search: '%' })).totalParticipants).toBe(0);
      expect((await data({ search: '_' })).totalParticipants).toBe(0);
      expect((await data({ search: '[new]' })).rows.map((r) => r.name)).toEqual(['bravo [NEW]']);
    });

    it('treats a blank search as none', async () => {
      expect((await data({ search: '   ' })).totalParticipants).toBe(5);
    });
  });

  describe('over HTTP', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    function atNow() {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(NOW * 1000));
    }

    it('answers the data call with the default period this_week and page size 50', async () => {
      atNow();
      const res = await t.app.inject(`/api/rally/${KD}/data/${CODE}`);
      expect(res.statusCode).toBe(200);
      const body = rallyDataResponseSchema.parse(res.json());
      expect(body.period.date_filter).toBe('this_week');
      expect(body.rallyData.map((r) => r.participant_name)).toEqual([
        'Alpha',
        'bravo [NEW]',
        'Charlie',
        'Delta',
        'echo',
      ]);
      expect(body.summaryStats).toEqual({ total_rallies: 4, total_participants: 5, average_per_day: 1.3 });
      expect(body).toMatchObject({ totalPages: 1, totalParticipants: 5 });
    });

    it('takes date_filter, page, pageSize, search and the custom range from the query', async () => {
      atNow();
      const search = await t.app.inject({
        url: `/api/rally/${KD}/data/${CODE}`,
        query: { date_filter: 'last_30_days', page: '2', pageSize: '2', search: 'a' },
      });
      expect(search.statusCode).toBe(200);
      expect(search.json()).toMatchObject({
        totalParticipants: 4,
        totalPages: 2,
        rallyData: [
          { rank: 3, participant_name: 'Charlie' },
          { rank: 4, participant_name: 'Delta' },
        ],
      });

      const custom = await t.app.inject({
        url: `/api/rally/${KD}/data/${CODE}`,
        query: {
          date_filter: 'custom',
          custom_start: String(at('2026-10-19T00:00:00Z')),
          custom_end: String(at('2026-10-20T23:59:59Z')),
        },
      });
      expect(custom.json().summaryStats).toEqual({
        total_rallies: 2,
        total_participants: 3,
        average_per_day: 1,
      });
    });

    it('accepts the access code in any case, and answers 404 for a wrong code or kingdom', async () => {
      expect((await t.app.inject(`/api/rally/${KD}/data/RALLY-CODE`)).statusCode).toBe(200);
      for (const url of [`/api/rally/${KD}/data/wrong-code`, `/api/rally/9999/data/${CODE}`]) {
        const res = await t.app.inject(url);
        expect(res.statusCode).toBe(404);
        expect(errorBodySchema.parse(res.json()).detail).toBe('Kingdom not found');
      }
    });

    it('refuses bad query values with a 400 naming the field', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ date_filter: 'next_week' }, 'querystring.date_filter'],
        [{ pageSize: '0' }, 'querystring.pageSize'],
        [{ pageSize: '201' }, 'querystring.pageSize'],
        [{ page: 'two' }, 'querystring.page'],
        [{ date_filter: 'custom', custom_end: '1763500000' }, 'querystring.custom_start'],
        [
          { date_filter: 'custom', custom_start: '1763500000', custom_end: '1763400000' },
          'querystring.custom_end',
        ],
        [
          { date_filter: 'custom', custom_start: 'yesterday', custom_end: '1763400000' },
          'querystring.custom_start',
        ],
      ];
      for (const [query, path] of cases) {
        const res = await t.app.inject({ url: `/api/rally/${KD}/data/${CODE}`, query });
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        const body = errorBodySchema.parse(res.json());
        expect(body.issues?.map((i) => i.path)).toContain(path);
      }
    });

    it('answers the summary call for a period', async () => {
      atNow();
      const res = await t.app.inject({
        url: `/api/rally/${KD}/summary/${CODE}`,
        query: { date_filter: 'today' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        summaryStats: { total_rallies: 2, total_participants: 4, average_per_day: 2 },
        period: {
          date_filter: 'today',
          start: at('2026-11-18T00:00:00Z'),
          end: at('2026-11-19T00:00:00Z'),
          days: 1,
          time_zone: 'UTC',
        },
      });
      expect((await t.app.inject(`/api/rally/${KD}/summary/nope-nope`)).statusCode).toBe(404);
    });

    it('lists the available filters', async () => {
      const res = await t.app.inject('/api/rally/available-filters');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        filters: [
          { value: 'today', label: 'Today' },
          { value: 'yesterday', label: 'Yesterday' },
          { value: 'this_week', label: 'This Week' },
          { value: 'last_week', label: 'Last Week' },
          { value: 'last_30_days', label: 'Last 30 Days' },
          { value: 'custom', label: 'Custom Range' },
        ],
        default: 'this_week',
        time_zone: 'UTC',
      });
    });
  });
});
