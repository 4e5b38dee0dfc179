/**
 * The viewer benchmark alone (npm run bench's "viewers on loopback" row), for working on its p99: a fresh bench
 * server on the scale data, 200 viewers at 2 requests/s each, and the run second by second and step by step.
 * Besides wall time it reads the server process's CPU time and, on PostgreSQL, the transactions the database
 * committed (each statement outside a transaction is one), per request.
 *
 *   npx tsx bench/viewers.ts [--postgres URL] [--seconds 30] [--rounds 1] [--builds now=.,before=/tmp/snap]
 *                            [--timeline] [--connections 200] [--pace 2]
 *
 * --builds takes snapshots made by `npx tsx bench/first-screen-run.ts --snapshot DIR` and runs them interleaved,
 * A B B A per two rounds. It never generates data: the scale data must already be there (npm run bench makes it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { measureLoadInProcess } from './load-process.ts';
import { formatTimeline } from './load-timeline.ts';
import { CODE, KD, POSTGRES_SCHEMA, SQLITE_FILE } from './scale-data.ts';
import { startBenchServer } from './server.ts';
import { loadAverage } from './stats.ts';

const root = resolve(import.meta.dirname, '..');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** utime + stime of a process, ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Fields 14 and 15 of stat (utime, stime), counted from the state field (3) here, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function committedTransactions(postgresUrl: string | undefined): Promise<number> {
  if (!postgresUrl) return 0;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    // The statistics are flushed by each backend at most once a second; pg_stat_force_next_flush is PG 15+.
    const { rows } = await client.query(
      'select xact_commit::float8 as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const postgresUrl = option('--postgres');
  const seconds = Number(option('--seconds') ?? 30);
  const rounds = Number(option('--rounds') ?? 1);
  const connections = Number(option('--connections') ?? 200);
  const pace = Number(option('--pace') ?? 2);
  const timeline = process.argv.includes('--timeline');
  const builds = (option('--builds') ?? 'now=.').split(',').map((pair) => {
    const [name, dir] = pair.includes('=') ? pair.split('=') : [pair, pair];
    const buildRoot = resolve(dir!);
    const entry = buildRoot === root ? undefined : join(buildRoot, 'apps/server/dist/main.mjs');
    if (entry && !existsSync(entry))
      throw new Error(`${entry} is missing: make it with first-screen-run --snapshot`);
    return { name: name!, entry };
  });
  let databaseUrl = `sqlite:${SQLITE_FILE}`;
  if (postgresUrl) {
    const url = new URL(postgresUrl);
    url.searchParams.set('schema', POSTGRES_SCHEMA);
    databaseUrl = url.toString();
  } else if (!existsSync(SQLITE_FILE)) {
    throw new Error(`${SQLITE_FILE} is missing: npm run bench generates it`);
  }
  // A B B A: each pair of rounds runs the builds forwards, then backwards.
  const order = Array.from({ length: rounds }, (_, round) =>
    round % 2 === 0 ? builds : [...builds].reverse(),
  );
  for (const [round, list] of order.entries()) {
    for (const build of list) {
      const server = await startBenchServer({
        databaseUrl,
        ...(build.entry ? { entry: build.entry, webApp: false } : {}),
      });
      try {
        const before = loadAverage();
        const xactBefore = await committedTransactions(postgresUrl);
        const cpuBefore = cpuMs(server.pid);
        const result = await measureLoadInProcess({
          baseUrl: server.baseUrl,
          kd: KD,
          code: CODE,
          connections,
          durationSeconds: seconds,
          requestsPerSecondPerConnection: pace,
          timeline,
        });
        const serverCpuMs = cpuMs(server.pid) - cpuBefore;
        // Let the backends flush their statistics (at most once a second) before reading them.
        if (postgresUrl) await new Promise((done) => setTimeout(done, 1500));
        const xacts = (await committedTransactions(postgresUrl)) - xactBefore;
        const { timeline: table, ...figures } = result;
        console.log(
          JSON.stringify({
            build: build.name,
            round,
            database: postgresUrl ? 'postgres' : 'sqlite',
            ...figures,
            requestsPerSecond: Math.round(figures.requestsPerSecond),
            serverCpuMsPerRequest: Number((serverCpuMs / figures.requests).toFixed(2)),
            ...(postgresUrl ? { transactionsPerRequest: Number((xacts / figures.requests).toFixed(2)) } : {}),
            load: { before, after: loadAverage() },
          }),
        );
        if (table) console.log(formatTimeline(table));
      } finally {
        await server.stop();
      }
    }
  }
}

await main();
