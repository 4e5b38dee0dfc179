import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listKingdomAudit } from '../../src/features/audit/service.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

const PASSWORD = 'correct horse battery';

/** The commands a host runs in their first hour, each as its own process against one database. */
describe('the CLI for a host', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[], input?: string) => runCli(database.url, args, input);
  const db = () => database.db;
  const actions = async (kd: number) => (await listKingdomAudit(db(), kd, 100)).map((a) => a.action);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-host-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('kingdom add prints the viewer links and is in the kingdom’s Recent changes', async () => {
    const added = await cli(['kingdom', 'add', '4321', '--code', 'Host-Code', '--name', 'Home']);
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('Added kingdom 4321\n');
    expect(added.stdout).toContain('Viewer link:  http://localhost:3000/4321/dashboard/host-code\n');
    expect(added.stdout).toContain('KvK DKP:      http://localhost:3000/4321/kd-dashboard/host-code\n');
    // The server may listen elsewhere: without PUBLIC_URL the links say what they assumed.
    expect(added.stdout).toContain("These links use http://localhost:3000 (this shell's PORT, else 3000).");
    expect(await actions(4321)).toEqual(['kingdom.create']);
  });

  it('kingdom add uses PUBLIC_URL for the links when the host set it', async () => {
    const added = await runCli(database.url, ['kingdom', 'add', '4322', '--code', 'other-code'], undefined, {
      PUBLIC_URL: 'https://stats.example.org/',
    });
    expect(added.stdout).toContain('Viewer link:  https://stats.example.org/4322/dashboard/other-code\n');
    expect(added.stdout).not.toContain('These links use');
  });

  it('camp set, camp list and camp delete, each recorded', async () => {
    expect((await cli(['camp', 'set', '4321', 'Blue', '4321', '4330'])).status).toBe(0);
    expect((await cli(['camp', 'set', '4321', 'Red', '4340'])).status).toBe(0);
    const list = await cli(['camp', 'list', '4321']);
    expect(list.status).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+KINGDOMS$/);
    expect(lines[1]).toMatch(/^\d+\s+Blue\s+4321,4330$/);
    expect(lines[2]).toMatch(/^\d+\s+Red\s+4340$/);
    const redId = lines[2]!.split(/\s+/)[0]!;
    expect(await cli(['camp', 'delete', '4321', redId])).toMatchObject({
      status: 0,
      stdout: `Deleted camp ${redId} of kingdom 4321\n`,
    });
    expect((await cli(['camp', 'list', '4321'])).stdout).not.toContain('Red');
    expect((await cli(['camp', 'delete', '4321', redId])).stderr).toBe(
      `Error: Kingdom 4321 has no camp ${redId}\n`,
    );
    expect(await actions(4321)).toEqual(['camp.delete', 'camp.set', 'camp.set', 'kingdom.create']);
  });

  it('kvk add, kvk list and kvk delete, each recorded', async () => {
    const add = (n: string, open: string, close: string) =>
      cli(['kvk', 'add', '4321', n, '--open', open, '--close', close]);
    expect((await add('5', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z')).status).toBe(0);
    expect((await add('6', '2026-12-01', '2027-01-01')).status).toBe(0);
    const list = await cli(['kvk', 'list', '4321']);
    expect(list.stdout).toBe(
      [
        'KVK  OPEN (UTC)            CLOSE (UTC)',
        '5    2026-10-01T00:00:00Z  2026-11-01T00:00:00Z',
        '6    2026-12-01T00:00:00Z  2027-01-01T00:00:00Z',
        '',
      ].join('\n'),
    );
    expect(await cli(['kvk', 'delete', '4321', '5'])).toMatchObject({
      status: 0,
      stdout: 'Deleted KvK 5 of kingdom 4321\n',
    });
    expect((await cli(['kvk', 'list', '4321'])).stdout).not.toMatch(/^5 /m);
    expect((await cli(['kvk', 'delete', '4321', '5'])).stderr).toBe('Error: Kingdom 4321 has no KvK 5\n');
    expect((await actions(4321)).slice(0, 3)).toEqual(['kvk.delete', 'kvk.add', 'kvk.add']);
  });

  it('user add refuses an admin without a kingdom, before asking for a password', async () => {
    const refused = await cli(['user', 'add', 'nobody', '--role', 'admin'], `${PASSWORD}\n`);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      'Error: An admin administers at least one kingdom: add --kingdom <kd> (or --role superadmin for the whole site)\n',
    );
    expect((await cli(['user', 'list'])).stdout).not.toContain('nobody');
  });

  it('user add of an admin shows in the kingdom’s Recent changes', async () => {
    const added = await cli(
      ['user', 'add', 'officer', '--role', 'admin', '--kingdom', '4321'],
      `${PASSWORD}\n`,
    );
    expect(added).toMatchObject({ status: 0, stdout: 'Added admin officer\n' });
    expect((await actions(4321))[0]).toBe('user.create');
  });

  it('user passwd changes the password, ends the sessions and is recorded', async () => {
    const user = await db()
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('username', '=', 'officer')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('sessions')
      .values({
        token_hash: 'session-of-officer',
        user_id: user.id,
        created_at: 1,
        expires_at: 9_999_999_999,
      })
      .execute();
    const changed = await cli(['user', 'passwd', 'officer'], 'a brand new password\n');
    expect(changed.stderr).toBe('');
    expect(changed).toMatchObject({
      status: 0,
      stdout: 'Password of officer changed; their sessions were ended\n',
    });
    const after = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(user.password_hash);
    expect(after.password_hash).not.toContain('brand new');
    expect(await db().selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
    expect((await actions(4321))[0]).toBe('user.password');

    expect((await cli(['user', 'passwd', 'officer'], 'short\n')).stderr).toBe(
      'Error: Password must be at least 8 characters\n',
    );
    expect((await cli(['user', 'passwd', 'ghost'], `${PASSWORD}\n`)).stderr).toBe(
      'Error: User ghost does not exist\n',
    );
  });

  it('user delete removes the user, never the last superadmin, and is recorded', async () => {
    expect(await cli(['user', 'delete', 'officer'])).toMatchObject({
      status: 0,
      stdout: 'Deleted user officer\n',
    });
    expect((await cli(['user', 'list'])).stdout).not.toContain('officer');
    expect((await actions(4321))[0]).toBe('user.delete');

    expect((await cli(['user', 'add', 'root', '--role', 'superadmin'], `${PASSWORD}\n`)).status).toBe(0);
    expect((await cli(['user', 'delete', 'root'])).stderr).toBe(
      'Error: The last superadmin cannot be deleted\n',
    );
    expect((await cli(['user', 'delete', 'ghost'])).stderr).toBe('Error: User ghost does not exist\n');
  });
});
