import { execFileSync } from 'node:child_process';

/** Matches DEMO_SECRET in scripts/e2e-server.mjs, which seeds the demo kingdom behind it. */
export const DEMO_SECRET = 'e2e-demo-secret';

/**
 * E2E_PORT when given (engineers running side by side each pick one); otherwise a port the system says is free,
 * chosen once when Playwright loads its config and passed on in the environment, so the web server it starts and the
 * workers it forks all use the same one.
 */
function e2ePort(): number {
  if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePort());
  return Number(process.env.E2E_PORT);
}

function freePort(): number {
  const script =
    "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

export const E2E_PORT = e2ePort();

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
