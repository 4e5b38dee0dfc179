import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

// A small export written from issue 37's column list, in English.
const EXPORT =
  'ID,Username,Power,Highest Power,T5 Deaths,T4 Deaths,T3 Deaths,T2 Deaths,T1 Deaths,Total Kill Points,' +
  'T5 Kills,T4 Kills,T3 Kills,T2 Kills,T1 Kills,Resources Gathered,Alliance Helps\n' +
  '70001,A,5,6,1,2,3,4,5,6,7,8,9,10,11,12,13\n';

describe('npm run cli -- member-export', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-export-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    expect((await cli(['kingdom', 'add', '1881', '--code', 'Export-1881'])).status).toBe(0);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports an export as a period, says so, changes nothing the second time and lists it', async () => {
    const file = join(dir, 'kingdom-2025-01-01-2025-01-31.csv');
    writeFileSync(file, EXPORT);
    const first = await cli(['member-export', 'import', '1881', file]);
    expect(first.stdout).toBe(
      'kingdom-2025-01-01-2025-01-31.csv: Imported the activity of 1 member from 2025-01-01 to 2025-01-31 as ' +
        'member export 1 (headers in English).\n',
    );
    expect((await cli(['member-export', 'import', '1881', file])).stdout).toContain(
      'Already imported: this export of 2025-01-01 to 2025-01-31 is member export 1; nothing changed',
    );
    expect((await cli(['member-export', 'list', '1881'])).stdout).toMatch(
      /1 +2025-01-01 +2025-01-31 +1 +kingdom-2025/,
    );
  });

  it('refuses an export whose dates are unreadable, naming the expected form', async () => {
    const file = join(dir, 'members.csv');
    writeFileSync(file, EXPORT);
    const refused = await cli(['member-export', 'import', '1881', file]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'members.csv: its dates cannot be read from its name: the game names its export kingdom-YYYY-MM-DD-YYYY-MM-DD.xlsx',
    );
  });
});
