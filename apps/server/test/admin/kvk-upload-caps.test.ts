import { MAX_STORED_COUNT } from '@kingdom-stats/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);
const LARGEST = MAX_STORED_COUNT.toLocaleString('en-US');

describe('pre-KvK points and Hall of Heroes deaths stay within what the database stores', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  const upload = async (path: '/prekvk' | '/hoh', fileName: string, content: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}${path}?${new URLSearchParams({ fileName, kvk: '3' })}`,
      headers: { ...bearer(world.kingdomAdmin), 'content-type': 'application/octet-stream' },
      payload: content,
    });
  const stored = async () => ({
    prekvk: await t.database.db.selectFrom('prekvk_points').selectAll().execute(),
    hoh: await t.database.db.selectFrom('hoh_records').selectAll().execute(),
  });

  it.each([
    [
      '/prekvk',
      'points.csv',
      ['governor_id,name,stage1_points', '11,Eleven,500', '12,Twelve,100000000000000000000'],
      `points.csv: row 3, column "stage1_points" is "100000000000000000000", larger than the largest count stored (${LARGEST})`,
    ],
    [
      '/hoh',
      'deaths.csv',
      ['governor_id,t4_deaths,t5_deaths', '11,1,2', `12,3,${MAX_STORED_COUNT + 1}`],
      `deaths.csv: row 3, column "t5_deaths" is "100000000000001", larger than the largest count stored (${LARGEST})`,
    ],
    [
      '/hoh',
      'ids.csv',
      ['governor_id,t4_deaths', '100000000000000000000,1'],
      `ids.csv: row 2, column "governor_id" is "100000000000000000000", larger than the largest governor ID stored (${LARGEST})`,
    ],
  ] as const)(
    'refuses %s %s with its file, row and column, storing nothing',
    async (path, name, lines, message) => {
      const before = await stored();
      const res = await upload(path, name, csv([...lines]));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('IMPORT_REFUSED');
      expect(res.json().error).toContain(message);
      expect(await stored()).toEqual(before);
    },
  );

  it('stores the largest count exactly', async () => {
    const res = await upload(
      '/hoh',
      'largest.csv',
      csv(['governor_id,t4_deaths,t5_deaths', `${MAX_STORED_COUNT},${MAX_STORED_COUNT},0`]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await stored()).hoh;
    expect(Number(row?.governor_id)).toBe(MAX_STORED_COUNT);
    expect(Number(row?.t4_dead)).toBe(MAX_STORED_COUNT);
  });
});
