/**
 * Many viewers on the governor pages and the KD DKP dashboard of one kingdom at once: 50 connections for 10 s (or
 * `--connections N --seconds S`), each request the governor page of one of 300 governors in turn, or the KD DKP
 * dashboard. Both read the kingdom's plan inputs before any governor row, so this is where their reads show under
 * load. The season's KD DKP rows are computed before the run (warm), as they are after a viewer's first visit.
 *
 *   npx tsx bench/governor-load.ts [--postgres URL] [--connections N] [--seconds S]
 *
 * SQLite's scale case unless --postgres (or BENCH_POSTGRES_URL) names a PostgreSQL database.
 */
import autocannon from 'autocannon';
import { benchApp, getOk } from './inject.ts';
import { CODE, KD, openScaleData } from './scale-data.ts';
import { loadAverage } from './stats.ts';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const connections = option('--connections', 50);
const seconds = option('--seconds', 10);
const data = await openScaleData({
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL,
});
try {
  const governors = await data.handle.db
    .selectFrom('governor_presence')
    .select('governor_id')
    .where('kingdom_kd', '=', KD)
    .orderBy('governor_id')
    .limit(300)
    .execute();
  const paths = [
    ...governors.map((row) => `/api/governor/${KD}/${row.governor_id}/${CODE}`),
    `/api/kd-dashboard/${KD}/data/${CODE}?top=all`,
  ];
  const app = await benchApp(data.handle);
  try {
    await getOk(app, paths[0]!);
    await getOk(app, paths.at(-1)!);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    let next = 0;
    const result = await autocannon({
      url: address,
      connections,
      duration: seconds,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
    });
    console.log(
      `governor pages and KD DKP, ${connections} connections, ${seconds} s: ${result.requests.average} requests/s, ` +
        `p50 / p99 ${result.latency.p50} / ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ` +
        `${result.errors} (load ${loadAverage().join(' ')})`,
    );
  } finally {
    await app.close();
  }
} finally {
  await data.handle.close();
}
