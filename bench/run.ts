/**
 * `npm run bench`: every benchmark of issue 7 and issue 15's hostile files (bench/hostile.ts) on SQLite, and on
 * PostgreSQL when BENCH_POSTGRES_URL is set or --postgres URL is given; prints one table (each measurement against
 * its target) and writes bench/results.json (its shape: bench/results.ts; options: bench/options.ts).
 *
 *   npx tsx bench/run.ts [--quick] [--fresh] [--samples N] [--only sqlite|postgres] [--postgres URL]
 *
 * --quick: 3 samples, a 5 s load test (to try it out; the figures are not the ones to keep): written to
 * <OS temp folder>/kingdom-stats-bench/results-quick.json, never over the committed bench/results.json. --fresh:
 * rebuild the scale data. The scale data is generated on first use (kept in the OS temp folder for SQLite, in the
 * schema bench_dashboard on PostgreSQL; see bench/scale-data.ts); the run says how long that takes before it starts.
 * Every figure records the load average it was taken under (results.json: loadAverages; the table: [load …]).
 */
import { writeFileSync } from 'node:fs';
import { measureDashboard } from './dashboard.ts';
import { measureDiscord } from './discord.ts';
import { describeBreakdown, type FirstScreenBreakdown, measureFirstScreen } from './first-screen.ts';
import { measureScripts } from './first-screen-scripts.ts';
import { measureGovernor } from './governor.ts';
import { formatHostileTable, HEALTH_TARGET_MS, type HostileFigures, measureHostileFiles } from './hostile.ts';
import { measureMapImport } from './import-map.ts';
import { measureXlsxImport } from './import-xlsx.ts';
import { measureKdDashboard } from './kd-dashboard.ts';
import { measureLoadInProcess } from './load-process.ts';
import { databaseVersion, machine } from './machine.ts';
import { measureNewcomer } from './newcomer.ts';
import { announceDataGeneration, type Options, parseOptions, resultsFile } from './options.ts';
import { formatTable, freshServers, targetRows } from './report.ts';
import {
  type ColdFirstScreen,
  DATABASE_LABELS,
  type DatabaseName,
  type DatabaseResults,
  type FirstScreenFigures,
  failed,
  type LoadDuring,
  type LoadFigures,
  type Outcome,
  type ScriptFirstScreen,
  type Section,
  type WebBundleFigures,
} from './results.ts';
import { CODE, KD, openScaleData } from './scale-data.ts';
import { startBenchServer } from './server.ts';
import { loadAverage, percentiles, round } from './stats.ts';
import { measureWebBundle } from './web-bundle.ts';
import { measureWireBytes, type WireBytes } from './wire-bytes.ts';

/**
 * Runs one measurement; a failure is reported in the table instead of ending the run. `onLoad` receives the load
 * average before and after it: on a shared machine a figure means little without it.
 */
