import {
  MIGRATION_LIST_CSV_COLUMNS,
  type MigrationEntry,
  migrationFillResponseSchema,
  migrationListResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKvkSeason } from '../../src/features/kvk/service.ts';
import { type GovernorStatRow, insertScan } from '../../src/features/scans/scan-store.ts';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Kingdom 2101's KvK 7 (days 1–4) and KvK 6 before it; four kingdom scans in KvK 7 with a governor who stays, one
 * who leaves, one who moves to kingdom 2102, one who arrives and a small one under the end scan's cut-off.
 */
const DAY = 86_400;
const M = 1_000_000;
const OTHER_HOME = 2102;

function rows(day: number, kd: number): GovernorStatRow[] {
  const governor = (id: number, name: string, power: number, home = kd): GovernorStatRow => ({
    governor_id: id,
    name,
    alliance: 'ABC',
    home_kd: home,
    power,
    kill_points: id + day,
    t4_kills: day,
    t5_kills: day,
    dead: day,
    healed: null,
    rss_gathered: day,
    helps: day,
    extra_json: null,
  });
  return [
    governor(201, 'Steady', 50 * M),
    ...(day <= 2 ? [governor(202, 'Leaver', 40 * M)] : []),
    governor(203, 'Mover', 30 * M, day >= 3 ? OTHER_HOME : kd),
    ...(day >= 2 ? [governor(204, 'Newcomer', 20 * M)] : []),
    ...(day <= 2 ? [governor(205, 'Tiny', 1 * M)] : []),
  ];
}

let t: TestApp;
let world: AuthWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await createAuthWorld(t.database.db);
  const db = t.database.db;
  await addKvkSeason(db, { kd: world.kd, kvkNumber: 6, openTime: -10 * DAY, closeTime: -5 * DAY });
  await addKvkSeason(db, { kd: world.kd, kvkNumber: 7, openTime: DAY, closeTime: 4 * DAY });
  for (let day = 1; day <= 4; day++) {
    await db.transaction().execute((trx) =>
      insertScan(trx, {
        kingdomKd: world.kd,
        kind: 'kingdom',
        takenAt: day * DAY,
        name: `day ${day}`,
        sourceFormat: 'test',
        rows: rows(day, world.kd),
      }),
    );
  }
});

afterAll(async () => {
  await t?.close();
});

const base = async () => `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}/migration-list`;
const asAdmin = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${await base()}${path}`,
    headers: bearer(world.kingdomAdmin),
    ...(payload ? { payload } : {}),
  });
const list = async (season = 7) =>
  migrationListResponseSchema.parse((await asAdmin('GET', `?season=${season}`)).json());
const brief = (entries: MigrationEntry[]) =>
  entries.map((e) => ({ id: e.governorId, direction: e.direction, reason: e.reason }));

describe('migration list of a KvK season', () => {
  it('adds an entry with the name as known, refuses the same governor twice, a long reason and an unknown season', async () => {
    // Without ?season, the current season: the latest that has opened.
    const empty = migrationListResponseSchema.parse((await asAdmin('GET', '')).json());
    expect(empty.season).toBe(7);
    expect(empty.seasons.map((s) => s.kvkNumber)).toEqual([6, 7]);
    expect(empty.entries).toEqual([]);

    const added = await asAdmin('POST', '/7', {
      governorId: 202,
      direction: 'leave',
      reason: 'Zeroed in pass 4',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().entry).toMatchObject({
      governorId: 202,
      name: 'Leaver',
      direction: 'leave',
      reason: 'Zeroed in pass 4',
      contacted: false,
      updatedBy: 'admin-2101',
    });

    const twice = await asAdmin('POST', '/7', { governorId: 202, direction: 'arrive' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('already on') });

    const long = await asAdmin('POST', '/7', { governorId: 9, direction: 'leave', reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    const unknown = await asAdmin('POST', '/99', { governorId: 9, direction: 'leave' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it("fills from the season's movements without listing a governor twice", async () => {
    const first = migrationFillResponseSchema.parse((await asAdmin('POST', '/7/fill')).json());
    // Leaver was added by hand; Tiny is under the cut-off, maybe still home; Steady stayed.
    expect(first.alreadyListed).toBe(1);
    expect(brief(first.added)).toEqual([
      { id: 203, direction: 'leave', reason: `Moved to kingdom ${OTHER_HOME}` },
      { id: 204, direction: 'arrive', reason: 'First seen' },
    ]);
    const again = migrationFillResponseSchema.parse((await asAdmin('POST', '/7/fill')).json());
    expect(again.added).toEqual([]);
    expect(again.alreadyListed).toBe(3);
    expect(brief((await list()).entries)).toEqual([
      { id: 202, direction: 'leave', reason: 'Zeroed in pass 4' },
      { id: 203, direction: 'leave', reason: `Moved to kingdom ${OTHER_HOME}` },
      { id: 204, direction: 'arrive', reason: 'First seen' },
    ]);
    // Another season's list is its own.
    expect((await list(6)).entries).toEqual([]);
  });

  it('updates flags and the note, exports CSV, removes, and audits each change', async () => {
    const updated = await asAdmin('PATCH', '/7/203', {
      contacted: true,
      migrated: true,
      note: 'Asked on Discord',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().entry).toMatchObject({
      contacted: true,
      migrated: true,
      excluded: false,
      note: 'Asked on Discord',
    });
    expect((await asAdmin('PATCH', '/7/203', {})).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/7/999', { zeroed: true })).statusCode).toBe(404);

    const csv = await asAdmin('GET', '/7/export.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(MIGRATION_LIST_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(
      /^7,203,Mover,leave,Moved to kingdom 2102,yes,no,yes,no,Asked on Discord,admin-2101,/,
    );

    expect((await asAdmin('DELETE', '/7/204')).statusCode).toBe(200);
    expect((await asAdmin('DELETE', '/7/204')).statusCode).toBe(404);
    expect((await list()).entries.map((e) => e.governorId)).toEqual([202, 203]);

    const actions = (await auditActions(t.database.db, world.kd)).filter((a) =>
      a.startsWith('migration-list.'),
    );
    expect(actions).toEqual([
      'migration-list.add',
      'migration-list.fill',
      'migration-list.update',
      'migration-list.remove',
    ]);
  });

  it('answers only admins of the kingdom', async () => {
    const other = await t.app.inject({ url: await base(), headers: bearer(world.otherAdmin) });
    expect(other.statusCode).toBe(403);
  });
});
