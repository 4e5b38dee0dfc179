import { NO_CAMP } from '@kingdom-stats/core/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEMO_KD, DEMO_KDS, type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * A first view of one kd or camp is computed from that kd's or camp's governors alone (docs/dashboard.md,
 * "Caching"). Every such view must answer exactly what the same view answers from the whole period: rows, order,
 * totals, summaries and the lists of camps and kds of the whole map. The scoped views here come from a new app for
 * each period (nothing cached); the reference is an app that computed the whole period first.
 */
let database: TestDatabase;
let demo: DemoSeedResult;
let whole: FastifyInstance;
const config = { loginEnabled: false, logLevel: 'silent', webDistDir: undefined } as const;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.db, { now: new Date('2026-11-01T12:34:00Z'), secret: 'scoped-view-test' });
  whole = await buildApp(config, database);
});

afterAll(async () => {
  await whole?.close();
  await database?.drop();
});

async function periods(): Promise<string[]> {
  const scans = await database.db
    .selectFrom('scans')
    .select('taken_at')
    .where('kingdom_kd', '=', DEMO_KD)
    .where('kind', '=', 'kingdom')
    .orderBy('taken_at')
    .execute();
  const times = scans.map((scan) => Number(scan.taken_at));
  const middle = Math.floor(times.length / 2);
  return [
    '',
    `start_date=${times[middle - 1]}&end_date=${times[middle]}`,
    `start_date=${times[3]}&end_date=${times.at(-4)}`,
    `start_date=${times[5]}&end_date=${times[5]}`,
  ];
}

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function views(): string[] {
  const kd = DEMO_KDS[1]!;
  const byDkp = json([{ key: 'DKP', direction: 'desc', priority: 1 }]);
  return [
    ...DEMO_KDS.map((each) => `kd=${each}`),
    `kd=${kd}&sorts=${byDkp}&page=2&pageSize=20`,
    `kd=${kd}&top=25`,
    `kd=${kd}&search=a`,
    `kd=${kd}&filters=${json([{ column: 'Power', operator: 'greater', value: '1M' }])}`,
    'kd=99999',
    'camp=Azure Legion',
    `camp=crimson pact&top=40&sorts=${json([{ key: 'T4 Kills', direction: 'asc', priority: 1 }])}`,
    `camp=Golden Horde&kd=${DEMO_KDS[0]}`,
    'camp=No Such Camp',
    `camp=${NO_CAMP}`,
  ];
}

async function answer(app: FastifyInstance, query: string) {
  const response = await app.inject(`/api/dashboard/${demo.kd}/data/${demo.code}?${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json();
}

describe('a first view of one kd or camp', () => {
  it('answers what the same view of the whole period answers', async () => {
    let compared = 0;
    for (const period of await periods()) {
      // The reference app computes the whole period first, so its kd and camp views filter the whole period.
      const reference = await answer(whole, `${period}&pageSize=1`);
      expect(reference.availableKds).toEqual([...DEMO_KDS]);
      // A new app for the period: its views compute only their kds' governors (No camp, last, the whole period).
      const fresh = await buildApp(config, database);
      try {
        for (const view of views()) {
          const query = `${period}&${view}`;
          expect(await answer(fresh, query), query).toEqual(await answer(whole, query));
          compared++;
        }
      } finally {
        await fresh.close();
      }
    }
    expect(compared).toBe(4 * views().length);
  });

  it('shows the kd alone in the summaries, and every kd of the map in the kd list', async () => {
    const fresh = await buildApp(config, database);
    try {
      const kd = DEMO_KDS[2]!;
      const body = await answer(fresh, `kd=${kd}&pageSize=10000`);
      expect(body.totalPlayers).toBeGreaterThan(0);
      expect(new Set(body.playerData.map((row: { KD: number }) => row.KD))).toEqual(new Set([kd]));
      expect(body.kdSummary.data.map((row: unknown[]) => row[1])).toEqual([kd]);
      expect(body.availableKds).toEqual([...DEMO_KDS]);
      expect(body.availableCamps).toEqual(['Azure Legion', 'Crimson Pact', 'Emerald Order', 'Golden Horde']);
    } finally {
      await fresh.close();
    }
  });
});
