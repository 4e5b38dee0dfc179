import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  adminKingdomResponseSchema,
  kvkUploadResponseSchema,
  scanImportResponseSchema,
} from '@kingdom-stats/core/api';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROKTRACKER, ROKTRACKER_END, ROKTRACKER_START_XLSX } from '../import/import-support.ts';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const HOH_TEMPLATE = resolve(FIXTURES, 'hoh/verified_deaths_template.xlsx');
const LEGACY_XLS = 'TOP10-2021-12-25-1253.xls';

describe('uploads on the per-kingdom admin page', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const base = async () => `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}`;
  const upload = async (
    path: string,
    query: Record<string, string>,
    content: Buffer | undefined,
    who = world.kingdomAdmin,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${await base()}${path}?${new URLSearchParams(query)}`,
      headers: { ...bearer(who), 'content-type': 'application/octet-stream' },
      ...(content ? { payload: content } : {}),
    });
  const page = async () =>
    adminKingdomResponseSchema.parse(
      (await t.app.inject({ url: await base(), headers: bearer(world.kingdomAdmin) })).json(),
    );

  describe('scans', () => {
    const startFile = readFileSync(resolve(ROKTRACKER, ROKTRACKER_START_XLSX));

    it("refuses a file past the upload limit in the import's words, naming the file and the setting", async () => {
      const before = (await page()).scans.length;
      const res = await upload(
        '/scans',
        { fileName: 'huge-2026-10-01.csv' },
        Buffer.alloc(33 * 1024 * 1024, 0x31),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        statusCode: 413,
        code: 'IMPORT_REFUSED',
        message:
          'huge-2026-10-01.csv: is larger than the largest upload this site takes (IMPORT_MAX_UPLOAD_BYTES)',
      });
      expect((await page()).scans).toHaveLength(before);
    });

    it('imports a legacy .xls scan, as the original RokTracker saves it, with Unknown values left unknown', async () => {
      const file = readFileSync(resolve(FIXTURES, 'scans/roktracker-legacy', LEGACY_XLS));
      const res = await upload('/scans', { fileName: LEGACY_XLS }, file);
      expect(res.statusCode).toBe(200);
      const body = scanImportResponseSchema.parse(res.json());
      expect(body.file.scans).toEqual([expect.objectContaining({ status: 'imported', rows: 10 })]);
      expect(body.message).toMatch(
        /^TOP10-2021-12-25-1253\.xls: Imported 10 governors as scan \d+ .*\(2021-12-25 00:00 UTC\), time from the sheet name\./,
      );
      const stored = await t.database.db
        .selectFrom('governor_stats')
        .select(['governor_id', 'kill_points', 't1_kills', 't2_kills'])
        .where('scan_id', '=', body.file.scans[0]!.scanId!)
        .where('governor_id', 'in', [61234500, 61234503])
        .orderBy('governor_id')
        .execute();
      expect(
        stored.map((row) =>
          [row.governor_id, row.kill_points, row.t1_kills, row.t2_kills].map((v) =>
            v === null ? null : Number(v),
          ),
        ),
      ).toEqual([
        [61234500, 5000000, 1000, 2000],
        [61234503, null, null, 2003],
      ]);
      // Gone again, so that the tests below find the scans they upload.
      const scanId = body.file.scans[0]!.scanId!;
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${await base()}/scans/${scanId}`,
        headers: bearer(world.kingdomAdmin),
      });
      expect(del.statusCode).toBe(200);
    });

    it('imports a real RokTracker workbook and lists it', async () => {
      const res = await upload('/scans', { fileName: ROKTRACKER_START_XLSX }, startFile);
      expect(res.statusCode).toBe(200);
      const body = scanImportResponseSchema.parse(res.json());
      expect(body.file.scans).toEqual([
        expect.objectContaining({ status: 'imported', rows: 60, name: 'kd1234-start' }),
      ]);
      expect(body.message).toMatch(
        /^TOP60-2026-10-01-kd1234-start-\[a1b2c3\]\.xlsx: Imported 60 governors as scan \d+ "kd1234-start" \(2026-10-01 00:00 UTC\), time from the sheet name\./,
      );
      const scans = (await page()).scans;
      expect(scans).toEqual([
        expect.objectContaining({
          id: body.file.scans[0]?.scanId,
          rows: 60,
          name: 'kd1234-start',
          kind: 'kingdom',
        }),
      ]);
      expect(await auditActions(t.database.db, world.kd)).toContain('scan.import');
    });

    it('says when the same scan is uploaded again, with or without replace', async () => {
      const again = scanImportResponseSchema.parse(
        (await upload('/scans', { fileName: ROKTRACKER_START_XLSX }, startFile)).json(),
      );
      expect(again.file.scans[0]?.status).toBe('already-imported');
      expect(again.message).toContain('Already imported: these 60 governors are in scan');
      expect(again.message).toContain('with the same values; nothing changed');
      const replaced = await upload(
        '/scans',
        { fileName: ROKTRACKER_START_XLSX, replace: 'true' },
        startFile,
      );
      // The same governors with the same values: nothing to replace.
      expect(replaced.json().file.scans[0].status).toBe('already-imported');
      expect((await page()).scans).toHaveLength(1);
    });

    it('imports the CSV end scan and an autarch scan with a given time', async () => {
      const csv = readFileSync(resolve(ROKTRACKER, ROKTRACKER_END.csv));
      expect((await upload('/scans', { fileName: ROKTRACKER_END.csv }, csv)).statusCode).toBe(200);
      const autarch = await upload(
        '/scans',
        { fileName: 'autarch.csv', kind: 'autarch', at: '2026-10-05T12:00Z' },
        csv,
      );
      expect(autarch.statusCode).toBe(200);
      expect(autarch.json().file.scans[0].takenAt).toBe(Date.UTC(2026, 9, 5, 12) / 1000);
      const kinds = (await page()).scans.map((s) => s.kind).sort();
      expect(kinds).toEqual(['autarch', 'kingdom', 'kingdom']);
    });

    it('refuses a bad file with the import’s message (422) and imports nothing', async () => {
      const before = (await page()).scans.length;
      const bad = readFileSync(resolve(ROKTRACKER, 'bad/text-in-number.csv'));
      const res = await upload('/scans', { fileName: 'text-in-number.csv' }, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'IMPORT_REFUSED' });
      expect(res.json().error).toMatch(/^text-in-number\.csv: .*row \d+/);
      const notXlsx = await upload(
        '/scans',
        { fileName: 'not-a-spreadsheet.xlsx' },
        readFileSync(resolve(ROKTRACKER, 'bad/not-a-spreadsheet.xlsx')),
      );
      expect(notXlsx.statusCode).toBe(422);
      expect(notXlsx.json().error).toContain('not-a-spreadsheet.xlsx');
      expect((await page()).scans).toHaveLength(before);
    });

    it('says a chosen file of 0 bytes is empty, naming it, instead of asking for a file', async () => {
      const res = await upload('/scans', { fileName: 'x.csv' }, Buffer.alloc(0));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(
        'x.csv is empty (0 bytes): nothing to import. Export it from the scanner again and upload the new file.',
      );
      const prekvk = await upload('/prekvk', { fileName: 'points.csv', kvk: '1' }, Buffer.alloc(0));
      expect(prekvk.statusCode).toBe(400);
      expect(prekvk.json().error).toMatch(/^points\.csv is empty \(0 bytes\)/);
    });

    it('refuses an upload from an admin of another kingdom before reading it', async () => {
      const res = await upload(
        '/scans',
        { fileName: ROKTRACKER_START_XLSX, replace: 'true' },
        startFile,
        world.otherAdmin,
      );
      expect(res.statusCode).toBe(403);
    });

    it('deletes a scan, and answers 404 for a scan of another kingdom', async () => {
      const [scan] = (await page()).scans;
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${await base()}/scans/${scan!.id}`,
        headers: bearer(world.kingdomAdmin),
      });
      expect(del.statusCode).toBe(200);
      expect((await page()).scans.map((s) => s.id)).not.toContain(scan!.id);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `${await base()}/scans/${scan!.id}`,
        headers: bearer(world.kingdomAdmin),
      });
      expect(gone.statusCode).toBe(404);
      const rows = await t.database.db
        .selectFrom('governor_stats')
        .select('scan_id')
        .where('scan_id', '=', scan!.id)
        .execute();
      expect(rows).toHaveLength(0);
      expect(await auditActions(t.database.db, world.kd)).toContain('scan.delete');
    });
  });

  describe('pre-KvK points', () => {
    const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

    it('stores the stage points of a KvK', async () => {
      const res = await upload(
        '/prekvk',
        { fileName: 'prekvk.csv', kvk: '12' },
        csv([
          'governor_id,name,stage1_points,stage2_points,stage3_points',
          '1001,Alpha,"1,200",300,0',
          '1002,"Beta, the Second",50,60,70',
        ]),
      );
      expect(res.statusCode).toBe(200);
      expect(kvkUploadResponseSchema.parse(res.json())).toMatchObject({ kvkNumber: 12, rows: 2, skipped: 0 });
      const rows = await t.database.db
        .selectFrom('prekvk_points')
        .selectAll()
        .orderBy('governor_id')
        .execute();
      expect(
        rows.map((r) => [r.governor_id, r.name, r.stage1_points, r.stage2_points, r.stage3_points]),
      ).toEqual([
        [1001, 'Alpha', 1200, 300, 0],
        [1002, 'Beta, the Second', 50, 60, 70],
      ]);
      expect((await page()).prekvk).toEqual([expect.objectContaining({ kvkNumber: 12, governors: 2 })]);
    });

    it('updates only the stages a later file has', async () => {
      const res = await upload(
        '/prekvk',
        { fileName: 'stage3.csv', kvk: '12' },
        csv(['Governor ID,Name,Stage 3', '1001,Alpha,999']),
      );
      expect(res.statusCode).toBe(200);
      const alpha = await t.database.db
        .selectFrom('prekvk_points')
        .selectAll()
        .where('governor_id', '=', 1001)
        .executeTakeFirstOrThrow();
      expect([alpha.stage1_points, alpha.stage2_points, alpha.stage3_points]).toEqual([1200, 300, 999]);
    });

    it.each([
      [['governor_id,name,stage1_points', '1001,Alpha,lots'], /row 2, column "stage1_points" is "lots"/],
      [['governor_id,stage1_points', '1001,5'], /no name column/],
      [['governor_id,name', '1001,Alpha'], /no stage1_points, stage2_points or stage3_points column/],
      [['governor_id,name,stage1_points', '1001,A,1', '1001,B,2'], /governor 1001 appears twice/],
    ])('refuses a bad file and changes nothing: %o', async (lines, message) => {
      const before = await t.database.db
        .selectFrom('prekvk_points')
        .selectAll()
        .orderBy('governor_id')
        .execute();
      const res = await upload('/prekvk', { fileName: 'bad.csv', kvk: '12' }, csv(lines));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(message);
      expect(
        await t.database.db.selectFrom('prekvk_points').selectAll().orderBy('governor_id').execute(),
      ).toEqual(before);
    });

    it('clears a KvK’s points', async () => {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${await base()}/prekvk/12`,
        headers: bearer(world.kingdomAdmin),
      });
      expect(del.statusCode).toBe(200);
      expect((await page()).prekvk).toEqual([]);
      const actions = await auditActions(t.database.db, world.kd);
      expect(actions).toContain('prekvk.import');
      expect(actions).toContain('prekvk.clear');
    });
  });

  describe('Hall of Heroes deaths', () => {
    it('refuses the empty template, whose rows are only examples', async () => {
      const res = await upload(
        '/hoh',
        { fileName: 'verified_deaths_template.xlsx', kvk: '12' },
        readFileSync(HOH_TEMPLATE),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(/only example rows/);
    });

    it('reads the filled-in template, skipping its example rows', async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(HOH_TEMPLATE);
      const sheet = workbook.worksheets[0]!;
      sheet.addRow([172867508, 12000, 3400, 'checked in HoH']);
      sheet.addRow(['75868465', 800, null]);
      const filled = Buffer.from(await workbook.xlsx.writeBuffer());
      const res = await upload('/hoh', { fileName: 'verified_deaths.xlsx', kvk: '12' }, filled);
      expect(res.statusCode).toBe(200);
      expect(kvkUploadResponseSchema.parse(res.json())).toMatchObject({ rows: 2, skipped: 2 });
      expect(res.json().message).toContain('2 example rows skipped');
      const rows = await t.database.db.selectFrom('hoh_records').selectAll().orderBy('governor_id').execute();
      expect(rows.map((r) => [r.governor_id, r.t4_dead, r.t5_dead, r.notes])).toEqual([
        [75868465, 800, null, null],
        [172867508, 12000, 3400, 'checked in HoH'],
      ]);
      expect((await page()).hoh).toEqual([expect.objectContaining({ kvkNumber: 12, governors: 2 })]);
      expect(await auditActions(t.database.db, world.kd)).toContain('hoh.import');
    });

    it('refuses a negative death count', async () => {
      const res = await upload(
        '/hoh',
        { fileName: 'hoh.csv', kvk: '12' },
        Buffer.from('governor_id,t4_deaths,t5_deaths\n5,-3,1\n'),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(/row 2, column "t4_deaths" is "-3"/);
    });

    it('clears a KvK’s records, and answers 404 when there are none', async () => {
      const url = `${await base()}/hoh/12`;
      expect(
        (await t.app.inject({ method: 'DELETE', url, headers: bearer(world.kingdomAdmin) })).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'DELETE', url, headers: bearer(world.kingdomAdmin) })).statusCode,
      ).toBe(404);
    });
  });
});
