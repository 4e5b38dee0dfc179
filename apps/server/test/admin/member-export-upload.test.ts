import { governorResponseSchema, scanImportResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Issue 37: the game's member export through the kingdom page's upload, stored as the members' activity. */
describe("the game's member export, uploaded", () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const upload = async (query: Record<string, string>, content: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}/scans?${new URLSearchParams(query)}`,
      headers: { ...bearer(world.kingdomAdmin), 'content-type': 'application/octet-stream' },
      payload: content,
    });

  const header =
    'ID,Username,Power,Highest Power,T5 Deaths,T4 Deaths,T3 Deaths,T2 Deaths,T1 Deaths,Total Kill Points,' +
    'T5 Kills,T4 Kills,T3 Kills,T2 Kills,T1 Kills,Resources Gathered,Alliance Helps';
  const content = Buffer.from(
    `${header}\n70001,Anh,5000000,6000000,10,20,30,40,50,123456,1,2,3,4,5,900000,77\n`,
  );

  it('is stored as the members’ activity over its dates, once, and audited (issue 37)', async () => {
    const fileName = 'kingdom-2025-01-01-2025-01-31.csv';
    const res = await upload({ fileName }, content);
    expect(res.statusCode).toBe(200);
    const body = scanImportResponseSchema.parse(res.json());
    expect(body.memberExport).toMatchObject({
      status: 'imported',
      from: '2025-01-01',
      to: '2025-01-31',
      members: 1,
    });
    expect(body.message).toBe(
      `${fileName}: Imported the activity of 1 member from 2025-01-01 to 2025-01-31 as member export ${body.memberExport!.exportId} (headers in English).`,
    );
    expect(body.file).toMatchObject({ fileName, scans: [] });
    expect(await auditActions(t.database.db)).toContain('member-export.import');
    const again = scanImportResponseSchema.parse((await upload({ fileName }, content)).json());
    expect(again.memberExport?.status).toBe('already-imported');

    // The member's governor page shows what the export says he did over its dates.
    const code = await world.codeOf(world.kd);
    const governor = await t.app.inject(`/api/governor/${world.kd}/70001/${code}`);
    expect(governor.statusCode).toBe(200);
    expect(governorResponseSchema.parse(governor.json()).exportActivity).toEqual([
      {
        exportId: body.memberExport!.exportId,
        from: '2025-01-01',
        to: '2025-01-31',
        name: 'Anh',
        power: 5_000_000,
        highestPower: 6_000_000,
        killPoints: 123_456,
        t1Kills: 5,
        t2Kills: 4,
        t3Kills: 3,
        t4Kills: 2,
        t5Kills: 1,
        t1Dead: 50,
        t2Dead: 40,
        t3Dead: 30,
        t4Dead: 20,
        t5Dead: 10,
        rssGathered: 900_000,
        helps: 77,
      },
    ]);
  });

  it('named otherwise, is refused with the name to give it', async () => {
    const res = await upload({ fileName: 'members.csv' }, content);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/name it as the game does, kingdom-YYYY-MM-DD-YYYY-MM-DD\.xlsx/);
  });
});
