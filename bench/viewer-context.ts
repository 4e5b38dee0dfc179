/**
 * What every viewer request reads before any work, on the scale data: the access check and the kingdom's context as
 * six queries in two round trips (requireViewerAccess + loadKingdomContext) against one statement
 * (loadViewerContext). Interleaved A B B A, one caller and many at once (many callers share the pool, as 200
 * viewers do), with this process's CPU time per call; on PostgreSQL also the statement's EXPLAIN (ANALYZE, BUFFERS).
 *
 *   npx tsx bench/viewer-context.ts [--postgres URL] [--calls 400] [--rounds 4] [--concurrency 1,50]
 *
 * It never generates data: the scale data must already be there (npm run bench makes it).
 */
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { loadKingdomContext } from '../apps/server/src/features/dashboard/context.ts';
import {
  loadViewerContext,
  viewerRowStatement,
} from '../apps/server/src/features/dashboard/viewer-context.ts';
import { requireViewerAccess } from '../apps/server/src/features/kingdoms/access.ts';
import { CODE, KD, POSTGRES_SCHEMA, SQLITE_FILE } from './scale-data.ts';
import { loadAverage } from './stats.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const postgresUrl = option('--postgres');
const calls = Number(option('--calls') ?? 400);
const rounds = Number(option('--rounds') ?? 4);
const concurrencies = (option('--concurrency') ?? '1,50').split(',').map(Number);
if (!postgresUrl && !existsSync(SQLITE_FILE)) throw new Error(`${SQLITE_FILE} is missing`);
const handle = createDatabase(
  postgresUrl ?? `sqlite:${SQLITE_FILE}`,
  postgresUrl ? { schema: POSTGRES_SCHEMA } : {},
);
const { db } = handle;

const ways = {
  separate: async () => loadKingdomContext(db, await requireViewerAccess(db, KD, CODE)),
  single: () => loadViewerContext(db, KD, CODE),
};

async function measure(way: keyof typeof ways, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next += 1;
        const at = performance.now();
        await ways[way]();
        latencies.push(performance.now() - at);
      }
    }),
  );
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.ceil(p * latencies.length) - 1]!;
  return {
    way,
    concurrency,
    callsPerSecond: Math.round((calls / wall) * 1000),
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    cpuMsPerCall: Number(((used.user + used.system) / 1000 / calls).toFixed(3)),
    load: loadAverage()[0],
  };
}

try {
  // Both once, untimed: connections opened, statements prepared, code compiled.
  for (const way of Object.keys(ways) as (keyof typeof ways)[]) await measure(way, 10);
  for (let round = 0; round < rounds; round++) {
    const order: (keyof typeof ways)[] = round % 2 === 0 ? ['separate', 'single'] : ['single', 'separate'];
    for (const concurrency of concurrencies) {
      for (const way of order) console.log(JSON.stringify({ round, ...(await measure(way, concurrency)) }));
    }
  }
  if (postgresUrl) {
    const { rows } = await sql<{
      'QUERY PLAN': string;
    }>`explain (analyze, buffers) ${viewerRowStatement(db, KD)}`.execute(db);
    console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
} finally {
  await handle.close();
}
