import { adminKingdomResponseSchema, recentChangesResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/features/audit/service.ts';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 41: Recent changes showed the latest 20 and no more. Older pages come by cursor.
describe('Recent changes, page by page', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
    // 45 changes; pairs share a second, so the order (time, then id) and the cursor must break ties.
    for (let i = 0; i < 45; i++) {
      await recordAudit(
        t.database.db,
        {
          userId: world.kingdomAdmin.id,
          action: i % 2 ? 'formula.save' : 'farm.policy',
          kingdomKd: world.kd,
        },
        1_767_225_600 + Math.floor(i / 2),
      );
    }
    await recordAudit(t.database.db, { userId: null, action: 'scan.import', kingdomKd: world.otherKd });
  });
  afterAll(() => t.close());

  const base = async () => `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}`;
  const older = async (before: string, who = world.kingdomAdmin) =>
    t.app.inject({
      url: `${await base()}/changes?before=${encodeURIComponent(before)}`,
      headers: bearer(who),
    });

  it('gives 20, then 20 more, then the last 5, each once and newest first', async () => {
    const first = await t.app.inject({ url: await base(), headers: bearer(world.kingdomAdmin) });
    expect(first.statusCode).toBe(200);
    const page1 = adminKingdomResponseSchema.parse(first.json());
    expect(page1.recentChanges).toHaveLength(20);
    expect(page1.recentChangesNext).not.toBeNull();

    const second = await older(page1.recentChangesNext!);
    expect(second.statusCode).toBe(200);
    const page2 = recentChangesResponseSchema.parse(second.json());
    expect(page2.changes).toHaveLength(20);
    const page3 = recentChangesResponseSchema.parse((await older(page2.next!)).json());
    expect(page3.changes).toHaveLength(5);
    expect(page3.next).toBeNull();

    const all = [...page1.recentChanges, ...page2.changes, ...page3.changes];
    expect(new Set(all.map((c) => c.id)).size).toBe(45);
    const order = all.map((c) => [c.at, c.id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
    expect(all.at(-1)).toMatchObject({ action: 'farm.policy', username: 'admin-2101' });
  });

  it('refuses a cursor it did not give, and another kingdom’s admin', async () => {
    expect((await older('yesterday')).statusCode).toBe(400);
    expect((await older('1767225600-1', world.otherAdmin)).statusCode).toBe(403);
  });
});
