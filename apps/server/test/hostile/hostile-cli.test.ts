import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { closeParseWorkers } from '../../src/import/parse-off-thread.ts';
import { addTestKingdom, ROKTRACKER, ROKTRACKER_START_XLSX } from '../import/import-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { HOSTILE_FILES } from './hostile-files.ts';
import { hostileSnapshot, KVK, runCliAsync, scanTime, storedTexts } from './hostile-support.ts';

const KD = 1234;
const CLI_TEST_TIMEOUT_MS = 120_000;

/**
 * Issue 15's hostile files given to `npm run cli -- scan import` and `prekvk import`, each as its own process on
 * SQLite or PostgreSQL, while this process serves the same database: a non-zero exit with the file's name and the
 * problem on stderr (never a crash or a stack trace), every row as it was, and the server answering meanwhile.
 */
describe('hostile files given to the CLI', () => {
  let folder: string;
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'hostile-cli-'));
    database = await createTestDatabase({ sqliteFile: join(folder, 'data.sqlite') });
    await addTestKingdom(database.db, KD);
    await importScanFile(database.db, {
      kingdomKd: KD,
      filePath: resolve(ROKTRACKER, ROKTRACKER_START_XLSX),
    });
    app = await buildApp({ loginEnabled: false, logLevel: 'silent', webDistDir: undefined }, database);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await closeParseWorkers();
    rmSync(folder, { recursive: true, force: true });
  });

  it.each(HOSTILE_FILES.map((file, index) => [file.title, file, index] as const))(
    '%s',
    async (_title, file, index) => {
      const path = join(folder, file.fileName);
      writeFileSync(path, file.content());
      const before = await hostileSnapshot(database.db);

      const args =
        file.target === 'scan'
          ? ['scan', 'import', String(KD), path, '--at', scanTime(index)]
          : ['prekvk', 'import', String(KD), KVK, path];
      const running = runCliAsync(database.url, args);
      const health = await app.inject({ url: '/api/health' });
      const result = await running;

      expect(health.statusCode).toBe(200);
      // Never a crash: no fatal error, no stack trace.
      expect(result.stderr).not.toMatch(/FATAL|heap out of memory|^\s+at /m);
      if (file.expect.kind === 'refused' || result.status !== 0) {
        expect(result.status, result.stdout).toBe(1);
        expect(result.stderr.startsWith(`Error: ${file.fileName}: `), result.stderr).toBe(true);
        expect(result.stderr).toMatch(
          file.expect.kind === 'refused' ? file.expect.says : file.expect.refusalSays,
        );
        expect(await hostileSnapshot(database.db)).toEqual(before);
      } else {
        const isBad = file.expect.isBad;
        expect((await storedTexts(database.db)).filter((text) => isBad(text))).toEqual([]);
      }
    },
    // Each run starts a CLI process and its file reader: seconds on a busy machine, which is not what is tested.
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a file past the size limit before reading it into memory',
    async () => {
      const path = join(folder, 'too-big-2026-10-01.csv');
      writeFileSync(path, `Governor ID,Name,Power\n${'40000001,Alpha,1\n'.repeat(200)}`);
      const before = await hostileSnapshot(database.db);
      const result = await runCliAsync(
        database.url,
        ['scan', 'import', String(KD), path, '--at', scanTime(HOSTILE_FILES.length)],
        { IMPORT_MAX_UPLOAD_BYTES: '1K' },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /^Error: too-big-2026-10-01\.csv: is 3(\.\d)? KB; the largest file one import takes is 1 KB \(IMPORT_MAX_UPLOAD_BYTES\)/,
      );
      expect(await hostileSnapshot(database.db)).toEqual(before);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
