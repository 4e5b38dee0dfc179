import { basename } from 'node:path';
import type { Command } from 'commander';
import { readScanFile } from '../features/imports/import-scan.ts';
import {
  auditMemberExportImport,
  importMemberExport,
  memberExportSentence,
} from '../features/member-exports/import-member-export.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

/** The game's member exports: activity between two dates, a record of their own (docs/import-formats.md). */
export function registerMemberExportCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase, userPath } = cli;
  const exports = program
    .command('member-export')
    .description("import and list the game's member exports (kingdom-YYYY-MM-DD-YYYY-MM-DD.xlsx)");
  exports
    .command('import <kd> <file...>')
    .description("store each member's activity between the export's two dates (never a scan)")
    .action(async (kd: string, files: string[]) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      await withDatabase(async ({ db }) => {
        for (const filePath of files) {
          const fileName = basename(filePath);
          const content = await readScanFile(userPath(filePath), fileName);
          const result = await importMemberExport(db, { kingdomKd, fileName, content });
          if (result.status === 'imported') await auditMemberExportImport(db, null, kingdomKd, result, 'cli');
          print(memberExportSentence(result));
        }
      });
    });
  exports
    .command('list <kd>')
    .description("list a kingdom's member exports: id, dates, members, file")
    .action(async (kd: string) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const rows = await withDatabase(({ db }) =>
        db
          .selectFrom('member_exports')
          .select(['id', 'period_from', 'period_to', 'member_count', 'file_name'])
          .where('kingdom_kd', '=', kingdomKd)
          .orderBy('period_from')
          .orderBy('id')
          .execute(),
      );
      if (rows.length === 0) return print(`Kingdom ${kd} has no member exports yet`);
      printTable(
        ['id', 'from', 'to', 'members', 'file'],
        rows.map((row) => [
          String(row.id),
          row.period_from,
          row.period_to,
          String(row.member_count),
          row.file_name,
        ]),
      );
    });
}
