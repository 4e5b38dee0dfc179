// Serves the built app with the real server on a throw-away SQLite database seeded with the demo data and two staff
// accounts (scripts/e2e-users.mjs), with sign-in enabled, for the browser tests (started by e2e/playwright.config.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareE2eUsers } from './e2e-users.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'kingdom-stats-e2e-'));
const databaseUrl = `sqlite:${join(dataDir, 'e2e.sqlite')}`;
const port = process.env.E2E_PORT ?? '3210';
const demoSecret = process.env.E2E_DEMO_SECRET ?? 'e2e-demo-secret';
const loginEnv = prepareE2eUsers({ databaseUrl, port, demoSecret });

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
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
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
