import {
  type MovementReason,
  type MovementRow,
  type MovementsResponse,
  movementsResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { ACTIVITY_COUNTERS } from '../../src/features/movements/queries.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The demo kingdom's movements against a computation in the test from every stat row of its scans (what the
 * server must not do), over the whole season and over a shorter period.
 */
const NOW = new Date('2026-11-01T12:34:00Z');
let t: TestApp;
let demo: DemoSeedResult;
let scans: { id: number; name: string; taken_at: number }[];
type Row = Record<string, number | string | null> & { governor_id: number; scan_id: number };
let rowsByScan: Map<number, Map<number, Row>>;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedDemo(t.database.db, { now: NOW, secret: 'movements-demo-test' });
  scans = (
    await t.database.db
      .selectFrom('scans')
      .select(['id', 'name', 'taken_at'])
      .where('kingdom_kd', '=', demo.kd)
      .where('kind', '=', 'kingdom')
      .orderBy('taken_at')
      .execute()
  ).map((s) => ({ id: s.id, name: s.name, taken_at: Number(s.taken_at) }));
  const rows = await t.database.db
    .selectFrom('governor_stats')
    .select(['scan_id', 'governor_id', 'name', 'home_kd', 'power', ...ACTIVITY_COUNTERS])
    .where(
      'scan_id',
      'in',
      scans.map((s) => s.id),
    )
    .execute();
  rowsByScan = new Map(scans.map((s) => [s.id, new Map()]));
  for (const row of rows) {
    const plain = Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && k !== 'name' ? Number(v) : v]),
    ) as Row;
    rowsByScan.get(Number(row.scan_id))!.set(Number(row.governor_id), plain);
  }
}, 120_000);

afterAll(() => t?.close());

async function movements(query: string): Promise<MovementsResponse> {
  const response = await t.app.inject(`/api/dashboard/${demo.kd}/movements/${demo.code}?${query}`);
  expect(response.statusCode).toBe(200);
  return movementsResponseSchema.parse(response.json());
}

const own = (home: unknown) => home === null || Number(home) === demo.kd;

/** The definitions of docs/movements.md, computed from every row of the period's scans. */
function expected(startIndex: number, endIndex: number, inactiveScans: number) {
  const period = scans.slice(startIndex, endIndex + 1);
  const start = rowsByScan.get(period[0]!.id)!;
  const end = rowsByScan.get(period.at(-1)!.id)!;
  const seenBefore = new Set(scans.slice(0, startIndex).flatMap((s) => [...rowsByScan.get(s.id)!.keys()]));
  const history = (id: number) =>
    period.flatMap((s) => {
      const row = rowsByScan.get(s.id)!.get(id);
      return row ? [{ at: s.taken_at, row }] : [];
    });
  const ownPowers = [...end.values()]
    .filter((r) => own(r.home_kd) && r.power !== null)
    .map((r) => Number(r.power));
  const cutoff = ownPowers.length > 0 ? Math.min(...ownPowers) : null;
  const arrived: [number, MovementReason, number][] = [];
  const left: [number, MovementReason, number][] = [];
  for (const [id, row] of end) {
    const before = start.get(id);
    if (!before && own(row.home_kd))
      arrived.push([id, seenBefore.has(id) ? 'returned' : 'new', history(id)[0]!.at]);
    if (before && !own(before.home_kd) && own(row.home_kd))
      arrived.push([id, 'migrated_in', history(id).find((h) => own(h.row.home_kd))!.at]);
    if (before && own(before.home_kd) && !own(row.home_kd))
      left.push([id, 'migrated_out', history(id).find((h) => !own(h.row.home_kd))!.at]);
  }
  for (const [id, row] of start) {
    if (end.has(id) || !own(row.home_kd)) continue;
    const seen = history(id);
    const last = seen.at(-1)!;
    if (!own(last.row.home_kd)) left.push([id, 'migrated_out', seen.find((h) => !own(h.row.home_kd))!.at]);
    else {
      const below = last.row.power !== null && cutoff !== null && Number(last.row.power) < cutoff;
      left.push([id, below ? 'below_cutoff' : 'left', last.at]);
    }
  }
  const inactive: [number, MovementReason, number][] = [];
  if (endIndex + 1 >= inactiveScans) {
    const window = scans.slice(endIndex + 1 - inactiveScans, endIndex + 1);
    for (const [id, row] of end) {
      if (!own(row.home_kd)) continue;
      const rows = window.map((s) => rowsByScan.get(s.id)!.get(id));
      if (rows.some((r) => r === undefined)) continue;
      const first = rows[0]!;
      const compared = ACTIVITY_COUNTERS.filter((c) => first[c] !== null && row[c] !== null);
      if (compared.length > 0 && compared.every((c) => first[c] === row[c]))
        inactive.push([id, 'inactive', window[0]!.taken_at]);
    }
  }
  // Every row shows the governor as the scan named under When shows them.
  const atWhen = ([id, reason, at]: [number, MovementReason, number]): Movement => {
    const row = rowsByScan.get(scans.find((s) => s.taken_at === at)!.id)!.get(id)!;
    return [
      id,
      reason,
      at,
      row.power === null ? null : Number(row.power),
      row.home_kd === null ? null : Number(row.home_kd),
    ];
  };
  const sorted = (list: [number, MovementReason, number][]) => list.map(atWhen).sort((a, b) => a[0] - b[0]);
  return { cutoff, arrived: sorted(arrived), left: sorted(left), inactive: sorted(inactive) };
}

