import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { down as undoPeriodSums } from '../../src/db/migrations/0010_period_sums.ts';
import { TOTALLED_COUNTERS } from '../../src/db/schema.ts';
import { DEMO_KD, DEMO_KDS, type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { DashboardService, type DataQuery } from '../../src/features/dashboard/service.ts';
import { selectKingdomScans } from '../../src/features/scans/kingdom-scans.ts';
import { rebuildKingdomPresence } from '../../src/features/scans/presence.ts';
import { deleteScan, writeScanTotals } from '../../src/features/scans/scan-store.ts';
import { EVERY_TERM, type StoredFormula, sort, useFormula } from '../support/formulas.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * A whole period's per-kd sums from its end scans' totals (period-sums.ts) against the full path, on data where
 * that path is taken: every counter known in every scan but one counter in one scan (a partly known scan leaves
 * the sums to the grouped read, a wholly unknown one does not), and governors who changed home kd while present
 * (and back), were away for a few scans (and came back under another kd), or arrived and left. Also: the migration
 * fills the totals and moves as import keeps them, and deleting a scan keeps the moves right.
 */
let database: TestDatabase;
let demo: DemoSeedResult;
let scans: { id: number; takenAt: number }[];

const PARTLY_KNOWN_SCAN = 30;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.db, {
    now: new Date('2026-11-01T12:34:00Z'),
    secret: 'sql-page-totals-test',
  });
  scans = await kingdomScans();
  const db = database.db;
  const ids = scans.map((scan) => scan.id);
  const inScans = (from: number, to: number) => sql.join(ids.slice(from, to + 1));
  // Every counter known everywhere …
  await sql`update governor_stats set ${sql.raw(TOTALLED_COUNTERS.map((c) => `${c} = coalesce(${c}, 0)`).join(', '))}
    where scan_id in (${sql.join(ids)})`.execute(db);
  // … but T1 kills in the first scan (unknown for all: gains from it unknown) and helps in one scan (partly known).
  await sql`update governor_stats set t1_kills = null where scan_id = ${ids[0]!}`.execute(db);
  await sql`update governor_stats set helps = null where governor_id % 3 = 0 and scan_id = ${ids[PARTLY_KNOWN_SCAN]!}`.execute(
    db,
  );
  const present = await db
    .selectFrom('governor_stats')
    .select('governor_id')
    .where('scan_id', 'in', ids)
    .groupBy('governor_id')
    .having((eb) => eb.fn.countAll(), '=', ids.length)
    .orderBy('governor_id')
    .execute();
  const [g1, g2, g3, g4, g5, ...rest] = present.map((row) => Number(row.governor_id));
  const [other, another] = [DEMO_KDS[2]!, DEMO_KDS[4]!];
  // Moves for good from scan 10, moves away at scan 20 and back at 26, becomes unknown from 35.
  await sql`update governor_stats set home_kd = ${other} where governor_id = ${g1!} and scan_id in (${inScans(10, 99)})`.execute(
    db,
  );
  await sql`update governor_stats set home_kd = ${another} where governor_id = ${g2!} and scan_id in (${inScans(20, 25)})`.execute(
    db,
  );
  await sql`update governor_stats set home_kd = null where governor_id = ${g3!} and scan_id in (${inScans(35, 99)})`.execute(
    db,
  );
  // Away for scans 14–16; away for 22–24 and back under another kd; a dozen more who change kd at scan 40.
  await sql`delete from governor_stats where governor_id = ${g4!} and scan_id in (${inScans(14, 16)})`.execute(
    db,
  );
  await sql`delete from governor_stats where governor_id = ${g5!} and scan_id in (${inScans(22, 24)})`.execute(
    db,
  );
  await sql`update governor_stats set home_kd = ${other} where governor_id = ${g5!} and scan_id in (${inScans(25, 99)})`.execute(
    db,
  );
  await sql`update governor_stats set home_kd = ${another} where governor_id in (${sql.join(rest.slice(0, 12))})
    and scan_id in (${inScans(40, 99)})`.execute(db);
  await rebuildKingdomPresence(db, DEMO_KD);
  for (const id of ids) await writeScanTotals(db, id);
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

async function kingdomScans() {
  const scans = await selectKingdomScans(database.db, DEMO_KD);
  return scans.filter((scan) => scan.kind === 'kingdom');
}

/** Periods by scan index: the whole season, across every move, within one, ending and starting at the partly known scan, one scan. */
const PERIODS: [number, number][] = [
  [0, 46],
  [5, 45],
  [12, 30],
  [21, 23],
  [30, 41],
  [15, 15],
];

const VIEWS: Partial<DataQuery>[] = [
  {},
  { sorts: sort(['DKP', 'asc']), page: 3, pageSize: 7 },
  { sorts: sort(['Power Change', 'desc']) },
  { sorts: sort(['T1 Kills', 'desc'], ['KD', 'asc']) },
];

