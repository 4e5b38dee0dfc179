import { gunzipSync } from 'node:zlib';
import { MAX_EXPORT_PAGE_SIZE } from '@kingdom-stats/core';
import {
  type AutarchResponse,
  autarchResponseSchema,
  type DashboardResponse,
  dashboardResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, LARGE_PAGE_ROWS } from '../../src/features/dashboard/large-page.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const KD = 2301;
const CODE = 'export-page';
const GOVERNORS = LARGE_PAGE_ROWS + 700;

function scanCsv(scan: number): Buffer {
  const lines = ['governor_id,name,power,kill_points,t4_kills,t5_kills,dead'];
  for (let id = 1; id <= GOVERNORS; id++) {
    lines.push(
      `${id},"Gov ""${id}"" ✓",${1_000_000 + id * 7 + scan},${id * 10 * scan},${id * scan},${scan},${id}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

describe("the player export's large page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addKingdom(t.database.db, { kd: KD, code: CODE });
    for (const scan of [1, 2]) {
      await importScanFile(t.database.db, {
        kingdomKd: KD,
        filePath: `scan-${scan}.csv`,
        content: scanCsv(scan),
        at: new Date(Date.UTC(2025, 0, scan)).toISOString(),
      });
    }
    await importScanFile(t.database.db, {
      kingdomKd: KD,
      filePath: 'autarch.csv',
      content: scanCsv(3),
      kind: 'autarch',
      at: new Date(Date.UTC(2025, 0, 3)).toISOString(),
    });
  });
  afterAll(() => t.close());

  const url = (query: string) => `/api/dashboard/${KD}/data/${CODE}?${query}`;
  const get = (query: string, encoding = 'identity') =>
    t.app.inject({ url: url(query), headers: { 'accept-encoding': encoding } });

  it('answers every row, the same JSON as the table pages, compressed when the browser accepts gzip', async () => {
    const plain = await get(`pageSize=${MAX_EXPORT_PAGE_SIZE}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const whole = dashboardResponseSchema.parse(plain.json()) as DashboardResponse;
    expect(whole.playerData).toHaveLength(GOVERNORS);
    expect(whole.totalPlayers).toBe(GOVERNORS);

    // The same rows and the same everything else as the serializer gives for pages under the threshold.
    const first = (await get(`pageSize=${LARGE_PAGE_ROWS}&page=1`)).json<DashboardResponse>();
    const second = (await get(`pageSize=${LARGE_PAGE_ROWS}&page=2`)).json<DashboardResponse>();
    expect(whole.playerData).toEqual([...first.playerData, ...second.playerData]);
    const { playerData: _rows, ...rest } = first;
    const { playerData: _all, ...wholeRest } = whole;
    expect(wholeRest).toEqual(rest);
    expect(whole.playerData[0]?.Name).toContain('"');

    const zipped = await get(`pageSize=${MAX_EXPORT_PAGE_SIZE}`, 'gzip, deflate, br');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(whole);
    // Security headers still go out with it.
    expect(zipped.headers['x-content-type-options']).toBe('nosniff');
  });

  it("answers autarch mode's export page the same way", async () => {
    const autarch = (query: string, encoding = 'identity') =>
      t.app.inject({
        url: `/api/dashboard/${KD}/autarch-data/${CODE}?${query}`,
        headers: { 'accept-encoding': encoding },
      });
    const zipped = await autarch(`pageSize=${MAX_EXPORT_PAGE_SIZE}`, 'gzip');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const whole = autarchResponseSchema.parse(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')));
    expect(whole.playerData).toHaveLength(GOVERNORS);
    const first = (await autarch(`pageSize=${LARGE_PAGE_ROWS}&page=1`)).json<AutarchResponse>();
    const second = (await autarch(`pageSize=${LARGE_PAGE_ROWS}&page=2`)).json<AutarchResponse>();
    expect(whole.playerData).toEqual([...first.playerData, ...second.playerData]);
  });

  it('keeps refusing a page size past the export limit', async () => {
    expect((await get(`pageSize=${MAX_EXPORT_PAGE_SIZE + 1}`)).statusCode).toBe(400);
  });

  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
