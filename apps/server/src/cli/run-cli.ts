import { Command, CommanderError } from 'commander';
import { registerActivityCommands } from './activity-commands.ts';
import { registerAdminCommands } from './admin-commands.ts';
import { registerCampCommands } from './camp-commands.ts';
import { type CliIo, cliContext, type RegisterCommands } from './context.ts';
import { registerDbCommands } from './db-commands.ts';
import { registerDiscordCommands } from './discord-commands.ts';
import { registerFarmCommands } from './farm-commands.ts';
import { registerKingdomCommands } from './kingdom-commands.ts';
import { registerKvkCommands } from './kvk-commands.ts';
import { registerKvkDataCommands } from './kvk-data-commands.ts';
import { registerMemberExportCommands } from './member-export-commands.ts';
import { registerMigrationListCommands } from './migration-list-commands.ts';
import { registerRallyCommands } from './rally-commands.ts';
import { registerReviewCommands } from './review-commands.ts';
import { registerScanCommands } from './scan-commands.ts';
import { registerUserCommands } from './user-commands.ts';

/** Every command group, in the order `--help` lists them: a new group is one more line here. */
export const COMMAND_GROUPS: readonly RegisterCommands[] = [
  registerKingdomCommands,
  registerScanCommands,
  registerCampCommands,
  registerKvkCommands,
  registerRallyCommands,
  registerKvkDataCommands,
  registerMemberExportCommands,
  registerMigrationListCommands,
  registerActivityCommands,
  registerUserCommands,
  registerAdminCommands,
  registerFarmCommands,
  registerReviewCommands,
  registerDbCommands,
  registerDiscordCommands,
];

/**
 * `npm run cli -- <args>`: runs one command with io's streams and settings and answers its exit code (0 done,
 * 1 refused or failed; Commander's own code for help and usage errors). Nothing here touches `process`, so the
 * tests run commands in their own process; cli.ts is the wrapper that hands it the real ones.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const program = new Command('npm run cli --')
    .description(
      'Kingdom Stats administration. Uses DATABASE_URL (default sqlite:./data/kingdom-stats.sqlite).',
    )
    .showHelpAfterError('(add --help for usage)')
    // Before the groups are added: subcommands copy these settings when they are created.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander's own rule: a terminal's width, otherwise 80 columns.
      getOutHelpWidth: () => (io.stdout.isTTY ? io.stdout.columns : undefined) ?? 80,
      getErrHelpWidth: () => (io.stderr.isTTY ? io.stderr.columns : undefined) ?? 80,
    });
  const cli = cliContext(io);
  for (const register of COMMAND_GROUPS) register(program, cli);

  try {
    await program.parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    // Commander has printed help or its own one-line message already.
    if (error instanceof CommanderError) return error.exitCode;
    io.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
