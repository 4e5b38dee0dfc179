import type { Command } from 'commander';
import { recordAudit } from '../features/audit/service.ts';
import { deleteKvkSeason } from '../features/kingdom-admin/service.ts';
import { requireKingdom } from '../features/kingdoms/service.ts';
import { addKvkSeason } from '../features/kvk/service.ts';
import { type CliContext, isoUtc, parseIsoTime, parseWholeNumber } from './context.ts';

export function registerKvkCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase } = cli;
  const kvk = program.command('kvk').description('KvK seasons');
  kvk
    .command('add <kd> <kvk-number>')
    .description('add a KvK season for a kingdom')
    .requiredOption('--open <iso>', 'open time, ISO-8601 (UTC when no zone is given)')
    .requiredOption('--close <iso>', 'close time, ISO-8601 (UTC when no zone is given)')
    .action(async (kd: string, kvkNumber: string, options: { open: string; close: string }) => {
      const input = {
        kd: parseWholeNumber('kd', kd),
        kvkNumber: parseWholeNumber('kvk-number', kvkNumber),
        openTime: parseIsoTime('--open', options.open),
        closeTime: parseIsoTime('--close', options.close),
      };
      await withDatabase(async ({ db }) => {
        await addKvkSeason(db, input);
        await recordAudit(db, {
          userId: null,
          action: 'kvk.add',
          kingdomKd: input.kd,
          after: {
            kvkNumber: input.kvkNumber,
            openTime: input.openTime,
            closeTime: input.closeTime,
            via: 'cli',
          },
        });
      });
      print(`Added KvK ${input.kvkNumber} for kingdom ${input.kd}`);
    });
  kvk
    .command('list <kd>')
    .description("list a kingdom's KvK seasons: number, open and close (UTC)")
    .action(async (kd: string) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const seasons = await withDatabase(async ({ db }) => {
        await requireKingdom(db, kdNumber);
        return db
          .selectFrom('kvk_seasons')
          .select(['kvk_number', 'open_time', 'close_time'])
          .where('kingdom_kd', '=', kdNumber)
          .orderBy('open_time')
          .execute();
      });
      if (seasons.length === 0) return print(`Kingdom ${kdNumber} has no KvK seasons yet`);
      printTable(
        ['KVK', 'OPEN (UTC)', 'CLOSE (UTC)'],
        seasons.map((s) => [s.kvk_number, isoUtc(s.open_time), isoUtc(s.close_time)]),
      );
    });
  kvk
    .command('delete <kd> <kvk-number>')
    .description("delete one of a kingdom's KvK seasons (its pre-KvK and Hall of Heroes uploads stay)")
    .action(async (kd: string, kvkNumber: string) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const number = parseWholeNumber('kvk-number', kvkNumber);
      await withDatabase(({ db }) => deleteKvkSeason(db, kdNumber, number, null));
      print(`Deleted KvK ${number} of kingdom ${kdNumber}`);
    });
}
