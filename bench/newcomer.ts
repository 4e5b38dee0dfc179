/**
 * The first screen as a newcomer meets it (issue 41 item 13): `npm start` on a fresh SQLite database, which seeds the
 * demo, then the demo dashboard opened for the first time — the server's first period and the browser's empty cache
 * both. Each round is a new database file and a new server; its cold sample is the figure, and the first round's
 * further samples (new browser contexts) the warm one. Runs alone as well:
 *
 *   npx tsx bench/newcomer.ts [--rounds R] [--samples N]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeBreakdown, measureFirstScreen } from './first-screen.ts';
import type { ColdFirstScreen, FirstScreenFigures } from './results.ts';
import { startBenchServer } from './server.ts';
import { formatPair, loadAverage, percentiles, round } from './stats.ts';

/** Any secret: the demo route's address (`/demo/dashboard/{secret}`) as the start banner prints it. */
const DEMO_SECRET = 'bench-newcomer';
const PATH = `/demo/dashboard/${DEMO_SECRET}`;

export async function measureNewcomer(options: {
  rounds: number;
  samples: number;
}): Promise<FirstScreenFigures> {
  const coldMs: number[] = [];
  const warmMs: number[] = [];
  const coldBreakdowns: ColdFirstScreen[] = [];
  for (let index = 0; index < options.rounds; index++) {
    const dir = mkdtempSync(join(tmpdir(), 'ks-bench-newcomer-'));
    try {
      // As `npm start` on a fresh machine: the default SQLite database, new, and the demo seeded into it.
      const server = await startBenchServer({
        databaseUrl: `sqlite:${join(dir, 'kingdom-stats.sqlite')}`,
        env: { SEED_DEMO: 'auto', DEMO_SECRET },
      });
      try {
        const samples = index === 0 ? options.samples : 1;
        const result = await measureFirstScreen({ baseUrl: server.baseUrl, path: PATH, samples });
        if ('skipped' in result) return { path: PATH, skipped: result.skipped };
        coldMs.push(...result.coldMs.map((ms) => round(ms)));
        warmMs.push(...result.warmMs.map((ms) => round(ms)));
        const cold = result.breakdowns[0];
        if (cold) {
          coldBreakdowns.push({ ...cold, serverStartMs: round(server.startMs), load: loadAverage()[0] });
          console.log(
            `  newcomer round ${index + 1} (start with seeding ${Math.round(server.startMs)} ms): ${describeBreakdown(cold)}`,
          );
        }
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { path: PATH, coldMs, warmMs, cold: percentiles(coldMs), warm: percentiles(warmMs), coldBreakdowns };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : Number(args[index + 1]);
  };
  const figures = await measureNewcomer({ rounds: option('--rounds', 5), samples: option('--samples', 5) });
  if ('skipped' in figures) console.log(`skipped: ${figures.skipped}`);
  else
    console.log(
      `newcomer's first screen: cold ${formatPair(figures.cold)} ms (${figures.coldMs.join(', ')}), ` +
        `warm ${formatPair(figures.warm)} ms; load ${loadAverage().join(' ')}`,
    );
}
