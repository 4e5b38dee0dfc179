/**
 * What the viewer benchmark's first seconds do to a cold period: `--viewers` requests for the same cold first page,
 * spread over `--spread-ms` as bench/load.ts starts its 20 groups of viewers, through `app.inject`. Counts how many
 * of them were answered by their own SQL statement (DashboardService.sqlAnswers) rather than sharing one
 * computation, and their latencies. Each round empties the caches first.
 *
 *   npx tsx bench/cold-herd.ts [--postgres URL] [--viewers 200] [--spread-ms 1000] [--rounds 3]
 *
 * It never generates data: the scale data must already be there (npm run bench makes it).
 */
import { existsSync } from 'node:fs';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { benchAppWithService } from './inject.ts';
import { CODE, KD, POSTGRES_SCHEMA, SQLITE_FILE } from './scale-data.ts';
import { loadAverage } from './stats.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const postgresUrl = option('--postgres');
const viewers = Number(option('--viewers') ?? 200);
const spreadMs = Number(option('--spread-ms') ?? 1000);
const rounds = Number(option('--rounds') ?? 3);
if (!postgresUrl && !existsSync(SQLITE_FILE)) throw new Error(`${SQLITE_FILE} is missing`);
const handle = createDatabase(
  postgresUrl ?? `sqlite:${SQLITE_FILE}`,
  postgresUrl ? { schema: POSTGRES_SCHEMA } : {},
);
const { app, service } = await benchAppWithService(handle);
const url = `/api/dashboard/${KD}/data/${encodeURIComponent(CODE)}?page=1&pageSize=20`;

try {
  // The app's first request, untimed (a running server paid it long ago).
  await app.inject(`/api/settings/${KD}/${encodeURIComponent(CODE)}`);
  for (let round = 0; round < rounds; round++) {
    await service.settled();
    service.clearCache();
    const before = service.sqlAnswers;
    const cpu = process.cpuUsage();
    const load = loadAverage()[0];
    const started = performance.now();
    const latencies = await Promise.all(
      Array.from({ length: viewers }, async (_, viewer) => {
        await new Promise((resolve) => setTimeout(resolve, (viewer * spreadMs) / viewers));
        const at = performance.now();
        const response = await app.inject(url);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        return performance.now() - at;
      }),
    );
    const wallMs = performance.now() - started;
    await service.settled();
    const used = process.cpuUsage(cpu);
    latencies.sort((a, b) => a - b);
    const at = (p: number) => Number(latencies[Math.ceil(p * latencies.length) - 1]!.toFixed(1));
    console.log(
      JSON.stringify({
        round,
        database: postgresUrl ? 'postgres' : 'sqlite',
        viewers,
        spreadMs,
        sqlAnswers: service.sqlAnswers - before,
        p50: at(0.5),
        p99: at(0.99),
        max: at(1),
        wallMs: Math.round(wallMs),
        cpuMs: Math.round((used.user + used.system) / 1000),
        load: [load, loadAverage()[0]],
      }),
    );
  }
} finally {
  await app.close();
  await handle.close();
}
