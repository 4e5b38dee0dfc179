import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_TABLES, SCAN_ID_STATISTICS } from '../../src/db/planner-statistics.ts';
import { selectPeriodStats } from '../../src/features/dashboard/queries.ts';
import { selectKingdomScans } from '../../src/features/scans/kingdom-scans.ts';
import { addTestKingdom, ROKTRACKER, ROKTRACKER_START_XLSX } from '../import/import-support.ts';
import { bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-db.ts';
import { disableAutovacuum, estimatedScanRows, importScan } from './planner-support.ts';

/**
 * After an import, the tables it wrote get fresh planner statistics when it changed enough of them, with autovacuum
 * off (as on a host that turned it off, or before it woke up): the planner's estimate of a scan's rows follows the
 * data, and the period answers the same.
 */
const KD = 3201;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await addTestKingdom(database.db, KD);
  if (testDialect() === 'postgres') await disableAutovacuum(database.db);
});

afterAll(async () => {
  await database?.drop();
});

describe('planner statistics after an import', () => {
  it('PostgreSQL analyses the tables a large import changed and leaves them after a small one; SQLite optimizes', async () => {
    if (testDialect() === 'sqlite') {
      expect(await importScan(database.db, KD, 1, 100)).toEqual([]);
      const period = await selectPeriodStats(database.db, KD, await selectKingdomScans(database.db, KD));
      expect(period).toHaveLength(100);
      return;
    }
    const autovacuum = await sql<{ relname: string; reloptions: string[] | null }>`
      select relname, reloptions from pg_class
      where relnamespace = current_schema()::regnamespace and relname in (${sql.join([...IMPORT_TABLES])})
    `.execute(database.db);
    expect(autovacuum.rows.map((r) => r.reloptions)).toEqual(
      IMPORT_TABLES.map(() => ['autovacuum_enabled=false']),
    );

    // The first scans: every table the import wrote goes from no statistics to some.
    expect(await importScan(database.db, KD, 1, 3_000)).toEqual([...IMPORT_TABLES].sort());
    expect(await importScan(database.db, KD, 2, 3_000)).toContain('governor_stats');
    expect(await importScan(database.db, KD, 3, 3_000)).toContain('governor_stats');
    const scans = await selectKingdomScans(database.db, KD);
    const estimate = await estimatedScanRows(database.db, scans.at(-1)!.id);
    // 3,000 rows per scan; statistics from before the last import would say a half of the table (4,500).
    expect(estimate).toBeGreaterThan(1_500);
    expect(estimate).toBeLessThan(6_000);

    // A scan of 50 governors changes less than a tenth of governor_stats: no new analysis of the table, only of the
    // column that tells the planner how many rows each scan has.
    const small = await importScan(database.db, KD, 4, 50);
    expect(small).not.toContain('governor_stats');
    expect(small).toContain(SCAN_ID_STATISTICS);

    const analysed = await sql<{ relname: string; last_analyze: Date | null }>`
      select relname, last_analyze from pg_stat_user_tables where schemaname = current_schema()
        and relname in (${sql.join([...IMPORT_TABLES])})
    `.execute(database.db);
    expect(analysed.rows.every((r) => r.last_analyze !== null)).toBe(true);

    // The same answer as ever: every governor of the period, with its gains.
    const period = await selectPeriodStats(database.db, KD, scans);
    expect(period).toHaveLength(3_000);
    expect(period.find((stat) => stat.governorId === 70_010)?.gains.t4_kills).toBe(200);
  });
});

describe('an upload through the admin page', () => {
  it('leaves PostgreSQL with statistics of the tables it wrote (autovacuum off)', async () => {
    const t = await createTestApp();
    try {
      const world = await createAuthWorld(t.database.db);
      if (testDialect() === 'postgres') {
        for (const table of IMPORT_TABLES) {
          await sql`alter table ${sql.id(table)} set (autovacuum_enabled = false)`.execute(t.database.db);
        }
      }
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}/scans?${new URLSearchParams({ fileName: ROKTRACKER_START_XLSX })}`,
        headers: { ...bearer(world.kingdomAdmin), 'content-type': 'application/octet-stream' },
        payload: readFileSync(resolve(ROKTRACKER, ROKTRACKER_START_XLSX)),
      });
      expect(response.statusCode).toBe(200);
      if (testDialect() === 'sqlite') return;
      const { rows } = await sql<{ relname: string; reltuples: number }>`
        select relname, reltuples from pg_class
        where relnamespace = current_schema()::regnamespace and relname in (${sql.join([...IMPORT_TABLES])})
        order by relname
      `.execute(t.database.db);
      // 60 governors of one home kd in one scan (no scan before it, so no moves): each table's row count as the
      // planner now knows it.
      expect(rows.map((r) => [r.relname, Number(r.reltuples)])).toEqual([
        ['governor_presence', 60],
        ['governor_stats', 60],
        ['scan_home_moves', 0],
        ['scan_kd_totals', 1],
      ]);
    } finally {
      await t.close();
    }
  });
});
