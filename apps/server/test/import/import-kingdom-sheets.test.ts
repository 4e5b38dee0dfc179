import {
  adminKingdomResponseSchema,
  allianceActivityResponseSchema,
  governorResponseSchema,
  kdDashboardResponseSchema,
} from '@kingdom-stats/core/api';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activitySentence,
  fortTallySentence,
  importAllianceActivity,
  importHonorPoints,
  importRallyForts,
} from '../../src/features/imports/import-kingdom-sheets.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { rallyData } from '../../src/features/rally/service.ts';
import { bearer, createUser } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { refusal, utc } from './import-support.ts';

/** A kingdom's other sheets (issue 37), written from the column lists: honor with IDs, rally forts. */
const KD = 3301;
const CODE = 'code-3301';

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("a kingdom's other sheets", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await addKingdom(db, { kd: KD, code: CODE });
    for (const [day, acclaim] of [
      ['2026-03-01', 1_000],
      ['2026-03-10', 4_000],
    ] as const) {
      await importScanFile(db, {
        kingdomKd: KD,
        filePath: `kd-${day}.csv`,
        content: Buffer.from(
          `governor_id,name,power,acclaim\n101,Ayla,1000,${acclaim}\n102,Bo,900,${acclaim}\n`,
        ),
      });
    }
    await db
      .insertInto('kvk_seasons')
      .values({
        kingdom_kd: KD,
        kvk_number: 3,
        open_time: utc('2026-03-01 00:00'),
        close_time: utc('2026-03-31 00:00'),
      })
      .execute();
  });
  afterAll(() => t.close());

  const honorPoints = async () => {
    const res = await t.app.inject({ url: `/api/kd-dashboard/${KD}/data/${CODE}` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = kdDashboardResponseSchema.parse(res.json()).playerData;
    return Object.fromEntries(rows.map((row) => [row['Governor ID'], row['Honor Points']]));
  };

  it("KvK DKP's Honor Points: the scans' acclaim gain, then the honor sheet's points once uploaded", async () => {
    expect(await honorPoints()).toEqual({ 101: 3_000, 102: 3_000 });
    // The kingdom's workbook: the honor sheet beside another sheet of governor IDs.
    const content = await workbook({
      weekly: [
        ['GovernorID', 'Name', 'Power'],
        [101, 'Ayla', 5],
      ],
      honor: [
        ['GovernorID', 'Name', 'Honor Points'],
        [101, 'Ayla', 12_500],
      ],
    });
    const result = await importHonorPoints(t.database.db, {
      kingdomKd: KD,
      kvkNumber: 3,
      fileName: 'kingdom-sheets.xlsx',
      content,
    });
    expect(result).toEqual({ kvkNumber: 3, rows: 1, skipped: 0, ignoredColumns: [] });
    // A KvK with an honor sheet: its points; a governor it lacks is unknown, not the acclaim gain.
    expect(await honorPoints()).toEqual({ 101: 12_500, 102: null });
  });

  it("takes the honor sheet from the kingdom's admin page too, and lists it there", async () => {
    const admin = bearer(await createUser(t.database.db, 'admin-3301', 'admin', [KD]));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${KD}/${CODE}/honor?fileName=honor.csv&kvk=3`,
      headers: { ...admin, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('GovernorID,Name,Honor Points\n102,Bo,800\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'honor.csv: 1 governor saved to the honor points of KvK 3' });
    const page = adminKingdomResponseSchema.parse(
      (await t.app.inject({ url: `/api/admin/kingdoms/${KD}/${CODE}`, headers: admin })).json(),
    );
    expect(page.honor).toEqual([{ kvkNumber: 3, governors: 2, updatedAt: expect.any(Number) }]);
    expect(await honorPoints()).toEqual({ 101: 12_500, 102: 800 });
  });

  it('refuses an honor row without points, naming it', async () => {
    const message = await refusal(() =>
      importHonorPoints(t.database.db, {
        kingdomKd: KD,
        kvkNumber: 3,
        fileName: 'honor.csv',
        content: Buffer.from('GovernorID,Name,Honor Points\n101,Ayla,\n'),
      }),
    );
    expect(message).toBe('honor.csv: row 2, column "Honor Points" is empty; give the governor\'s points');
  });

  it("adds a rally-fort tally to the rally page's leaderboard of the period holding its time", async () => {
    const db = t.database.db;
    const csv = Buffer.from(
      'participant_id,participant_name,total rallies,rallies launched,rallies joined\n' +
        '201,Fort Lead,12,5,7\n202,Joiner,3,0,3\n',
    );
    const input = { kingdomKd: KD, fileName: 'forts-2026-11-18.csv', content: csv };
    const first = await importRallyForts(db, input);
    expect(fortTallySentence(input.fileName, KD, first)).toBe(
      "forts-2026-11-18.csv: 2 governors' rally-fort counts of 2026-11-18 00:00 UTC added to kingdom 3301's rally leaderboard.",
    );
    const again = await importRallyForts(db, input);
    expect(fortTallySentence(input.fileName, KD, again)).toBe(
      'forts-2026-11-18.csv: Already imported: these rally-fort counts are stored as of 2026-11-18 00:00 UTC; nothing changed.',
    );
    const board = await rallyData(
      db,
      KD,
      { date_filter: 'today', page: 1, pageSize: 50 },
      utc('2026-11-18 12:00'),
    );
    expect(
      board.rallyData.map((r) => [
        r.participant_id,
        r.participant_name,
        r.total_rallies,
        r.total_launched,
        r.total_joined,
      ]),
    ).toEqual([
      [201, 'Fort Lead', 12, 5, 7],
      [202, 'Joiner', 3, 0, 3],
    ]);
    expect(board.summaryStats).toMatchObject({ total_rallies: 5, total_participants: 2 });
    // Another day's leaderboard does not count it.
    const dayBefore = await rallyData(
      db,
      KD,
      { date_filter: 'today', page: 1, pageSize: 50 },
      utc('2026-11-17 12:00'),
    );
    expect(dayBefore.rallyData).toEqual([]);
  });

  it('refuses a fort row whose total is not launched + joined', async () => {
    const message = await refusal(() =>
      importRallyForts(t.database.db, {
        kingdomKd: KD,
        fileName: 'forts.csv',
        at: '2026-11-19T00:00:00Z',
        content: Buffer.from(
          'governor_id,participant_name,total rallies,rallies launched,rallies joined\n7,A,4,1,2\n',
        ),
      }),
    );
    expect(message).toBe(
      'forts.csv: row 2, column "total rallies" is 4, not rallies launched + rallies joined (1 + 2)',
    );
  });

  it('stores a weekly alliance activity sheet for the week its date falls in; again updates that week', async () => {
    const db = t.database.db;
    const header =
      'GovernorID,Name,Alliance,Power,Kill Points,Help Times,Rss Trading,Building,Tech Donation\n';
    const input = {
      kingdomKd: KD,
      fileName: 'activity-2026-11-18.xlsx',
      content: await workbook({
        weekly: [
          header.trim().split(','),
          [101, 'Ayla', 'AAA', '45.2M', 1_000_000, 350, '12.5M', 40, 900],
          [102, 'Bo', '', 30_000_000, 0, 12, null, 3, 0],
        ],
      }),
    };
    const result = await importAllianceActivity(db, input);
    expect(activitySentence(input.fileName, KD, result)).toBe(
      'activity-2026-11-18.xlsx: weekly alliance activity of 2 governors for the week of 2026-11-16 saved to kingdom 3301.',
    );
    await importAllianceActivity(db, {
      ...input,
      content: Buffer.from(`${header}101,Ayla,AAA,45200000,1000000,400,12500000,40,900\n`),
      fileName: 'activity.csv',
      at: '2026-11-22T23:00:00Z',
    });
    const rows = await db
      .selectFrom('alliance_activity')
      .selectAll()
      .where('kingdom_kd', '=', KD)
      .orderBy('governor_id')
      .execute();
    expect(rows.map((row) => ({ ...row, updated_at: 0 }))).toEqual([
      {
        kingdom_kd: KD,
        week_start: '2026-11-16',
        governor_id: 101,
        name: 'Ayla',
        alliance: 'AAA',
        power: 45_200_000,
        kill_points: 1_000_000,
        help_times: 400,
        rss_trading: 12_500_000,
        building: 40,
        tech_donation: 900,
        updated_at: 0,
      },
      {
        kingdom_kd: KD,
        week_start: '2026-11-16',
        governor_id: 102,
        name: 'Bo',
        alliance: null,
        power: 30_000_000,
        kill_points: 0,
        help_times: 12,
        rss_trading: null,
        building: 3,
        tech_donation: 0,
        updated_at: 0,
      },
    ]);
  });

  it("shows the latest scan's profile columns and the weekly activity on the governor page", async () => {
    await importScanFile(t.database.db, {
      kingdomKd: KD,
      filePath: 'kd-2026-03-20.csv',
      content: Buffer.from(
        'Governor ID,Name,Power,City Hall,Civilization,KvK Played,Most KvK Kill,AOO Won,Credit\n' +
          '101,Ayla,1000,25,Rome,6,900000,7,100\n',
      ),
    });
    const res = await t.app.inject({ url: `/api/governor/${KD}/101/${CODE}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = governorResponseSchema.parse(res.json());
    expect(body.profile).toEqual({
      town_hall: 25,
      civilization: 'Rome',
      kvk_played: 6,
      kvk_kills_high: 900_000,
      aoo_won: 7,
      credit: 100,
    });
    expect(body.allianceActivity).toEqual([
      {
        weekStart: '2026-11-16',
        alliance: 'AAA',
        power: 45_200_000,
        killPoints: 1_000_000,
        helpTimes: 400,
        rssTrading: 12_500_000,
        building: 40,
        techDonation: 900,
      },
    ]);
    const other = governorResponseSchema.parse(
      (await t.app.inject({ url: `/api/governor/${KD}/102/${CODE}` })).json(),
    );
    expect(other.profile).toBeUndefined();
  });

  it("answers the kingdom's weekly activity to anyone with its code: the latest week, or the one asked for", async () => {
    const get = (query = '', code = CODE) =>
      t.app.inject({ url: `/api/alliance-activity/${KD}/${code}${query}` });
    const latest = allianceActivityResponseSchema.parse((await get()).json());
    expect(latest.weeks).toEqual(['2026-11-16']);
    expect(latest.week).toBe('2026-11-16');
    expect(latest.rows.map((row) => [row.governorId, row.alliance, row.helpTimes])).toEqual([
      [101, 'AAA', 400],
      [102, null, 12],
    ]);
    expect(allianceActivityResponseSchema.parse((await get('?week=2020-01-06')).json())).toEqual({
      weeks: ['2026-11-16'],
      week: null,
      rows: [],
    });
    expect((await get('', 'wrong-code')).statusCode).toBe(404);
  });
});
