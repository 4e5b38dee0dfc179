// The browser tests' staff accounts. scripts/e2e-server.mjs calls prepareE2eUsers() on the fresh e2e database before
// it starts the server (with LOGIN_ENABLED=true): it seeds the demo (so the demo kingdom exists to administer), adds
// a superadmin and an admin of the demo kingdom through the real CLI, and writes their credentials to a file only
// this user can read, which the specs read (e2e/support/users.ts). The password is random per run: no credential is
// written in the source.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const E2E_SUPERADMIN = 'e2e-admin';
export const E2E_KINGDOM_ADMIN = 'e2e-kd-admin';

/** Where the credentials of the e2e server on `port` are written (and read by the specs). */
export function e2eUsersFile(port) {
  return join(tmpdir(), `kingdom-stats-e2e-users-${port}.json`);
}

function cli(args, env, input = '') {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/cli.ts'), ...args],
    {
      cwd: root,
      env,
      input,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) {
    throw new Error(`npm run cli -- ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * @param {{ databaseUrl: string, port: string | number, demoSecret: string, env?: NodeJS.ProcessEnv }} options
 * @returns {{ LOGIN_ENABLED: string }} what to add to the server's environment
 */
export function prepareE2eUsers({ databaseUrl, port, demoSecret, env = process.env }) {
  const cliEnv = { ...env, DATABASE_URL: databaseUrl, DEMO_SECRET: demoSecret, LOG_LEVEL: 'warn' };
  const seeded = cli(['demo', 'seed'], cliEnv);
  const kd = /Demo kingdom:\s+\/(\d+)\//.exec(seeded)?.[1];
  if (!kd) throw new Error(`demo seed did not name the demo kingdom:\n${seeded}`);
  const password = randomBytes(18).toString('base64url');
  cli(['user', 'add', E2E_SUPERADMIN, '--role', 'superadmin'], cliEnv, `${password}\n`);
  cli(['user', 'add', E2E_KINGDOM_ADMIN, '--role', 'admin', '--kingdom', kd], cliEnv, `${password}\n`);
  const users = {
    kd: Number(kd),
    superadmin: { username: E2E_SUPERADMIN, password },
    kingdomAdmin: { username: E2E_KINGDOM_ADMIN, password },
  };
  writeFileSync(e2eUsersFile(port), JSON.stringify(users), { mode: 0o600 });
  return { LOGIN_ENABLED: 'true' };
}
