import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema, scanImportResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * Issue 36 item 7: a file most of whose governors were never seen in the kingdom (a file with no kingdom column, of
 * another kingdom entirely) is not imported without a question, naming the share. More than half asks.
 */

/** A file without a kingdom column: governors `ids`. */
function scanFile(ids: readonly number[]): Buffer {
  const lines = ids.map((id) => `${id},G${id},${30_000_000 + id},${1_000_000 + id}`);
  return Buffer.from(`governor_id,name,power,kill points\n${lines.join('\n')}\n`);
}
const OWN = [11, 12, 13, 14];
const ELSEWHERE = [91, 92, 93, 94];

describe('uploading a file from elsewhere', () => {
  let t: TestApp;
  let world: AuthWorld;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
    url = `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}/scans`;
  });
  afterAll(() => t.close());

  const upload = (fileName: string, ids: readonly number[], at: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${url}?${new URLSearchParams({ fileName, at, ...extra })}`,
      headers: { ...bearer(world.kingdomAdmin), 'content-type': 'application/octet-stream' },
      payload: scanFile(ids),
    });
  const scanCount = async () =>
    (await t.database.db.selectFrom('scans').select('id').where('kingdom_kd', '=', world.kd).execute())
      .length;

  it('a kingdom’s first file is imported without a question, whatever its IDs', async () => {
    expect((await upload('first.csv', OWN, '2026-07-01T00:00:00Z')).statusCode).toBe(200);
  });

  it('asks before a file whose governors were mostly never seen, naming the share; nothing is stored', async () => {
    const answer = await upload('elsewhere.csv', [...ELSEWHERE, 11], '2026-07-08T00:00:00Z');
    expect(answer.statusCode).toBe(409);
    const body = errorBodySchema.parse(answer.json());
    expect(body.code).toBe('NEW_GOVERNORS');
    expect(body.message).toBe(
      `elsewhere.csv: 4 of 5 governors (80 %) were never seen in kingdom ${world.kd}. Is it this kingdom's file? Send it again with newGovernors=true to import it anyway.`,
    );
    expect(body.newGovernors).toEqual({ fileName: 'elsewhere.csv', kingdom: world.kd, unseen: 4, total: 5 });
    expect(await scanCount()).toBe(1);
  });

  it('imports it when the request confirms, and a file of half new governors without asking', async () => {
    const confirmed = await upload('elsewhere.csv', [...ELSEWHERE, 11], '2026-07-08T00:00:00Z', {
      newGovernors: 'true',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(scanImportResponseSchema.parse(confirmed.json()).file.scans[0]?.status).toBe('imported');
    const half = await upload('half.csv', [11, 12, 81, 82], '2026-07-15T00:00:00Z');
    expect(half.statusCode, half.body).toBe(200);
  });

  it('a file of other home kingdoms (a KvK map) is not asked about', async () => {
    const answer = await upload('enemy.csv', [71, 72, 73], '2026-07-22T00:00:00Z', { homeKd: '9999' });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});

describe('scan import of a file from elsewhere (CLI)', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);
  const file = (name: string, ids: readonly number[]) => {
    const path = join(dir, name);
    writeFileSync(path, scanFile(ids));
    return path;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-new-governors-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    await addKingdom(database.db, { kd: 3584, code: 'elsewhere-cli' });
    expect(
      (await cli(['scan', 'import', '3584', file('own.csv', OWN), '--at', '2026-07-01T00:00:00Z'])).status,
    ).toBe(0);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses with the share, naming every file concerned once, and stores none of them', async () => {
    const one = await cli(['scan', 'import', '3584', file('kingdom_scan_1_1783000000_1.csv', ELSEWHERE)]);
    expect(one.status).toBe(1);
    expect(one.stderr).toContain(
      "kingdom_scan_1_1783000000_1.csv: 4 of 4 governors (100 %) were never seen in kingdom 3584. Is it this kingdom's file? Nothing was imported. Run again with --new-governors to import it anyway.",
    );
    const two = await cli([
      'scan',
      'import',
      '3584',
      file('kingdom_scan_1_1783000000_1.csv', ELSEWHERE),
      file('kingdom_scan_1_1783600000_2.csv', [...ELSEWHERE, 95]),
      file('kingdom_scan_1_1784200000_3.csv', OWN),
    ]);
    expect(two.status).toBe(1);
    expect(two.stderr).toContain(
      "Are these kingdom 3584's files? kingdom_scan_1_1783000000_1.csv: 4 of 4 governors (100 %) were never seen in kingdom 3584; kingdom_scan_1_1783600000_2.csv: 5 of 5 governors (100 %) were never seen in kingdom 3584. Nothing was imported.",
    );
    expect(two.stderr).not.toContain('1784200000_3');
    const scans = await database.db.selectFrom('scans').select('id').where('kingdom_kd', '=', 3584).execute();
    expect(scans).toHaveLength(1);
  });

  it('--new-governors goes ahead', async () => {
    const result = await cli([
      'scan',
      'import',
      '3584',
      file('kingdom_scan_1_1783000000_1.csv', ELSEWHERE),
      '--new-governors',
    ]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
