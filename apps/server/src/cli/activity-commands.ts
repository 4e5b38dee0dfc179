import { basename } from 'node:path';
import type { Command } from 'commander';
import { recordAudit } from '../features/audit/service.ts';
import { activitySentence, importAllianceActivity } from '../features/imports/import-kingdom-sheets.ts';
import { readScanFile } from '../features/imports/import-scan.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

/** `activity import`: a kingdom's weekly alliance activity sheet (docs/import-formats.md, "A kingdom's other sheets"). */
export function registerActivityCommands(program: Command, cli: CliContext): void {
  const { print, withDatabase, userPath } = cli;
  program
    .command('activity')
    .description('weekly alliance activity per governor')
    .command('import <kd> <file>')
    .description(
      'import a weekly alliance activity sheet (GovernorID, Name, Alliance, Power, Kill Points, Help Times, Rss ' +
        'Trading, Building, Tech Donation); safe to repeat (updates the governors of that week)',
    )
    .option(
      '--at <time>',
      'a day of the week it covers (ISO-8601); default: a date in the file name, else now',
    )
    .action(async (kd: string, file: string, options: { at?: string }) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const filePath = userPath(file);
      const fileName = basename(filePath);
      const content = await readScanFile(filePath, fileName);
      const result = await withDatabase(async ({ db }) => {
        const imported = await importAllianceActivity(db, { kingdomKd, fileName, content, at: options.at });
        await recordAudit(db, {
          userId: null,
          action: 'alliance-activity.import',
          kingdomKd,
          after: { fileName, weekStart: imported.weekStart, governors: imported.governors, via: 'cli' },
        });
        return imported;
      });
      print(activitySentence(fileName, kingdomKd, result));
      if (result.ignoredColumns.length > 0) {
        print(`  columns not imported (unknown headers): ${result.ignoredColumns.join(', ')}`);
      }
    });
}
