import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { down as undoUniqueAccessCodes } from '../../src/db/migrations/0006_unique_access_codes.ts';
import { down as undoScanHomeKds } from '../../src/db/migrations/0007_scan_home_kds.ts';
import { down as undoDataReview } from '../../src/db/migrations/0008_data_review.ts';
import { down as undoAccountLinks } from '../../src/db/migrations/0009_account_links.ts';
import { down as undoPeriodSums } from '../../src/db/migrations/0010_period_sums.ts';
import { down as undoReviewRevision } from '../../src/db/migrations/0011_review_revision.ts';
import { down as undoMemberExports } from '../../src/db/migrations/0013_member_exports.ts';
import { down as undoDiscord } from '../../src/db/migrations/0015_discord.ts';
import { down as undoScanStatisticsTarget } from '../../src/db/migrations/0016_scan_statistics_target.ts';
import { down as undoUploadTokens } from '../../src/db/migrations/0019_upload_tokens.ts';
import { down as undoSeasonRules } from '../../src/db/migrations/0020_season_rules.ts';
import { down as undoKingdomSheets } from '../../src/db/migrations/0021_kingdom_sheets.ts';
import { down as undoMigrationList } from '../../src/db/migrations/0022_migration_list.ts';
import type { ScanKind } from '../../src/db/schema.ts';
import { governorIdRanges } from '../../src/features/dashboard/period-slices.ts';
import {
  GAIN_COLUMNS,
  type PeriodStat,
  readPeriod,
  selectPeriodStats,
} from '../../src/features/dashboard/queries.ts';
import { type ScanInfo, selectKingdomScans } from '../../src/features/scans/kingdom-scans.ts';
import { rebuildKingdomPresence } from '../../src/features/scans/presence.ts';
import {
  addScanRows,
  deleteScan,
  type GovernorStatRow,
  insertScan,
  replaceScanRows,
  type StoredScan,
} from '../../src/features/scans/scan-store.ts';
import { addTestKingdom } from '../import/import-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * The fast path of a period (governor_presence, kept up by every import and deletion) against the plain
 * computation: every governor's first and last scan of the period read straight from its stats. Random histories:
 * scans imported out of order, governors missing from some scans, the latest and older scans deleted, autarch scans
 * and another kingdom's scans beside them.
 */
const KD = 3101;
const OTHER_KD = 3102;
const GOVERNORS = 24;
const DAY = 86_400;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await addTestKingdom(database.db, KD);
  await addTestKingdom(database.db, OTHER_KD);
});

afterAll(async () => {
  await database?.drop();
});

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function scanRows(rand: () => number, day: number): GovernorStatRow[] {
  const rows: GovernorStatRow[] = [];
  for (let g = 1; g <= GOVERNORS; g++) {
    if (rand() < 0.25) continue;
    const grow = (base: number) => (rand() < 0.05 ? null : base * g + day * 10 + Math.floor(rand() * 5));
    const row: Record<string, unknown> = {
      governor_id: 50_000 + g,
      name: `Gov ${g} day ${day}`,
      alliance: rand() < 0.1 ? null : `A${g % 3}`,
      home_kd: KD + (g % 2),
      power: grow(1_000),
      extra_json: null,
    };
    for (const column of GAIN_COLUMNS) row[column] = grow(column.length);
    rows.push(row as unknown as GovernorStatRow);
  }
  return rows;
}

async function addScan(kd: number, kind: ScanKind, day: number, rows: GovernorStatRow[]): Promise<void> {
  await database.db.transaction().execute((trx) =>
    insertScan(trx, {
      kingdomKd: kd,
      kind,
      takenAt: day * DAY,
      name: `day ${day}`,
      sourceFormat: 'test',
      rows,
    }),
  );
}

async function kingdomScans(kd: number) {
  return selectKingdomScans(database.db, kd);
}

/** Every governor's stats per kingdom scan of kd, read plainly. */
async function history(kd: number) {
  const rows = await database.db
    .selectFrom('governor_stats as gs')
    .innerJoin('scans as s', 's.id', 'gs.scan_id')
    .selectAll('gs')
    .select('s.taken_at')
    .where('s.kingdom_kd', '=', kd)
    .where('s.kind', '=', 'kingdom')
    .orderBy('s.taken_at')
    .execute();
  return rows.map((row) => ({
    ...row,
    governor_id: Number(row.governor_id),
    taken_at: Number(row.taken_at),
  }));
}

type HistoryRow = Awaited<ReturnType<typeof history>>[number];

