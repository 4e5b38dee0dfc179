// `npm test`: unit and integration tests (Vitest: core, server on SQLite, and server on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests (Playwright with Debian's Chromium). Prints how long each suite
// took (and writes it to TEST_DURATIONS_FILE when set, for .ci/run's summary), then ends with one line
// "N passed, N failed" totalling every suite: CI reads that line, so it stays last.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'kingdom-stats-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
/** Lines of the durations summary: [label, seconds, note]. */
const durations = [];
const seconds = (ms) => Math.round(ms / 1000);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function runVitest() {
  const output = join(reports, 'vitest.json');
  const projectTimes = join(reports, 'vitest-projects.json');
  const startedAt = Date.now();
  const run = spawnSync(
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--reporter=${join(root, 'scripts/vitest-project-times.mjs')}`,
      `--outputFile.json=${output}`,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, VITEST_PROJECT_TIMES_FILE: projectTimes } },
  );
  durations.push(['vitest', seconds(Date.now() - startedAt), 'one run, its projects side by side']);
  for (const project of readJson(projectTimes)?.projects ?? []) {
    durations.push([
      `  ${project.name}`,
      Math.round(project.endSeconds - project.startSeconds),
      `from ${Math.round(project.startSeconds)} s to ${Math.round(project.endSeconds)} s of the run; ${project.files} file${project.files === 1 ? '' : 's'}, ${Math.round(project.fileSeconds)} s in them`,
    ]);
  }
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

/** Per Playwright project: its tests, and when its first test started and its last ended. */
function playwrightProjectTimes(report) {
  const projects = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const entry = projects.get(test.projectName) ?? { tests: 0, start: Infinity, end: 0 };
        entry.tests += 1;
        for (const result of test.results ?? []) {
          const start = Date.parse(result.startTime);
          entry.start = Math.min(entry.start, start);
          entry.end = Math.max(entry.end, start + result.duration);
        }
        projects.set(test.projectName, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return [...projects].filter(([, times]) => times.end > 0);
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
  const startedAt = Date.now();
  const run = spawnSync(bin('playwright'), ['test', '--reporter=list,json'], {
    cwd: join(root, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
  });
  durations.push(['playwright', seconds(Date.now() - startedAt), 'with the web app build and server start']);
  const report = readJson(output);
  for (const [project, times] of playwrightProjectTimes(report)) {
    durations.push([`  ${project}`, seconds(times.end - times.start), `${times.tests} tests`]);
  }
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
console.log('Durations:');
for (const [label, value, note] of durations)
  console.log(`  ${`${label}`.padEnd(18)}${`${value} s`.padStart(7)}  ${note}`);
if (process.env.TEST_DURATIONS_FILE) {
  for (const [label, value, note] of durations)
    appendFileSync(process.env.TEST_DURATIONS_FILE, `${label}\t${value}\t${note}\n`);
}
console.log('');
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
