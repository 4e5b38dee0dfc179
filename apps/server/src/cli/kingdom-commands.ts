import type { Command } from 'commander';
import { addKingdom, listKingdoms, setCamp } from '../features/kingdoms/service.ts';
import { addKvkSeason } from '../features/kvk/service.ts';
import { parseIsoTime, parseWholeNumber, print, printTable, withDatabase } from './context.ts';

export function registerKingdomCommands(program: Command): void {
  const kingdom = program.command('kingdom').description('add and list kingdoms');
  kingdom
    .command('add <kd>')
    .description('add a kingdom, reachable at /<kd>/dashboard/<code>')
    .requiredOption('--code <code>', 'access code viewers use in the URL (4-64 letters, digits, - or _)')
    .option('--name <text>', 'display name')
    .action(async (kd: string, options: { code: string; name?: string }) => {
      const kdNumber = parseWholeNumber('kd', kd);
      await withDatabase(({ db }) =>
        addKingdom(db, { kd: kdNumber, code: options.code, name: options.name }),
      );
      print(`Added kingdom ${kdNumber}`);
    });
  kingdom
    .command('list')
    .description('list kingdoms: kd, name, code, scans')
    .action(async () => {
      const kingdoms = await withDatabase(({ db }) => listKingdoms(db));
      if (kingdoms.length === 0)
        return print('No kingdoms yet. Add one: npm run cli -- kingdom add <kd> --code <code>');
      printTable(
        ['KD', 'NAME', 'CODE', 'SCANS'],
        kingdoms.map((k) => [k.kd, k.name ?? '-', k.code, k.scans]),
      );
    });

  program
    .command('camp')
    .description("group kingdoms into camps on a kingdom's KvK map")
    .command('set <kd> <camp-name> <member-kd...>')
    .description("make <member-kd...> the kingdoms of camp <camp-name> on kd's KvK map")
    .action(async (kd: string, campName: string, memberKds: string[]) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const members = memberKds.map((m) => parseWholeNumber('member kd', m));
      await withDatabase(({ db }) => setCamp(db, { kd: kdNumber, campName, memberKds: members }));
      print(`Camp ${campName} on kingdom ${kdNumber}'s map: ${members.join(', ')}`);
    });

  program
    .command('kvk')
    .description('KvK seasons')
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
      await withDatabase(({ db }) => addKvkSeason(db, input));
      print(`Added KvK ${input.kvkNumber} for kingdom ${input.kd}`);
    });
}
