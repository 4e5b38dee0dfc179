import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed-demo.ts';
import { DEMO_KD } from '../../src/demo/timeline.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/** The demo kingdom shows a handful of believable flags on its latest scan (src/demo/misreads.ts). */
describe('demo misreads', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { now: new Date('2026-06-01T12:00:00Z'), secret: 'demo-secret' });
  }, 240_000);
  afterAll(() => database.drop());

  it('flags the misread values of the latest scan, each with a reason, most with the clean value suggested', async () => {
    const db = database.db;
    const latest = await db
      .selectFrom('scans')
      .select('id')
      .where('kingdom_kd', '=', DEMO_KD)
      .where('kind', '=', 'kingdom')
      .orderBy('taken_at', 'desc')
      .executeTakeFirstOrThrow();
    const flags = await db.selectFrom('value_flags').selectAll().execute();
    expect(flags.length).toBeGreaterThanOrEqual(4);
    expect(flags.length).toBeLessThanOrEqual(15);
    for (const flag of flags) {
      expect(flag.scan_id).toBe(latest.id);
      expect(flag.status).toBe('open');
      expect(flag.reason.length).toBeGreaterThan(10);
    }
    const fields = new Set(flags.map((f) => f.field));
    for (const field of ['t4_kills', 't5_kills', 'dead']) expect(fields).toContain(field);
    expect(flags.filter((f) => f.suggested_value !== null).length).toBeGreaterThanOrEqual(3);
  });
});