async function coldThenWarm(query: DataQuery) {
  const service = new DashboardService(database.db);
  const params = { kd: String(DEMO_KD), code: demo.code };
  const cold = await service.data(params, query);
  const counts = { sql: service.sqlAnswers, totals: service.sumsFromTotals };
  await service.settled();
  const warm = await service.data(params, query);
  return { cold, warm, counts };
}

describe("a whole period's sums from its end scans' totals", () => {
  const formulas: [string, StoredFormula][] = [
    ['every term', EVERY_TERM],
    ['the default', { 'T4-Kills': [10, true], 'T5-Kills': [20, true], 'Dead Troops': [15, true] }],
  ];
  for (const [name, formula] of formulas) {
    it(`answers what the full path answers, with movers and partial governors: ${name} formula`, async () => {
      await useFormula(database.db, DEMO_KD, formula);
      const partlyKnown = (period: [number, number]) =>
        formula === EVERY_TERM && period.includes(PARTLY_KNOWN_SCAN);
      for (const period of PERIODS) {
        const dates = {
          start_date: String(scans[period[0]]!.takenAt),
          end_date: String(scans[period[1]]!.takenAt),
        };
        for (const view of VIEWS) {
          const query = { page: 1, pageSize: 20, ...dates, ...view } as DataQuery;
          const { cold, warm, counts } = await coldThenWarm(query);
          expect({ period, view, counts }).toEqual({
            period,
            view,
            counts: { sql: 1, totals: partlyKnown(period) ? 0 : 1 },
          });
          expect(cold).toEqual(warm);
        }
      }
    }, 240_000);
  }

  it('corrects a period whose governors changed home kd: the moves are there and a kd shows its movers', async () => {
    await useFormula(database.db, DEMO_KD, EVERY_TERM);
    const moves = await database.db.selectFrom('scan_home_moves').select('governor_id').execute();
    expect(moves.length).toBeGreaterThanOrEqual(16);
    const query = {
      page: 1,
      pageSize: 20,
      start_date: String(scans[5]!.takenAt),
      end_date: String(scans[45]!.takenAt),
    } as DataQuery;
    const { cold, warm, counts } = await coldThenWarm(query);
    expect(counts).toEqual({ sql: 1, totals: 1 });
    expect(cold.kdSummary).toEqual(warm.kdSummary);
    expect(cold.totalPlayers).toBe(warm.totalPlayers);
  }, 120_000);

  it('fills the totals and the moves in its migration as import keeps them', async () => {
    const read = async () => ({
      totals: await sql`select * from scan_kd_totals order by scan_id, home_kd`.execute(database.db),
      moves: await sql`select * from scan_home_moves order by scan_id, governor_id`.execute(database.db),
      incomplete: await sql`select id, incomplete_counters from scans order by id`.execute(database.db),
    });
    const before = await read();
    await undoPeriodSums(database.db as Kysely<unknown>);
    await sql`delete from kysely_migration where name = '0010_period_sums'`.execute(database.db);
    expect((await migrateToLatest(database.db)).applied).toEqual(['0010_period_sums']);
    const after = await read();
    expect(after.totals.rows).toEqual(before.totals.rows);
    expect(after.moves.rows).toEqual(before.moves.rows);
    expect(after.moves.rows.length).toBeGreaterThan(0);
    expect(after.incomplete.rows).toEqual(before.incomplete.rows);
    expect(
      after.incomplete.rows.map((row) => (row as { incomplete_counters: string }).incomplete_counters),
    ).toContain('{"helps":"some"}');
  }, 120_000);

  it('keeps the moves right when a scan is deleted: the next scan then follows the one before', async () => {
    const expected = async () =>
      (
        await sql<{ scan_id: number; governor_id: number }>`
          select x.scan_id, x.governor_id from (
            select id, lag(id) over (order by taken_at) as previous_id from scans
            where kingdom_kd = ${DEMO_KD} and kind = 'kingdom'
          ) o
          join governor_stats x on x.scan_id = o.id
          join governor_stats p on p.scan_id = o.previous_id and p.governor_id = x.governor_id
          where x.home_kd is distinct from p.home_kd
          order by x.scan_id, x.governor_id`.execute(database.db)
      ).rows.map((row) => [Number(row.scan_id), Number(row.governor_id)]);
    const stored = async () =>
      (
        await database.db
          .selectFrom('scan_home_moves')
          .innerJoin('scans', 'scans.id', 'scan_home_moves.scan_id')
          .select(['scan_id', 'governor_id'])
          .where('scans.kingdom_kd', '=', DEMO_KD)
          .orderBy('scan_id')
          .orderBy('governor_id')
          .execute()
      ).map((row) => [Number(row.scan_id), Number(row.governor_id)]);
    // Scan 26 is where the second governor came back to its kd: with it gone, scan 27 follows scan 25, under the
    // other kd, so the move is scan 27's now.
    const beforeMoves = await stored();
    await database.db.transaction().execute((trx) => deleteScan(trx, scans[26]!.id));
    const afterMoves = await stored();
    expect(afterMoves).toEqual(await expected());
    expect(afterMoves).not.toEqual(beforeMoves.filter(([scanId]) => scanId !== scans[26]!.id));
    scans = await kingdomScans();
  }, 120_000);
});
