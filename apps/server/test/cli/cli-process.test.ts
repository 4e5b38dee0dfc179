import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestKingdom, ROKTRACKER, ROKTRACKER_START_XLSX, snapshot } from '../import/import-support.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

const KD = 1234;

/**
 * The wiring of `npm run cli`: src/cli.ts as a process of its own (Node.js and tsx, as a host starts it), its
 * arguments, streams, environment and exit code. Every command's behaviour is tested in this process through the
 * same entry function (support/run-cli.ts); these few tests start a real process, which costs seconds each.
 */
describe('the CLI as its own process (wiring)', () => {
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-process-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    await addTestKingdom(database.db, KD);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('process: --help lists every command group on stdout and exits 0', async () => {
    const help = await runCliProcess(database.url, ['--help']);
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run cli -- \[options\] \[command\]\n/);
    for (const group of ['kingdom', 'scan', 'camp', 'kvk', 'rally', 'prekvk', 'hoh', 'user', 'db', 'demo']) {
      expect(help.stdout).toMatch(new RegExp(`^ {2}${group} `, 'm'));
    }
  });

  it('process: a command that does not exist exits 1 with Commander’s message on stderr', async () => {
    const result = await runCliProcess(database.url, ['kingdom', 'frobnicate']);
    expect(result).toEqual({
      status: 1,
      stdout: '',
      stderr: "error: unknown command 'frobnicate'\n(add --help for usage)\n",
    });
  });

  it('process: user add reads the password piped to its standard input', async () => {
    const added = await runCliProcess(
      database.url,
      ['user', 'add', 'leader', '--role', 'admin', '--kingdom', String(KD)],
      'correct horse battery\n',
    );
    expect(added).toEqual({ status: 0, stdout: 'Added admin leader\n', stderr: '' });
    const stored = await database.db
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .executeTakeFirstOrThrow();
    expect(stored.username).toBe('leader');
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('correct horse');
  });

  it('process: scan import reads the file in a reader process and stores its governors', async () => {
    const imported = await runCliProcess(database.url, [
      'scan',
      'import',
      String(KD),
      resolve(ROKTRACKER, ROKTRACKER_START_XLSX),
    ]);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    expect(imported.stdout).toMatch(
      /^TOP60-2026-10-01-kd1234-start-\[a1b2c3\]\.xlsx:\n {2}Imported 60 governors as scan \d+ "kd1234-start"/,
    );
    const rows = await database.db
      .selectFrom('governor_stats')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(60);
  });

  it('process: a refused file exits 1 with one line on stderr, its limit read from the process’s environment', async () => {
    const path = join(dir, 'too-big-2026-10-02.csv');
    writeFileSync(path, `Governor ID,Name,Power\n${'40000001,Alpha,1\n'.repeat(200)}`);
    const before = await snapshot(database.db);
    const result = await runCliProcess(database.url, ['scan', 'import', String(KD), path], undefined, {
      IMPORT_MAX_UPLOAD_BYTES: '1K',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^Error: too-big-2026-10-02\.csv: is 3(\.\d)? KB; the largest file one import takes is 1 KB \(IMPORT_MAX_UPLOAD_BYTES\)[^\n]*\n$/,
    );
    expect(await snapshot(database.db)).toEqual(before);
  });
});
