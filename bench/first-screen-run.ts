/**
 * The first-screen benchmark on its own, with where each sample's time went:
 *
 *   npx tsx bench/first-screen-run.ts [--postgres URL] [--rounds R] [--samples N] [--builds name=ROOT,name=ROOT]
 *   npx tsx bench/first-screen-run.ts --snapshot DIR
 *
 * Each round starts a fresh server on the scale case (bench/scale-data.ts, as `npm run bench`), loads the dashboard
 * N times in new browser contexts (the first cold, the rest warm) and stops it. --snapshot copies the current server
 * bundle and web build into DIR (its node_modules a link to this checkout's), so that a later run can set a before
 * against an after on the same data: --builds runs each named root's server in turn within every round, the order
 * alternating between rounds (ABBA), and prints each build's medians. `.` is this checkout as it is now.
 */
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  describeBreakdown,
  type FirstScreenBreakdown,
  launchChromium,
  sampleFirstScreen,
} from './first-screen.ts';
import { CODE, KD, openScaleData } from './scale-data.ts';
import { startBenchServer } from './server.ts';
import { loadAverage, percentile } from './stats.ts';
import { ensureWebApp } from './web-bundle.ts';

const root = resolve(import.meta.dirname, '..');
const SERVER_FILES = ['apps/server/dist/main.mjs', 'apps/server/dist/parse-worker-entry.mjs'];

interface Row extends FirstScreenBreakdown {
  build: string;
  round: number;
  kind: 'cold' | 'warm';
  load: number;
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

/** The server bundle (rebuilt when stale) and the web build (likewise), copied for a later comparison. */
async function snapshot(dir: string): Promise<void> {
  await ensureWebApp();
  const url = new URL('../scripts/server-build.mjs', import.meta.url).href;
  await ((await import(url)) as { ensureServerBuild(): Promise<string> }).ensureServerBuild();
  rmSync(dir, { recursive: true, force: true });
  for (const file of SERVER_FILES) {
    mkdirSync(join(dir, 'apps/server/dist'), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  // The bundle finds the web build beside it (config.ts: ../../web/dist) and its packages up the tree.
  cpSync(join(root, 'apps/web/dist'), join(dir, 'apps/web/dist'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  console.log(`snapshot of the server bundle and web build in ${dir}`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const snapshotDir = option(args, '--snapshot');
  if (snapshotDir) {
    await snapshot(resolve(snapshotDir));
    return 0;
  }
  const postgresUrl = option(args, '--postgres');
  const rounds = Number(option(args, '--rounds') ?? 1);
  const samples = Number(option(args, '--samples') ?? 5);
  const builds = (option(args, '--builds') ?? 'now=.').split(',').map((pair) => {
    const [name, dir] = pair.includes('=') ? pair.split('=') : [pair, pair];
    const buildRoot = resolve(dir!);
    const entry = buildRoot === root ? undefined : join(buildRoot, SERVER_FILES[0]!);
    if (entry && !existsSync(entry)) throw new Error(`${entry} is missing: make it with --snapshot ${dir}`);
    return { name: name!, entry };
  });
  if (!(rounds >= 1 && samples >= 1)) throw new Error('--rounds and --samples take a number from 1');

  const data = await openScaleData({ postgresUrl });
  await data.handle.close();
  const browser = await launchChromium();
  if ('skipped' in browser) {
    console.error(browser.skipped);
    return 1;
  }
  const rows: Row[] = [];
  const url = (base: string) => new URL(`/${KD}/dashboard/${CODE}`, base).href;
  try {
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? builds : [...builds].reverse();
      for (const build of order) {
        const server = await startBenchServer({
          databaseUrl: data.databaseUrl,
          ...(build.entry ? { entry: build.entry, webApp: false } : {}),
        });
        try {
          for (let i = 0; i < samples; i++) {
            const breakdown = await sampleFirstScreen(browser, url(server.baseUrl));
            const row: Row = {
              build: build.name,
              round,
              kind: i === 0 ? 'cold' : 'warm',
              load: loadAverage()[0],
              ...breakdown,
            };
            rows.push(row);
            console.log(formatRow(row));
          }
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log('\nmedians (ms)');
  for (const build of builds) {
    for (const kind of ['cold', 'warm'] as const) {
      const mine = rows.filter((row) => row.build === build.name && row.kind === kind);
      if (mine.length === 0) continue;
      const median = (pick: (row: Row) => number | undefined) => {
        const values = mine.map(pick).filter((v): v is number => v !== undefined);
        return values.length > 0 ? Math.round(percentile(values, 50)) : '-';
      };
      console.log(
        `${build.name} ${kind} (${mine.length}): first row ${median((r) => r.firstRow)}, html ${median((r) => r.htmlIn)}, ` +
          `scripts in ${median((r) => r.scriptsIn)}, data sent ${median((r) => r.dataSent)} in ${median((r) => r.dataIn)}, ` +
          `shell ${median((r) => r.shell)}; main thread: script ${median((r) => r.scriptMs)}, ` +
          `style ${median((r) => r.styleMs)}, layout ${median((r) => r.layoutMs)}, tasks ${median((r) => r.taskMs)}; ` +
          `load ${Math.min(...mine.map((r) => r.load))}–${Math.max(...mine.map((r) => r.load))}`,
      );
    }
  }
  return 0;
}

function formatRow(row: Row): string {
  return `${row.build} r${row.round} ${row.kind} | ${describeBreakdown(row)} | load ${row.load}`;
}

process.exitCode = await main();
