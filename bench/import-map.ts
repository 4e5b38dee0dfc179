/**
 * How long a whole-KvK-map file takes to import (issue 37: a 5,700-row map file under 1 s on the bench machine): a
 * `Scan` sheet of 5,700 governors of 36 kingdoms in 4 camps, with `Camp Stats` and `Kingdom Stats` sheets of text
 * numbers beside it, imported with `importScanFile` (reader process, checks, one transaction, camps) on an empty
 * kingdom, `runs` times; each scan is deleted again (not timed) before the next run.
 * Alone: npx tsx bench/import-map.ts [rows] (SQLite), or with BENCH_POSTGRES_URL=postgres://… set, PostgreSQL.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { importScanFile } from '../apps/server/src/features/imports/import-scan.ts';
import { deleteScan } from '../apps/server/src/features/scans/scan-store.ts';
import { KD, openDatabase } from './import-xlsx.ts';
import { formatPair, type SampleSummary, summarize, timed } from './stats.ts';

const KINGDOMS = 36;
const CAMPS = 4;
const HEADERS = [
  'Governor ID',
  'Name',
  'Alliance',
  'Kingdom',
  'Camp',
  'Power',
  'Kill Points',
  'Dead',
  'T1 Kills',
  'T2 Kills',
  'T3 Kills',
  'T4 Kills',
  'T5 Kills',
  'Healed',
];

export interface MapImportResult {
  rows: number;
  kingdoms: number;
  camps: number;
  fileBytes: number;
  total: SampleSummary;
}

export const MAP_FILE_NAME = 'SoC_map_2026-10-01_1430.xlsx';

async function writeMapFile(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const scan = book.addWorksheet('Scan');
  scan.addRow(HEADERS);
  let seed = 7;
  const random = (max: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648; // deterministic: every run reads the same file
    return Math.floor((seed / 2_147_483_648) * max);
  };
  const kingdom = (k: number) => (k === 0 ? KD : 3000 + k);
  for (let i = 0; i < rows; i++) {
    const k = i % KINGDOMS;
    const kills = [1, 2, 3, 4, 5].map(() => random(50_000_000));
    scan.addRow([
      50_000_000 + i * 7919,
      `Governor ${i} ${['ᴶᶜ', 'Ωmega', '龍王', '=eq', ''][i % 5]}`,
      `A${i % 120}`,
      kingdom(k),
      (k % CAMPS) + 1,
      // A map tracker writes some numbers as text: read like the others.
      i % 10 === 0 ? `${(random(2_000) / 10).toFixed(1)}M` : random(200_000_000),
      random(5_000_000_000),
      random(30_000_000),
      ...kills,
      random(100_000_000),
    ]);
  }
  book
    .addWorksheet('Camp Stats')
    .addRows([
      ['Camp', 'Power', 'Kill Points'],
      ...Array.from({ length: CAMPS }, (_, c) => [c + 1, '4.78B', '512.3M']),
    ]);
  book
    .addWorksheet('Kingdom Stats')
    .addRows([
      ['Kingdom', 'Camp', 'Power'],
      ...Array.from({ length: KINGDOMS }, (_, k) => [kingdom(k), (k % CAMPS) + 1, '12K']),
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function measureMapImport(
  options: { rows?: number; runs?: number; postgresUrl?: string | undefined } = {},
): Promise<MapImportResult> {
  const rows = options.rows ?? 5_700;
  const runs = options.runs ?? 5;
  const content = await writeMapFile(rows);
  const { handle, cleanup } = await openDatabase({ postgresUrl: options.postgresUrl });
  const { db } = handle;
  try {
    const total = [];
    for (let run = 0; run < runs; run++) {
      let imported: Awaited<ReturnType<typeof importScanFile>> | undefined;
      total.push(
        await timed(async () => {
          imported = await importScanFile(db, { kingdomKd: KD, filePath: MAP_FILE_NAME, content });
        }),
      );
      const scan = imported?.scans[0];
      if (scan?.status !== 'imported' || scan.rows !== rows || imported?.camps?.length !== CAMPS) {
        throw new Error(`import ${scan?.status}: ${scan?.rows} rows, ${imported?.camps?.length} camps`);
      }
      await db.transaction().execute((trx) => deleteScan(trx, scan.scanId));
    }
    return { rows, kingdoms: KINGDOMS, camps: CAMPS, fileBytes: content.length, total: summarize(total) };
  } finally {
    await cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = Number(process.argv[2] ?? 5_700);
  const postgresUrl = process.env.BENCH_POSTGRES_URL || undefined;
  const loadBefore = loadavg()[0]!.toFixed(2);
  const result = await measureMapImport({ rows, postgresUrl });
  console.log(
    `import of a ${rows}-row whole-map xlsx (${KINGDOMS} kingdoms, ${CAMPS} camps, ` +
      `${(result.fileBytes / 1024 / 1024).toFixed(1)} MB), ${postgresUrl ? 'PostgreSQL' : 'SQLite file'}, ` +
      `${result.total.samples} runs, wall ms p50 / p95 (CPU of this process) [load ${loadBefore} before, ` +
      `${loadavg()[0]!.toFixed(2)} after]: ${formatPair(result.total.wall)} (${formatPair(result.total.cpu)})`,
  );
}
