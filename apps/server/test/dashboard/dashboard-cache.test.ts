import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { setCamp } from '../../src/features/kingdoms/service.ts';
import { deleteScan } from '../../src/features/scans/scan-store.ts';
import { addTestKingdom } from '../import/import-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { ARAGORN, CODE, END, END_FILE, getData, KD, START, START_FILE } from './fixture-support.ts';

/**
 * Computed periods are cached in memory; every import, deletion, formula save or camp change must show on the next
 * call — also when another process (the CLI) makes it, which a second database handle stands in for here.
 */
let folder: string;
let database: TestDatabase;
let other: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'kingdom-stats-dashboard-cache-'));
  database = await createTestDatabase({ sqliteFile: join(folder, 'cache.sqlite') });
  app = await buildApp({ loginEnabled: false, logLevel: 'silent', webDistDir: undefined }, database);
  other = createDatabase(database.url);
  await addTestKingdom(database.db, KD);
  await importScanFile(database.db, { kingdomKd: KD, filePath: START_FILE });
});

afterAll(async () => {
  await app?.close();
  await other?.close();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const aragorn = async (query = 'pageSize=100') => {
  const { body } = await getData(app, query);
  return { body, row: body.playerData.find((row: { 'Gov ID': number }) => row['Gov ID'] === ARAGORN) };
};

describe('the period cache', () => {
  it('sees a scan imported by another process on the next call', async () => {
    const before = await aragorn();
    expect(before.body.dates).toHaveLength(1);
    expect(before.body.totalPlayers).toBe(60);
    expect(before.row['T4 Kills']).toBe(0);

    await importScanFile(other.db, { kingdomKd: KD, filePath: END_FILE });
    const after = await aragorn();
    expect(after.body.dates).toHaveLength(2);
    expect(after.body.selectedDates).toEqual({ start: String(START), end: String(END) });
    expect(after.body.totalPlayers).toBe(61);
    expect(after.row['T4 Kills']).toBeGreaterThan(0);
    expect(after.body.diplomOverview.timestamp).toBe(END);
  });

  it('sees a formula saved by another process', async () => {
    const before = await aragorn();
    expect(before.row.DKP).not.toBe(before.row['T4 Kills']);
    await other.db
      .insertInto('formulas')
      .values({
        kingdom_kd: KD,
        stats_formula_json: JSON.stringify({ 'T4-Kills': [1, true], 'Dead Troops': [0, true] }),
        goals_json: '[]',
        score_on: 1,
        dead_on: 0,
        kp_on: 0,
        wars_json: JSON.stringify({
          base: { 'kd1234-start': START },
          wars: [{ before: { 'kd1234-start': START }, after: { 'kd1234-end': END } }],
        }),
        updated_at: END,
      })
      .execute();
    const after = await aragorn();
    expect(after.row.DKP).toBe(after.row['T4 Kills']);
    expect(after.body.formulaString).toBe('T4 Kills x 1');
    expect(after.body.dkpScansSelection).toEqual({ wars: [{ name: 'War 1', before: START, after: END }] });
    const formula = await app.inject(`/api/dashboard/${KD}/formula/${CODE}`);
    expect(formula.json()).toEqual({ formulaString: 'T4 Kills x 1' });

    // Saved again within the same second: still seen, the key holds the formula itself.
    await other.db
      .updateTable('formulas')
      .set({ stats_formula_json: JSON.stringify({ 'T4-Kills': [2, true] }) })
      .where('kingdom_kd', '=', KD)
      .execute();
    expect((await aragorn()).row.DKP).toBe(after.row['T4 Kills'] * 2);
  });

  it('sees a camp change', async () => {
    expect((await aragorn()).row.Camp).toBeNull();
    await setCamp(other.db, { kd: KD, campName: 'Alpha', memberKds: [KD] });
    const after = await aragorn();
    expect(after.row.Camp).toBe('Alpha');
    expect(after.body.campSummary.data.map((row: unknown[]) => row[0])).toEqual(['Alpha']);
    expect(Object.keys(after.body.diplomOverview.camps)).toEqual(['Alpha']);
  });

  it('sees a deleted scan, and update-tables recomputes', async () => {
    const end = await other.db
      .selectFrom('scans')
      .select('id')
      .where('kingdom_kd', '=', KD)
      .where('taken_at', '=', END)
      .executeTakeFirstOrThrow();
    await deleteScan(other.db, end.id);
    const warmed = await app.inject({
      method: 'POST',
      url: '/api/dashboard/update-tables',
      payload: { kd: KD, code: CODE },
    });
    expect(warmed.json()).toEqual({ status: 'success', rows: 60 });
    const after = await aragorn();
    expect(after.body.dates).toHaveLength(1);
    expect(after.body.totalPlayers).toBe(60);
  });

  it('answers an empty dashboard for a kingdom without scans', async () => {
    await addTestKingdom(database.db, 4321);
    const { status, body } = await getData(app, '', 4321, 'code-4321');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      playerData: [],
      totalPlayers: 0,
      dates: [],
      availableCamps: [],
      selectedDates: { start: '', end: '' },
      diplomOverview: { timestamp: null, camps: {} },
      showAutarchSwitcher: false,
    });
    expect(body.campSummary.data).toEqual([]);
    const autarch = await app.inject(`/api/dashboard/4321/autarch-data/code-4321`);
    expect(autarch.json()).toMatchObject({
      playerData: [],
      totalPlayers: 0,
      lastUpdated: null,
      availableKDs: [],
    });
  });
});
