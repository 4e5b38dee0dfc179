import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { closeParseWorkers } from '../../src/import/parse-off-thread.ts';
import { addTestKingdom, ROKTRACKER, ROKTRACKER_START_XLSX } from '../import/import-support.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { HOSTILE_FILES } from './hostile-files.ts';
import { hostileSnapshot, KVK, scanTime, storedTexts } from './hostile-support.ts';

const KD = 1234;
const CLI_TEST_TIMEOUT_MS = 120_000;

/**
 * Issue 15's hostile files given to `npm run cli -- scan import` and `prekvk import` on SQLite or PostgreSQL, while
 * a server answers from the same database: a non-zero exit with the file's name and the problem on stderr (never a
 * crash or a stack trace), every row as it was, and the server answering meanwhile. The commands run in this
 * process (support/run-cli.ts); each file is still read in a reader process, which is what a hostile file attacks.
 * The size limit read from the CLI process's own environment is tested in test/cli/cli-process.test.ts.
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

      // --new-governors: the hostile files' governors are not the kingdom's, and the content is what is tested here.
      const args =
        file.target === 'scan'
          ? ['scan', 'import', String(KD), path, '--at', scanTime(index), '--new-governors']
          : ['prekvk', 'import', String(KD), KVK, path];
      const running = runCli(database.url, args);
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
    // A file may start a fresh reader process (the last one ended over it): seconds on a busy machine.
    CLI_TEST_TIMEOUT_MS,
  );
});
