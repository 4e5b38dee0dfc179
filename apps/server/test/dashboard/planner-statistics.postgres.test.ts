import { type Kysely, type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { selectKingdomScans } from '../../src/features/scans/kingdom-scans.ts';
import { addTestKingdom } from '../import/import-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { disableAutovacuum, estimatedScanRows, importScan } from './planner-support.ts';

/**
 * PostgreSQL plans a statement from its statistics, and a scan missing from them is taken for one row (issue 44):
 * every import must leave the newest scan counted, however little it added to the table. The test checks plans, not
 * times: each import's newest scan is estimated near its real size, and the home-moves read of it is planned without
 * a tenfold underestimate anywhere.
 */
const KD = 3202;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await addTestKingdom(database.db, KD);
  await disableAutovacuum(database.db);
});

afterAll(async () => {
  await database?.drop();
});

interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The plan nodes whose row estimate was over ten times too low for a read of more than 100 rows. */
async function underestimatedNodes(db: Kysely<Database>, statement: RawBuilder<unknown>): Promise<string[]> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
    explain (analyze, format json) ${statement}
  `.execute(db);
  return planNodes(rows[0]!['QUERY PLAN'][0].Plan)
    .filter((node) => node['Actual Rows'] > 100 && node['Plan Rows'] * 10 < node['Actual Rows'])
    .map((node) => `${node['Node Type']}: ${node['Plan Rows']} planned, ${node['Actual Rows']} read`);
}

describe('many imports in a row with autovacuum off', () => {
  it('plans every newest scan from statistics that count its rows', async () => {
    // Past ten scans of one size an import adds less than 10 % of the table, so the whole-table rule analyses only
    // every other one; the newest scan must be in the statistics all the same. 25 imports after the first.
    await importScan(database.db, KD, 1, 1_000);
    for (let day = 2; day <= 26; day += 1) {
      await importScan(database.db, KD, day, 1_000);
      const [previous, newest] = (await selectKingdomScans(database.db, KD)).slice(-2);
      expect(await estimatedScanRows(database.db, newest!.id), `day ${day}`).toBeGreaterThan(500);
      // The home-moves insert's read of the newest scan and the one before it (features/scans/home-moves.ts).
      const moves = sql`
        select x.scan_id, x.governor_id
        from governor_stats x join governor_stats p on p.scan_id = ${sql.lit(previous!.id)}
          and p.governor_id = x.governor_id
        where x.scan_id = ${sql.lit(newest!.id)} and x.home_kd is distinct from p.home_kd`;
      expect(await underestimatedNodes(database.db, moves), `day ${day}`).toEqual([]);
    }
  });
});
