/**
 * The governor page's data call, GET /api/governor/{kd}/{id}/{code}, for a governor in all 120 kingdom scans of
 * DESIGN.md's scale case (issue 13: < 50 ms warm, < 150 ms cold), through `app.inject`:
 * - cold: a new app for every request (empty KD DKP cache: the season's and each war's rows are computed);
 * - warm: the same request again on one app.
 * Part of `npm run bench` (bench/run.ts, rows "governor page data"); alone: `npx tsx bench/governor.ts [--samples N]`
 * (SQLite) or with TEST_DATABASE_URL/BENCH_POSTGRES_URL for PostgreSQL.
 */
import type { GovernorResponse } from '@kingdom-stats/core/api';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { sampleColdRequests } from './dashboard.ts';
import { benchApp, getOk } from './inject.ts';
import { CODE, KD, openScaleData } from './scale-data.ts';
import { SCANS } from './scale-generator.ts';
import { formatPair, loadAverage, type SampleSummary, sampleMany, summarize } from './stats.ts';

export interface GovernorBenchResult {
  governorId: number;
  /** Scans in the answer (120 expected). */
  scans: number;
  cold: SampleSummary;
  warm: SampleSummary;
  /** Load average (1, 5, 15 min) when the samples ended: the machine is shared. */
  load: [number, number, number];
}

/** A governor present from the first scan through the latest (one presence run, still open). */
async function governorInEveryScan(handle: DatabaseHandle): Promise<number> {
  const first = await handle.db
    .selectFrom('scans')
    .select(({ fn }) => fn.min('taken_at').as('at'))
    .where('kingdom_kd', '=', KD)
    .where('kind', '=', 'kingdom')
    .executeTakeFirstOrThrow();
  const row = await handle.db
    .selectFrom('governor_presence')
    .select('governor_id')
    .where('kingdom_kd', '=', KD)
    .where('first_at', '=', Number(first.at))
    .where('last_at', 'is', null)
    .orderBy('governor_id')
    .executeTakeFirstOrThrow();
  return Number(row.governor_id);
}

export async function measureGovernor(
  handle: DatabaseHandle,
  options: { samples: number },
): Promise<GovernorBenchResult> {
  const governorId = await governorInEveryScan(handle);
  const url = `/api/governor/${KD}/${governorId}/${CODE}`;
  const app = await benchApp(handle);
  let answer: GovernorResponse;
  try {
    const response = await app.inject(url);
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    answer = response.json<GovernorResponse>();
  } finally {
    await app.close();
  }
  if (answer.scans.length !== SCANS) {
    throw new Error(`governor ${governorId} has ${answer.scans.length} scans; the bench data has ${SCANS}`);
  }
  const cold = await sampleColdRequests(handle, url, options.samples);
  const warmApp = await benchApp(handle);
  try {
    await getOk(warmApp, url);
    const warm = await sampleMany(options.samples, () => getOk(warmApp, url));
    return {
      governorId,
      scans: answer.scans.length,
      cold: summarize(cold),
      warm: summarize(warm),
      load: loadAverage(),
    };
  } finally {
    await warmApp.close();
  }
}

export function formatGovernorLine(result: GovernorBenchResult): string {
  return (
    `governor page data (${result.scans} scans): cold p50/p95 ${formatPair(result.cold.wall)} ms ` +
    `(CPU ${formatPair(result.cold.cpu)}), warm p50/p95 ${formatPair(result.warm.wall)} ms ` +
    `(CPU ${formatPair(result.warm.cpu)}) (load ${result.load.join(' ')})`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
  const at = process.argv.indexOf('--samples');
  const samples = at > 0 ? Number(process.argv[at + 1]) : 20;
  const data = await openScaleData({ postgresUrl });
  try {
    const before = loadAverage();
    console.log(
      `${formatGovernorLine(await measureGovernor(data.handle, { samples }))} (load before ${before.join(' ')})`,
    );
  } finally {
    await data.handle.close();
  }
}
