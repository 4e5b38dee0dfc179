import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_KD, type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { DashboardService, type DataQuery } from '../../src/features/dashboard/service.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * A cold view answered from SQL leaves its period to be computed later (docs/decisions.md, "One computation per
 * period"): after a delay, or at once when a request needs it. Neither may leave a viewer waiting on the other.
 */
let database: TestDatabase;
let demo: DemoSeedResult;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.db, {
    now: new Date('2026-11-01T12:34:00Z'),
    secret: 'background-period-test',
  });
});

afterAll(async () => {
  await database?.drop();
});

const HOUR_MS = 3_600_000;
const firstPage = { page: 1, pageSize: 20 } as DataQuery;

describe('the period behind a cold answer from SQL', () => {
  it('is computed as soon as a request needs it, whatever the delay', async () => {
    const service = new DashboardService(database.db, HOUR_MS);
    const params = { kd: String(DEMO_KD), code: demo.code };
    const cold = await service.data(params, firstPage);
    expect(service.sqlAnswers).toBe(1);
    expect(service.queuedPeriods).toBe(1);
    // The next page needs the whole period: it starts the computation instead of waiting an hour for it.
    const next = await service.data(params, { ...firstPage, page: 2 });
    expect(service.queuedPeriods).toBe(0);
    expect(service.sqlAnswers).toBe(1);
    expect(next.totalPlayers).toBe(cold.totalPlayers);
    expect(next.playerData.map((row) => row['Gov ID'])).not.toEqual(
      cold.playerData.map((row) => row['Gov ID']),
    );
    expect(await service.data(params, firstPage)).toEqual(cold);
  });

  it('is computed after the delay when no request comes', async () => {
    // Longer than the cold answer itself (a few statements on PostgreSQL), so it is still queued when that returns.
    const service = new DashboardService(database.db, 500);
    await service.data({ kd: String(DEMO_KD), code: demo.code }, firstPage);
    expect(service.sqlAnswers).toBe(1);
    expect(service.queuedPeriods).toBe(1);
    await vi.waitFor(() => expect(service.queuedPeriods).toBe(0), { timeout: 5_000 });
    await service.settled();
  });

  it('is started by settled(), as the app does when it closes', async () => {
    const service = new DashboardService(database.db, HOUR_MS);
    await service.data({ kd: String(DEMO_KD), code: demo.code }, firstPage);
    expect(service.queuedPeriods).toBe(1);
    await service.settled();
    expect(service.queuedPeriods).toBe(0);
  });
});
