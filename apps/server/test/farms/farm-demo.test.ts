import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The demo's farm links (apps/server/src/demo/farm-links.ts): believable, and on the governor page. */
describe('demo farm links', () => {
  let t: TestApp;
  let demo: DemoSeedResult;

  beforeAll(async () => {
    t = await createTestApp();
    demo = await seedDemo(t.database.db, { now: new Date(), secret: 'farm-demo-test' });
  });
  afterAll(() => t.close());

  it('link farm accounts of each home kingdom of the map to its big accounts, one to three farms each, never chained', async () => {
    const db = t.database.db;
    const links = await db
      .selectFrom('account_links')
      .selectAll()
      .where('kingdom_kd', '=', demo.kd)
      .execute();
    expect(links.length).toBeGreaterThan(10);
    const farms = new Set(links.map((l) => Number(l.farm_governor_id)));
    const perMain = new Map<number, number>();
    for (const link of links) {
      const main = Number(link.main_governor_id);
      expect(farms.has(main)).toBe(false);
      perMain.set(main, (perMain.get(main) ?? 0) + 1);
    }
    expect(Math.max(...perMain.values())).toBeLessThanOrEqual(3);
    // In the latest scan of the map, farms are smaller than their mains and of the same home kingdom.
    const latest = await db
      .selectFrom('scans')
      .select('id')
      .where('kingdom_kd', '=', demo.kd)
      .where('kind', '=', 'kingdom')
      .orderBy('taken_at', 'desc')
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('governor_stats')
      .select(['governor_id', 'power', 'home_kd'])
      .where('scan_id', '=', latest.id)
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.governor_id), r]));
    for (const link of links) {
      const farm = byId.get(Number(link.farm_governor_id));
      const main = byId.get(Number(link.main_governor_id));
      expect(farm?.home_kd).toBeTypeOf('number');
      expect(farm!.home_kd).toBe(main?.home_kd);
      expect(farm!.power!).toBeLessThan(main!.power!);
    }
  });

  it("show on a main's governor page and on its farms' pages", async () => {
    const link = await t.database.db
      .selectFrom('account_links')
      .selectAll()
      .where('kingdom_kd', '=', demo.kd)
      .orderBy('farm_governor_id')
      .executeTakeFirstOrThrow();
    const page = async (id: number) => {
      const res = await t.app.inject(`/api/governor/${demo.kd}/${id}/${demo.code}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().linkedAccounts;
    };
    const main = await page(Number(link.main_governor_id));
    expect(main.main).toBeNull();
    expect(main.farms.map((f: { governorId: number }) => f.governorId)).toContain(
      Number(link.farm_governor_id),
    );
    const farm = await page(Number(link.farm_governor_id));
    expect(farm.main.governorId).toBe(Number(link.main_governor_id));
    expect(typeof farm.main.name).toBe('string');
    expect(farm.farms).toEqual([]);
  });
});
