import { governorResponseSchema, kdDashboardResponseSchema } from '@kingdom-stats/core/api';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSeedResult, seedDemo } from '../../src/demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The governor page on the demo kingdom, which has renames, alliance changes and migrations: histories checked
 * against the stored rows scan by scan, season and war results against the KD DKP dashboard's answers.
 */

let t: TestApp;
let demo: DemoSeedResult;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedDemo(t.database.db, { now: new Date(), secret: 'governor-demo-test' });
}, 180_000);
afterAll(() => t?.close());

interface StoredRow {
  taken_at: number;
  name: string;
  alliance: string | null;
  home_kd: number | null;
}

/** A governor's rows in the demo kingdom's kingdom scans, oldest first, straight from the tables. */
async function storedRows(governorId: number): Promise<StoredRow[]> {
  const rows = await t.database.db
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select(['s.taken_at', 'g.name', 'g.alliance', 'g.home_kd'])
    .where('s.kingdom_kd', '=', demo.kd)
    .where('s.kind', '=', 'kingdom')
    .where('g.governor_id', '=', governorId)
    .orderBy('s.taken_at')
    .execute();
  return rows.map((r) => ({
    ...r,
    taken_at: Number(r.taken_at),
    home_kd: r.home_kd === null ? null : Number(r.home_kd),
  }));
}

/** Governors whose stored value of a column changes between two of their scans. */
async function governorsWhoChanged(column: 'name' | 'alliance' | 'home_kd'): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select(['g.governor_id'])
    .where('s.kingdom_kd', '=', demo.kd)
    .where('s.kind', '=', 'kingdom')
    .groupBy('g.governor_id')
    // A null counts as a value of its own: a governor who left their alliance changed it.
    .having(sql`count(distinct coalesce(cast(${sql.ref(`g.${column}`)} as varchar(64)), '(none)'))`, '>', 1)
    .execute();
  return rows.map((r) => Number(r.governor_id));
}

async function governor(id: number) {
  const res = await t.app.inject(`/api/governor/${demo.kd}/${id}/${demo.code}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return governorResponseSchema.parse(res.json());
}

/** The expected history: consecutive stored rows with one value form one entry. */
function expectedChanges(rows: readonly StoredRow[], pick: (row: StoredRow) => string | null) {
  const out: { value: string | null; from: number; to: number }[] = [];
  for (const row of rows) {
    const last = out.at(-1);
    if (last && last.value === pick(row)) last.to = row.taken_at;
    else out.push({ value: pick(row), from: row.taken_at, to: row.taken_at });
  }
  return out;
}

describe('the governor page on the demo kingdom', () => {
  it('shows a renamed governor’s names, and every scan, as stored', async () => {
    const renamed = await governorsWhoChanged('name');
    expect(renamed.length).toBeGreaterThan(0);
    const id = renamed[0]!;
    const rows = await storedRows(id);
    const body = await governor(id);
    expect(body.scans.map((s) => [s.takenAt, s.name])).toEqual(rows.map((r) => [r.taken_at, r.name]));
    expect(body.history.names).toEqual(expectedChanges(rows, (r) => r.name));
    expect(body.history.names.length).toBeGreaterThan(1);
    expect(body.header?.name).toBe(rows.at(-1)!.name);
  });

  it('shows alliance changes and migrations as stored', async () => {
    for (const column of ['alliance', 'home_kd'] as const) {
      const changed = await governorsWhoChanged(column);
      expect(changed.length, column).toBeGreaterThan(0);
      const id = changed[0]!;
      const rows = await storedRows(id);
      const body = await governor(id);
      const list = column === 'alliance' ? body.history.alliances : body.history.homeKds;
      const pick = (r: StoredRow) =>
        column === 'alliance' ? r.alliance : r.home_kd === null ? null : String(r.home_kd);
      expect(list).toEqual(expectedChanges(rows, pick));
      expect(list.length).toBeGreaterThan(1);
    }
  });

  it('answers the current season’s and each war’s DKP as the KD DKP dashboard does', async () => {
    const res = await t.app.inject(`/api/kd-dashboard/${demo.kd}/data/${demo.code}?top=all`);
    const kvk = kdDashboardResponseSchema.parse(res.json());
    const top = kvk.playerData.slice(0, 3);
    expect(top.length).toBeGreaterThan(0);
    for (const [index, row] of top.entries()) {
      const body = await governor(row['Governor ID']);
      const season = body.seasons.find((s) => s.kvkNumber === kvk.latestKvk?.kvk_number);
      expect(season?.result).toMatchObject({
        dkp: row['DKP Score'],
        goal: row['DKP Goal'],
        reached: row.Reached,
        t4Kills: row['T4 Kills'],
        t5Kills: row['T5 Kills'],
        dead: row['All Deads'],
        rank: index + 1,
        ranked: kvk.playerData.length,
      });
      expect(body.wars.map((w) => w.name)).toEqual(kvk.wars.map((w) => w.name));
      for (const [w, war] of kvk.wars.entries()) {
        const alone = await t.app.inject(
          `/api/kd-dashboard/${demo.kd}/data/${demo.code}?top=all&start_date=${war.before}&end_date=${war.after}`,
        );
        const warRow = kdDashboardResponseSchema
          .parse(alone.json())
          .playerData.find((r) => r['Governor ID'] === row['Governor ID']);
        expect(body.wars[w]!.result?.dkp).toBe(warRow?.['DKP Score']);
      }
    }
  });
});
