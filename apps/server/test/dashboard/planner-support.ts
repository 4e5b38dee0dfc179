import { type Kysely, sql } from 'kysely';
import { IMPORT_TABLES, refreshPlannerStatistics } from '../../src/db/planner-statistics.ts';
import type { Database } from '../../src/db/schema.ts';
import { GAIN_COLUMNS } from '../../src/features/dashboard/queries.ts';
import { type GovernorStatRow, insertScan } from '../../src/features/scans/scan-store.ts';

const DAY = 86_400;

/** As on a host that turned autovacuum off, or before it woke up: only our own analyses keep the statistics. */
export async function disableAutovacuum(db: Kysely<Database>): Promise<void> {
  for (const table of IMPORT_TABLES) {
    await sql`alter table ${sql.id(table)} set (autovacuum_enabled = false)`.execute(db);
  }
}

function scanRows(kd: number, day: number, governors: number): GovernorStatRow[] {
  return Array.from({ length: governors }, (_, i) => {
    const row: Record<string, unknown> = {
      governor_id: 70_000 + i,
      name: `Gov ${i}`,
      alliance: `A${i % 7}`,
      home_kd: kd + (i % 4),
      power: 1_000_000 + i * 10 + day,
      extra_json: null,
    };
    for (const column of GAIN_COLUMNS) row[column] = i * 3 + day * 100;
    return row as unknown as GovernorStatRow;
  });
}

/** One import as the upload route and the CLI do it: the scan's transaction, then the statistics. */
export async function importScan(
  db: Kysely<Database>,
  kd: number,
  day: number,
  governors: number,
): Promise<string[]> {
  const rows = scanRows(kd, day, governors);
  await db.transaction().execute((trx) =>
    insertScan(trx, {
      kingdomKd: kd,
      kind: 'kingdom',
      takenAt: day * DAY,
      name: `day ${day}`,
      sourceFormat: 'test',
      rows,
    }),
  );
  return refreshPlannerStatistics(db, rows.length);
}

/** PostgreSQL: the planner's estimate of one scan's stat rows. */
export async function estimatedScanRows(db: Kysely<Database>, scanId: number): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
    explain (format json) select * from governor_stats where scan_id = ${sql.lit(scanId)}
  `.execute(db);
  return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
}
