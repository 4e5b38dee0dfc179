import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanImportResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_UPLOADS } from '../../src/features/kingdom-admin/token-upload-routes.ts';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SCAN = 'governor_id,name,power,kill_points\n501,Alpha,10000000,2000\n502,Beta,9000000,1500\n';

/** A body as `curl -F file=@<name>` sends it. */
function multipart(name: string, content: string) {
  const boundary = '----kingdom-stats-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe("a machine sends scan files with the kingdom's upload token", () => {
  let t: TestApp;
  let world: AuthWorld;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { wrongUploadTokenPerAddress: 3, tokenUploadsPerKingdom: 4 } });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const rotate = async (kd: number) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${kd}/upload-token`,
      headers: bearer(world.kingdomAdmin),
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ token: string }>().token;
  };
  const send = (kd: number, token: string, body: ReturnType<typeof multipart>, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/upload/${kd}/scans${query}`,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });

  it('imports a multipart file as the upload page does, named by its part, audited as sent by token', async () => {
    const token = await rotate(world.kd);
    expect(token).toMatch(/^ksu_/);
    const answer = await send(
      world.kd,
      token,
      multipart('kingdom_scan_2026-01-05.csv', SCAN),
      '?at=2026-01-05T00:00Z',
    );
    expect(answer.statusCode).toBe(200);
    const body = scanImportResponseSchema.parse(answer.json());
    expect(body.file.fileName).toBe('kingdom_scan_2026-01-05.csv');
    expect(body.file.scans.map((s) => [s.status, s.rows])).toEqual([['imported', 2]]);
    expect(body.message).toContain('kingdom_scan_2026-01-05.csv');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'after_json'])
      .where('action', '=', 'scan.import')
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBeNull();
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ via: 'upload-token', rows: 2 });
  });

  it('refuses an empty part, a body without a name, and a runaway loop, saying what to send', async () => {
    const token = await rotate(world.kd);
    const empty = await send(world.kd, token, multipart('scan.csv', ''));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'scan.csv is empty (0 bytes): nothing to import. Export it from the scanner again and upload the new file.',
    );
    const nameless = await send(world.kd, token, {
      payload: Buffer.from(SCAN),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toContain('?fileName=');
    // Four files a minute for this kingdom in this test's settings, whatever came of them: a runaway loop stops.
    expect(
      (await send(world.kd, token, multipart('scan.csv', SCAN), '?at=2026-01-06T00:00Z')).statusCode,
    ).toBe(200);
    const runaway = await send(world.kd, token, multipart('scan.csv', SCAN), '?at=2026-01-07T00:00Z');
    expect([runaway.statusCode, runaway.json().message]).toEqual([429, TOO_MANY_UPLOADS]);
  });

  it("refuses another kingdom's token, a rotated one and a revoked one, then blocks the guessing address", async () => {
    const otherToken = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/kingdoms/${world.otherKd}/upload-token`,
        headers: bearer(world.otherAdmin),
      })
    ).json<{ token: string }>().token;
    const old = await rotate(world.kd);
    const current = await rotate(world.kd);
    const file = multipart('scan.csv', SCAN);
    expect((await send(world.kd, otherToken, file)).json().message).toBe(
      'The upload token is not valid for this kingdom',
    );
    expect((await send(world.kd, old, file)).statusCode).toBe(401);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/kingdoms/${world.kd}/upload-token`,
      headers: bearer(world.kingdomAdmin),
    });
    expect(revoke.json().message).toContain('revoked');
    expect((await send(world.kd, current, file)).statusCode).toBe(401);
    // The fourth refused token from this address in the window: 429 even with a right token.
    const fresh = await rotate(world.kd);
    const blocked = await send(world.kd, fresh, file);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(await auditActions(t.database.db, world.kd)).toEqual(
      expect.arrayContaining(['upload.token.rotate', 'upload.token.revoke']),
    );
  });
});

describe('the upload token from the CLI', () => {
  let t: TestApp;
  let world: AuthWorld;
  const dir = mkdtempSync(join(tmpdir(), 'ks-upload-token-'));

  beforeAll(async () => {
    t = await createTestApp({}, { sqliteFile: join(dir, 'cli.sqlite') });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a token that works, once, with the curl line; --revoke ends it', async () => {
    const made = await runCli(t.database.url, ['scan', 'upload-token', String(world.kd)]);
    expect(made.status).toBe(0);
    const token = made.stdout.match(/ksu_[\w-]+/)?.[0] ?? '';
    expect(made.stdout).toContain(
      `curl -H "Authorization: Bearer ${token}" -F file=@scan.xlsx http://localhost:3000/api/upload/${world.kd}/scans`,
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/upload/${world.kd}/scans?at=2026-02-01T00:00Z`,
      ...{ headers: { ...multipart('a.csv', SCAN).headers, authorization: `Bearer ${token}` } },
      payload: multipart('a.csv', SCAN).payload,
    });
    expect(sent.statusCode).toBe(200);
    const revoked = await runCli(t.database.url, ['scan', 'upload-token', String(world.kd), '--revoke']);
    expect(revoked.stdout.trim()).toBe(`Upload token of kingdom ${world.kd} revoked`);
    const after = await t.app.inject({
      method: 'POST',
      url: `/api/upload/${world.kd}/scans?fileName=a.csv`,
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      payload: SCAN,
    });
    expect(after.statusCode).toBe(401);
  });
});
