/**
 * The main dashboard's data call, GET /api/dashboard/{kd}/data/{code}: first page (20 rows) sorted by DKP
 * descending, with camp and kingdom summaries and diplomacy, through `app.inject` on DESIGN.md's scale case, for a
 * long period (first → last scan) and a short one (two adjacent scans in the middle):
 * - cold: a new app (empty period cache) for every request, so the period is computed from the database (a view
 *   SQL can answer comes from one statement and the period is computed afterwards, untimed: closing the app waits);
 * - cold, running server: the first viewer after an import meets a server that has answered before, with the
 *   period not computed: one app, its first request untimed, then every sample after emptying its period caches
 *   (a new app's first request costs about 11 ms of CPU whatever it reads, docs/benchmarks.md F3);
 * - warm: the same request again on one app (period, sort order and summaries cached);
 * - warm, mixed: what a person does next — page 2, a kd, a search, a column filter, a two-column sort — in turn;
 * - export: all rows (pageSize=50000), warm;
 * - floor: bench/floor.ts's one SQL statement for the same first page, timed beside every cold request (this
 *   machine's speed drifts up to 2× within minutes, so a floor measured minutes apart from the requests made the
 *   ratio swing either way); cold p95 is reported as a ratio to the p95 of the floor samples taken beside it, warm
 *   p95 to all floor samples;
 * - long period only: the first view of one kd of the sixteen (`kd=`), cold, against the floor limited to that kd.
 */
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { runFloorQuery } from './floor.ts';
import { benchApp, benchAppWithService, getOk } from './inject.ts';
import { CODE, KD } from './scale-data.ts';
import { round, type Sample, type SampleSummary, sampleMany, summarize, timed } from './stats.ts';

export interface DashboardOptions {
  /** Samples of cold, warm and mixed; export takes at most 5, the floor one beside each cold sample. */
  samples: number;
}

export interface PeriodResult {
  label: string;
  /** Scans in the period. */
  scans: number;
  startTakenAt: number;
  endTakenAt: number;
  cold: SampleSummary;
  /** The period not computed, on an app that has answered before (as after an import). */
  coldRunning: SampleSummary;
  warm: SampleSummary;
  mixed: SampleSummary;
  export: SampleSummary;
  /** Every floor sample: one beside each cold and each cold-on-a-running-server sample. */
  floor: SampleSummary;
  /**
   * Wall-clock p95 of cold and of cold on a running server, each divided by the p95 of the floor samples taken
   * beside it; warm divided by every floor sample's p95.
   */
  ratioToFloor: { cold: number; coldRunning: number; warm: number };
  /** Long period only: the first view of one kd (`kd=`) of the sixteen, cold, against that kd's own floor. */
  kdView?: KdViewResult;
}

export interface KdViewResult {
  kd: number;
  cold: SampleSummary;
  coldRunning: SampleSummary;
  /** Every kd floor sample: one beside each cold sample of either kind. */
  floor: SampleSummary;
  /** Cold wall-clock p95 ÷ the p95 of the kd floor samples taken beside it. */
  ratioToFloor: number;
  /** The same for the cold view on a running server. */
  ratioRunningToFloor: number;
}

/** The kd of the `kd=` view: one home kingdom of the map's sixteen. */
const VIEWED_KD = KD + 5;

export interface DashboardResult {
  long: PeriodResult;
  short: PeriodResult;
}

const SORT_DKP = encodeURIComponent(JSON.stringify([{ key: 'DKP', direction: 'desc', priority: 1 }]));

export function dashboardDataUrl(start: number, end: number): string {
  return `/api/dashboard/${KD}/data/${CODE}?start_date=${start}&end_date=${end}&page=1&pageSize=20&sorts=${SORT_DKP}`;
}

