/**
 * Time to the first screen of a dashboard in Chromium: from navigation start until the first row of the governor
 * table is on screen. Every sample uses a new browser context, so nothing is cached between samples; the first
 * sample is the cold one (the caller starts a fresh server, so that sample also pays for computing the period).
 */
import { existsSync } from 'node:fs';
import type { Browser } from '@playwright/test';

export type FirstScreenResult = { coldMs: number[]; warmMs: number[] } | { skipped: string };

/** The player table's rows, as e2e/pages/DashboardPage.ts finds them. */
const FIRST_ROW = '#playerStats tbody tr[data-gov-id]';
const SAMPLE_TIMEOUT_MS = 30_000;
/** As e2e/playwright.config.ts launches Debian's Chromium. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Runs in the page before its own scripts. The time is taken in the page (performance.now() counts from navigation
 * start) at the first animation frame after a row enters the DOM, i.e. when it is painted; Playwright's own wait
 * polls, and its round trips would add to the figure.
 */
const MARK_FIRST_ROW = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector(${JSON.stringify(FIRST_ROW)})) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__firstRowAt = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
`;

export async function measureFirstScreen(options: {
  baseUrl: string;
  path: string;
  samples: number;
}): Promise<FirstScreenResult> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return { skipped: `no Chromium at ${executablePath} (set CHROMIUM_PATH)` };
  let playwright: typeof import('@playwright/test');
  try {
    playwright = await import('@playwright/test');
  } catch {
    return { skipped: '@playwright/test is not installed' };
  }
  const browser = await playwright.chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const url = new URL(options.path, options.baseUrl).href;
    const times: number[] = [];
    for (let i = 0; i < Math.max(1, options.samples); i++) times.push(await sample(browser, url));
    return { coldMs: times.slice(0, 1), warmMs: times.slice(1) };
  } finally {
    await browser.close();
  }
}

async function sample(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: MARK_FIRST_ROW });
    await page.goto(url, { waitUntil: 'commit', timeout: SAMPLE_TIMEOUT_MS });
    try {
      await page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: SAMPLE_TIMEOUT_MS });
    } catch {
      throw new Error(`First screen of ${url}: no governor row within ${SAMPLE_TIMEOUT_MS / 1000} s`);
    }
    const marked = await page.waitForFunction('window.__firstRowAt', undefined, { timeout: 5_000 });
    return Number(await marked.jsonValue());
  } finally {
    await context.close();
  }
}
