// Serves the built app with the real server, run as `npm start` runs it (scripts/server-build.mjs's bundle), on a
// throw-away SQLite database seeded with the demo data and two staff accounts (scripts/e2e-users.mjs), with sign-in
// enabled, for the browser tests (started by e2e/playwright.config.ts, which picks a free port unless E2E_PORT is
// set). On the way out — the server stopping, or Playwright's SIGTERM — it removes what it made: the database folder
// and the file of the run's test passwords.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eUsersFile, prepareE2eUsers } from './e2e-users.mjs';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const serverEntry = await ensureServerBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'kingdom-stats-e2e-'));
const databaseUrl = `sqlite:${join(dataDir, 'e2e.sqlite')}`;
const port = process.env.E2E_PORT ?? '3210';
const demoSecret = process.env.E2E_DEMO_SECRET ?? 'e2e-demo-secret';

let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(e2eUsersFile(port), { force: true });
}
// Whatever ends this process, synchronously: 'exit' handlers cannot wait for anything.
process.on('exit', cleanUp);

let loginEnv;
try {
  loginEnv = prepareE2eUsers({ databaseUrl, port, demoSecret });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...loginEnv,
    DATABASE_URL: databaseUrl,
    PORT: port,
    HOST: '127.0.0.1',
    DEMO_SECRET: demoSecret,
    SEED_DEMO: 'auto',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
    // A server that does not stop in time is not waited for: the files go anyway.
    setTimeout(() => process.exit(1), 5_000).unref();
  });
}
server.on('exit', (code) => process.exit(code ?? 0));
