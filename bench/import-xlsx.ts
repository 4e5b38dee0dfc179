/**
 * How long a 16,000-row scan takes to import (DESIGN.md target: well under 1 s on the 2-core machine).
 * Generates a RokTracker-v6 xlsx (19 columns) in a temp folder, then, five times, imports it into a fresh SQLite
 * file database and prints the medians: parse (read + check the file), write (one transaction of inserts) and the
 * whole `importScanFile` call. Run: npx tsx bench/import-xlsx.ts [rows]
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { insertScan } from '../apps/server/src/features/scans/scan-store.ts';
import { importScanFile } from '../apps/server/src/import/import-scan.ts';
import { parseScanFile } from '../apps/server/src/import/parse-scan.ts';

const ROWS = Number(process.argv[2] ?? 16_000);
const RUNS = 5;
const KD = 1234;
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

async function writeScanFile(folder: string): Promise<string> {
  const file = join(folder, `TOP${ROWS}-2026-10-01-bench-[0000].xlsx`);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('2026-10-01');
  sheet.addRow(HEADERS);
  let seed = 42;
  const random = (max: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648; // deterministic, so every run reads the same file
    return Math.floor((seed / 2_147_483_648) * max);
  };
  for (let i = 0; i < ROWS; i++) {
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
  await workbook.xlsx.writeFile(file);
  return file;
}

async function freshDatabase(folder: string, run: number) {
  const handle = createDatabase(`sqlite:${join(folder, `bench-${run}.sqlite`)}`);
  await migrateToLatest(handle.db);
  await handle.db
    .insertInto('kingdoms')
    .values({ kd: KD, name: null, access_code: 'bench', settings_json: '{}', created_at: 0 })
    .execute();
  return handle;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const folder = mkdtempSync(join(tmpdir(), 'kingdom-stats-bench-'));
try {
  const file = await writeScanFile(folder);
  const content = readFileSync(file);
  const parse: number[] = [];
  const write: number[] = [];
  const total: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    const parsed = parseScanFile(content, file);
    parse.push(performance.now() - started);

    const forWrite = await freshDatabase(folder, run * 2);
    const rows = parsed.rows.map((row) => ({ ...row, home_kd: KD }));
    started = performance.now();
    await forWrite.db.transaction().execute((trx) =>
      insertScan(trx, {
        kingdomKd: KD,
        kind: 'kingdom',
        takenAt: 1,
        name: 'bench',
        sourceFormat: 'bench',
        rows,
      }),
    );
    write.push(performance.now() - started);
    await forWrite.close();

    const forImport = await freshDatabase(folder, run * 2 + 1);
    started = performance.now();
    const result = await importScanFile(forImport.db, { kingdomKd: KD, filePath: file });
    total.push(performance.now() - started);
    await forImport.close();
    if (result.rows !== ROWS) throw new Error(`imported ${result.rows} rows, expected ${ROWS}`);
  }
  const size = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `import of a ${ROWS}-row, ${HEADERS.length}-column RokTracker xlsx (${size} MB), SQLite file, median of ${RUNS}:`,
  );
  console.log(`  parse ${median(parse).toFixed(0)} ms`);
  console.log(`  write ${median(write).toFixed(0)} ms`);
  console.log(`  total ${median(total).toFixed(0)} ms (importScanFile: read file, parse, one transaction)`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
