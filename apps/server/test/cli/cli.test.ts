import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

const fixtures = resolve(import.meta.dirname, '../../../../fixtures');
const rokStart = join(fixtures, 'scans/roktracker/TOP60-2026-10-01-kd1234-start-[a1b2c3].xlsx');

describe('the CLI', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[], input?: string) => runCli(database.url, args, input);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds and lists kingdoms', async () => {
    const added = await cli(['kingdom', 'add', '1234', '--code', 'Secret-1234', '--name', 'Test KD']);
    expect(added.status).toBe(0);
    expect(added.stdout).toMatch(
      /^Added kingdom 1234\n {2}Viewer link: {2}http:\/\/localhost:3000\/1234\/dashboard\/secret-1234\n/,
    );
    const list = await cli(['kingdom', 'list']);
    expect(list.status).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^KD\s+NAME\s+CODE\s+SCANS$/);
    expect(list.stdout).toMatch(/1234\s+Test KD\s+secret-1234\s+0/);
  });

  it('refuses a kingdom that exists with one line on stderr and a non-zero exit', async () => {
    const result = await cli(['kingdom', 'add', '1234', '--code', 'other-code']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: Kingdom 1234 already exists\n');
  });

  it('refuses a kingdom number that is not a number', async () => {
    const result = await cli(['kingdom', 'add', 'abc', '--code', 'abcd']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: kd must be a whole number (got "abc")\n');
  });

  it('imports, lists and deletes scans', async () => {
    const imported = await cli(['scan', 'import', '1234', rokStart]);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    expect(imported.stdout).toMatch(
      /^TOP60-2026-10-01-kd1234-start-\[a1b2c3\]\.xlsx:\n {2}Imported 60 governors as scan \d+ "kd1234-start" \(2026-10-01 00:00 UTC\), time from the sheet name\.\n/,
    );

    const again = await cli(['scan', 'import', '1234', rokStart]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('Already imported: these 60 governors are in scan');

    const list = await cli(['scan', 'list', '1234']);
    expect(list.status).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ID\s+TIME \(UTC\)\s+NAME\s+ROWS\s+KIND$/);
    const [id] = lines[1]!.split(/\s+/);
    expect(lines[1]).toMatch(/2026-10-01T00:00:00Z/);

    expect(await cli(['scan', 'delete', '1234', id!])).toMatchObject({
      status: 0,
      stdout: `Deleted scan ${id} of kingdom 1234\n`,
    });
    expect((await cli(['scan', 'list', '1234'])).stdout).toBe('Kingdom 1234 has no scans yet\n');
  });

  it('refuses to import into a kingdom that does not exist', async () => {
    const result = await cli(['scan', 'import', '999', rokStart]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Kingdom 999 does not exist');
  });

  it('sets camps and adds a KvK season', async () => {
    expect((await cli(['camp', 'set', '1234', 'Camp Blue', '1234', '1235', '1236'])).status).toBe(0);
    expect(
      await cli([
        'kvk',
        'add',
        '1234',
        '3',
        '--open',
        '2026-10-01T00:00:00Z',
        '--close',
        '2026-11-01T00:00:00Z',
      ]),
    ).toMatchObject({ status: 0, stdout: 'Added KvK 3 for kingdom 1234\n' });
    const bad = await cli(['kvk', 'add', '1234', '4', '--open', 'tomorrow', '--close', '2026-11-01']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--open must be an ISO-8601 time');
  });

  it('adds a user with the password read from stdin, never storing it in clear', async () => {
    const added = await cli(
      ['user', 'add', 'leader', '--role', 'admin', '--kingdom', '1234'],
      'correct horse battery\n',
    );
    expect(added.stderr).toBe('');
    expect(added).toMatchObject({ status: 0, stdout: 'Added admin leader\n' });
    expect((await cli(['user', 'list'])).stdout).toMatch(/leader\s+admin\s+1234/);
    const stored = await database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('correct horse');
  });

  it('refuses a user with a role that does not exist or an empty password', async () => {
    expect((await cli(['user', 'add', 'x', '--role', 'king'], 'password123\n')).stderr).toBe(
      'Error: --role must be one of admin, superadmin\n',
    );
    expect((await cli(['user', 'add', 'x', '--role', 'superadmin'], '\n')).stderr).toBe(
      'Error: Username and password are required\n',
    );
  });

  it('migrates on demand', async () => {
    expect(await cli(['db', 'migrate'])).toMatchObject({ status: 0 });
    expect((await cli(['db', 'migrate'])).stdout).toContain('schema is up to date');
  });

  it.each([
    ['kingdom', 'add'],
    ['scan', 'import'],
    ['user', 'add'],
    ['camp', 'set'],
    ['kvk', 'add'],
    ['demo', 'seed'],
  ])('explains %s %s with --help', async (...command) => {
    const help = await cli([...command, '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain(`Usage: npm run cli -- ${command.join(' ')}`);
  });
});
