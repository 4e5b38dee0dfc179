import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { commandDefinitions } from '../features/discord/commands.ts';
import { DiscordRest } from '../features/discord/rest.ts';
import { createDiscord, type DiscordParts } from '../features/discord/service.ts';
import { createSetupCode, decideLink, pendingLinks } from '../features/discord/store.ts';
import { onScansImported } from '../features/imports/after-import.ts';
import { KdDashboardService } from '../features/kd-dashboard/service.ts';
import { siteBase } from '../site-links.ts';
import { type CliContext, isoUtc, parseWholeNumber } from './context.ts';

/** The longest the CLI waits, after its command, for announcements still being posted (retries included). */
const ANNOUNCE_WAIT_MS = 60_000;

/**
 * `npm run cli -- discord …` (docs/discord.md), and the CLI's own announcements: a scan imported from the command
 * line is announced like one uploaded on the site, by this process, which waits for the posts before it exits.
 */
export function registerDiscordCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase } = cli;
  announceCliImports(program, cli);
  const discord = program
    .command('discord')
    .description('Kingdom Stats in Discord: bind servers, register commands');
  discord
    .command('bind <kd>')
    .description('make a one-time code that binds a Discord server to the kingdom (/setup code:… in Discord)')
    .action(async (kd: string) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const { code, expiresAt } = await withDatabase(({ db }) =>
        createSetupCode(db, { kd: kingdomKd, userId: null }),
      );
      print(`Setup code for kingdom ${kingdomKd} (one use, until ${isoUtc(expiresAt)}):`);
      print(code);
      print('In your Discord server, a member who may manage it runs: /setup code:<the code>');
    });
  discord
    .command('register')
    .description(
      "send the slash commands' definitions to Discord (DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN)",
    )
    .action(async () => {
      const config = loadConfig(cli.env).discord;
      if (!config.applicationId || !config.botToken) {
        throw new Error('discord register needs DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN');
      }
      const registered = await new DiscordRest(config).registerCommands(commandDefinitions());
      print(`Registered ${registered.length} commands: ${registered.map((c) => `/${c.name}`).join(' ')}`);
    });
  discord
    .command('links <kd>')
    .description('list the governor claims waiting for an admin')
    .action(async (kd: string) => {
      const kingdomKd = parseWholeNumber('kd', kd);
      const links = await withDatabase(({ db }) => pendingLinks(db, kingdomKd));
      if (links.length === 0) return print(`No claims wait in kingdom ${kingdomKd}.`);
      printTable(
        ['request', 'governor', 'discord user', 'asked', 'note'],
        links.map((l) => [
          l.id,
          l.governorId,
          l.discordUsername,
          isoUtc(l.requestedAt),
          l.contested ? 'claimed by another user too' : '',
        ]),
      );
    });
  for (const [name, decision] of [
    ['approve', 'approved'],
    ['refuse', 'refused'],
  ] as const) {
    discord
      .command(`${name} <kd> <request>`)
      .description(`${name} a governor claim (see discord links)`)
      .action(async (kd: string, request: string) => {
        const kingdomKd = parseWholeNumber('kd', kd);
        const link = await withDatabase(({ db }) =>
          decideLink(db, {
            kd: kingdomKd,
            linkId: parseWholeNumber('request', request),
            decision,
            userId: null,
            via: 'cli',
          }),
        );
        print(`${link.discordUsername}'s claim on governor ${link.governorId}: ${decision}`);
      });
  }
}

/** With Discord configured, imports in this process are announced; the process waits for the posts after its command. */
function announceCliImports(program: Command, cli: CliContext): void {
  let parts: { database: DatabaseHandle; discord: DiscordParts } | null = null;
  let stop: (() => void) | null = null;
  program.hook('preAction', () => {
    const config = loadConfig(cli.env);
    if (config.discord.mode === 'off' || stop) return;
    stop = onScansImported((event) => {
      // The command's own connection closes when it ends: the announcements read through one of their own.
      if (!parts) {
        const database = createDatabase(config.databaseUrl);
        parts = {
          database,
          discord: createDiscord({
            db: database.db,
            kdDashboard: new KdDashboardService(database.db),
            options: config.discord,
            siteUrl: siteBase(cli.env),
            log: {
              warn: (object, message) => cli.io.stderr.write(`${message}: ${JSON.stringify(object)}\n`),
            },
          }),
        };
      }
      parts.discord.announcer.announce({ ...event, db: parts.database.db });
    });
  });
  program.hook('postAction', async () => {
    stop?.();
    if (!parts) return;
    const { database, discord } = parts;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      discord.announcer.settled(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, ANNOUNCE_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    await database.close();
  });
}
