import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const serverRoot = resolve(import.meta.dirname, '../..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run cli -- <args>` the way a person would, as its own process against databaseUrl. */
export function runCli(
  databaseUrl: string,
  args: string[],
  input?: string,
  env: NodeJS.ProcessEnv = {},
): CliResult {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', resolve(serverRoot, 'src/cli.ts'), ...args],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        PUBLIC_URL: '',
        PORT: '',
        ...env,
        DATABASE_URL: databaseUrl,
        INIT_CWD: serverRoot,
      },
      input: input ?? '',
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
