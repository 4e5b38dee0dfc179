/**
 * Time to the first screen of a dashboard in Chromium: from navigation start until the first row of the governor
 * table is on screen. Every sample uses a new browser context, so nothing is cached between samples; the first
 * sample is the cold one (the caller starts a fresh server, so that sample also pays for computing the period).
 * Each sample also says where its time went (FirstScreenBreakdown); `npx tsx bench/first-screen-run.ts` prints it.
 */
import { existsSync } from 'node:fs';
import type { Browser } from '@playwright/test';

export type FirstScreenResult =
  | { coldMs: number[]; warmMs: number[]; breakdowns: FirstScreenBreakdown[] }
  | { skipped: string };

/**
 * One sample's milestones, ms from navigation start (the page's own clock), and the main thread's work until the
 * first row. Browser-side figures: Chromium's resource timings and its DevTools performance metrics.
 */
export interface FirstScreenBreakdown {
  /** index.html's last byte in. */
  htmlIn: number;
  /** The last script (module, modulepreload or classic) in before the first row. */
  scriptsIn: number;
  /** Scripts fetched before the first row, and their bytes on the wire (compressed). */
  scripts: number;
  scriptBytes: number;
  /** The dashboard's data call: sent (fetch start) and its answer's last byte in. Absent if none was seen. */
  dataSent?: number;
  dataIn?: number;
  /** The app's shell first put into #root (React's first commit). */
  shell?: number;
  /** The first governor row painted: the sample's figure. */
  firstRow: number;
  /** Main-thread time until the first row: running JavaScript (compiling included), style and layout. */
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  /** All main-thread tasks, the above included. */
  taskMs: number;
}

/** One line of a sample's milestones and main-thread time, ms: what bench/run.ts and first-screen-run.ts print. */
export function describeBreakdown(breakdown: FirstScreenBreakdown): string {
  const ms = (value: number | undefined) => (value === undefined ? '-' : String(Math.round(value)));
  return [
    `first row ${ms(breakdown.firstRow)}`,
    `html ${ms(breakdown.htmlIn)}`,
    `scripts in ${ms(breakdown.scriptsIn)} (${breakdown.scripts}, ${Math.round(breakdown.scriptBytes / 1024)} kB)`,
    `data ${ms(breakdown.dataSent)}→${ms(breakdown.dataIn)}`,
    `shell ${ms(breakdown.shell)}`,
    `script ${ms(breakdown.scriptMs)} style ${ms(breakdown.styleMs)} layout ${ms(breakdown.layoutMs)} tasks ${ms(breakdown.taskMs)}`,
  ].join(' | ');
}

/** The player table's rows, as e2e/pages/DashboardPage.ts finds them. */
const FIRST_ROW = '#playerStats tbody tr[data-gov-id]';
/** GET /api/dashboard/{kd}/data/{code}: the call whose answer holds the rows. */
const DATA_CALL = /\/api\/dashboard\/[^/]+\/data\//;
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

/** What the page prints to its console when its first row is painted (MARK_FIRST_ROW). */
const FIRST_ROW_MESSAGE = 'kingdom-stats-bench:first-row';

/**
 * Runs in the page before its own scripts. The time is taken in the page (performance.now() counts from navigation
 * start) at the first animation frame after a row enters the DOM, i.e. when it is painted; Playwright's own wait
 * polls, and its round trips would add to the figure. The first content in #root is noted on the way. The page then
 * says so on its console, which the sample listens to: waiting with a Playwright locator injected Playwright's own
 * script into the page while it loaded, main-thread time no viewer's browser spends (docs/benchmarks.md, "Issue 16:
 * the first screen's probe, review sources kept (session 16)").
 */
const MARK_FIRST_ROW = `
  new MutationObserver((_, observer) => {
    const root = document.getElementById('root');
    if (root && root.firstChild && window.__shellAt === undefined) window.__shellAt = performance.now();
    if (!document.querySelector(${JSON.stringify(FIRST_ROW)})) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstRowAt = performance.now();
      console.debug(${JSON.stringify(FIRST_ROW_MESSAGE)});
    });
  }).observe(document, { childList: true, subtree: true });
`;

