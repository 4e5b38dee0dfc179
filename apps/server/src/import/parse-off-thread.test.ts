import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadImportWorkConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_IMPORT_LIMITS } from './limits.ts';
import {
  closeParseWorkers,
  configureParseWorkers,
  parseScanFileOffThread,
  readerEnvironment,
  readTableOffThread,
} from './parse-off-thread.ts';
import { parseScanFile, readTable } from './parse-scan.ts';

const FIXTURES = resolve(import.meta.dirname, '../../../../fixtures/scans/roktracker');
const XLSX = 'TOP60-2026-10-01-kd1234-start-[a1b2c3].xlsx';
const CSV = 'TOP60-2026-10-10-kd1234-end-[d4e5f6].csv';

async function refusal(action: Promise<unknown>): Promise<AppError> {
  const error = await action.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A CSV of `rows` governors with `extra` filler columns: big enough to take time and memory to read. */
function bigCsv(rows: number, extra: number): Buffer {
  const header = ['Governor ID', 'Name', 'Power', ...Array.from({ length: extra }, (_, i) => `Extra ${i}`)];
  const lines = [header.join(',')];
  const filler = Array.from({ length: extra }, (_, i) => `${i * 7919}`).join(',');
  for (let row = 0; row < rows; row++)
    lines.push(`${10_000_000 + row},Governor ${row},${row * 1000},${filler}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

describe('reading files in a reader process', () => {
  afterEach(() => configureParseWorkers(loadImportWorkConfig({})));
  afterAll(() => closeParseWorkers());

  it('answers what the same parse answers on the main thread', async () => {
    for (const file of [XLSX, CSV]) {
      const content = readFileSync(resolve(FIXTURES, file));
      expect(await parseScanFileOffThread(content, file, {})).toEqual(parseScanFile(content, file, {}));
      expect(await readTableOffThread(content, file)).toEqual(readTable(content, file));
    }
  });

  it('reads several files at once, more than it has readers', async () => {
    configureParseWorkers({ ...loadImportWorkConfig({}), workers: 2 });
    const content = readFileSync(resolve(FIXTURES, CSV));
    const results = await Promise.all(Array.from({ length: 5 }, () => readTableOffThread(content, CSV)));
    for (const table of results) expect(table.rows).toHaveLength(60);
  });

  it("passes a refusal back as the same AppError, the file's name and the problem intact", async () => {
    const error = await refusal(parseScanFileOffThread(Buffer.from('   \n'), 'blank.csv', {}));
    expect(error.code).toBe('IMPORT_REFUSED');
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('blank.csv: is empty');
  });

  it('applies the configured import limits inside the reader', async () => {
    configureParseWorkers({ ...loadImportWorkConfig({}), limits: { ...DEFAULT_IMPORT_LIMITS, rows: 10 } });
    const error = await refusal(readTableOffThread(readFileSync(resolve(FIXTURES, CSV)), CSV));
    expect(error.code).toBe('IMPORT_REFUSED');
    expect(error.message).toMatch(/10 rows/);
  });

  it('refuses a file still being read when its time is up, and reads the next file with a new reader', async () => {
    configureParseWorkers({ ...loadImportWorkConfig({}), timeBudgetMs: 20 });
    const error = await refusal(readTableOffThread(bigCsv(40_000, 60), 'slow.csv'));
    expect(error.code).toBe('IMPORT_REFUSED');
    expect(error.message).toMatch(
      /^slow\.csv: took longer than 20 ms to read; it is too large or not a well-formed file/,
    );
    configureParseWorkers(loadImportWorkConfig({}));
    const table = await readTableOffThread(readFileSync(resolve(FIXTURES, CSV)), CSV);
    expect(table.rows).toHaveLength(60);
  });

  it('refuses a file that needs more memory than a reader may use, and this process lives on', async () => {
    configureParseWorkers({
      ...loadImportWorkConfig({}),
      memoryLimitMb: 48,
      limits: { ...DEFAULT_IMPORT_LIMITS, rows: 1_000_000, uploadBytes: 1024 ** 3 },
    });
    const error = await refusal(readTableOffThread(bigCsv(49_000, 150), 'huge.csv'));
    expect(error.code).toBe('IMPORT_REFUSED');
    expect(error.message).toMatch(/^huge\.csv: needs more than 48 MB of memory to read; /);
  });

  it("gives readers the server's settings but not its database address or secrets", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        DATABASE_URL: 'postgres://user:password@db/kingdoms',
        DEMO_SECRET: 'demo',
        PGPASSWORD: 'pg',
        IMPORT_MAX_ROWS: '1000',
      });
      const reader = readerEnvironment();
      expect(reader.IMPORT_MAX_ROWS).toBe('1000');
      expect(reader.DATABASE_URL).toBeUndefined();
      expect(reader.DEMO_SECRET).toBeUndefined();
      expect(reader.PGPASSWORD).toBeUndefined();
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
});
