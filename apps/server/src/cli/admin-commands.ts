import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { isDatabaseEmpty, newDemoSecret } from '../features/demo/service.ts';
import { print, withDatabase } from './context.ts';

export function registerAdminCommands(program: Command): void {
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

  program
    .command('demo')
    .description('demo data')
    .command('seed')
    .description('seed the demo kingdoms into an empty database')
    .action(async () => {
      const config = loadConfig();
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
}