/** Read in the page once the first row is painted: its resource timings up to then. */
const READ_TIMINGS = `(() => {
  const firstRow = window.__firstRowAt;
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').filter((r) => r.responseEnd <= firstRow);
  const scripts = resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
  const data = resources.find((r) => ${DATA_CALL}.test(new URL(r.name).pathname));
  return {
    htmlIn: nav ? nav.responseEnd : 0,
    scriptsIn: Math.max(0, ...scripts.map((r) => r.responseEnd)),
    scripts: scripts.length,
    scriptBytes: scripts.reduce((sum, r) => sum + r.transferSize, 0),
    dataSent: data ? data.startTime : undefined,
    dataIn: data ? data.responseEnd : undefined,
    shell: window.__shellAt,
    firstRow,
  };
})()`;

export async function measureFirstScreen(options: {
  baseUrl: string;
  path: string;
  samples: number;
}): Promise<FirstScreenResult> {
  const browser = await launchChromium();
  if ('skipped' in browser) return browser;
  try {
    const url = new URL(options.path, options.baseUrl).href;
    const breakdowns: FirstScreenBreakdown[] = [];
    for (let i = 0; i < Math.max(1, options.samples); i++)
      breakdowns.push(await sampleFirstScreen(browser, url));
    const times = breakdowns.map((b) => b.firstRow);
    return { coldMs: times.slice(0, 1), warmMs: times.slice(1), breakdowns };
  } finally {
    await browser.close();
  }
}

/** Debian's Chromium (or CHROMIUM_PATH) through Playwright, or why not. */
export async function launchChromium(): Promise<Browser | { skipped: string }> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return { skipped: `no Chromium at ${executablePath} (set CHROMIUM_PATH)` };
  let playwright: typeof import('@playwright/test');
  try {
    playwright = await import('@playwright/test');
  } catch {
    return { skipped: '@playwright/test is not installed' };
  }
  return playwright.chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** One page load in a new browser context (nothing cached): when its first row was painted, and where time went. */
export async function sampleFirstScreen(browser: Browser, url: string): Promise<FirstScreenBreakdown> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Performance.enable', { timeDomain: 'threadTicks' });
    const before = await mainThreadMetrics(devtools);
    await page.addInitScript({ content: MARK_FIRST_ROW });
    const painted = firstRowPainted(page, url);
    // Observed at once: should the navigation fail, its error is the one thrown.
    painted.catch(() => undefined);
    await page.goto(url, { waitUntil: 'commit', timeout: SAMPLE_TIMEOUT_MS });
    await painted;
    // Read at once: what the page does after its first row (the other sections' calls) hardly adds to these.
    const after = await mainThreadMetrics(devtools);
    const timings = (await page.evaluate(READ_TIMINGS)) as Omit<
      FirstScreenBreakdown,
      'scriptMs' | 'styleMs' | 'layoutMs' | 'taskMs'
    >;
    const spent = (name: keyof typeof after) => (after[name] - before[name]) * 1000;
    return {
      ...timings,
      scriptMs: spent('ScriptDuration'),
      styleMs: spent('RecalcStyleDuration'),
      layoutMs: spent('LayoutDuration'),
      taskMs: spent('TaskDuration'),
    };
  } finally {
    await context.close();
  }
}

/** Resolves when the page says its first row is painted (MARK_FIRST_ROW); rejects after SAMPLE_TIMEOUT_MS. */
function firstRowPainted(page: import('@playwright/test').Page, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('console', onMessage);
      reject(new Error(`First screen of ${url}: no governor row within ${SAMPLE_TIMEOUT_MS / 1000} s`));
    }, SAMPLE_TIMEOUT_MS);
    timer.unref();
    function onMessage(message: import('@playwright/test').ConsoleMessage) {
      if (message.text() !== FIRST_ROW_MESSAGE) return;
      clearTimeout(timer);
      page.off('console', onMessage);
      resolve();
    }
    page.on('console', onMessage);
  });
}

const METRICS = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'] as const;

/** Chromium's cumulative main-thread durations for the page, in seconds. */
async function mainThreadMetrics(
  devtools: import('@playwright/test').CDPSession,
): Promise<Record<(typeof METRICS)[number], number>> {
  const { metrics } = (await devtools.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return Object.fromEntries(METRICS.map((name) => [name, value(name)])) as Record<
    (typeof METRICS)[number],
    number
  >;
}
