import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { removeDemo } from '../demo/remove-demo.ts';
import { DEMO_KDS, seedDemo } from '../demo/seed-demo.ts';
import { isDatabaseEmpty, newDemoSecret } from '../features/demo/service.ts';
import { nowSeconds } from '../features/scans/scan-store.ts';
import { confirmByTyping } from './confirm.ts';
import type { CliContext } from './context.ts';

export function registerAdminCommands(program: Command, cli: CliContext): void {
  const { print, withDatabase } = cli;
  program
    .command('db')
    .description('database maintenance')
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      const applied = await withDatabase(async ({ db, description }) => {
        // withDatabase has migrated already; a second run reports what the first applied as nothing left to do.
        const report = await migrateToLatest(db);
        return { description, applied: report.applied };
      });
      print(`${applied.description}: schema is up to date`);
    });

  const demo = program.command('demo').description('demo data');
  demo
    .command('seed')
    .description('seed the demo kingdoms into an empty database')
    .action(async () => {
      const config = loadConfig(cli.env);
      const result = await withDatabase(async ({ db }) => {
        if (!(await isDatabaseEmpty(db))) {
          throw new Error(
            'The database already has kingdoms; the demo is only seeded into an empty database',
          );
        }
        return seedDemo(db, { now: new Date(), secret: config.demoSecret ?? newDemoSecret() });
      });
      print(`Seeded ${result.kingdoms} kingdoms, ${result.governors} governors, ${result.scans} scans`);
      print(`Demo dashboard: /demo/dashboard/${result.secret}`);
      print(`Demo kingdom:   /${result.kd}/dashboard/${result.code}`);
    });
  demo
    .command('remove')
    .description('delete the demo kingdoms and the demo link; the server will not seed the demo again')
    .option('--yes', 'do not ask (for scripts)')
    .action(async (options: { yes?: boolean }) => {
      if (!options.yes) {
        await confirmByTyping(
          cli.io,
          'demo',
          `This deletes the demo kingdoms ${DEMO_KDS[0]}–${DEMO_KDS.at(-1)} and everything of them.\nType demo to confirm: `,
        );
      }
      const result = await withDatabase(({ db }) => removeDemo(db, nowSeconds()));
      print(
        result.removed.length === 0
          ? 'No demo kingdoms were left; the demo link is off and the demo will not be seeded again'
          : `Removed the demo: kingdoms ${result.removed.join(', ')}; the demo link is off and the demo will not be seeded again`,
      );
      if (result.kept.length > 0) {
        print(
          `Kept kingdoms ${result.kept.join(', ')}: they hold scans you imported (kingdom delete <kd> removes one)`,
        );
      }
    });
}
