import type { Command } from 'commander';
import { addUser, isUserRole, listUsers, USER_ROLES } from '../features/users/service.ts';
import { parseWholeNumber, print, printTable, withDatabase } from './context.ts';
import { readPassword } from './password-input.ts';

export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('staff accounts');
  user
    .command('add <username>')
    .description('add a user; the password is read from standard input')
    .requiredOption('--role <role>', `one of ${USER_ROLES.join(', ')}`)
    .option('--kingdom <kd>', 'a kingdom the user administers (repeatable)', collect, [] as string[])
    .action(async (username: string, options: { role: string; kingdom: string[] }) => {
      if (!isUserRole(options.role)) throw new Error(`--role must be one of ${USER_ROLES.join(', ')}`);
      const kingdoms = options.kingdom.map((kd) => parseWholeNumber('--kingdom', kd));
      const password = await readPassword('Password: ');
      const role = options.role;
      await withDatabase(({ db }) => addUser(db, { username, password, role, kingdoms }));
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
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
