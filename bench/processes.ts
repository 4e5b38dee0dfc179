/**
 * More than one process on one PostgreSQL (docs/operations.md, "More than one process"): the scale case's
 * dashboard under 200 connections without a pause, answered by one server process, then by two sharing the database
 * and their rate-limit counters (RATE_LIMIT_STORE=database, as such a deployment runs). Each process gets its own
 * load generator with half the connections; requests/s are summed, p99 is the slower process's.
 *
 *   npx tsx bench/processes.ts --postgres URL [--seconds 20] [--store database|redis|memory]
 *
 * A one-off measurement, not part of `npm run bench`: it is only meaningful on a machine with cores to spare.
 */

import type { LoadResult } from './load.ts';
import { measureLoadInProcess } from './load-process.ts';
import { CODE, KD, openScaleData } from './scale-data.ts';
import { type BenchServer, startBenchServer } from './server.ts';
import { loadAverage } from './stats.ts';

const CONNECTIONS = 200;

interface Figures {
  processes: number;
  requestsPerSecond: number;
  p50Ms: number[];
  p99Ms: number;
  errors: number;
  loadAverage: { before: number[]; after: number[] };
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function measure(
  databaseUrl: string,
  processes: number,
  seconds: number,
  store: string,
): Promise<Figures> {
  const servers: BenchServer[] = [];
  const before = loadAverage();
  try {
    for (let i = 0; i < processes; i++) {
      servers.push(await startBenchServer({ databaseUrl, webApp: false, env: { RATE_LIMIT_STORE: store } }));
    }
    const results: LoadResult[] = await Promise.all(
      servers.map((server) =>
        measureLoadInProcess({
          baseUrl: server.baseUrl,
          kd: KD,
          code: CODE,
          connections: CONNECTIONS / processes,
          durationSeconds: seconds,
        }),
      ),
    );
    return {
      processes,
      requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requestsPerSecond, 0)),
      p50Ms: results.map((r) => r.latencyMs.p50),
      p99Ms: Math.max(...results.map((r) => r.latencyMs.p99)),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      loadAverage: { before, after: loadAverage() },
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}

async function main(): Promise<void> {
  const postgresUrl = option('--postgres') ?? process.env.BENCH_POSTGRES_URL;
  if (!postgresUrl) throw new Error('usage: npx tsx bench/processes.ts --postgres URL [--seconds 20]');
  const seconds = Number(option('--seconds') ?? 20);
  const store = option('--store') ?? 'database';
  const data = await openScaleData({ postgresUrl });
  await data.handle.close();
  // Interleaved, so that a change in the machine's other load falls on both.
  for (const processes of [1, 2, 1, 2]) {
    const figures = await measure(data.databaseUrl, processes, seconds, store);
    console.log(JSON.stringify({ store, ...figures }));
  }
}

await main();