async function attempt<T>(
  name: string,
  measure: () => Promise<T>,
  onLoad?: (load: LoadDuring) => void,
): Promise<Outcome<T>> {
  const started = performance.now();
  const before = loadAverage();
  console.log(`- ${name} … (load average ${before.join(' ')})`);
  try {
    const value = await measure();
    console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return value;
  } catch (error) {
    console.error(`  FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    onLoad?.({ before, after: loadAverage() });
  }
}

const CONNECTIONS = 200;
/**
 * A viewer's pace: a request every half second at most, a click or a page's burst of calls far more often than a
 * person reads a table. Without a pause each connection is a load generator, not a viewer: the saturation run.
 */
const VIEWER_REQUESTS_PER_SECOND = 2;

async function measureViewers(
  databaseUrl: string,
  options: Options,
  record: (section: Section) => (load: LoadDuring) => void,
  startMs: number[],
): Promise<{ load: Outcome<LoadFigures>; saturation: Outcome<LoadFigures> }> {
  const notStarted = { error: 'the bench server did not start' };
  const server = await attempt('start a fresh bench server', () => startBenchServer({ databaseUrl }));
  if (failed(server)) return { load: notStarted, saturation: notStarted };
  startMs.push(round(server.startMs));
  const run = (pace: number | null, seconds: number) => async (): Promise<LoadFigures> => ({
    connections: CONNECTIONS,
    durationSeconds: seconds,
    pacePerConnection: pace,
    ...(await measureLoadInProcess({
      baseUrl: server.baseUrl,
      kd: KD,
      code: CODE,
      connections: CONNECTIONS,
      durationSeconds: seconds,
      ...(pace === null ? {} : { requestsPerSecondPerConnection: pace }),
    })),
  });
  try {
    const load = await attempt(
      `${CONNECTIONS} viewers for ${options.loadSeconds} s`,
      run(VIEWER_REQUESTS_PER_SECOND, options.loadSeconds),
      record('load'),
    );
    const saturation = await attempt(
      `${CONNECTIONS} connections without a pause for ${options.saturationSeconds} s`,
      run(null, options.saturationSeconds),
      record('saturation'),
    );
    return { load, saturation };
  } finally {
    await server.stop();
  }
}

/**
 * The dashboard's first screen in Chromium, cold on each of `firstScreenColdRounds` fresh servers (one cold sample
 * per server: one sample is a few GC pauses from another), warm on the first; and the bytes on the wire, measured
 * on the first server.
 */
async function measureFirstScreens(
  databaseUrl: string,
  options: Options,
  record: (section: Section) => (load: LoadDuring) => void,
  startMs: number[],
): Promise<{ firstScreen: Outcome<FirstScreenFigures>; wireBytes: Outcome<WireBytes> }> {
  const path = `/${KD}/dashboard/${CODE}`;
  let wireBytes: Outcome<WireBytes> = { error: 'the bench server did not start' };
  const firstScreen = await attempt(
    `first screen of the dashboard (cold on ${freshServers(options.firstScreenColdRounds)})`,
    async (): Promise<FirstScreenFigures> => {
      const coldMs: number[] = [];
      const warmMs: number[] = [];
      const coldBreakdowns: ColdFirstScreen[] = [];
      let byScript: ScriptFirstScreen[] = [];
      const loadBefore = loadAverage();
      for (let serverIndex = 0; serverIndex < options.firstScreenColdRounds; serverIndex++) {
        const server = await startBenchServer({ databaseUrl });
        startMs.push(round(server.startMs));
        try {
          const first = serverIndex === 0;
          const samples = first ? options.firstScreenSamples : 1;
          const result = await measureFirstScreen({ baseUrl: server.baseUrl, path, samples });
          // The bytes need no browser: measured even where Chromium is missing.
          if (first) wireBytes = await measureServedBytes(server.baseUrl, path, record('wireBytes'));
          if ('skipped' in result) return { path, skipped: result.skipped };
          if (first) byScript = await measureScripts(server.baseUrl, path, options.firstScreenSamples);
          coldMs.push(...result.coldMs.map((ms) => round(ms)));
          warmMs.push(...result.warmMs.map((ms) => round(ms)));
          const cold = result.breakdowns[0];
          if (cold) {
            coldBreakdowns.push({
              ...roundedBreakdown(cold),
              serverStartMs: round(server.startMs),
              load: loadAverage()[0],
            });
            console.log(`  cold on server ${serverIndex + 1}: ${describeBreakdown(cold)}`);
          }
        } finally {
          await server.stop();
        }
      }
      record('startup')({ before: loadBefore, after: loadAverage() });
      return {
        path,
        coldMs,
        warmMs,
        cold: percentiles(coldMs),
        warm: percentiles(warmMs),
        coldBreakdowns,
        byScript,
      };
    },
    record('firstScreen'),
  );
  return { firstScreen, wireBytes };
}

/** Milestones to a tenth of a millisecond: the page's clock is no finer where it matters. */
function roundedBreakdown(breakdown: FirstScreenBreakdown): FirstScreenBreakdown {
  const entries = Object.entries(breakdown).map(([key, value]) => [
    key,
    typeof value === 'number' ? round(value, 1) : value,
  ]);
  return Object.fromEntries(entries) as FirstScreenBreakdown;
}

async function measureServedBytes(
  baseUrl: string,
  pagePath: string,
  onLoad: (load: LoadDuring) => void,
): Promise<Outcome<WireBytes>> {
  return attempt(
    'bytes on the wire: dashboard assets and the largest export page',
    async () => {
      // The file list of the build this server serves: starting it may have rebuilt the app.
      const served = await measureWebBundle();
      return measureWireBytes({
        baseUrl,
        pagePath,
        assetPaths: served.dashboardFiles.map((file) => `/${file}`),
        kd: KD,
        code: CODE,
      });
    },
    onLoad,
  );
}

async function runDatabase(name: DatabaseName, options: Options): Promise<DatabaseResults> {
  console.log(`\n${DATABASE_LABELS[name]}`);
  const postgresUrl = name === 'postgres' ? options.postgresUrl : undefined;
  const data = await openScaleData({ postgresUrl, fresh: options.fresh });
  const { handle } = data;
  const samples = options.samples[name];
  const loadAverages: DatabaseResults['loadAverages'] = {};
  const record = (section: Section) => (load: LoadDuring) => {
    loadAverages[section] = load;
  };
  const startMs: number[] = [];
  try {
    console.log(
      `${handle.description}: ${data.scanTimes.length} scans, ${data.statRows.toLocaleString('en')} stat rows; ` +
        `${samples} samples`,
    );
    const version = await databaseVersion(handle);
    const xlsx = await attempt(
      'import of a 16,000-row xlsx',
      () => measureXlsxImport({ rows: 16_000, runs: options.importRuns, postgresUrl }),
      record('import'),
    );
    const mapImport = await attempt(
      'import of a 5,700-row whole-map xlsx',
      () => measureMapImport({ rows: 5_700, runs: options.importRuns, postgresUrl }),
      record('import'),
    );
    const dashboard = await attempt(
      'main dashboard data',
      () => measureDashboard(handle, data.scanTimes, { samples }),
      record('dashboard'),
    );
    const kdDashboard = await attempt(
      'KD DKP data (3 wars)',
      () => measureKdDashboard(handle, { samples }),
      record('kdDashboard'),
    );
    const governorPage = await attempt(
      'governor page data (a governor in all 120 scans)',
      () => measureGovernor(handle, { samples }),
      record('governorPage'),
    );
    const discord = await attempt(
      'Discord /stats and /top, warm (signed interactions)',
      () => measureDiscord(handle, { samples }),
      record('discord'),
    );

    const { firstScreen, wireBytes } = await measureFirstScreens(data.databaseUrl, options, record, startMs);
    // `npm start`'s own database is SQLite: the newcomer's first screen is measured there only.
    const newcomer: Outcome<FirstScreenFigures> =
      name === 'sqlite'
        ? await attempt(
            `a newcomer's first screen (npm start on a fresh database with the demo, ${freshServers(options.firstScreenColdRounds)})`,
            () =>
              measureNewcomer({ rounds: options.firstScreenColdRounds, samples: options.firstScreenSamples }),
            record('newcomer'),
          )
        : { path: '/demo/dashboard', skipped: "SQLite only: npm start's default database" };
    // A fresh server for the viewers, so that their first requests compute the periods as after an import.
    const { load, saturation } = await measureViewers(data.databaseUrl, options, record, startMs);
    return {
      description: handle.description,
      version,
      generation: data.generation,
      scans: data.scanTimes.length,
      statRows: data.statRows,
      import: xlsx,
      mapImport,
      dashboard,
      kdDashboard,
      firstScreen,
      newcomer,
      wireBytes,
      governorPage,
      discord,
      startMs,
      load,
      saturation,
      loadAverages,
    };
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const started = new Date();
  const loadBefore = loadAverage();
  const info = machine();
  console.log(
    `${info.cpuModel}, ${info.cores} cores, ${info.memoryGiB} GiB, Node ${info.node}; load average ${loadBefore.join(' ')}` +
      (options.quick ? '; QUICK run: few samples, figures not to keep' : ''),
  );

  announceDataGeneration(options);
  let webLoad: LoadDuring | undefined;
  const web: Outcome<WebBundleFigures> = await attempt(
    'web build: initial JavaScript',
    () => measureWebBundle(),
    (load) => {
      webLoad = load;
    },
  );
  const databases: Partial<Record<DatabaseName, DatabaseResults>> = {};
  const hostile: Partial<Record<DatabaseName, Outcome<HostileFigures>>> = {};
  for (const name of options.databases) {
    databases[name] = await runDatabase(name, options);
    if (name === 'postgres') info.postgresVersion = databases[name].version;
    hostile[name] = await attempt(`hostile files refused (${DATABASE_LABELS[name]})`, () =>
      measureHostileFiles({ postgresUrl: name === 'postgres' ? options.postgresUrl : undefined }),
    );
  }
  const loadAfter = loadAverage();

  const rows = targetRows(databases, web, webLoad);
  console.log(
    `\nTimes in ms, p50 / p95 wall clock (CPU time of the benchmark process p50 / p95; with PostgreSQL it leaves ` +
      `out the database server's work). Targets are held against wall clock.`,
  );
  console.log(formatTable(rows));
  console.log(
    `load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')} (${info.cores} cores)`,
  );
  for (const [name, figures] of Object.entries(hostile)) {
    if (failed(figures)) continue;
    console.log(
      `\nHostile files, ${DATABASE_LABELS[name as DatabaseName]} (health target ${HEALTH_TARGET_MS} ms)`,
    );
    console.log(formatHostileTable(figures));
  }

  const results = {
    date: started.toISOString(),
    durationSeconds: Math.round((Date.now() - started.getTime()) / 1000),
    options: {
      quick: options.quick,
      fresh: options.fresh,
      samples: options.samples,
      loadSeconds: options.loadSeconds,
      saturationSeconds: options.saturationSeconds,
      connections: CONNECTIONS,
      viewerRequestsPerSecond: VIEWER_REQUESTS_PER_SECOND,
      importRuns: options.importRuns,
    },
    machine: info,
    loadAverage: { before: loadBefore, after: loadAfter },
    webBundle: web,
    webBundleLoadAverage: webLoad,
    databases,
    hostile,
    targets: rows,
  };
  const file = resultsFile(options.quick);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `written to ${file}${options.quick ? ' (a quick run: bench/results.json, the committed figures, is left as it was)' : ''}`,
  );
  const errors = JSON.stringify(results).includes('"error":');
  return errors ? 1 : 0;
}

process.exitCode = await main();