/** The period's rows as the dashboard defines them, computed without governor_presence. */
function plainPeriod(rows: readonly HistoryRow[], start: number, end: number): PeriodStat[] {
  const byGovernor = new Map<number, HistoryRow[]>();
  for (const row of rows) {
    if (row.taken_at < start || row.taken_at > end) continue;
    byGovernor.set(row.governor_id, [...(byGovernor.get(row.governor_id) ?? []), row]);
  }
  const value = (v: unknown) => (v === null ? null : Number(v));
  return [...byGovernor.entries()].map(([governorId, seen]) => {
    const first = seen[0]!;
    const last = seen.at(-1)!;
    // A counter the game only adds to (every one but acclaim) that went down has an unknown gain (issue 36).
    const wentDown = (c: (typeof GAIN_COLUMNS)[number]) => {
      const a = value(first[c]);
      const b = value(last[c]);
      return c !== 'acclaim' && a !== null && b !== null && b < a;
    };
    const gains = Object.fromEntries(
      GAIN_COLUMNS.map((c) => {
        const a = value(first[c]);
        const b = value(last[c]);
        return [c, a === null || b === null || wentDown(c) ? null : b - a];
      }),
    ) as PeriodStat['gains'];
    return {
      governorId,
      firstAt: first.taken_at,
      lastAt: last.taken_at,
      name: last.name,
      alliance: last.alliance,
      homeKd: value(last.home_kd),
      startPower: value(first.power),
      power: value(last.power),
      gains,
      decreased: GAIN_COLUMNS.filter(wentDown),
    } as PeriodStat;
  });
}

/** The runs of consecutive kingdom scans each governor is in, computed plainly. */
function plainRuns(rows: readonly HistoryRow[], times: readonly number[]): string[] {
  const runs: string[] = [];
  const present = new Set(rows.map((row) => `${row.governor_id}@${row.taken_at}`));
  for (const governor of new Set(rows.map((row) => row.governor_id))) {
    let open: number | undefined;
    let previous: number | undefined;
    for (const time of times) {
      if (present.has(`${governor}@${time}`)) {
        open ??= time;
        previous = time;
      } else if (open !== undefined) {
        runs.push(`${governor}:${open}-${previous}`);
        open = undefined;
      }
    }
    // A run that reaches the latest scan is open.
    if (open !== undefined) runs.push(`${governor}:${open}-open`);
  }
  return runs.sort();
}

async function storedRuns(kd: number): Promise<string[]> {
  const rows = await database.db
    .selectFrom('governor_presence')
    .selectAll()
    .where('kingdom_kd', '=', kd)
    .execute();
  return rows
    .map(
      (r) =>
        `${Number(r.governor_id)}:${Number(r.first_at)}-${r.last_at === null ? 'open' : Number(r.last_at)}`,
    )
    .sort();
}

const byGovernor = (a: PeriodStat, b: PeriodStat) => a.governorId - b.governorId;

async function expectFastPathMatchesPlain(rand: () => number): Promise<void> {
  const scans = await kingdomScans(KD);
  const rows = await history(KD);
  const times = scans.filter((s) => s.kind === 'kingdom').map((s) => s.takenAt);
  expect(await storedRuns(KD)).toEqual(plainRuns(rows, times));
  for (let i = 0; i < 4 && times.length > 0; i++) {
    const a = times[Math.floor(rand() * times.length)]!;
    const b = times[Math.floor(rand() * times.length)]!;
    const [start, end] = a <= b ? [a, b] : [b, a];
    const period = scans.filter((s) => s.takenAt >= start && s.takenAt <= end);
    const plain = plainPeriod(rows, start, end).sort(byGovernor);
    const fast = await selectPeriodStats(database.db, KD, period);
    expect(fast.sort(byGovernor)).toEqual(plain);
    // The KD DKP dashboard's filters: its own governors, and some governors only.
    const own = await selectPeriodStats(database.db, KD, period, { homeKd: KD });
    expect(own.sort(byGovernor)).toEqual(plain.filter((stat) => stat.homeKd === KD || stat.homeKd === null));
    // SQLite reads a big period in slices of governors (period-slices.ts): here of 5.
    const whole = await readPeriod(database.db, KD, period);
    const sliced = await readPeriod(database.db, KD, period, {}, 5);
    expect(sliced.stats.sort(byGovernor)).toEqual(plain);
    expect(sliced.homeKds).toEqual(whole.homeKds);
    const ownSliced = await selectPeriodStats(database.db, KD, period, { homeKd: KD }, 5);
    expect(ownSliced.sort(byGovernor)).toEqual(own);
    await expectRangesOfFive(period);
    const some = plain.filter(() => rand() < 0.5).map((stat) => stat.governorId);
    const chosen = await selectPeriodStats(database.db, KD, period, { governorIds: some });
    expect(chosen.sort(byGovernor)).toEqual(plain.filter((stat) => some.includes(stat.governorId)));
  }
}

