import { Command, CommanderError } from 'commander';
import { registerAdminCommands } from './cli/admin-commands.ts';
import { registerCampCommands } from './cli/camp-commands.ts';
import { registerFarmCommands } from './cli/farm-commands.ts';
import { registerKingdomCommands } from './cli/kingdom-commands.ts';
import { registerKvkCommands } from './cli/kvk-commands.ts';
import { registerKvkDataCommands } from './cli/kvk-data-commands.ts';
import { registerMemberExportCommands } from './cli/member-export-commands.ts';
import { registerRallyCommands } from './cli/rally-commands.ts';
import { registerReviewCommands } from './cli/review-commands.ts';
import { registerScanCommands } from './cli/scan-commands.ts';
import { registerUserCommands } from './cli/user-commands.ts';

const program = new Command('npm run cli --')
  .description(
    'Kingdom Stats administration. Uses DATABASE_URL (default sqlite:./data/kingdom-stats.sqlite).',
  )
  .showHelpAfterError('(add --help for usage)')
  .exitOverride();
registerKingdomCommands(program);
registerScanCommands(program);
registerMemberExportCommands(program);
registerCampCommands(program);
registerKvkCommands(program);
registerRallyCommands(program);
registerKvkDataCommands(program);
registerUserCommands(program);
registerAdminCommands(program);
registerFarmCommands(program);
registerReviewCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander has printed help or its own one-line message already.
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
