import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REMOVED_KEY } from '../../src/demo/remove-demo.ts';
import { DEMO_KD, DEMO_KDS, seedDemo } from '../../src/demo/seed-demo.ts';
import { prepareDemo } from '../../src/features/demo/service.ts';
import { RALLY_TOKEN, rotateIngestToken } from '../../src/features/ingest-tokens/tokens.ts';
import { addUser } from '../../src/features/users/service.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/** Every table that holds a kingdom's rows, and how to count one kingdom's. */
const KINGDOM_TABLES = [
  'kingdoms',
  'scans',
  'governor_stats',
  'scan_kd_totals',
  'governor_presence',
  'formulas',
  'camps',
  'camp_members',
  'kvk_seasons',
  'rallies',
  'rally_participants',
  'rally_tokens',
  'hoh_records',
  'prekvk_points',
  'user_kingdoms',
] as const;

describe('kingdom delete and demo remove', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[], input?: string) => runCli(database.url, args, input);
  const db = () => database.db;

  async function rowsOf(kd: number): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of KINGDOM_TABLES) {
      const where =
        table === 'kingdoms'
          ? sql`kd = ${kd}`
          : table === 'governor_stats' || table === 'scan_kd_totals'
            ? sql`scan_id in (select id from scans where kingdom_kd = ${kd})`
            : sql`kingdom_kd = ${kd}`;
      const { rows } = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db());
      counts[table] = Number(rows[0]?.n);
    }
    return counts;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-delete-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    await seedDemo(db(), { now: new Date('2026-11-20T12:00:00Z'), secret: 'delete-test-secret' });
    await rotateIngestToken(db(), RALLY_TOKEN, { kd: DEMO_KD, userId: null });
    await addUser(db(), {
      username: 'leader',
      password: 'long enough',
      role: 'admin',
      kingdoms: [DEMO_KD, 2102],
    });
  }, 120_000);
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses without the kd typed, and deletes nothing', async () => {
    const before = await rowsOf(DEMO_KD);
    expect(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    ).toBe(true);
    const refused = await cli(['kingdom', 'delete', String(DEMO_KD)], '2102\n');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`Type ${DEMO_KD} to confirm: `);
    expect(refused.stderr).toContain(
      'Error: Not confirmed (you typed "2102", not 2101); nothing was deleted\n',
    );
    expect(await rowsOf(DEMO_KD)).toEqual(before);
  });

  it('deletes the kingdom and every row of it once the kd is typed, audited, leaving its neighbours', async () => {
    const neighbour = await rowsOf(2102);
    const deleted = await cli(['kingdom', 'delete', String(DEMO_KD)], `${DEMO_KD}\n`);
    expect(deleted.status).toBe(0);
    expect(deleted.stdout).toMatch(
      /^Deleted kingdom 2101: \d+ scans \([\d,]+ governor rows\), 2 KvK seasons, 4 camps, \d+ rallies, /,
    );
    expect(deleted.stdout).toContain('pre-KvK rows, 1 admin link, its formula, its rally token\n');
    expect(Object.values(await rowsOf(DEMO_KD)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(2102)).toEqual(neighbour);
    expect((await cli(['user', 'list'])).stdout).toMatch(/leader\s+admin\s+2102\n/);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'before_json'])
      .where('kingdom_kd', '=', DEMO_KD)
      .where('action', '=', 'kingdom.delete')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'kingdom.delete', user_id: null });
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ kd: DEMO_KD, via: 'cli', formula: true });
    expect((await cli(['kingdom', 'delete', String(DEMO_KD), '--yes'])).stderr).toContain(
      'Error: Kingdom 2101 does not exist',
    );
  });

  it('deletes with --yes without asking', async () => {
    expect(await cli(['kingdom', 'delete', '2112', '--yes'])).toMatchObject({ status: 0 });
    expect((await rowsOf(2112)).kingdoms).toBe(0);
  });

  it('demo remove deletes the remaining demo kingdoms, keeps the host’s own, and the demo is never seeded again', async () => {
    expect((await cli(['kingdom', 'add', '4321', '--code', 'home-code'])).status).toBe(0);
    expect(await cli(['demo', 'remove'], 'no\n')).toMatchObject({ status: 1 });
    const removed = await cli(['demo', 'remove', '--yes']);
    expect(removed.stderr).toBe('');
    expect(removed.stdout).toBe(
      'Removed the demo: kingdoms 2102, 2103, 2104, 2105, 2106, 2107, 2108, 2109, 2110, 2111; the demo link is off and the demo will not be seeded again\n',
    );
    const left = await db().selectFrom('kingdoms').select('kd').execute();
    expect(left.map((k) => k.kd)).toEqual([4321]);
    const settings = await db().selectFrom('app_settings').select('key').execute();
    expect(settings.map((s) => s.key)).toEqual([DEMO_REMOVED_KEY]);
    for (const kd of DEMO_KDS) expect(Object.values(await rowsOf(kd)).every((n) => n === 0)).toBe(true);

    expect((await cli(['kingdom', 'delete', '4321', '--yes'])).status).toBe(0);
    const restart = await prepareDemo(db(), { seedDemo: 'auto', demoSecret: undefined, now: new Date() });
    expect(restart).toEqual({ seeded: false, demo: null });
    expect(await db().selectFrom('kingdoms').select('kd').execute()).toEqual([]);
  });
});
