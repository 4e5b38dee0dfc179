import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions } from '../support/auth-world.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

describe('npm run cli -- migration-list', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-migration-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    expect((await cli(['kingdom', 'add', '1882', '--code', 'Move-1882'])).status).toBe(0);
    const season = ['kvk', 'add', '1882', '5', '--open', '2026-10-01', '--close', '2026-11-01'];
    expect((await cli(season)).status).toBe(0);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds, sets flags, lists, fills and removes, each audited', async () => {
    const added = await cli([
      'migration-list',
      'add',
      '1882',
      '51001',
      '--season',
      '5',
      '--direction',
      'leave',
      '--name',
      'Farmer',
      '--reason',
      'Below 20 M',
    ]);
    expect(added).toMatchObject({ status: 0, stdout: 'Added governor 51001 (Farmer) to KvK 5: leave\n' });
    const set = await cli(['migration-list', 'set', '1882', '51001', '--season', '5', '--contacted', 'yes']);
    expect(set.stdout).toBe('Saved governor 51001 on KvK 5: leave, contacted\n');
    expect((await cli(['migration-list', 'list', '1882', '--season', '5'])).stdout).toMatch(
      /51001 +Farmer +leave +contacted +Below 20 M/,
    );
    // No scans in the season: nothing to propose.
    expect((await cli(['migration-list', 'fill', '1882', '--season', '5'])).stdout).toBe(
      '0 added from the movements of KvK 5; 0 already on the list\n',
    );
    expect((await cli(['migration-list', 'remove', '1882', '51001', '--season', '5'])).stdout).toBe(
      'Removed governor 51001 from KvK 5\n',
    );
    expect((await auditActions(database.db, 1882)).filter((a) => a.startsWith('migration-list.'))).toEqual([
      'migration-list.add',
      'migration-list.update',
      'migration-list.remove',
    ]);
  });

  it('refuses a bad flag value, an unknown season and a governor twice, in one line', async () => {
    const flag = await cli(['migration-list', 'set', '1882', '1', '--season', '5', '--zeroed', 'maybe']);
    expect(flag).toMatchObject({ status: 1, stderr: 'Error: --zeroed must be yes or no (got "maybe")\n' });
    const season = await cli(['migration-list', 'list', '1882', '--season', '9']);
    expect(season.stderr).toBe('Error: KvK 9 is not a season of this kingdom\n');
    const add = ['migration-list', 'add', '1882', '51002', '--season', '5', '--direction', 'arrive'];
    expect((await cli(add)).status).toBe(0);
    expect((await cli(add)).stderr).toBe('Error: Governor 51002 is already on the migration list of KvK 5\n');
  });
});
