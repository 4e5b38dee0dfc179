// `npm test`: unit and integration tests (Vitest: core, server on SQLite, and server on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests (Playwright with Debian's Chromium). Ends with one line
// "N passed, N failed" totalling every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'kingdom-stats-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function runVitest() {
  const output = join(reports, 'vitest.json');
  const run = spawnSync(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit' },
  );
  const report = readJson(output);
  if (!report) {
    totals.failed += 1;
    console.error('Vitest wrote no report: counting the unit and integration suites as one failure');
  } else {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
  if (run.status !== 0) exitCode = 1;
}

function findChromium() {
  if (process.env.CHROMIUM_PATH)
    return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

function runPlaywright() {
  const chromium = findChromium();
  if (!chromium) {
    const required = process.env.REQUIRE_BROWSER_TESTS === '1';
    console.log(
      `Browser tests ${required ? 'FAILED' : 'skipped'}: no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
    if (required) {
      totals.failed += 1;
      exitCode = 1;
    }
    return;
  }
  const output = join(reports, 'playwright.json');
  const run = spawnSync(bin('playwright'), ['test', '--reporter=list,json'], {
    cwd: join(root, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
  });
  const report = readJson(output);
  if (!report?.stats) {
    totals.failed += 1;
    console.error('Playwright wrote no report: counting the browser suite as one failure');
  } else {
    totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  }
  if (run.status !== 0) exitCode = 1;
}

runVitest();
if (process.env.SKIP_BROWSER_TESTS === '1') console.log('Browser tests skipped: SKIP_BROWSER_TESTS=1');
else runPlaywright();
rmSync(reports, { recursive: true, force: true });

console.log('');
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