/** Governor, why, when, and the power and home kd shown. */
type Movement = [number, MovementReason, number, number | null, number | null];

const triples = (rows: MovementRow[]) =>
  rows.map((r): Movement => [r.governorId, r.reason, r.at, r.power, r.homeKd]).sort((a, b) => a[0] - b[0]);

describe('movements on the demo data', () => {
  it('answers the whole season as the definitions say, with every kind of movement present', async () => {
    const body = await movements('');
    // The demo's default period is the current season (its previous season's scans come before it).
    const want = expected(
      scans.findIndex((s) => s.name === 'Pre-KvK baseline'),
      scans.length - 1,
      3,
    );
    expect(body.cutoffPower).toBe(want.cutoff);
    expect(triples(body.arrived)).toEqual(want.arrived);
    expect(triples(body.left)).toEqual(want.left);
    expect(triples(body.inactive)).toEqual(want.inactive);
    const reasons = new Set([...body.arrived, ...body.left, ...body.inactive].map((r) => r.reason));
    for (const reason of ['new', 'migrated_in', 'left', 'migrated_out', 'below_cutoff', 'inactive'] as const)
      expect(reasons, reason).toContain(reason);
    // The demo's smallest own accounts fall under the scans' reach in the last days (demo/seed-demo.ts).
    expect(body.left.filter((r) => r.reason === 'below_cutoff').length).toBeGreaterThanOrEqual(1);
    // Biggest accounts first.
    const powers = body.arrived.map((r) => r.power ?? -1);
    expect(powers).toEqual([...powers].sort((a, b) => b - a));
    // A migration names the other kingdom of the map.
    for (const row of [...body.arrived, ...body.left].filter((r) => r.reason.startsWith('migrated')))
      expect(row.otherKd).not.toBe(demo.kd);
  });

  it('answers a shorter period and a longer inactivity window as the definitions say', async () => {
    const [startIndex, endIndex] = [10, scans.length - 8];
    const body = await movements(
      `start_date=${scans[startIndex]!.taken_at}&end_date=${scans[endIndex]!.taken_at}&inactive_scans=5`,
    );
    const want = expected(startIndex, endIndex, 5);
    expect(body.cutoffPower).toBe(want.cutoff);
    expect(triples(body.arrived)).toEqual(want.arrived);
    expect(triples(body.left)).toEqual(want.left);
    expect(triples(body.inactive)).toEqual(want.inactive);
  });
});
