/**
 * bench/run.ts's command line (its options and their defaults), where a run's results are written, and the notice
 * printed before a run that must generate the scale data first.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_LABELS, type DatabaseName } from './results.ts';
import { SQLITE_FILE } from './scale-data.ts';

const USAGE =
  'usage: npx tsx bench/run.ts [--quick] [--fresh] [--samples N] [--only sqlite|postgres] [--postgres URL]';

export interface Options {
  quick: boolean;
  fresh: boolean;
  samples: { sqlite: number; postgres: number };
  databases: DatabaseName[];
  postgresUrl: string | undefined;
  loadSeconds: number;
  saturationSeconds: number;
  importRuns: number;
  firstScreenSamples: number;
  /** Fresh servers, each giving the first screen's cold figure one sample. */
  firstScreenColdRounds: number;
}

export function parseOptions(args: readonly string[]): Options {
  const flags = new Set(['--quick', '--fresh']);
  const valued = new Set(['--samples', '--only', '--postgres']);
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (flags.has(arg)) continue;
    const value = args[i + 1];
    if (!valued.has(arg) || value === undefined || value.startsWith('--')) {
      throw new Error(`${valued.has(arg) ? `${arg} needs a value` : `unknown option ${arg}`}\n${USAGE}`);
    }
    values.set(arg, value);
    i += 1;
  }
  const quick = args.includes('--quick');
  const samplesText = values.get('--samples');
  const samples = samplesText === undefined ? undefined : Number(samplesText);
  if (samples !== undefined && !(Number.isInteger(samples) && samples > 0)) {
    throw new Error(`--samples must be a whole number above 0 (got ${samplesText})\n${USAGE}`);
  }
  const only = values.get('--only');
  if (only !== undefined && only !== 'sqlite' && only !== 'postgres') {
    throw new Error(`--only takes sqlite or postgres (got ${only})\n${USAGE}`);
  }
  const postgresUrl = values.get('--postgres') ?? (process.env.BENCH_POSTGRES_URL || undefined);
  if (only === 'postgres' && !postgresUrl) {
    throw new Error(`--only postgres needs --postgres URL or BENCH_POSTGRES_URL\n${USAGE}`);
  }
  const databases: DatabaseName[] = only ? [only] : postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  return {
    quick,
    fresh: args.includes('--fresh'),
    samples: { sqlite: samples ?? (quick ? 3 : 30), postgres: samples ?? (quick ? 3 : 20) },
    databases,
    postgresUrl,
    loadSeconds: quick ? 5 : 60,
    saturationSeconds: quick ? 5 : 20,
    importRuns: quick ? 2 : 5,
    firstScreenSamples: quick ? 2 : 5,
    firstScreenColdRounds: quick ? 1 : 5,
  };
}

/** Where a run's results go: quick runs never replace the committed figures. */
export function resultsFile(quick: boolean): string {
  if (!quick) return join(import.meta.dirname, 'results.json');
  const folder = join(tmpdir(), 'kingdom-stats-bench');
  mkdirSync(folder, { recursive: true });
  return join(folder, 'results-quick.json');
}

/**
 * Before anything runs: whether the scale data must be generated first, and how long that took the last time it
 * was recorded (bench/results.json), so nobody waits on a silent terminal.
 */
export function announceDataGeneration(options: Options): void {
  let recorded: Partial<Record<DatabaseName, { generation?: { seconds?: number } | null }>> = {};
  try {
    recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'results.json'), 'utf8')).databases ?? {};
  } catch {
    // No committed results: no figure to quote.
  }
  for (const name of options.databases) {
    const seconds = recorded[name]?.generation?.seconds;
    const took = seconds ? `about ${Math.ceil(seconds / 60)} min when last recorded` : 'several minutes';
    const missing = name === 'sqlite' ? options.fresh || !existsSync(SQLITE_FILE) : options.fresh;
    const where = name === 'sqlite' ? SQLITE_FILE : 'the schema bench_dashboard';
    console.log(
      missing
        ? `${DATABASE_LABELS[name]}: the scale data (1.9 M stat rows) is generated first into ${where}: ${took} ` +
            'on an idle machine, longer on a busy one. Later runs reuse it.'
        : `${DATABASE_LABELS[name]}: scale data in ${where} is reused if current (otherwise regenerated: ${took}).`,
    );
  }
}
