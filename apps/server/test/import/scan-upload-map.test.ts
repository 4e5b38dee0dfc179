import {
  adminKingdomResponseSchema,
  scanImportResponseSchema,
  scanRenameResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { snapshot } from './import-support.ts';

/**
 * The admin page's upload and rename, through the API: each kingdom's file of a map moment lands in one scan, the
 * answer says what happened to each, a contradicting file is refused with nothing changed, and scans can be renamed.
 */
describe('uploading the files of a KvK map, and renaming scans', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const base = async () => `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}`;
  const upload = async (query: Record<string, string>, lines: string[]) =>
    t.app.inject({
      method: 'POST',
      url: `${await base()}/scans?${new URLSearchParams(query)}`,
      headers: { ...bearer(world.kingdomAdmin), 'content-type': 'application/octet-stream' },
      payload: Buffer.from(`${lines.join('\n')}\n`),
    });
  const rename = async (scanId: number, payload: { name: string }, who = world.kingdomAdmin) =>
    t.app.inject({ method: 'PATCH', url: `${await base()}/scans/${scanId}`, headers: bearer(who), payload });
  const page = async () =>
    adminKingdomResponseSchema.parse(
      (await t.app.inject({ url: await base(), headers: bearer(world.kingdomAdmin) })).json(),
    );

  const kdA = ['governor_id,name,power,dead', '1,A1,100,10', '1,A1,100,10', '0,Unread,0,0', '2,A2,200,20'];
  const kdB = ['governor_id,name,power,dead', '11,B1,110,11', '12,B2,120,12'];
  let scanId: number;

  it('answers with the file’s result: the scan made, rows merged and skipped, in one message', async () => {
    const res = await upload({ fileName: '742871269048975389_1766002874_3851.csv', homeKd: '2101' }, kdA);
    expect(res.statusCode).toBe(200);
    const body = scanImportResponseSchema.parse(res.json());
    const [scan] = body.file.scans;
    scanId = scan!.scanId;
    expect(body.file).toMatchObject({
      fileName: '742871269048975389_1766002874_3851.csv',
      ignoredColumns: [],
      skippedSheets: [],
    });
    expect(scan).toMatchObject({
      status: 'imported',
      rows: 2,
      takenAt: 1766002874,
      takenAtSource: 'file-name-unix-time',
      // The machine-made file name gives way to the scan's time.
      name: '2025-12-17 20:21 UTC',
      mergedRepeatedRows: 1,
      skippedRows: [{ row: 4, reason: expect.stringContaining('unreadable governor ID "0"') }],
    });
    expect(
      body.message.startsWith(
        `742871269048975389_1766002874_3851.csv: Imported 2 governors as scan ${scanId} "2025-12-17 20:21 UTC" ` +
          '(2025-12-17 20:21 UTC), time from the unix time in the file name; 1 repeated row merged; row 4 skipped: ' +
          `${scan!.skippedRows[0]!.reason}. Warning: this file has no T4 kills column: DKP's T4 Kills term counts ` +
          'as unknown for this scan',
      ),
    ).toBe(true);
    // The default formula scores T4 and T5 kills and dead troops; the file has only dead of the three.
    expect(body.file.warnings).toHaveLength(3);
    expect(body.file.warnings[1]).toContain("no T5 kills column: DKP's T5 Kills term counts as unknown");
    expect(body.file.warnings[2]).toMatch(
      /^this file has no kill points, T1 kills, .* or alliance helps column:/,
    );
  });

  it('adds another kingdom’s file of that moment to the same scan', async () => {
    const res = await upload({ fileName: 'kd2102.csv', homeKd: '2102', at: '2025-12-17T20:55:00Z' }, kdB);
    const body = scanImportResponseSchema.parse(res.json());
    expect(body.file.scans).toEqual([
      expect.objectContaining({
        status: 'added',
        scanId,
        rows: 2,
        takenAt: 1766002874,
        takenAtSource: 'given',
      }),
    ]);
    expect(body.message).toContain(`Added 2 governors to scan ${scanId} "2025-12-17 20:21 UTC"`);
    expect((await page()).scans).toEqual([expect.objectContaining({ id: scanId, rows: 4 })]);
  });

  it('refuses a contradicting file with 422 and changes nothing; replace takes it', async () => {
    const before = await snapshot(t.database.db);
    const changed = ['governor_id,name,power,dead', '11,B1,110,11', '12,B2,125,12'];
    const query = { fileName: 'kd2102.csv', homeKd: '2102', at: '2025-12-17T20:55:00Z' };
    const refused = await upload(query, changed);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_REFUSED' });
    expect(refused.json().error).toContain('governor 12 ("B2") has power 120 stored and 125 in this file');
    expect(await snapshot(t.database.db)).toEqual(before);

    const replaced = scanImportResponseSchema.parse(
      (await upload({ ...query, replace: 'true' }, changed)).json(),
    );
    expect(replaced.file.scans[0]).toMatchObject({ status: 'replaced', scanId });
    expect(await auditActions(t.database.db, world.kd)).toContain('scan.replace');
  });

  it('makes a scan of its own with newScan', async () => {
    const res = await upload(
      { fileName: 'kd2103.csv', homeKd: '2103', at: '2025-12-17T21:00:00Z', newScan: 'true' },
      ['governor_id,name,power', '21,C1,1'],
    );
    const body = scanImportResponseSchema.parse(res.json());
    expect(body.file.scans[0]).toMatchObject({
      status: 'imported',
      takenAt: Date.UTC(2025, 11, 17, 21) / 1000,
    });
    expect((await page()).scans).toHaveLength(2);
  });

  it('renames a scan for its kingdom’s admin, cleaned of control characters, and audits it', async () => {
    const res = await rename(scanId, { name: ' KvK\u0007 start ' });
    expect(res.statusCode).toBe(200);
    expect(scanRenameResponseSchema.parse(res.json())).toEqual({
      message: 'Scan "2025-12-17 20:21 UTC" renamed to "KvK start"',
      scan: { id: scanId, name: 'KvK start' },
    });
    expect((await page()).scans.find((scan) => scan.id === scanId)?.name).toBe('KvK start');
    expect(await auditActions(t.database.db, world.kd)).toContain('scan.rename');
  });

  it('refuses a rename from another kingdom’s admin, an empty name and an unknown scan', async () => {
    expect((await rename(scanId, { name: 'x' }, world.otherAdmin)).statusCode).toBe(403);
    expect((await rename(scanId, { name: '\u0007' })).statusCode).toBe(400);
    expect((await rename(scanId, { name: '' })).statusCode).toBe(400);
    const unknown = await rename(999_999, { name: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await rename(scanId, { name: 'x' }, world.superadmin)).statusCode).toBe(200);
  });
});
