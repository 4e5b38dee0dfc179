import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { createDatabase } from '../db/database.ts';
import { copySite, verifySite } from '../db/site-copy.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

/** `db backup`, `db restore`, `db copy`: moving a site between files and databases (docs/operations.md). */
export function registerDbCommands(program: Command, cli: CliContext): void {
  // `db migrate` is the admin group's; these join it under the same `db` command.
  const db =
    program.commands.find((command) => command.name() === 'db') ??
    program.command('db').description('database maintenance');

  db.command('backup')
    .description('Write a backup of DATABASE_URL to <file> (SQLite: online backup; PostgreSQL: pg_dump)')
    .argument('<file>')
    .action(async (file: string) => {
      const done = await backupDatabase(databaseUrl(cli), cli.userPath(file));
      cli.print(done);
    });

  db.command('restore')
    .description(
      'Restore <file> (from db backup) into DATABASE_URL; refuses a database with kingdoms or users. ' +
        'Stop the server first.',
    )
    .argument('<file>')
    .action(async (file: string) => {
      const done = await restoreDatabase(databaseUrl(cli), cli.userPath(file));
      cli.print(done);
    });

  db.command('copy')
    .description(
      'Copy every table from <from-url> to <to-url> (SQLite or PostgreSQL), then compare them row by row',
    )
    .argument('<from-url>')
    .argument('<to-url>')
    .option('--resume', 'continue a copy that stopped, each table after the largest key already copied')
    .option('--batch-rows <n>', 'rows a batch (one transaction each)', '5000')
    .action(async (fromUrl: string, toUrl: string, options: { resume?: boolean; batchRows: string }) => {
      const batchRows = parseWholeNumber('--batch-rows', options.batchRows);
      if (batchRows < 1) throw new Error('--batch-rows must be at least 1');
      const source = createDatabase(localPath(cli, fromUrl));
      const target = createDatabase(localPath(cli, toUrl));
      try {
        cli.print(
          `Copying ${source.description} → ${target.description}${options.resume ? ' (resuming)' : ''}`,
        );
        await copySite(source, target, {
          resume: options.resume === true,
          batchRows,
          onTable: (table, rows) => cli.print(`  ${table}: ${rows} rows copied`),
        });
        const checks = await verifySite(source, target, batchRows);
        cli.print('Verification (rows and sha256 of every row in key order, on both sides):');
        cli.printTable(
          ['table', 'source rows', 'target rows', 'sha256 (first 12)', 'result'],
          checks.map((c) => [
            c.table,
            c.sourceRows,
            c.targetRows,
            c.sourceSha256 === c.targetSha256
              ? c.sourceSha256.slice(0, 12)
              : `${c.sourceSha256.slice(0, 12)} ≠ ${c.targetSha256.slice(0, 12)}`,
            c.matches ? 'match' : 'DIFFERS',
          ]),
        );
        const differing = checks.filter((c) => !c.matches);
        if (differing.length > 0)
          throw new Error(
            `${differing.length} table(s) differ after the copy: ${differing.map((c) => c.table).join(', ')}`,
          );
        cli.print(
          `All ${checks.length} tables match. Point DATABASE_URL at ${target.description} and restart the server.`,
        );
      } finally {
        await Promise.all([source.close(), target.close()]);
      }
    });
}

function databaseUrl(cli: CliContext): string {
  return loadConfig(cli.env).databaseUrl;
}

/** A SQLite path typed on the command line is read from where it was typed, like every other file argument. */
function localPath(cli: CliContext, url: string): string {
  if (!url.startsWith('sqlite:')) return url;
  const location = url.slice('sqlite:'.length);
  return location === ':memory:' || location === '' ? url : `sqlite:${cli.userPath(location)}`;
}
