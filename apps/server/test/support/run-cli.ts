import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { runCli as runCliCommand } from '../../src/cli/run-cli.ts';

const serverRoot = resolve(import.meta.dirname, '../..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The settings a command sees: this process's, without a host's PUBLIC_URL or PORT (the links are then
 * http://localhost:3000/…), and with relative paths read from apps/server, as `npm run cli` there would.
 */
function cliEnvironment(databaseUrl: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PUBLIC_URL: '',
    PORT: '',
    ...env,
    DATABASE_URL: databaseUrl,
    INIT_CWD: serverRoot,
  };
}

/**
 * `npm run cli -- <args>` against databaseUrl, run in this process through the CLI's entry function (runCli in
 * src/cli/run-cli.ts): the same commands, output and exit code, without starting Node.js and tsx for each one.
 * `input` is what is piped to its standard input (a password, a confirmation).
 */
export async function runCli(
  databaseUrl: string,
  args: string[],
  input?: string,
  env: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const status = await runCliCommand(args, {
    stdin: Readable.from(input ? [Buffer.from(input)] : []),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: cliEnvironment(databaseUrl, env),
    cwd: serverRoot,
  });
  return { status, stdout, stderr };
}

/**
 * `npm run cli -- <args>` as a process of its own, the way a person runs it: for the few tests of the wiring
 * (src/cli.ts, its streams, its exit code, its environment reaching the file readers). It does not block this
 * process, so a test's server keeps answering meanwhile.
 */
export function runCliProcess(
  databaseUrl: string,
  args: string[],
  input?: string,
  env: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(serverRoot, 'src/cli.ts'), ...args], {
    cwd: serverRoot,
    env: cliEnvironment(databaseUrl, env),
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  child.stdin.end(input ?? '');
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}
