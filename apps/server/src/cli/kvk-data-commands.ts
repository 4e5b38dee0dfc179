import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { recordAudit } from '../features/audit/service.ts';
import { importHonorPoints } from '../features/imports/import-kingdom-sheets.ts';
import {
  importHohRecords,
  importPrekvkPoints,
  type KvkUploadResult,
} from '../features/imports/import-kvk-tables.ts';
import { requireKingdom } from '../features/kingdoms/service.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

/**
 * `prekvk import` and `hoh import`: per-KvK tables from csv or xlsx files, read and checked by the admin uploads'
 * own importer (features/imports/import-kvk-tables.ts): the whole file in one transaction, nothing written when a
 * row is refused, and an error that names the row and column. Formats: docs/import-formats.md.
 */
export function registerKvkDataCommands(program: Command, cli: CliContext): void {
  const { print, withDatabase, userPath } = cli;
  const tables = [
    {
      group: 'prekvk',
      description: 'pre-KvK stage points (the Pre-KvK Rankings of the KD DKP dashboard)',
      label: 'pre-KvK points',
      action: 'prekvk.import',
      run: importPrekvkPoints,
    },
    {
      group: 'hoh',
      description: 'Hall of Heroes T4/T5 deaths (the T4/T5 Dead Troops terms of the DKP formula)',
      label: 'Hall of Heroes records',
      action: 'hoh.import',
      run: importHohRecords,
    },
    {
      group: 'honor',
      description: "honor points with governor IDs (KvK DKP's Honor Points column)",
      label: 'honor points',
      action: 'honor.import',
      run: importHonorPoints,
    },
  ] as const;
  for (const table of tables) {
    program
      .command(table.group)
      .description(table.description)
      .command('import <kd> <kvk-number> <file>')
      .description(
        `import ${table.label} of one KvK from a csv or spreadsheet (xlsx, xls, ods) file; safe to repeat (updates the governors in it)`,
      )
      .action(async (kd: string, kvkNumber: string, file: string) => {
        const kingdomKd = parseWholeNumber('kd', kd);
        const kvk = parseWholeNumber('kvk-number', kvkNumber);
        const filePath = userPath(file);
        const content = await readFile(filePath).catch((error: NodeJS.ErrnoException) => {
          throw new Error(`${basename(filePath)}: cannot read the file (${error.code ?? error.message})`);
        });
        const result: KvkUploadResult = await withDatabase(async ({ db }) => {
          await requireKingdom(db, kingdomKd);
          const imported = await table.run(db, {
            kingdomKd,
            kvkNumber: kvk,
            fileName: basename(filePath),
            content,
          });
          await recordAudit(db, {
            userId: null,
            action: table.action,
            kingdomKd,
            after: {
              fileName: basename(filePath),
              kvkNumber: imported.kvkNumber,
              rows: imported.rows,
              via: 'cli',
            },
          });
          return imported;
        });
        const skipped = result.skipped > 0 ? `, ${result.skipped} example row(s) skipped` : '';
        print(
          `${basename(filePath)}: ${result.rows} governor(s) saved to the ${table.label} of KvK ${result.kvkNumber} of kingdom ${kingdomKd}${skipped}`,
        );
        if (result.ignoredColumns.length > 0) {
          print(`  columns not imported (unknown headers): ${result.ignoredColumns.join(', ')}`);
        }
      });
  }
}
