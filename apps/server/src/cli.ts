import { runCli } from './cli/run-cli.ts';

// `npm run cli -- …`: the commands (cli/run-cli.ts) with this process's streams, settings and exit code.
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
