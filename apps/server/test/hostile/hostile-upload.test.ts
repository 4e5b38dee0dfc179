import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { healthResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImportWorkConfig } from '../../src/config.ts';
import { closeParseWorkers, configureParseWorkers } from '../../src/import/parse-off-thread.ts';
import { ROKTRACKER, ROKTRACKER_START_XLSX } from '../import/import-support.ts';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { HOSTILE_FILES } from './hostile-files.ts';
import { hostileSnapshot, KVK, scanTime, storedTexts } from './hostile-support.ts';

/**
 * Issue 15's hostile files uploaded by a kingdom admin (app.inject, the real app on SQLite or PostgreSQL): each is
 * refused with a 4xx that names the file and what is wrong, leaves every scan, stat row and pre-KvK row as it was,
 * and the server answers /api/health while the file is being read.
 */
describe('hostile files uploaded', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createAuthWorld(t.database.db);
    // A kingdom with data, so that "unchanged" means something.
    const start = await upload(
      'scan',
      ROKTRACKER_START_XLSX,
      readFileSync(resolve(ROKTRACKER, ROKTRACKER_START_XLSX)),
    );
    expect(start.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await closeParseWorkers();
  });

  async function upload(target: 'scan' | 'prekvk', fileName: string, content: Buffer, at = scanTime(-4)) {
    const code = await world.codeOf(world.kd);
    // newGovernors: the hostile files' governors are not the kingdom's, and the content is what is tested here.
    const query: Record<string, string> =
      target === 'scan' ? { fileName, at, newGovernors: 'true' } : { fileName, kvk: KVK };
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${world.kd}/${code}/${target === 'scan' ? 'scans' : 'prekvk'}?${new URLSearchParams(query)}`,
      headers: { ...bearer(world.kingdomAdmin), 'content-type': 'application/octet-stream' },
      payload: content,
    });
  }

  it.each(HOSTILE_FILES.map((file, index) => [file.title, file, index] as const))(
    '%s',
    async (_title, file, index) => {
      const content = file.content();
      const before = await hostileSnapshot(t.database.db);

      let uploadDone = false;
      const answer = upload(file.target, file.fileName, content, scanTime(index)).finally(() => {
        uploadDone = true;
      });
      const health = await t.app.inject({ url: '/api/health' });
      const answeredWhileReading = !uploadDone;
      const res = await answer;

      expect(health.statusCode).toBe(200);
      expect(healthResponseSchema.parse(health.json()).status).toBe('ok');
      // A big file takes its reader a while; the health check must not have waited for it.
      if (file.big) expect(answeredWhileReading).toBe(true);

      expect(res.statusCode, res.body).not.toBe(500);
      if (file.expect.kind === 'refused' || res.statusCode !== 200) {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        const message = res.json().message as string;
        expect(message.startsWith(`${file.fileName}: `), message).toBe(true);
        expect(message).toMatch(file.expect.kind === 'refused' ? file.expect.says : file.expect.refusalSays);
        expect(await hostileSnapshot(t.database.db)).toEqual(before);
      } else {
        // Imported: only if what was stored is clean.
        const isBad = file.expect.isBad;
        expect((await storedTexts(t.database.db)).filter((text) => isBad(text))).toEqual([]);
      }
    },
  );

  it('refuses a file still being read when its time is up (422 in words), answering others meanwhile', async () => {
    // A real but wide file, and a budget far below what reading it takes: what a file that freezes a reader gets.
    configureParseWorkers({ ...loadImportWorkConfig({}), timeBudgetMs: 20 });
    try {
      const header = ['Governor ID', 'Name', 'Power', ...Array.from({ length: 60 }, (_, i) => `Extra ${i}`)];
      const filler = Array.from({ length: 60 }, (_, i) => String(i)).join(',');
      const lines = Array.from({ length: 40_000 }, (_, i) => `${40_000_000 + i},G${i},${i},${filler}`);
      const content = Buffer.from(`${header.join(',')}\n${lines.join('\n')}\n`);
      const before = await hostileSnapshot(t.database.db);
      let uploadDone = false;
      const answer = upload('scan', 'slow-2026-10-01.csv', content, scanTime(HOSTILE_FILES.length)).finally(
        () => {
          uploadDone = true;
        },
      );
      const health = await t.app.inject({ url: '/api/health' });
      expect(uploadDone).toBe(false);
      expect(health.statusCode).toBe(200);
      const res = await answer;
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toMatch(/^slow-2026-10-01\.csv: took longer than 20 ms to read; /);
      expect(await hostileSnapshot(t.database.db)).toEqual(before);
    } finally {
      configureParseWorkers(loadImportWorkConfig({}));
    }
  });
});