/** `scanTimes`: the kingdom's scan times, oldest first. */
export async function measureDashboard(
  handle: DatabaseHandle,
  scanTimes: readonly number[],
  options: DashboardOptions,
): Promise<DashboardResult> {
  if (scanTimes.length < 4) throw new Error(`the bench data has ${scanTimes.length} scans`);
  const middle = Math.floor(scanTimes.length / 2);
  return {
    long: await measurePeriod(handle, options, {
      label: `long (${scanTimes.length} scans)`,
      scans: scanTimes.length,
      start: scanTimes[0]!,
      end: scanTimes.at(-1)!,
    }),
    short: await measurePeriod(handle, options, {
      label: 'short (2 adjacent scans)',
      scans: 2,
      start: scanTimes[middle - 1]!,
      end: scanTimes[middle]!,
    }),
  };
}

/** The floor must answer the API's own first page, or the ratio compares different work. */
async function expectFloorPage(
  app: Awaited<ReturnType<typeof benchApp>>,
  handle: DatabaseHandle,
  url: string,
  period: Period,
  homeKd?: number,
): Promise<void> {
  const response = await app.inject(url);
  const api = (response.json() as { playerData: { 'Gov ID': number }[] }).playerData.map(
    (row) => row['Gov ID'],
  );
  const floor = await runFloorQuery(handle, KD, period.start, period.end, homeKd);
  if (api.join() !== floor.join()) {
    throw new Error(`the SQL floor's first page differs from the API's: ${floor.join()} vs ${api.join()}`);
  }
}

interface Period {
  label: string;
  scans: number;
  start: number;
  end: number;
}

async function measurePeriod(
  handle: DatabaseHandle,
  options: DashboardOptions,
  period: Period,
): Promise<PeriodResult> {
  const { samples } = options;
  const url = dashboardDataUrl(period.start, period.end);
  const { cold, coldRunning, coldFloor, runningFloor } = await sampleBothColds(handle, url, samples, () =>
    runFloorQuery(handle, KD, period.start, period.end),
  );

  const app = await benchApp(handle);
  let warm: Sample[];
  let mixed: Sample[];
  let exports: Sample[];
  try {
    await expectFloorPage(app, handle, url, period);
    // The first request was answered from SQL and computes the period in the background: wait for it, untimed.
    await getOk(app, url);
    warm = await sampleMany(samples, () => getOk(app, url));
    const variants = mixedUrls(url);
    mixed = await sampleMany(samples, (i) => getOk(app, variants[i % variants.length]!));
    const exportUrl = url.replace('pageSize=20&', 'pageSize=50000&');
    exports = await sampleMany(Math.min(samples, 5), () => getOk(app, exportUrl));
  } finally {
    await app.close();
  }

  const floor = [...coldFloor.samples, ...runningFloor.samples];
  const result = {
    label: period.label,
    scans: period.scans,
    startTakenAt: period.start,
    endTakenAt: period.end,
    cold: summarize(cold),
    coldRunning: summarize(coldRunning),
    warm: summarize(warm),
    mixed: summarize(mixed),
    export: summarize(exports),
    floor: summarize(floor),
  };
  return {
    ...result,
    ratioToFloor: {
      cold: ratioOfP95(cold, coldFloor.samples),
      coldRunning: ratioOfP95(coldRunning, runningFloor.samples),
      warm: ratioOfP95(warm, floor),
    },
    ...(period.scans > 2 ? { kdView: await measureKdView(handle, url, period, samples) } : {}),
  };
}

/** A first `kd=` view on a new app each time, against the floor statement limited to that kd. */
async function measureKdView(
  handle: DatabaseHandle,
  url: string,
  period: Period,
  samples: number,
): Promise<KdViewResult> {
  const kdUrl = `${url}&kd=${VIEWED_KD}`;
  const app = await benchApp(handle);
  try {
    await expectFloorPage(app, handle, kdUrl, period, VIEWED_KD);
  } finally {
    await app.close();
  }
  const { cold, coldRunning, coldFloor, runningFloor } = await sampleBothColds(handle, kdUrl, samples, () =>
    runFloorQuery(handle, KD, period.start, period.end, VIEWED_KD),
  );
  return {
    kd: VIEWED_KD,
    cold: summarize(cold),
    coldRunning: summarize(coldRunning),
    floor: summarize([...coldFloor.samples, ...runningFloor.samples]),
    ratioToFloor: ratioOfP95(cold, coldFloor.samples),
    ratioRunningToFloor: ratioOfP95(coldRunning, runningFloor.samples),
  };
}

