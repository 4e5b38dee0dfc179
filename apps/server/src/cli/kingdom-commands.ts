import type { Command } from 'commander';
import { recordAudit } from '../features/audit/service.ts';
import { deleteKingdom } from '../features/kingdoms/delete-kingdom.ts';
import { addKingdom, listKingdoms, requireKingdom } from '../features/kingdoms/service.ts';
import { siteBase, siteBaseNote, viewerLinks } from '../site-links.ts';
import { confirmByTyping } from './confirm.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

export function registerKingdomCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase } = cli;
  const kingdom = program.command('kingdom').description('add, list and delete kingdoms');
  kingdom
    .command('add <kd>')
    .description('add a kingdom, reachable at /<kd>/dashboard/<code>')
    .requiredOption('--code <code>', 'access code viewers use in the URL (4-64 letters, digits, - or _)')
    .option('--name <text>', 'display name')
    .action(async (kd: string, options: { code: string; name?: string }) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const added = await withDatabase(async ({ db }) => {
        await addKingdom(db, { kd: kdNumber, code: options.code, name: options.name });
        await recordAudit(db, {
          userId: null,
          action: 'kingdom.create',
          kingdomKd: kdNumber,
          after: { name: options.name ?? null, via: 'cli' },
        });
        return requireKingdom(db, kdNumber);
      });
      const links = viewerLinks(siteBase(cli.env), added.kd, added.access_code);
      print(`Added kingdom ${kdNumber}`);
      print(`  Viewer link:  ${links.dashboard}`);
      print(`  KvK DKP:      ${links.kdDashboard}`);
      print(`  Rallies:      ${links.rallies}`);
      const note = siteBaseNote(cli.env);
      if (note) print(note);
      print(`Next: import a scan with  npm run cli -- scan import ${kdNumber} <file>`);
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
  kingdom
    .command('delete <kd>')
    .description(
      'delete a kingdom and everything of it (scans, formula, camps, seasons, rallies, tokens, HoH, pre-KvK, admin links); asks you to type the kd',
    )
    .option('--yes', 'do not ask (for scripts)')
    .action(async (kd: string, options: { yes?: boolean }) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const deleted = await withDatabase(async ({ db }) => {
        const existing = await requireKingdom(db, kdNumber);
        if (!options.yes) {
          const named = existing.name ? ` (${existing.name})` : '';
          await confirmByTyping(
            cli.io,
            String(kdNumber),
            `This deletes kingdom ${kdNumber}${named} with all its scans, formula, camps, seasons, rallies and uploads; it cannot be undone.\nType ${kdNumber} to confirm: `,
          );
        }
        return deleteKingdom(db, { kd: kdNumber, actorId: null, via: 'cli' });
      });
      const parts = [
        `${count(deleted.scans, 'scan')} (${count(deleted.governorRows, 'governor row')})`,
        count(deleted.seasons, 'KvK season'),
        count(deleted.camps, 'camp'),
        count(deleted.rallies, 'rally', 'rallies'),
        count(deleted.hohRecords, 'Hall of Heroes row'),
        count(deleted.prekvkPoints, 'pre-KvK row'),
        count(deleted.adminLinks, 'admin link'),
        ...(deleted.formula ? ['its formula'] : []),
        ...(deleted.rallyToken ? ['its rally token'] : []),
      ];
      print(`Deleted kingdom ${kdNumber}: ${parts.join(', ')}`);
    });
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
