import { basename } from 'node:path';
import type { NewGovernorsDetail } from '@kingdom-stats/core/api';
import type { Command } from 'commander';
import { refreshAfterImport } from '../db/planner-statistics.ts';
import { recordAudit } from '../features/audit/service.ts';
import { prepareScanFile } from '../features/imports/import-scan.ts';
import { newGovernorsRefusal, newGovernorsShare } from '../features/imports/new-governors.ts';
import { revokeIngestToken, rotateIngestToken, UPLOAD_TOKEN } from '../features/ingest-tokens/tokens.ts';
import {
  auditScanImport,
  deleteKingdomScan,
  listScans,
  renameKingdomScan,
} from '../features/scans/service.ts';
import { resultSentences } from '../import/import-report.ts';
import { cleanScanName } from '../import/scan-name.ts';
import { siteBase, siteBaseNote } from '../site-links.ts';
import { type CliContext, isoUtc, parseWholeNumber } from './context.ts';

interface ImportOptions {
  at?: string;
  homeKd?: string;
  replace?: boolean;
  rolledUp?: boolean;
  autarch?: boolean;
  newScan?: boolean;
  joinScan?: string;
  newGovernors?: boolean;
}

/** Files most of whose governors the kingdom never had: one refusal naming each, before anything is stored. */
function refuseNewGovernors(files: readonly NewGovernorsDetail[]): void {
  const [first] = files;
  if (!first) return;
  const goAhead = `Nothing was imported. Run again with --new-governors to import ${files.length === 1 ? 'it' : 'them'} anyway.`;
  if (files.length === 1) throw newGovernorsRefusal(first, goAhead);
  const each = files.map((file) => `${file.fileName}: ${newGovernorsShare(file)}`).join('; ');
  throw new Error(`Are these kingdom ${first.kingdom}'s files? ${each}. ${goAhead}`);
}

