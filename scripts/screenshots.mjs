// Screenshots of the main screens for the README, from the demo data: `node scripts/screenshots.mjs`.
// It starts the real server on a throw-away SQLite database with the demo and a superadmin made for this run (the
// browser tests' own set-up, scripts/e2e-users.mjs), opens each screen in the system's Chromium (CHROMIUM_PATH,
// default /usr/bin/chromium) at 1366 × 800 and at a phone's 375 × 740, writes docs/screenshots/<screen>-<size>.png,
// and removes the database and the password file again. Run it again after a screen changes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { e2eUsersFile, prepareE2eUsers } from './e2e-users.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

const OUT = join(root, 'docs/screenshots');
const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 740 } },
];
const DEMO_SECRET = `screenshots-${process.pid}`;

/** The screens, each with the text that says its data is on screen (a screenshot of a spinner helps nobody). */
function screens(kd, code) {
  return [
    { name: 'dashboard', path: `/${kd}/dashboard/${code}`, ready: 'Kingdom Wise Performance' },
    { name: 'kd-dashboard', path: `/${kd}/kd-dashboard/${code}`, ready: 'DKP' },
    { name: 'rallies', path: `/${kd}/rallydata/${code}`, ready: 'Rall' },
    { name: 'formula-editor', path: `/${kd}/formula/${code}`, ready: 'Save', signedIn: true },
    { name: 'kingdom-management', path: '/admin/settings', ready: String(kd), signedIn: true },
    // The same dashboard in two of the players' languages (issue 38): Vietnamese, and Arabic right to left. Last, so
    // the language they choose (and remember) does not reach the screens above.
    { name: 'dashboard-vi', path: `/${kd}/dashboard/${code}?lang=vi`, ready: 'Thành tích theo vương quốc' },
    { name: 'dashboard-ar', path: `/${kd}/dashboard/${code}?lang=ar`, ready: 'الأداء حسب المملكة' },
  ];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, server) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped before it answered');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/health within two minutes');
}

async function main() {
  ensureWebBuild();
  const port = String(await freePort());
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kingdom-stats-screenshots-'));
  const databaseUrl = `sqlite:${join(dataDir, 'demo.sqlite')}`;
  let server;
  let browser;
  try {
    const loginEnv = prepareE2eUsers({ databaseUrl, port, demoSecret: DEMO_SECRET });
    server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...loginEnv,
        DATABASE_URL: databaseUrl,
        PORT: port,
        HOST: '127.0.0.1',
        DEMO_SECRET,
        LOG_LEVEL: 'warn',
      },
    });
    await waitForHealth(base, server);

    const { readFileSync } = await import('node:fs');
    const users = JSON.parse(readFileSync(e2eUsersFile(port), 'utf8'));
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(users.superadmin),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
    const session = await login.json();
    const demo = session.kingdoms.find((k) => k.kd === users.kd);

    mkdirSync(OUT, { recursive: true });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size.viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const screen of screens(demo.kd, demo.code)) {
        await page.goto(`${base}/login`);
        await page.evaluate(
          ([token, user]) => {
            if (token) {
              localStorage.setItem('token', token);
              localStorage.setItem('user', user);
            } else {
              localStorage.clear();
            }
          },
          screen.signedIn ? [session.token, JSON.stringify(session.user)] : ['', ''],
        );
        await page.goto(`${base}${screen.path}`);
        await page.getByText(screen.ready).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        const file = join(OUT, `${screen.name}-${size.name}.png`);
        await page.screenshot({ path: file });
        console.log(`docs/screenshots/${screen.name}-${size.name}.png`);
      }
      await context.close();
    }
  } finally {
    await browser?.close();
    if (server && server.exitCode === null) {
      const stopped = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await stopped;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(e2eUsersFile(port), { force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
