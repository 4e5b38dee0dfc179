import { defineConfig, devices } from '@playwright/test';
import { ensureDiscordKeys } from './support/discord.ts';
import { BASE_URL } from './support/env.ts';

// Before the web server starts: it inherits the public key, the workers the private one (support/discord.ts).
ensureDiscordKeys();

// Debian's Chromium rather than Playwright's download: the machines we test on have no browser cache and no
// network for one. The flags keep a headless run quiet and deterministic inside containers.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'specs',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_REPORTER ?? 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Every test runs at 1366 px except those tagged @phone-only. At 375 px run only the tests that check the
    // phone's layout or phone-only behaviour (cards for tables, the phone's links and menus, overflow, touch):
    // tagged @phone (both widths) or @phone-only. The rest would repeat the desktop run at twice the cost
    // (docs/testing.md). @desktop-only marks a test whose checks hold only at desktop width: never at 375 px.
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 }, launchOptions },
    },
    {
      name: 'mobile',
      grep: /@phone/,
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 740 },
        isMobile: false,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: {
    // Builds the web app if needed, then starts the real server on a throwaway SQLite database with demo data.
    command: 'node ../scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Without it Playwright SIGKILLs the server, and scripts/e2e-server.mjs could not remove its temporary folder
    // and its file of test passwords.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
