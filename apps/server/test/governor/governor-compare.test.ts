import { seasonSeries } from '@kingdom-stats/core';
import { governorCompareResponseSchema, governorResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { utc } from '../import/import-support.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Compare (several governors' scans in one call) and season against season (docs/governor.md): a kingdom with two KvK
 * seasons of scans, checked against the rows written here.
 */

const KD = 1001;
const CODE = 'code-1001';
const DAY = 86_400;
const SEASON_6 = { open: utc('2026-01-01 00:00'), close: utc('2026-02-20 00:00') };
const SEASON_7 = { open: utc('2026-05-01 00:00'), close: utc('2026-06-20 00:00') };
/** Scan days in each season (days after its open), and a scan between the seasons. */
const SCAN_DAYS = [0.5, 3, 10, 20];
const times = [
  ...SCAN_DAYS.map((d) => SEASON_6.open + d * DAY),
  utc('2026-03-15 00:00'),
  ...SCAN_DAYS.map((d) => SEASON_7.open + d * DAY),
];
/** Kill points of governor `id` in scan `i` (a different pace in each season). */
const kills = (id: number, i: number) => id * 1_000 + i * i * id;
/** 303 is in the scans from the third on only. */
const present = (id: number, i: number) => id !== 303 || i >= 2;

describe('compare and season against season', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await addKingdom(db, { kd: KD, code: CODE });
    for (const [i, at] of times.entries()) {
      const rows = [101, 202, 303]
        .filter((id) => present(id, i))
        .map(
          (id) =>
            `${id},Gov ${id}${i > 4 && id === 101 ? ' renamed' : ''},${50_000_000 + id * i},${kills(id, i)}`,
        );
      await importScanFile(db, {
        kingdomKd: KD,
        filePath: `kd${KD}-scan${i + 1}.csv`,
        content: Buffer.from(`governor_id,name,power,kill_points\n${rows.join('\n')}\n`),
        at: new Date(at * 1000).toISOString(),
      });
    }
    for (const [kvk, season] of [
      [6, SEASON_6],
      [7, SEASON_7],
    ] as const) {
      await db
        .insertInto('kvk_seasons')
        .values({ kingdom_kd: KD, kvk_number: kvk, open_time: season.open, close_time: season.close })
        .execute();
    }
  });
  afterAll(() => t?.close());

  const compare = (ids: string, code = CODE) => t.app.inject(`/api/compare/${KD}/${code}?ids=${ids}`);

  it('answers each governor’s scans in the order asked, as its governor page does', async () => {
    const res = await compare('303,101,303,999');
    expect(res.statusCode).toBe(200);
    const body = governorCompareResponseSchema.parse(res.json());
    expect(body.governors.map((g) => g.governorId)).toEqual([303, 101, 999]);
    for (const governor of body.governors.slice(0, 2)) {
      const page = governorResponseSchema.parse(
        (await t.app.inject(`/api/governor/${KD}/${governor.governorId}/${CODE}`)).json(),
      );
      expect(governor.scans).toEqual(page.scans);
      expect(governor.name).toBe(page.header?.name);
    }
    const [g303, g101, unknown] = body.governors;
    expect(g303!.scans.map((s) => s.takenAt)).toEqual(times.slice(2));
    expect(g101!.scans.map((s) => s.killPoints)).toEqual(times.map((_, i) => kills(101, i)));
    expect(g101!.name).toBe('Gov 101 renamed');
    expect(unknown).toEqual({ governorId: 999, name: null, alliance: null, scans: [] });
    expect(body.seasons.map((s) => s.kvkNumber)).toEqual([6, 7]);
  });

  it('refuses fewer than 2 or more than 6 governors, and a wrong code', async () => {
    for (const ids of ['101', '101,101', '1,2,3,4,5,6,7', '101,abc', '']) {
      expect((await compare(ids)).statusCode, ids).toBe(400);
    }
    const wrong = await compare('101,202', 'wrong-code');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Kingdom not found');
  });

  it('gives what season against season needs: each season’s scans by day, gains from its first scan', async () => {
    const page = governorResponseSchema.parse((await t.app.inject(`/api/governor/${KD}/101/${CODE}`)).json());
    const [s6, s7] = page.seasons;
    const series = (season: typeof s6) => seasonSeries(page.scans, (s) => s.killPoints, season!);
    const expected = (first: number) =>
      SCAN_DAYS.map((day, k) => ({ day, value: kills(101, first + k) - kills(101, first) }));
    expect(series(s6)).toEqual(expected(0));
    expect(series(s7)).toEqual(expected(5));
    // The paces differ: the same days of KvK 7 gained more than KvK 6's.
    expect(series(s7).at(-1)!.value!).toBeGreaterThan(series(s6).at(-1)!.value!);
  });
});
