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
 * After an upload, the kingdom's default view is computed in the background (docs/dashboard.md, "Caching"), so the
 * first viewer after an import is answered from memory, with the new scan, and not by a cold period.
 */
let database: TestDatabase;
let service: DashboardService;
let app: FastifyInstance;
let world: AuthWorld;

/** The app, its default view prepared this long after an upload. */
async function start(prepareDelayMs: number): Promise<void> {
  database = await createTestDatabase();
  service = new DashboardService(database.db, 300, prepareDelayMs);
  app = await buildApp(
    { loginEnabled: false, logLevel: 'silent', webDistDir: undefined, dashboardService: service },
    database,
  );
  world = await createAuthWorld(database.db);
}

afterEach(async () => {
  await app?.close();
  await database?.drop();
});

const wait = (ms: number) => new Promise((resolveWait) => setTimeout(resolveWait, ms));

async function upload(fileName: string): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}/scans?${new URLSearchParams({ fileName })}`,
    headers: { ...bearer(world.kingdomAdmin), 'content-type': 'application/octet-stream' },
    payload: readFileSync(resolve(ROKTRACKER, fileName)),
  });
  expect(response.statusCode).toBe(200);
}

async function defaultView() {
  const response = await app.inject(`/api/dashboard/${world.kd}/data/${await world.codeOf(world.kd)}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    totalPlayers: number;
    selectedDates: { start: string; end: string };
    dates: { timestamp: number }[];
  };
}

describe('the default view after an upload', () => {
  it('is ready before the first viewer comes, and holds the new scan', async () => {
    await start(0);
    await upload(ROKTRACKER_START_XLSX);
    await vi.waitFor(() => expect(service.preparedViews).toBe(1));
    const first = await defaultView();
    expect(first.totalPlayers).toBe(60);
    expect(service.sqlAnswers).toBe(0);

    await upload(ROKTRACKER_END.xlsx);
    await vi.waitFor(() => expect(service.preparedViews).toBe(2));
    const after = await defaultView();
    // The default period now ends at the new scan, and was computed before this call.
    expect(after.dates).toHaveLength(2);
    expect(after.selectedDates).toEqual({
      start: first.selectedDates.start,
      end: String(after.dates.at(-1)!.timestamp),
    });
    expect(service.sqlAnswers).toBe(0);
  });

  it('is prepared once after a batch of uploads', async () => {
    // Longer than an upload takes here, as the 2 s default is longer than an admin's next file takes to start.
    await start(1_000);
    await upload(ROKTRACKER_START_XLSX);
    await upload(ROKTRACKER_END.xlsx);
    await vi.waitFor(() => expect(service.preparedViews).toBe(1), { timeout: 5_000 });
    await wait(1_200);
    expect(service.preparedViews).toBe(1);
    expect((await defaultView()).dates).toHaveLength(2);
    expect(service.sqlAnswers).toBe(0);
  });

  it('is dropped when the server closes first; the first viewer then gets a cold answer from SQL', async () => {
    await start(200);
    await upload(ROKTRACKER_START_XLSX);
    // What the app does when it closes.
    await service.settled();
    await wait(400);
    expect(service.preparedViews).toBe(0);
    expect((await defaultView()).totalPlayers).toBe(60);
    expect(service.sqlAnswers).toBe(1);
  });
});
