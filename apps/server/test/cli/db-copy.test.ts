import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { SITE_TABLES } from '../../src/db/site-tables.ts';
import { CODE, END_FILE, getData, KD, START_FILE } from '../dashboard/fixture-support.ts';
import { EVERY_TERM, useFormula } from '../support/formulas.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * `db copy`, `db backup`, `db restore`: a small site (a kingdom, two imported scans, a user, a formula) moves from
 * this project's database to a SQLite file and from there into another database of this project's kind (in the
 * server-postgres project: PostgreSQL → SQLite → PostgreSQL), and every copy answers the same dashboard.
 */
describe('moving a site between databases', () => {
  let dir: string;
  let source: TestDatabase;
  let back: TestDatabase;
  let middleUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-db-copy-'));
    source = await createTestDatabase({ sqliteFile: join(dir, 'source.sqlite') });
    back = await createTestDatabase({ sqliteFile: join(dir, 'back.sqlite') });
    middleUrl = `sqlite:${join(dir, 'middle.sqlite')}`;
    const cli = (args: string[], input?: string) => runCli(source.url, args, input);
    expect((await cli(['kingdom', 'add', String(KD), '--code', CODE])).status).toBe(0);
    expect((await cli(['scan', 'import', String(KD), START_FILE])).status).toBe(0);
    expect((await cli(['scan', 'import', String(KD), END_FILE])).status).toBe(0);
    const user = await cli(
      ['user', 'add', 'leader', '--role', 'admin', '--kingdom', String(KD)],
      'password123\n',
    );
    expect(user.stderr).toBe('');
    await useFormula(source.db, KD, EVERY_TERM);
  });

  afterAll(async () => {
    await source?.drop();
    await back?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The dashboard's answer (all dates, every governor) from an app on the given database. */
  async function dashboardOf(database: DatabaseHandle): Promise<unknown> {
    const app: FastifyInstance = await buildApp(
      { loginEnabled: false, logLevel: 'silent', webDistDir: undefined } as Parameters<typeof buildApp>[0],
      database,
    );
    try {
      const { status, body } = await getData(app);
      expect(status).toBe(200);
      return body;
    } finally {
      await app.close();
    }
  }

  async function withDatabase<T>(url: string, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = createDatabase(url);
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  it('copies the site out and back, verifies every table, and the copies answer the same dashboard', async () => {
    const out = await runCli(source.url, ['db', 'copy', source.url, middleUrl]);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^governor_stats\s+120\s+120\s+[0-9a-f]{12}\s+match$/m);
    expect(out.stdout).toMatch(/^users\s+1\s+1\s+[0-9a-f]{12}\s+match$/m);
    expect(out.stdout).toContain(`All ${SITE_TABLES.length} tables match.`);

    const home = await runCli(source.url, ['db', 'copy', middleUrl, back.url]);
    expect(home.stderr).toBe('');
    expect(home.stdout).toContain(`All ${SITE_TABLES.length} tables match.`);

    const original = (await dashboardOf(source)) as { totalPlayers: number; playerData: unknown[] };
    expect(original.totalPlayers).toBeGreaterThan(0);
    expect(original.playerData.length).toBeGreaterThan(0);
    expect(await withDatabase(middleUrl, dashboardOf)).toEqual(original);
    expect(await dashboardOf(back)).toEqual(original);
  });

  it('refuses a target that holds a site, and a copy that stopped midway resumes to a full match', async () => {
    const refused = await runCli(source.url, ['db', 'copy', source.url, back.url]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Error: the target .* is not empty \(rows in kingdoms, users, /);

    // As a copy interrupted inside governor_stats leaves it: the later scan's rows and every table after it missing.
    const partialUrl = `sqlite:${join(dir, 'partial.sqlite')}`;
    expect((await runCli(source.url, ['db', 'copy', source.url, partialUrl])).status).toBe(0);
    await withDatabase(partialUrl, async ({ db }) => {
      const last = await db
        .selectFrom('scans')
        .select(({ fn }) => fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      await db.deleteFrom('governor_stats').where('scan_id', '=', Number(last.id)).execute();
      await db.deleteFrom('scan_kd_totals').execute();
      await db.deleteFrom('user_kingdoms').execute();
      await db.deleteFrom('formulas').execute();
    });
    const resumed = await runCli(source.url, [
      'db',
      'copy',
      '--resume',
      '--batch-rows',
      '7',
      source.url,
      partialUrl,
    ]);
    expect(resumed.stderr).toBe('');
    expect(resumed.stdout).toContain('(resuming)');
    expect(resumed.stdout).toMatch(/^ {2}governor_stats: 60 rows copied$/m);
    expect(resumed.stdout).toMatch(/^ {2}scans: 0 rows copied$/m);
    expect(resumed.stdout).toContain(`All ${SITE_TABLES.length} tables match.`);
  });

  it('refuses to copy a database that holds a table the copy does not know', async () => {
    const strangeUrl = `sqlite:${join(dir, 'strange.sqlite')}`;
    await withDatabase(strangeUrl, async ({ db }) => {
      await sql`create table extra_notes (id integer primary key, note text)`.execute(db);
    });
    const refused = await runCli(source.url, [
      'db',
      'copy',
      strangeUrl,
      `sqlite:${join(dir, 'unused.sqlite')}`,
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /has tables the copy does not cover: extra_notes \(add them to db\/site-tables\.ts\)/,
    );
  });

  it('backs up a SQLite site and restores it into an empty file, and never over a site', async () => {
    const backupFile = join(dir, 'site-backup.sqlite');
    const backup = await runCli(middleUrl, ['db', 'backup', backupFile]);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/^Backed up SQLite .*middle\.sqlite to .*site-backup\.sqlite \(\d+ pages/);
    expect((await runCli(middleUrl, ['db', 'backup', backupFile])).stderr).toMatch(/exists already/);

    const restoredUrl = `sqlite:${join(dir, 'restored.sqlite')}`;
    const restore = await runCli(restoredUrl, ['db', 'restore', backupFile]);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(
      /^Restored .*site-backup\.sqlite into SQLite .*restored\.sqlite\. The server must/,
    );
    const again = await runCli(restoredUrl, ['db', 'restore', backupFile]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds kingdoms: restore into an empty database/);

    const original = await dashboardOf(source);
    expect(await withDatabase(restoredUrl, dashboardOf)).toEqual(original);
  });
});
