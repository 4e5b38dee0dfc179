import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DashboardService } from '../../src/features/dashboard/service.ts';
import { ROKTRACKER, ROKTRACKER_END, ROKTRACKER_START_XLSX } from '../import/import-support.ts';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * A server that starts (a restart, a deploy) prepares the default views of the kingdoms scanned most recently, so
 * their first viewers are answered from memory (docs/dashboard.md, "Caching"). The scans are uploaded through one
 * app; a second app on the same database plays the restarted server.
 */
let database: TestDatabase;
let world: AuthWorld;
const apps: FastifyInstance[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await database?.drop();
});

async function appWith(service: DashboardService): Promise<FastifyInstance> {
  const app = await buildApp(
    { loginEnabled: false, logLevel: 'silent', webDistDir: undefined, dashboardService: service },
    database,
  );
  apps.push(app);
  return app;
}

/** Home (world.kd) scanned on 2026-10-01, Neighbour (world.otherKd) on 2026-10-10: Neighbour is the more recent. */
async function scanBothKingdoms(): Promise<void> {
  database = await createTestDatabase();
  world = await createAuthWorld(database.db);
  const uploader = await appWith(new DashboardService(database.db, 300, 60_000));
  const uploads = [
    { kd: world.kd, admin: world.kingdomAdmin, fileName: ROKTRACKER_START_XLSX },
    { kd: world.otherKd, admin: world.otherAdmin, fileName: ROKTRACKER_END.xlsx },
  ];
  for (const { kd, admin, fileName } of uploads) {
    const response = await uploader.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${kd}/${await world.codeOf(kd)}/scans?${new URLSearchParams({ fileName })}`,
      headers: { ...bearer(admin), 'content-type': 'application/octet-stream' },
      payload: readFileSync(resolve(ROKTRACKER, fileName)),
    });
    expect(response.statusCode).toBe(200);
  }
}

async function defaultView(app: FastifyInstance, kd: number) {
  const response = await app.inject(`/api/dashboard/${kd}/data/${await world.codeOf(kd)}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { totalPlayers: number; playerData: { 'Governor ID': number }[] };
}

describe('default views at start-up', () => {
  it('are ready before the first viewers of the recently scanned kingdoms come', async () => {
    await scanBothKingdoms();
    const service = new DashboardService(database.db, 300, 0);
    const app = await appWith(service);
    service.prepareRecentViews();
    await vi.waitFor(() => expect(service.preparedViews).toBe(2));

    const home = await defaultView(app, world.kd);
    const neighbour = await defaultView(app, world.otherKd);
    expect(home.totalPlayers).toBe(60);
    expect(neighbour.totalPlayers).toBe(60);
    expect(service.sqlAnswers).toBe(0);

    // The same rows as a server that prepared nothing answers from SQL.
    const coldService = new DashboardService(database.db);
    const cold = await appWith(coldService);
    expect(await defaultView(cold, world.kd)).toEqual(home);
    expect(await defaultView(cold, world.otherKd)).toEqual(neighbour);
    expect(coldService.sqlAnswers).toBe(2);
  });

  it('take the most recently scanned kingdoms first, up to the limit', async () => {
    await scanBothKingdoms();
    const service = new DashboardService(database.db, 300, 0);
    const app = await appWith(service);
    service.prepareRecentViews(1);
    await vi.waitFor(() => expect(service.preparedViews).toBe(1));

    await defaultView(app, world.otherKd);
    expect(service.sqlAnswers).toBe(0);
    await defaultView(app, world.kd);
    expect(service.sqlAnswers).toBe(1);
  });

  it('are left when the server closes before they start', async () => {
    await scanBothKingdoms();
    const service = new DashboardService(database.db, 300, 200);
    const app = await appWith(service);
    service.prepareRecentViews();
    // What the app does when it closes.
    await service.settled();
    await new Promise((wait) => setTimeout(wait, 400));
    expect(service.preparedViews).toBe(0);
    await defaultView(app, world.otherKd);
    expect(service.sqlAnswers).toBe(1);
  });
});
