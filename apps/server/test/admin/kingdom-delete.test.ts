import { adminKingdomsResponseSchema, deleteKingdomResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listKingdomAudit } from '../../src/features/audit/service.ts';
import { setCamp } from '../../src/features/kingdoms/service.ts';
import { type AuthWorld, bearer, createAuthWorld, type TestUser } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('DELETE /api/admin/kingdoms/{kd}: the superadmin deletes a kingdom', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
    await setCamp(t.database.db, { kd: world.otherKd, campName: 'Blue', memberKds: [world.otherKd, 3001] });
  });
  afterAll(() => t.close());

  const remove = (kd: number, confirmKd: number, who: TestUser = world.superadmin) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/admin/kingdoms/${kd}`,
      headers: bearer(who),
      payload: { confirmKd },
    });
  const listed = async () => {
    const res = await t.app.inject({ url: '/api/admin/kingdoms', headers: bearer(world.superadmin) });
    return adminKingdomsResponseSchema.parse(res.json()).kingdoms.map((k) => k.kdno);
  };

  it('refuses a kingdom admin, even of that kingdom', async () => {
    const res = await remove(world.otherKd, world.otherKd, world.otherAdmin);
    expect(res.statusCode).toBe(403);
    expect(await listed()).toContain(world.otherKd);
  });

  it('refuses a confirmation that does not repeat the kd', async () => {
    const res = await remove(world.otherKd, world.kd);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      `Type ${world.otherKd} to confirm the deletion of kingdom ${world.otherKd}`,
    );
    expect(await listed()).toContain(world.otherKd);
  });

  it('deletes the kingdom with its camps and admin links, and records who did it', async () => {
    const res = await remove(world.otherKd, world.otherKd);
    expect(res.statusCode).toBe(200);
    const body = deleteKingdomResponseSchema.parse(res.json());
    expect(body.message).toBe(`Kingdom ${world.otherKd} deleted`);
    expect(body.deleted).toMatchObject({ kd: world.otherKd, camps: 1, adminLinks: 1, scans: 0 });
    expect(await listed()).toEqual([world.kd]);
    const audit = await listKingdomAudit(t.database.db, world.otherKd);
    expect(audit[0]).toMatchObject({ action: 'kingdom.delete', username: 'root' });
    // The admin of the deleted kingdom keeps an account that administers nothing.
    const admins = await t.database.db.selectFrom('user_kingdoms').selectAll().execute();
    expect(admins.map((a) => a.kingdom_kd)).toEqual([world.kd]);
  });

  it('answers 404 for a kingdom that does not exist', async () => {
    const res = await remove(world.otherKd, world.otherKd);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(`Kingdom ${world.otherKd} does not exist`);
  });
});