/** The slices' ranges over the period's last scan: 5 of its governors each (the last range the rest), covering all. */
async function expectRangesOfFive(period: readonly ScanInfo[]): Promise<void> {
  const last = period.filter((scan) => scan.kind === 'kingdom').at(-1);
  // Every period checked ends on a kingdom scan: the ranges are checked, never skipped.
  expect(last).toBeDefined();
  if (last === undefined) return;
  const ids = (await history(KD))
    .filter((row) => row.taken_at === last.takenAt)
    .map((row) => row.governor_id);
  const ranges = await governorIdRanges(database.db, last.id, 5);
  expect(ranges).toHaveLength(Math.max(1, Math.ceil(ids.length / 5)));
  expect(ranges[0]!.from).toBeUndefined();
  expect(ranges.at(-1)!.below).toBeUndefined();
  ranges.forEach((range, i) => {
    if (i > 0) expect(range.from).toBe(ranges[i - 1]!.below);
    const inside = ids.filter(
      (id) =>
        (range.from === undefined || id >= range.from) && (range.below === undefined || id < range.below),
    );
    expect(inside.length).toBe(i < ranges.length - 1 ? 5 : ids.length - 5 * i);
  });
}

describe('a period from governor_presence', () => {
  it.each([1, 2, 3])('matches the plain computation through a random history (seed %i)', async (seed) => {
    const rand = random(seed);
    const days = Array.from({ length: 14 }, (_, i) => seed * 100 + i + 1).sort(() => rand() - 0.5);
    for (const day of days) {
      const roll = rand();
      await addScan(KD, 'kingdom', day, scanRows(rand, day));
      if (roll < 0.2) await addScan(KD, 'autarch', day, scanRows(rand, day));
      if (roll > 0.7) await addScan(OTHER_KD, 'kingdom', day, scanRows(rand, day));
      if (roll > 0.85) {
        const scans = (await kingdomScans(KD)).filter((s) => s.kind === 'kingdom');
        // Half the time the latest scan (the cheap path), otherwise any.
        const victim = rand() < 0.5 ? scans.at(-1)! : scans[Math.floor(rand() * scans.length)]!;
        await database.db.transaction().execute((trx) => deleteScan(trx, victim.id));
      }
      await expectFastPathMatchesPlain(rand);
    }
    expect(await storedRuns(OTHER_KD)).toEqual(
      plainRuns(
        await history(OTHER_KD),
        (await kingdomScans(OTHER_KD)).filter((s) => s.kind === 'kingdom').map((s) => s.takenAt),
      ),
    );
  });

  it.each([4, 5])(
    'matches the plain computation when kingdoms’ files are added to scans or replace their rows (seed %i)',
    async (seed) => {
      const rand = random(seed);
      const days = Array.from({ length: 10 }, (_, i) => seed * 100 + i + 1).sort(() => rand() - 0.5);
      // Each moment's scan is made by the first kingdom's file; the other kingdom's file comes later (a map).
      const pending: { day: number; rows: GovernorStatRow[] }[] = [];
      const storedScanAt = async (day: number): Promise<StoredScan> => {
        const scan = (await kingdomScans(KD)).find((s) => s.kind === 'kingdom' && s.takenAt === day * DAY)!;
        return { id: scan.id, kingdomKd: KD, kind: 'kingdom', takenAt: scan.takenAt, name: scan.name };
      };
      for (const day of days) {
        const rows = scanRows(rand, day);
        await addScan(
          KD,
          'kingdom',
          day,
          rows.filter((row) => row.home_kd === KD),
        );
        pending.push({ day, rows: rows.filter((row) => row.home_kd !== KD) });
        while (pending.length > 0 && rand() < 0.6) {
          // Half the time to the latest scan (the cheap path), otherwise to any.
          const index = rand() < 0.5 ? pending.length - 1 : Math.floor(rand() * pending.length);
          const [part] = pending.splice(index, 1);
          if (!part || part.rows.length === 0) continue;
          const scan = await storedScanAt(part.day);
          await database.db
            .transaction()
            .execute((trx) => addScanRows(trx, scan, part.rows, scan.takenAt + 40 * 60));
        }
        if (rand() < 0.25) {
          const scans = (await kingdomScans(KD)).filter(
            (s) => s.kind === 'kingdom' && s.takenAt >= seed * 100 * DAY,
          );
          const target = scans[Math.floor(rand() * scans.length)]!;
          const fresh = scanRows(rand, target.takenAt / DAY).filter((row) => row.home_kd === KD);
          const scan = await storedScanAt(target.takenAt / DAY);
          await database.db
            .transaction()
            .execute((trx) => replaceScanRows(trx, scan, [KD], fresh, scan.takenAt));
        }
        await expectFastPathMatchesPlain(rand);
      }
    },
  );

  it('takes a long list of governors too (filtered after the query)', async () => {
    const scans = await kingdomScans(KD);
    const all = await selectPeriodStats(database.db, KD, scans);
    const wanted = [all[0]!.governorId, ...Array.from({ length: 12_000 }, (_, i) => 900_000 + i)];
    const found = await selectPeriodStats(database.db, KD, scans, { governorIds: wanted });
    expect(found).toEqual([all[0]]);
    expect(await selectPeriodStats(database.db, KD, scans, { governorIds: [] })).toEqual([]);
  });

  it('is rebuilt to the same runs from the stats alone', async () => {
    const before = await storedRuns(KD);
    expect(before.length).toBeGreaterThan(GOVERNORS);
    await rebuildKingdomPresence(database.db, KD);
    expect(await storedRuns(KD)).toEqual(before);
  });

  it('is filled by its migration for the scans of a database made before it', async () => {
    const before = [await storedRuns(KD), await storedRuns(OTHER_KD)];
    const statsBefore = [await history(KD), await history(OTHER_KD)];
    // Later migrations run again too (Kysely keeps the order): undone first, newest first. 0004 rebuilds SQLite's
    // stats table from its rows.
    await undoMigrationList(database.db as Kysely<unknown>);
    await undoKingdomSheets(database.db as Kysely<unknown>);
    await undoSeasonRules(database.db as Kysely<unknown>);
    await undoUploadTokens(database.db as Kysely<unknown>);
    await undoScanStatisticsTarget(database.db as Kysely<unknown>);
    await undoDiscord(database.db as Kysely<unknown>);
    await undoMemberExports(database.db as Kysely<unknown>);
    await undoReviewRevision(database.db as Kysely<unknown>);
    await undoPeriodSums(database.db as Kysely<unknown>);
    await undoAccountLinks(database.db as Kysely<unknown>);
    await undoDataReview(database.db as Kysely<unknown>);
    await undoScanHomeKds(database.db as Kysely<unknown>);
    await undoUniqueAccessCodes(database.db as Kysely<unknown>);
    await sql`drop table governor_presence`.execute(database.db);
    await sql`drop table scan_kd_totals`.execute(database.db);
    await sql`delete from kysely_migration where name >= '0003'`.execute(database.db);
    expect((await migrateToLatest(database.db)).applied).toEqual([
      '0003_governor_presence',
      '0004_sqlite_clustered_stats',
      '0005_scan_kd_totals',
      '0006_unique_access_codes',
      '0007_scan_home_kds',
      '0008_data_review',
      '0009_account_links',
      '0010_period_sums',
      '0011_review_revision',
      '0013_member_exports',
      '0015_discord',
      '0016_scan_statistics_target',
      '0019_upload_tokens',
      '0020_season_rules',
      '0021_kingdom_sheets',
      '0022_migration_list',
    ]);
    expect([await storedRuns(KD), await storedRuns(OTHER_KD)]).toEqual(before);
    expect([await history(KD), await history(OTHER_KD)]).toEqual(statsBefore);
  });

  it('rolls back with a failed import: the runs stay as they were', async () => {
    const before = await storedRuns(KD);
    const latest = Math.max(...(await kingdomScans(KD)).map((s) => s.takenAt)) / DAY;
    const rows = scanRows(random(9), latest + 1);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertScan(trx, {
          kingdomKd: KD,
          kind: 'kingdom',
          takenAt: (latest + 1) * DAY,
          name: 'doomed',
          sourceFormat: 'test',
          rows,
        });
        throw new Error('the file was bad after all');
      }),
    ).rejects.toThrow('the file was bad after all');
    expect(await storedRuns(KD)).toEqual(before);
  });
});
