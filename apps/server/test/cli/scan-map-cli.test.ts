import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot } from '../import/import-support.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * `scan import` of a KvK map scanned kingdom by kingdom, `scan rename`, and the refusals a person meets: what the
 * CLI prints, its exit status, and that a refused file changes nothing.
 */
describe('the CLI with the files of a KvK map', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);
  const file = (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-map-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    expect((await cli(['kingdom', 'add', '2101', '--code', 'map-2101'])).status).toBe(0);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const kdA = () => file('kd2101.csv', ['governor_id,name,power,dead', '1,A1,100,10', '2,A2,200,20']);
  const kdB = () => file('kd2102.csv', ['governor_id,name,power,dead', '11,B1,110,11', '12,B2,120,12']);

  it('adds a second kingdom’s file of the same moment to its scan, and says so', async () => {
    const first = await cli(['scan', 'import', '2101', kdA(), '--at', '2026-10-01T00:00Z']);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(
      /^kd2101\.csv:\n {2}Imported 2 governors as scan (\d+) "kd2101" \(2026-10-01 00:00 UTC\), time from the time given\.\n/,
    );
    const scanId = /as scan (\d+)/.exec(first.stdout)?.[1];
    const second = await cli([
      'scan',
      'import',
      '2101',
      kdB(),
      '--at',
      '2026-10-01T00:40Z',
      '--home-kd',
      '2102',
    ]);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain(
      `Added 2 governors to scan ${scanId} "kd2101" (2026-10-01 00:00 UTC), the scan of that moment.`,
    );
    const list = (await cli(['scan', 'list', '2101'])).stdout.trim().split('\n');
    expect(list).toHaveLength(2);
    expect(list[1]).toMatch(new RegExp(`^${scanId}\\s+2026-10-01T00:00:00Z\\s+kd2101\\s+4\\s+kingdom$`));
  });

  it('changes nothing when a file is imported again, and exits 0', async () => {
    const before = await snapshot(database.db);
    const again = await cli([
      'scan',
      'import',
      '2101',
      kdB(),
      '--at',
      '2026-10-01T00:40Z',
      '--home-kd',
      '2102',
    ]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/Already imported: these 2 governors are in scan \d+ .*nothing changed\./);
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('refuses a contradicting file with a non-zero exit, changing nothing', async () => {
    const before = await snapshot(database.db);
    const changed = file('kd2102-fixed.csv', ['governor_id,name,power,dead', '11,B1,999,11', '12,B2,120,12']);
    const refused = await cli([
      'scan',
      'import',
      '2101',
      changed,
      '--at',
      '2026-10-01T00:40Z',
      '--home-kd',
      '2102',
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      'kd2102-fixed.csv: these governors are already in scan 1 "kd2101" (2026-10-01 00:00 UTC) with other values: ' +
        'governor 11 ("B1") has power 110 stored and 999 in this file',
    );
    expect(await snapshot(database.db)).toEqual(before);

    const replaced = await cli([
      'scan',
      'import',
      '2101',
      changed,
      '--at',
      '2026-10-01T00:40Z',
      '--home-kd',
      '2102',
      '--replace',
    ]);
    expect(replaced.status).toBe(0);
    expect(replaced.stdout).toContain('Replaced the stored values with 2 governors in scan 1 "kd2101"');
  });

  it('prints what a file cannot give', async () => {
    const noDead = file('kd2103.csv', ['governor_id,name,power,shoe size', '21,C1,100,44']);
    const result = await cli([
      'scan',
      'import',
      '2101',
      noDead,
      '--at',
      '2026-10-02T00:00Z',
      '--home-kd',
      '2103',
    ]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('  Columns not imported (unknown headers): shoe size.\n');
    expect(result.stdout).toContain(
      "  Warning: this file has no dead troops column: DKP's Dead Troops term counts as unknown for this scan, and " +
        "the dashboard shows '-' for Dead in periods that start or end with it.\n",
    );
  });

  it('refuses --at for a file of several scans', async () => {
    const dated = file('long.csv', [
      'date,governor_id,name,power',
      '2026-10-03,31,D1,100',
      '2026-10-04,31,D1,150',
    ]);
    const result = await cli(['scan', 'import', '2101', dated, '--at', '2026-10-05T00:00Z']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('long.csv: holds 2 scans');
    expect(result.stderr).toContain('--at gives one time for one scan');
  });

  it('renames a scan, without control characters', async () => {
    const renamed = await cli(['scan', 'rename', '2101', '1', 'KvK\u0007 start\u202e']);
    expect(renamed).toMatchObject({
      status: 0,
      stdout: 'Renamed scan 1 of kingdom 2101: "kd2101" is now "KvK start"\n',
    });
    expect((await cli(['scan', 'list', '2101'])).stdout).toMatch(
      /\n1\s+2026-10-01T00:00:00Z\s+KvK start\s+4\s+kingdom\n/,
    );
    const missing = await cli(['scan', 'rename', '2101', '999', 'x']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Kingdom 2101 has no scan 999');
  });
});
