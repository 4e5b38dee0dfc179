/**
 * How long a 16,000-row scan takes to import (DESIGN.md target: under 1 s on the 2-core machine).
 * Generates a RokTracker-v6 xlsx (19 columns) in a temp folder once, then, `runs` times, measures on an empty
 * kingdom: parse (read + check the file), write (one transaction of inserts) and the whole `importScanFile` call.
 * Each scan is deleted again (not timed) before the next run. SQLite: a fresh file in a temp folder; PostgreSQL:
 * the schema `bench_import`, dropped afterwards.
 * Alone: npx tsx bench/import-xlsx.ts [rows] (SQLite), or with BENCH_POSTGRES_URL=postgres://… set, PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { importScanFile } from '../apps/server/src/features/imports/import-scan.ts';
import { deleteScan, insertScan } from '../apps/server/src/features/scans/scan-store.ts';
import { parseScanFile } from '../apps/server/src/import/parse-scan.ts';
import { formatPair, type SampleSummary, summarize, timed } from './stats.ts';

export const KD = 1234;
const SCHEMA = 'bench_import';
const HEADERS = [
  'ID',
  'Name',
  'Power',
  'Killpoints',
  'Acclaim',
  'Highest Acclaim',
  'Deads',
  'T1 Kills',
  'T2 Kills',
  'T3 Kills',
  'T4 Kills',
  'T5 Kills',
  'Total Kills',
  'T45 Kills',
  'Ranged',
  'Rss Gathered',
  'Rss Assistance',
  'Helps',
  'Alliance',
];

export interface ImportOptions {
  rows?: number;
  runs?: number;
  /** PostgreSQL server URL; without it, SQLite. */
  postgresUrl?: string | undefined;
}

export interface ImportResult {
  rows: number;
  columns: number;
  fileBytes: number;
  parse: SampleSummary;
  write: SampleSummary;
  /** The whole importScanFile call: parse, check, one transaction. */
  total: SampleSummary;
}

const files = new Map<number, Promise<Buffer>>();

/** The xlsx of `rows` governors, written once per process. */
function scanFile(rows: number): Promise<Buffer> {
  let file = files.get(rows);
  if (!file) {
    file = writeScanFile(rows);
    files.set(rows, file);
  }
  return file;
}

export function scanFileName(rows: number): string {
  return `TOP${rows}-2026-10-01-bench-[0000].xlsx`;
}

async function writeScanFile(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('2026-10-01');
  sheet.addRow(HEADERS);
  let seed = 42;
  const random = (max: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648; // deterministic, so every run reads the same file
    return Math.floor((seed / 2_147_483_648) * max);
  };
  for (let i = 0; i < rows; i++) {
    const kills = [1, 2, 3, 4, 5].map(() => random(50_000_000));
    sheet.addRow([
      40_000_000 + i * 7919,
      `Governor ${i} ${['ᴶᶜ', 'Ωmega', '龍王', '=eq', ''][i % 5]}`,
      random(200_000_000),
      random(5_000_000_000),
      random(20_000_000),
      random(20_000_000),
      random(30_000_000),
      ...kills,
      kills.reduce((a, b) => a + b, 0),
      kills[3]! + kills[4]!,
      random(1_000_000),
      random(40_000_000_000),
      random(20_000_000_000),
      random(300_000),
      `A${i % 40}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function openDatabase(
  options: ImportOptions,
): Promise<{ handle: DatabaseHandle; cleanup(): Promise<void> }> {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  if (options.postgresUrl) {
    const admin = createDatabase(options.postgresUrl);
    await sql`drop schema if exists ${sql.id(SCHEMA)} cascade`.execute(admin.db);
    await sql`create schema ${sql.id(SCHEMA)}`.execute(admin.db);
    handle = createDatabase(options.postgresUrl, { schema: SCHEMA });
    cleanup = async () => {
      await handle.close();
      await sql`drop schema if exists ${sql.id(SCHEMA)} cascade`.execute(admin.db);
      await admin.close();
    };
  } else {
    const folder = mkdtempSync(join(tmpdir(), 'kingdom-stats-bench-import-'));
    handle = createDatabase(`sqlite:${join(folder, 'import.sqlite')}`);
    cleanup = async () => {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    };
  }
  await migrateToLatest(handle.db);
  await handle.db
    .insertInto('kingdoms')
    .values({ kd: KD, name: null, access_code: 'bench', settings_json: '{}', created_at: 0 })
    .execute();
  return { handle, cleanup };
}

export async function measureXlsxImport(options: ImportOptions = {}): Promise<ImportResult> {
  const rows = options.rows ?? 16_000;
  const runs = options.runs ?? 5;
  const fileName = scanFileName(rows);
  const content = await scanFile(rows);
  const { handle, cleanup } = await openDatabase(options);
  const { db } = handle;
  const remove = (scanId: number) => db.transaction().execute((trx) => deleteScan(trx, scanId));
  try {
    const parse = [];
    const write = [];
    const total = [];
    for (let run = 0; run < runs; run++) {
      let parsed: ReturnType<typeof parseScanFile> | undefined;
      parse.push(
        await timed(async () => {
          parsed = parseScanFile(content, fileName);
        }),
      );
      const scanRows = parsed!.scans[0]!.rows.map((row) => ({ ...row, home_kd: KD }));
      let scanId = 0;
      write.push(
        await timed(async () => {
          scanId = await db.transaction().execute((trx) =>
            insertScan(trx, {
              kingdomKd: KD,
              kind: 'kingdom',
              takenAt: 1,
              name: 'bench',
              sourceFormat: 'bench',
              rows: scanRows,
            }),
          );
        }),
      );
      await remove(scanId);

      let imported: Awaited<ReturnType<typeof importScanFile>> | undefined;
      total.push(
        await timed(async () => {
          imported = await importScanFile(db, { kingdomKd: KD, filePath: fileName, content });
        }),
      );
      const scan = imported?.scans[0];
      if (imported?.scans.length !== 1 || scan?.status !== 'imported' || scan.rows !== rows) {
        throw new Error(`import ${scan?.status}: ${scan?.rows} rows, expected ${rows}`);
      }
      await remove(scan.scanId);
    }
    return {
      rows,
      columns: HEADERS.length,
      fileBytes: content.length,
      parse: summarize(parse),
      write: summarize(write),
      total: summarize(total),
    };
  } finally {
    await cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = Number(process.argv[2] ?? 16_000);
  const postgresUrl = process.env.BENCH_POSTGRES_URL || undefined;
  const loadBefore = loadavg()[0]!.toFixed(2);
  const result = await measureXlsxImport({ rows, postgresUrl });
  const size = (result.fileBytes / 1024 / 1024).toFixed(1);
  console.log(
    `import of a ${rows}-row, ${result.columns}-column RokTracker xlsx (${size} MB), ` +
      `${postgresUrl ? `PostgreSQL (schema ${SCHEMA})` : 'SQLite file'}, ${result.total.samples} runs, ` +
      `wall ms p50 / p95 (CPU of this process) [load ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after]:`,
  );
  for (const [name, summary] of [
    ['parse', result.parse],
    ['write', result.write],
    ['total', result.total],
  ] as const) {
    console.log(`  ${name.padEnd(5)} ${formatPair(summary.wall)} (${formatPair(summary.cpu)})`);
  }
}