/**
 * A statement timed once beside each sample of a series, its samples kept apart from the series'. Before the sample
 * on even turns, after it on odd ones: whichever runs first meets what came before (an app just built, a period just
 * computed and dropped), and neither side should always be the one that does.
 */
export interface FloorBeside {
  run: () => Promise<unknown>;
  samples: Sample[];
}

/** Cold requests on new apps, then on a running server, each series with the floor statement timed beside it. */
async function sampleBothColds(
  handle: DatabaseHandle,
  url: string,
  samples: number,
  floorQuery: () => Promise<unknown>,
) {
  const coldFloor: FloorBeside = { run: floorQuery, samples: [] };
  const cold = await sampleColdRequests(handle, url, samples, coldFloor);
  const runningFloor: FloorBeside = { run: floorQuery, samples: [] };
  const coldRunning = await sampleColdOnRunningApp(handle, url, samples, runningFloor);
  return { cold, coldRunning, coldFloor, runningFloor };
}

/** Times `request` and, when given, the floor beside it (see FloorBeside); answers the request's sample. */
async function sampleWithFloor(
  turn: number,
  request: () => Promise<unknown>,
  floor: FloorBeside | undefined,
): Promise<Sample> {
  if (floor && turn % 2 === 0) floor.samples.push(await timed(floor.run));
  const sample = await timed(request);
  if (floor && turn % 2 === 1) floor.samples.push(await timed(floor.run));
  return sample;
}

function ratioOfP95(requests: readonly Sample[], floor: readonly Sample[]): number {
  return round(summarize(requests).wall.p95 / summarize(floor).wall.p95, 3);
}

/**
 * One new app per sample; building it is not timed, its first request is. `floor`: timed beside each request, once
 * the app is built.
 */
export async function sampleColdRequests(
  handle: DatabaseHandle,
  url: string,
  samples: number,
  floor?: FloorBeside,
): Promise<Sample[]> {
  const all: Sample[] = [];
  for (let i = 0; i < samples; i++) {
    const app = await benchApp(handle);
    try {
      all.push(await sampleWithFloor(i, () => getOk(app, url), floor));
    } finally {
      await app.close();
    }
  }
  return all;
}

/**
 * The first viewer after an import, on a server that has answered before: one app, its first request untimed, then
 * for every sample its period caches emptied and the previous sample's background computation finished first.
 * `floor`: timed beside each request, after the caches are emptied and before the background computation.
 */
export async function sampleColdOnRunningApp(
  handle: DatabaseHandle,
  url: string,
  samples: number,
  floor?: FloorBeside,
): Promise<Sample[]> {
  const { app, service } = await benchAppWithService(handle);
  try {
    await getOk(app, url);
    await service.settled();
    const all: Sample[] = [];
    for (let i = 0; i < samples; i++) {
      service.clearCache();
      all.push(await sampleWithFloor(i, () => getOk(app, url), floor));
      await service.settled();
    }
    return all;
  } finally {
    await app.close();
  }
}

/** Another page, a kd, a search, a column filter and a two-column sort (its first use sorts all rows). */
function mixedUrls(url: string): string[] {
  const twoColumnSort = encodeURIComponent(
    JSON.stringify([
      { key: 'Alliance', direction: 'asc', priority: 1 },
      { key: 'T4 Kills', direction: 'desc', priority: 2 },
    ]),
  );
  const powerFilter = encodeURIComponent(
    JSON.stringify([{ column: 'Power', operator: 'greater', value: '100M' }]),
  );
  return [
    url.replace('page=1&', 'page=2&'),
    `${url}&kd=${KD + 5}`,
    `${url}&search=gov%203-1`,
    `${url}&filters=${powerFilter}`,
    url.replace(SORT_DKP, twoColumnSort),
  ];
}
