import { basename } from 'node:path';
import type { Command } from 'commander';
import { recordAudit } from '../features/audit/service.ts';
import { fortTallySentence, importRallyForts } from '../features/imports/import-kingdom-sheets.ts';
import { readScanFile } from '../features/imports/import-scan.ts';
import { importRallyFile } from '../features/imports/rally-csv.ts';
import { RALLY_TOKEN, rotateIngestToken } from '../features/ingest-tokens/tokens.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

export function registerRallyCommands(program: Command, cli: CliContext): void {
  const { print, withDatabase, userPath } = cli;
  const rally = program.command('rally').description('rally data: import rallies, ingestion tokens');
  rally
    .command('import <kd> <file>')
    .description('import rallies from a CSV file (see docs/import-formats.md, "Rally CSV"); safe to repeat')
    .action(async (kd: string, file: string) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const filePath = userPath(file);
      const result = await withDatabase(async ({ db }) => {
        const imported = await importRallyFile(db, { kingdomKd, filePath });
        // The kingdom's Recent changes list what the CLI did too.
        await recordAudit(db, {
          userId: null,
          action: 'rally.import',
          kingdomKd,
          after: {
            fileName: basename(filePath),
            rallies: imported.accepted,
            created: imported.created,
            updated: imported.updated,
            via: 'cli',
          },
        });
        return imported;
      });
      print(
        `${basename(filePath)}: ${result.accepted} rallies for kingdom ${kingdomKd} ` +
          `(${result.created} new, ${result.updated} replaced), ${result.participants} joins`,
      );
      if (result.ignoredColumns.length > 0) {
        print(`  columns not imported (unknown headers): ${result.ignoredColumns.join(', ')}`);
      }
    });
  rally
    .command('forts <kd> <file>')
    .description(
      "import a rally-fort tracker's counts per governor (participant_id or governor_id, participant_name, total " +
        'rallies, rallies launched, rallies joined) into the rally leaderboard; safe to repeat',
    )
    .option(
      '--at <time>',
      'when the counts were taken (ISO-8601, UTC); default: a date in the file name, else now',
    )
    .action(async (kd: string, file: string, options: { at?: string }) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const filePath = userPath(file);
      const fileName = basename(filePath);
      const content = await readScanFile(filePath, fileName);
      const result = await withDatabase(async ({ db }) => {
        const imported = await importRallyForts(db, { kingdomKd, fileName, content, at: options.at });
        if (imported.status === 'imported') {
          await recordAudit(db, {
            userId: null,
            action: 'rally-forts.import',
            kingdomKd,
            after: { fileName, countedAt: imported.countedAt, governors: imported.governors, via: 'cli' },
          });
        }
        return imported;
      });
      print(fortTallySentence(fileName, kingdomKd, result));
      if (result.ignoredColumns.length > 0) {
        print(`  columns not imported (unknown headers): ${result.ignoredColumns.join(', ')}`);
      }
    });
  rally
    .command('token <kd>')
    .description("create or rotate the kingdom's rally ingestion token (the old one stops working)")
    .action(async (kd: string) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const { token } = await withDatabase(({ db }) =>
        rotateIngestToken(db, RALLY_TOKEN, { kd: kingdomKd, userId: null }),
      );
      print(
        `Rally ingestion token for kingdom ${kingdomKd} (shown once; any earlier token no longer works):`,
      );
      print(token);
      print(`Bots post rallies to POST /api/rally/${kingdomKd}/events with "Authorization: Bearer <token>".`);
    });
}
