/**
 * The KD DKP dashboard's data call, GET /api/kd-dashboard/{kd}/data/{code}, over the whole KvK (no dates: the
 * season's first to last scan) with the bench formula's three wars (docs/dkp.md): the kingdom's own governors
 * scored over each war's span, through `app.inject` on DESIGN.md's scale case.
 * - cold: a new app (empty cache) for every request;
 * - warm: the same request again on one app.
 * Part of `npm run bench` (bench/run.ts); alone: `npx tsx bench/kd-dashboard.ts [--samples N]` (SQLite) or with
 * BENCH_POSTGRES_URL (or TEST_DATABASE_URL) for PostgreSQL.
 */
import type { KdDashboardResponse } from '@kingdom-stats/core/api';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { sampleColdRequests } from './dashboard.ts';
import { benchApp, getOk } from './inject.ts';
import { CODE, KD, openScaleData } from './scale-data.ts';
import { WARS } from './scale-generator.ts';
import { formatPair, loadAverage, type SampleSummary, sampleMany, summarize } from './stats.ts';

export interface KdDashboardResult {
  /** Wars the answer says it scored (3 expected). */
  wars: number;
  /** Governors in the answer. */
  rows: number;
  scanStatus: string;
  cold: SampleSummary;
  warm: SampleSummary;
}

export const KD_DASHBOARD_URL = `/api/kd-dashboard/${KD}/data/${CODE}?top=all`;

export async function measureKdDashboard(
  handle: DatabaseHandle,
  options: { samples: number },
): Promise<KdDashboardResult> {
  const app = await benchApp(handle);
  let answer: KdDashboardResponse;
  try {
    const response = await app.inject(KD_DASHBOARD_URL);
    if (response.statusCode !== 200) {
      throw new Error(`${KD_DASHBOARD_URL} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
    }
    answer = response.json<KdDashboardResponse>();
  } finally {
    await app.close();
  }
  if (answer.wars.length !== WARS.length || answer.scanStatus !== 'normal') {
    throw new Error(
      `KD DKP answered ${answer.wars.length} wars (status ${answer.scanStatus}); the bench data saves ${WARS.length}`,
    );
  }

  const cold = await sampleColdRequests(handle, KD_DASHBOARD_URL, options.samples);
  const warmApp = await benchApp(handle);
  try {
    await getOk(warmApp, KD_DASHBOARD_URL);
    const warm = await sampleMany(options.samples, () => getOk(warmApp, KD_DASHBOARD_URL));
    return {
      wars: answer.wars.length,
      rows: answer.totalPlayers,
      scanStatus: answer.scanStatus,
      cold: summarize(cold),
      warm: summarize(warm),
    };
  } finally {
    await warmApp.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
  const at = process.argv.indexOf('--samples');
  const samples = at > 0 ? Number(process.argv[at + 1]) : 20;
  const data = await openScaleData({ postgresUrl });
  try {
    const before = loadAverage();
    const r = await measureKdDashboard(data.handle, { samples });
    console.log(
      `KD DKP data (${r.wars} wars, ${r.rows} rows): cold p50/p95 ${formatPair(r.cold.wall)} ms ` +
        `(CPU ${formatPair(r.cold.cpu)}), warm ${formatPair(r.warm.wall)} ms (CPU ${formatPair(r.warm.cpu)}); ` +
        `load ${before.join(' ')} -> ${loadAverage().join(' ')}`,
    );
  } finally {
    await data.handle.close();
  }
}
