import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type AuthWorld, bearer, createAuthWorld, TEST_PASSWORD } from '../../test/support/auth-world.ts';
import { buildApp } from '../app.ts';
import { closeParseWorkers } from '../import/parse-off-thread.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { DATABASE_BUSY_MESSAGE } from './sqlite-busy.ts';

const SCAN = resolve(
  import.meta.dirname,
  '../../../../fixtures/scans/roktracker/TOP60-2026-10-01-kd1234-start-[a1b2c3].xlsx',
);

/**
 * The server on a SQLite file while another process (the CLI importing a big file) holds the write lock, played
 * here by a second connection: sign-in and an upload wait for the lock instead of answering 500 "database is
 * locked", the server answers others meanwhile, and a wait past the bound is a 503 that says the database is busy.
 */
describe('the server while another process writes to its SQLite file', () => {
  let folder: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cli: SQLite.Database;
  let world: AuthWorld;

  async function start(maxWaitMs: number): Promise<void> {
    folder = mkdtempSync(join(tmpdir(), 'sqlite-busy-app-'));
    const url = `sqlite:${join(folder, 'data.sqlite')}`;
    database = createDatabase(url, { busyWait: { maxWaitMs } });
    await migrateToLatest(database.db);
    world = await createAuthWorld(database.db);
    app = await buildApp({ loginEnabled: true, logLevel: 'silent', webDistDir: undefined }, database);
    cli = new SQLite(join(folder, 'data.sqlite'));
  }
  afterEach(async () => {
    cli.close();
    await app.close();
    await database.close();
    await closeParseWorkers();
    rmSync(folder, { recursive: true, force: true });
  });

  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: world.kingdomAdmin.username, password: TEST_PASSWORD },
    });
  const uploadScan = async () =>
    app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}/scans?fileName=${encodeURIComponent('TOP60-2026-10-01-kd1234-start-[a1b2c3].xlsx')}`,
      headers: { ...bearer(world.kingdomAdmin), 'content-type': 'application/octet-stream' },
      payload: readFileSync(SCAN),
    });

  it('sign-in and an upload wait for the lock, others are answered meanwhile, then both succeed', async () => {
    await start(10_000);
    cli.exec('begin immediate');
    let signedIn = false;
    let uploaded = false;
    const signing = signIn().finally(() => {
      signedIn = true;
    });
    const uploading = uploadScan().finally(() => {
      uploaded = true;
    });
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    expect({ signedIn, uploaded }).toEqual({ signedIn: false, uploaded: false });
    // While both wait, the server answers readers: the health check and a kingdom's admin page read the database.
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const page = await app.inject({
      url: `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}`,
      headers: bearer(world.kingdomAdmin),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect({ signedIn, uploaded }).toEqual({ signedIn: false, uploaded: false });
    cli.exec('commit');
    const [login, upload] = await Promise.all([signing, uploading]);
    expect(login.statusCode, login.body).toBe(200);
    expect(upload.statusCode, upload.body).toBe(200);
  });

  it('past the bounded wait, sign-in answers 503 "the database is busy", not 500 "database is locked"', async () => {
    await start(300);
    cli.exec('begin immediate');
    const res = await signIn();
    cli.exec('rollback');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: DATABASE_BUSY_MESSAGE });
    expect((await signIn()).statusCode).toBe(200);
  });
});
