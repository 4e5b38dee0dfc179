import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * Issue 36 item 1: `scan import` of several files stores them in the order of their scan times, whatever order they
 * are named in (file names carry the unix scan time here).
 */
describe('scan import of several files', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);
  const file = (name: string, dead: number) => {
    const path = join(dir, name);
    writeFileSync(path, `governor_id,name,power,dead\n1,A1,5000000,${dead}\n`);
    return path;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-order-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    expect((await cli(['kingdom', 'add', '2101', '--code', 'order-2101'])).status).toBe(0);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints and stores the files oldest first when they are named newest first', async () => {
    const late = file('kingdom_scan_1_1766700000_2.csv', 30);
    const early = file('kingdom_scan_1_1766000000_1.csv', 10);
    const result = await cli(['scan', 'import', '2101', late, early]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.indexOf('kingdom_scan_1_1766000000_1.csv:')).toBeLessThan(
      result.stdout.indexOf('kingdom_scan_1_1766700000_2.csv:'),
    );
    expect(result.stdout.indexOf('kingdom_scan_1_1766000000_1.csv:')).toBeGreaterThanOrEqual(0);
  });
});
