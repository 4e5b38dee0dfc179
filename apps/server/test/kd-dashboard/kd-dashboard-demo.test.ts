import { formulaResponseSchema, kdDashboardResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The demo kingdom's saved formula, goals and two wars, through the KD DKP dashboard and the formula editor. */

let t: TestApp;
let demo: DemoSeedResult;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedDemo(t.database.db, { now: new Date(), secret: 'kd-dashboard-demo-test' });
}, 120_000);
afterAll(() => t?.close());

describe('the demo on the KD DKP dashboard and the formula editor', () => {
  it('scores the demo kingdom over its two wars with goals', async () => {
    const res = await t.app.inject(`/api/kd-dashboard/${demo.kd}/data/${demo.code}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = kdDashboardResponseSchema.parse(res.json());
    expect(body.scanStatus).toBe('normal');
    expect(body.wars.map((w) => w.name)).toEqual(['War 1', 'War 2']);
    expect(body.formulaString).toBe('T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15');
    expect(body.playerData.length).toBeGreaterThan(0);
    // Every governor with a known base power has a goal; Dead % needs a known dead gain in the wars as well.
    expect(body.playerData.filter((r) => r['Base Power'] !== null && r['DKP Goal'] === null)).toEqual([]);
    const withDead = body.playerData.filter((r) => r['Dead %'] !== null).length;
    expect(withDead).toBeGreaterThan(body.playerData.length / 2);
    expect(body.activeColumns).toContain('Dead %');
  });

  it('shows the demo formula in the editor with its wars on the KvK scans', async () => {
    const res = await t.app.inject(`/api/${demo.kd}/formula/${demo.code}`);
    const body = formulaResponseSchema.parse(res.json());
    expect(body.formula.goals).toHaveLength(6);
    expect(body.formula.dead_on).toBe(true);
    const times = new Set(body.dates.map((d) => d.timestamp));
    expect(body.dkpScansSelection).not.toBe('none');
    if (body.dkpScansSelection !== 'none') {
      expect(body.dkpScansSelection.wars).toHaveLength(2);
      for (const war of body.dkpScansSelection.wars) {
        expect(times.has(Object.values(war.before)[0]!)).toBe(true);
        expect(times.has(Object.values(war.after)[0]!)).toBe(true);
      }
    }
  });
});
