import type { Command } from 'commander';
import {
  addUser,
  deleteUser,
  isUserRole,
  listUsers,
  recordUserAudit,
  requireUserByName,
  setUserPassword,
  USER_ROLES,
} from '../features/users/service.ts';
import { type CliContext, parseWholeNumber } from './context.ts';
import { readPassword } from './password-input.ts';

export function registerUserCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase } = cli;
  const user = program.command('user').description('staff accounts');
  user
    .command('add <username>')
    .description('add a user; the password is read from standard input')
    .requiredOption('--role <role>', `one of ${USER_ROLES.join(', ')}`)
    .option(
      '--kingdom <kd>',
      'a kingdom the user administers (repeatable; at least one for an admin)',
      collect,
      [] as string[],
    )
    .action(async (username: string, options: { role: string; kingdom: string[] }) => {
      if (!isUserRole(options.role)) throw new Error(`--role must be one of ${USER_ROLES.join(', ')}`);
      const kingdoms = options.kingdom.map((kd) => parseWholeNumber('--kingdom', kd));
      // An admin without a kingdom could sign in to an empty Kingdom Management and do nothing.
      if (options.role === 'admin' && kingdoms.length === 0) {
        throw new Error(
          'An admin administers at least one kingdom: add --kingdom <kd> (or --role superadmin for the whole site)',
        );
      }
      const password = await readPassword(cli.io, 'Password: ');
      const role = options.role;
      await withDatabase(async ({ db }) => {
        const { id } = await addUser(db, { username, password, role, kingdoms });
        await recordUserAudit(db, null, 'user.create', kingdoms, {
          after: { id, username: username.trim(), role, kingdoms, via: 'cli' },
        });
      });
      print(`Added ${role} ${username}`);
    });
  user
    .command('list')
    .description('list users: id, username, role, kingdoms')
    .action(async () => {
      const users = await withDatabase(({ db }) => listUsers(db));
      if (users.length === 0) return print('No users yet');
      printTable(
        ['ID', 'USERNAME', 'ROLE', 'KINGDOMS'],
        users.map((u) => [u.id, u.username, u.role, u.kingdoms.join(',') || '-']),
      );
    });
  user
    .command('passwd <username>')
    .description("set a user's password (read from standard input) and sign them out everywhere")
    .action(async (username: string) => {
      const password = await readPassword(cli.io, 'New password: ');
      await withDatabase(({ db }) => setUserPassword(db, { username, password, actorId: null, via: 'cli' }));
      print(`Password of ${username} changed; their sessions were ended`);
    });
  user
    .command('delete <username>')
    .description('delete a user (never the last superadmin); their kingdoms stay')
    .action(async (username: string) => {
      await withDatabase(async ({ db }) => {
        const found = await requireUserByName(db, username);
        await deleteUser(db, { id: found.id, actorId: null });
      });
      print(`Deleted user ${username}`);
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
