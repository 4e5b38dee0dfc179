import { basename, resolve } from 'node:path';
import { countNoun } from '@kingdom-stats/core';
import type { Command } from 'commander';
import { deleteKingdomScan, listScans } from '../features/scans/service.ts';
import { importScanFile } from '../import/import-scan.ts';
import type { ScanTimeSource } from '../import/scan-time.ts';
import { isoUtc, parseWholeNumber, print, printTable, withDatabase } from './context.ts';

const TIME_SOURCES: Record<ScanTimeSource, string> = {
  given: '--at',
  'summary-sheet': 'the Summary sheet',
  'file-name-unix-time': 'the unix time in the file name',
  'sheet-name': 'the sheet name',
  'file-name-date': 'the date in the file name (00:00 UTC)',
};

interface ImportOptions {
  at?: string;
  homeKd?: string;
  replace?: boolean;
  rolledUp?: boolean;
  autarch?: boolean;
}

export function registerScanCommands(program: Command): void {
  const scan = program.command('scan').description('import, list and delete scans');
  scan
    .command('import <kd> <file...>')
    .description(
      'import scanner files (RokTracker xlsx/csv/jsonl, Hero Scrolls xlsx, canonical csv), one scan each',
    )
    .option('--at <iso>', 'scan time, ISO-8601; otherwise read from the file or its name')
    .option('--home-kd <kd>', 'home kingdom of rows whose file has no kingdom column')
    .option('--replace', 'replace a scan already imported at the same time')
    .option('--rolled-up', 'Hero Scrolls: import the "Rolled Up" sheet (farms folded into main accounts)')
    .option('--autarch', 'store as autarch data instead of a kingdom scan')
    .action(async (kd: string, files: string[], options: ImportOptions) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const homeKd = options.homeKd === undefined ? undefined : parseWholeNumber('--home-kd', options.homeKd);
      if (options.at && files.length > 1)
        throw new Error('--at gives one time: import one file at a time with it');
      await withDatabase(async ({ db }) => {
        // Files are imported one by one, each in its own transaction: a refused file stops the run, and the files
        // before it stay imported (re-running skips them as "already imported").
        for (const filePath of files) {
          const result = await importScanFile(db, {
            kingdomKd,
            // npm runs scripts from the project root; INIT_CWD is where the person typed the command.
            filePath: resolve(process.env.INIT_CWD ?? process.cwd(), filePath),
            at: options.at,
            homeKd,
            replace: options.replace ?? false,
            rolledUp: options.rolledUp ?? false,
            kind: options.autarch ? 'autarch' : 'kingdom',
          });
          const what =
            result.status === 'already-imported'
              ? 'already imported (use --replace to replace it)'
              : `${result.status}: ${countNoun(result.rows, 'governor')}`;
          print(`${basename(filePath)}: scan ${result.scanId} at ${isoUtc(result.takenAt)} ${what}`);
          if (result.status !== 'already-imported') {
            print(`  time taken from ${TIME_SOURCES[result.takenAtSource]}`);
            if (result.ignoredColumns.length > 0) {
              print(`  columns not imported (unknown headers): ${result.ignoredColumns.join(', ')}`);
            }
          }
        }
      });
    });
  scan
    .command('list <kd>')
    .description("list a kingdom's scans: id, time (UTC), name, rows")
    .action(async (kd: string) => {
      const scans = await withDatabase(({ db }) => listScans(db, parseWholeNumber('kd', kd)));
      if (scans.length === 0) return print(`Kingdom ${kd} has no scans yet`);
      printTable(
        ['ID', 'TIME (UTC)', 'NAME', 'ROWS', 'KIND'],
        scans.map((s) => [s.id, isoUtc(s.takenAt), s.name, s.rows, s.kind]),
      );
    });
  scan
    .command('delete <kd> <scan-id>')
    .description('delete one scan and its rows')
    .action(async (kd: string, scanId: string) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const id = parseWholeNumber('scan-id', scanId);
      await withDatabase(({ db }) => deleteKingdomScan(db, kdNumber, id));
      print(`Deleted scan ${id} of kingdom ${kdNumber}`);
    });
}