export function registerScanCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase, userPath } = cli;
  const scan = program.command('scan').description('import, list, rename and delete scans');
  scan
    .command('import <kd> <file...>')
    .description(
      'import scanner files (RokTracker xlsx/xls/csv/jsonl, LibreOffice ods, Hero Scrolls xlsx, canonical csv); a file of another ' +
        'home kingdom near the time of a stored scan is added to that scan (docs/import-formats.md)',
    )
    .option('--at <iso>', 'scan time, ISO-8601; otherwise read from the file or its name')
    .option('--home-kd <kd>', 'home kingdom of rows whose file has no kingdom column')
    .option('--replace', "replace the stored values of the file's governors instead of refusing the file")
    .option('--rolled-up', 'Hero Scrolls: import the "Rolled Up" sheet (farms folded into main accounts)')
    .option('--autarch', 'store as autarch data instead of a kingdom scan')
    .option('--new-scan', 'make a scan of its own even when a scan of other home kingdoms is near its time')
    .option('--join-scan <scan-id>', "add the file's governors to this scan, whatever its time")
    .option(
      '--new-governors',
      'import a file even when most of its governors were never seen in the kingdom (otherwise it is refused)',
    )
    .action(async (kd: string, files: string[], options: ImportOptions) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const homeKd = options.homeKd === undefined ? undefined : parseWholeNumber('--home-kd', options.homeKd);
      const joinScanId =
        options.joinScan === undefined ? undefined : parseWholeNumber('--join-scan', options.joinScan);
      if (options.at && files.length > 1)
        throw new Error('--at gives one time: import one file at a time with it');
      if (options.newScan && joinScanId !== undefined)
        throw new Error('--new-scan and --join-scan ask for opposite things: give one of them');
      await withDatabase(async ({ db }) => {
        // Every file is read and checked first, then stored in the order of its scan time (issue 36: the files of a
        // shell glob come in name order, and a scan's checks look at its neighbours in time). A refused file stops the
        // run before anything is stored. Each file is then stored in its own transaction.
        const prepared = [];
        for (const filePath of files) {
          const file = await prepareScanFile(db, {
            kingdomKd,
            filePath: userPath(filePath),
            at: options.at,
            homeKd,
            replace: options.replace ?? false,
            rolledUp: options.rolledUp ?? false,
            kind: options.autarch ? 'autarch' : 'kingdom',
            newScan: options.newScan ?? false,
            ...(joinScanId === undefined ? {} : { joinScanId }),
            newGovernors: options.newGovernors ? 'import' : 'ask',
          });
          prepared.push({ filePath, file });
        }
        refuseNewGovernors(prepared.flatMap(({ file }) => (file.newGovernors ? [file.newGovernors] : [])));
        prepared.sort((a, b) => a.file.earliestTakenAt - b.file.earliestTakenAt);
        for (const { filePath, file } of prepared) {
          const result = await file.store();
          const kind = options.autarch ? 'autarch' : 'kingdom';
          await auditScanImport(db, { userId: null, kingdomKd, kind, file: result, via: 'cli' });
          await refreshAfterImport(db, result);
          print(`${basename(filePath)}:`);
          for (const line of resultSentences(result)) print(`  ${line}`);
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
      await withDatabase(async ({ db }) => {
        const scan = await db
          .selectFrom('scans')
          .select(['name', 'taken_at', 'row_count', 'kind'])
          .where('id', '=', id)
          .where('kingdom_kd', '=', kdNumber)
          .executeTakeFirst();
        await deleteKingdomScan(db, kdNumber, id);
        await recordAudit(db, {
          userId: null,
          action: 'scan.delete',
          kingdomKd: kdNumber,
          before: {
            scanId: id,
            name: scan?.name,
            takenAt: scan?.taken_at,
            rows: scan?.row_count,
            via: 'cli',
          },
        });
      });
      print(`Deleted scan ${id} of kingdom ${kdNumber}`);
    });
  scan
    .command('rename <kd> <scan-id> <name>')
    .description('give a scan the name the period selects show')
    .action(async (kd: string, scanId: string, name: string) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const id = parseWholeNumber('scan-id', scanId);
      const renamed = await withDatabase(async ({ db }) => {
        const result = await renameKingdomScan(db, kdNumber, id, cleanScanName(name));
        await recordAudit(db, {
          userId: null,
          action: 'scan.rename',
          kingdomKd: kdNumber,
          before: { scanId: id, name: result.previousName },
          after: { scanId: id, name: result.name, via: 'cli' },
        });
        return result;
      });
      print(`Renamed scan ${id} of kingdom ${kdNumber}: "${renamed.previousName}" is now "${renamed.name}"`);
    });
  scan
    .command('upload-token <kd>')
    .description(
      "create or rotate the kingdom's upload token for scanner machines and bots (the old one stops working)",
    )
    .option('--revoke', 'delete the token instead: files sent with it are refused from now on')
    .action(async (kd: string, options: { revoke?: boolean }) => {
      const kdNumber = parseWholeNumber('kd', kd);
      if (options.revoke) {
        const revoked = await withDatabase(({ db }) =>
          revokeIngestToken(db, UPLOAD_TOKEN, { kd: kdNumber, userId: null }),
        );
        print(
          revoked ? `Upload token of kingdom ${kdNumber} revoked` : `Kingdom ${kdNumber} has no upload token`,
        );
        return;
      }
      const { token } = await withDatabase(({ db }) =>
        rotateIngestToken(db, UPLOAD_TOKEN, { kd: kdNumber, userId: null }),
      );
      print(`Upload token for kingdom ${kdNumber} (shown once; any earlier token no longer works):`);
      print(token);
      print('Send a scan file with it:');
      print(
        `  curl -H "Authorization: Bearer ${token}" -F file=@scan.xlsx ${siteBase(cli.env)}/api/upload/${kdNumber}/scans`,
      );
      const note = siteBaseNote(cli.env);
      if (note) print(note);
    });
}
